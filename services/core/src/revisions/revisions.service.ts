import {
  MESSAGES,
  PAGING,
  REVISION_FIELDS,
  type pageQuerySchema,
  type redactRevisionInputSchema,
  type Revision,
  type RevisionAuthor,
  type User,
  type Valid,
} from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { afterBusinessWrite } from '../businesses/businesses.service';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { queueLinkChecks } from '../links/links.service';
import type { SourcesService } from '../sources/sources.service';
import { decodeRevisionCursor, encodeRevisionCursor } from './revision-cursor';
import { setRevisionContext } from './revision-context';
import { RevisionsRepository, type RevisionRow } from './revisions.repository';

export interface RevisionPage {
  body: Revision[];
  total: number;
  nextCursor: string | null;
}

/** Public revision history of a business and the admins' 'Revert to this version'. */
export class RevisionsService {
  constructor(
    private readonly db: Database,
    private readonly revisions: RevisionsRepository,
    private readonly sources: SourcesService,
    private readonly jobs: JobQueueRepository,
  ) {}

  /** One page of the business's revisions, newest first (keyset paging on the id). */
  async history(businessId: number, query: Valid<typeof pageQuerySchema>): Promise<RevisionPage> {
    if (!(await new BusinessesRepository(this.db).findOwner(businessId))) throw notFound('businessNotFound');
    const limit = query.limit ?? PAGING.defaultLimit;
    const afterId = query.cursor ? decodeRevisionCursor(query.cursor) : undefined;
    const [rows, total] = await Promise.all([this.revisions.listPage(businessId, limit + 1, afterId), this.revisions.count(businessId)]);
    const page = rows.slice(0, limit);
    return { body: page.map(toRevision), total, nextCursor: rows.length > limit ? encodeRevisionCursor(page.at(-1)!.id) : null };
  }

  /**
   * Revert to this version: the business's fields go back to what they were right after the revision, undoing every
   * later change (verification excepted), as one new 'revert' revision. 409 when they already are.
   */
  async revert(businessId: number, revisionId: number, admin: User): Promise<Revision> {
    const { revision, restored, newLinks } = await inTransaction(this.db, async (client) => {
      await setRevisionContext(client, { kind: 'revert', actorId: admin.id });
      if (!(await new BusinessesRepository(client).lock(businessId))) throw notFound('businessNotFound');
      const revisions = new RevisionsRepository(client);
      const target = await revisions.find(businessId, revisionId);
      if (!target) throw notFound('revisionNotFound');
      if (target.redacted_at) throw conflict('revisionRedactedCannotRevert');
      const { values: restored, removed } = await revisions.valuesAfter(businessId, revisionId);
      if (removed) throw conflict('revisionRedactedCannotRevert');
      if (Object.keys(restored).length === 0) throw conflict('revisionIsCurrent');
      await revisions.restore(businessId, restored);
      let newLinks: number[] = [];
      if ('proof_of_support' in restored) {
        ({ newLinks } = await this.sources.replace(client, businessId, { proof_of_support: String(restored.proof_of_support ?? '') }, admin.id));
      }
      const revision = await revisions.findWrittenNow(businessId);
      if (!revision) throw conflict('revisionIsCurrent');
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'business.reverted',
        targetType: 'business',
        targetId: businessId,
        details: { to_revision: revisionId, revision_id: revision.id },
      });
      return { revision, restored, newLinks };
    });
    if (typeof restored.postcode === 'string') {
      await afterCommit('geocoding after a revert', () =>
        this.jobs.enqueue('geocodeBusiness', { businessId, postcode: restored.postcode as string }),
      );
    }
    await afterBusinessWrite(this.jobs);
    await afterCommit('link checks of restored sources', () => queueLinkChecks(this.jobs, newLinks));
    return toRevision(revision);
  }

  /**
   * Takes a revision's values out of the public history, in the transaction that audits it (who, when and why,
   * never the values). The business's current fields are left as they are. 409 when it was already redacted.
   */
  async redact(businessId: number, revisionId: number, input: Valid<typeof redactRevisionInputSchema>, admin: User): Promise<Revision> {
    const redacted = await inTransaction(this.db, async (client) => {
      if (!(await new BusinessesRepository(client).lock(businessId))) throw notFound('businessNotFound');
      const revisions = new RevisionsRepository(client);
      const target = await revisions.find(businessId, revisionId);
      if (!target) throw notFound('revisionNotFound');
      if (target.redacted_at) throw conflict('revisionAlreadyRedacted');
      const redacted = await revisions.redact(businessId, revisionId, input.reason);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'business.revision_redacted',
        targetType: 'business',
        targetId: businessId,
        details: { revision_id: revisionId, reason: input.reason, fields: Object.keys(target.changes) },
      });
      return redacted;
    });
    return toRevision(redacted);
  }
}

function revisionAuthor(row: RevisionRow): RevisionAuthor | null {
  if (row.actor_role === 'admin') return { kind: 'admin' };
  if (row.actor_role !== 'member') return null;
  return row.username === null ? { kind: 'former_member' } : { kind: 'member', username: row.username };
}

/** `by` as clients that predate `author` read it: the username, else the role in English. */
function authorText(author: RevisionAuthor | null): string | null {
  if (!author) return null;
  if (author.kind === 'member') return author.username;
  return author.kind === 'admin' ? MESSAGES.revisionByAdmin : MESSAGES.revisionByFormerMember;
}

/** A redacted revision shows no change, only why it was removed; a side removed from another shows as removed. */
function toRevision(row: RevisionRow): Revision {
  const author = revisionAuthor(row);
  return {
    id: row.id,
    business_id: row.business_id,
    kind: row.kind,
    by: authorText(author),
    author,
    created_at: row.created_at.toISOString(),
    redaction: row.redacted_at ? { reason: row.redaction_reason ?? '', redacted_at: row.redacted_at.toISOString() } : null,
    changes: row.redacted_at
      ? []
      : REVISION_FIELDS.filter((field) => field in row.changes).map((field) => {
          const { before, after, removed } = row.changes[field];
          return {
            field,
            before: (before ?? null) as Revision['changes'][number]['before'],
            after: (after ?? null) as Revision['changes'][number]['after'],
            ...(removed?.length ? { removed } : {}),
          };
        }),
  };
}
