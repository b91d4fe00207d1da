import {
  businessesMergedMessage,
  DUPLICATE_RULES,
  MESSAGES,
  type DuplicateCandidate,
  type duplicateCheckQuerySchema,
  type DuplicatePair,
  type mergeInputSchema,
  type MergeResult,
  type searchedQueueQuerySchema,
  type User,
  type Valid,
} from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { idPage, type ListPage } from '../db/keyset-page';
import { inTransaction, type Database } from '../db/pool';
import { badRequest, notFound } from '../errors/domain-error';
import { lookupOutcode } from '../geo/outcodes';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { SourcesService } from '../sources/sources.service';
import { compactPostcode, DuplicatesRepository, type TypedPlace } from './duplicates.repository';
import { setRevisionContext } from '../revisions/revision-context';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { MergesRepository } from './merges.repository';

/** The typed postcode as the check compares it: compact, and its district centre (businesses' positions come from theirs). */
export function typedPlace(postcode: string): TypedPlace {
  const centre = lookupOutcode(postcode);
  return { compactPostcode: compactPostcode(postcode), latitude: centre?.latitude ?? null, longitude: centre?.longitude ?? null };
}

/** 'This may already be listed' while a member adds a business, the admins' possible duplicates, and merges. */
export class DuplicatesService {
  constructor(
    private readonly db: Database,
    private readonly duplicates: DuplicatesRepository,
    private readonly sources: SourcesService,
    private readonly jobs: JobQueueRepository,
  ) {}

  check(query: Valid<typeof duplicateCheckQuerySchema>): Promise<DuplicateCandidate[]> {
    return this.duplicates.candidates(query.name, typedPlace(query.postcode), DUPLICATE_RULES.maxCandidates);
  }

  /** One page of the open pairs, oldest first, searched by either business's name. */
  pairs(query: Valid<typeof searchedQueueQuerySchema>): Promise<ListPage<DuplicatePair>> {
    return idPage(
      query,
      (afterId, limit) => this.duplicates.openPairs(afterId, limit, query.search),
      () => this.duplicates.countOpen(query.search),
      (pair) => pair.id,
    );
  }

  /** 'Not duplicates': the pair is kept as dismissed, so the nightly search never opens it again. */
  async dismiss(pairId: number, admin: User): Promise<{ message: string }> {
    await inTransaction(this.db, async (client) => {
      const pair = await new DuplicatesRepository(client).decide(pairId, 'dismissed', admin.id);
      if (!pair) throw notFound('duplicatePairNotFound');
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'duplicates.dismissed',
        targetType: 'duplicate_pair',
        targetId: pairId,
        details: { first_id: pair.first_id, second_id: pair.second_id },
      });
    });
    return { message: MESSAGES.pairDismissed };
  }

  /**
   * Merges B (`from`) into A in one transaction: both rows locked; B's votes move unless the member voted on A too
   * (A's vote wins), and its comments, suggestions, reports, sources, confirmations and verifications move; A's
   * empty fields take B's, never its owner (A's stays, B's and B's claims go with B); B leads to A from then on (and
   * so does whatever led to B); B is deleted; the audit says what moved and what was filled. A business whose removal
   * is approved is not found (404), on either side, and nothing moves.
   */
  async merge(intoId: number, input: Valid<typeof mergeInputSchema>, admin: User): Promise<MergeResult> {
    const fromId = input.from;
    if (fromId === intoId) throw badRequest('mergeIntoItself');
    const names = await inTransaction(this.db, async (client) => {
      const merges = new MergesRepository(client);
      const locked = await merges.lockPair(intoId, fromId);
      const [into, from] = [locked.get(intoId), locked.get(fromId)];
      if (into === undefined || from === undefined) throw notFound('businessNotFound');
      // The merge is one revision of A (kept even when no field of A changes); A's filled fields join it.
      await setRevisionContext(client, { kind: 'merge', actorId: admin.id });
      const revisions = new RevisionsRepository(client);
      await revisions.open(intoId);
      const moves = await merges.moveAll(intoId, fromId);
      const filled = await merges.fillEmpty(intoId, fromId);
      if (moves.sources > 0) await this.sources.refreshText(client, intoId);
      await revisions.moveAll(fromId, intoId);
      await merges.recordMerge(intoId, fromId, admin.id);
      await new DuplicatesRepository(client).recordMerged(intoId, fromId, admin.id);
      await merges.deleteBusiness(fromId);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'business.merged',
        targetType: 'business',
        targetId: intoId,
        details: { from: fromId, from_name: from, into_name: into, moved: moves, filled },
      });
      return { into, from };
    });
    await afterCommit('statistics refresh after a merge', () => this.jobs.enqueue('refreshStatistics', { reason: 'merge' }));
    return { message: businessesMergedMessage(names.from, names.into), into: intoId, from: fromId };
  }

  /** The page a merged business's old address leads to; any other id is not found (its page is the app's own). */
  async survivorPage(id: number): Promise<string> {
    const into = await new MergesRepository(this.db).mergedInto(id);
    if (into === null) throw notFound('businessNotFound');
    return `/business/${into}`;
  }
}
