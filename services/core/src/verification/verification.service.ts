import {
  PAGING,
  TRUST_RULES,
  type Recheck,
  type rechecksQuerySchema,
  type unverifyInputSchema,
  type User,
  type Valid,
  type VerificationRecord,
  type verifyInputSchema,
} from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { inTransaction, type Database } from '../db/pool';
import { notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { setRevisionContext } from '../revisions/revision-context';
import { decodeRecheckCursor, encodeRecheckCursor } from './recheck-cursor';
import { RECHECK_SECTIONS, VerificationRepository, type RecheckRow, type VerificationEntry } from './verification.repository';

const HISTORY_SHOWN = 100;
const DAY_MS = 86_400_000;

export interface RecheckPage {
  body: Recheck[];
  total: number;
  nextCursor: string | null;
}

/** Verification that expires: admins' verifications and 'Mark unverified', and the Re-checks list. */
export class VerificationService {
  constructor(
    private readonly db: Database,
    private readonly verifications: VerificationRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  verify(businessId: number, input: Valid<typeof verifyInputSchema>, admin: User): Promise<VerificationRecord> {
    const date = input.date ?? new Date().toISOString().slice(0, 10);
    return this.decide(businessId, { action: 'verified', method: input.method, note: input.note, evidenceUrl: input.evidence_url, date }, admin);
  }

  unverify(businessId: number, input: Valid<typeof unverifyInputSchema>, admin: User): Promise<VerificationRecord> {
    const date = new Date().toISOString().slice(0, 10);
    return this.decide(businessId, { action: 'unverified', method: null, note: input.note, evidenceUrl: '', date }, admin);
  }

  async history(businessId: number): Promise<VerificationRecord[]> {
    if (!(await new BusinessesRepository(this.db).findOwner(businessId))) throw notFound('businessNotFound');
    return this.verifications.history(businessId, HISTORY_SHOWN);
  }

  /**
   * One page of re-checks, section after section, each oldest first (keyset paging within a section); searched by
   * business name, and only the section of `reason` when given.
   */
  async rechecks(query: Valid<typeof rechecksQuerySchema>): Promise<RecheckPage> {
    const limit = query.limit ?? PAGING.defaultLimit;
    const after = query.cursor ? decodeRecheckCursor(query.cursor) : undefined;
    const answersSince = new Date(Date.now() - TRUST_RULES.confirmationWindowDays * DAY_MS).toISOString();
    const rows: RecheckRow[] = [];
    const wantedSections = query.reason ? [query.reason] : RECHECK_SECTIONS;
    const sections = wantedSections.slice(after ? Math.max(0, wantedSections.indexOf(after.section)) : 0);
    for (const section of sections) {
      const wanted = limit + 1 - rows.length;
      if (wanted <= 0) break;
      const found = await this.verifications.listSection(section, wanted, after, answersSince, query.search);
      rows.push(...found.map((row) => Object.assign(row, { section })));
    }
    const total = await this.verifications.countRechecks(wantedSections, query.search);
    const page = rows.slice(0, limit) as (RecheckRow & { section: (typeof RECHECK_SECTIONS)[number] })[];
    const last = page.at(-1);
    return {
      body: page.map(toRecheck),
      total,
      nextCursor: rows.length > limit && last ? encodeRecheckCursor({ section: last.section, since: last.sort_key, id: last.id }) : null,
    };
  }

  private async decide(businessId: number, entry: VerificationEntry, admin: User): Promise<VerificationRecord> {
    const record = await inTransaction(this.db, async (client) => {
      await setRevisionContext(client, { kind: 'verification', actorId: admin.id });
      if (!(await new BusinessesRepository(client).findOwner(businessId))) throw notFound('businessNotFound');
      const recorded = await new VerificationRepository(client).record(businessId, entry, admin.id);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: `business.${entry.action}`,
        targetType: 'business',
        targetId: businessId,
        details: { method: entry.method, date: entry.date, verification_id: recorded.id },
      });
      return recorded;
    });
    await afterCommit('statistics refresh after a verification', () => this.jobs.enqueue('refreshStatistics', { reason: 'verification' }));
    return record;
  }
}

function toRecheck(row: RecheckRow & { section: Recheck['reason'] }): Recheck {
  return {
    business: { id: row.id, name: row.name, city: row.city, postcode: row.postcode, category: row.category },
    reason: row.section,
    verification: {
      status: row.verification_status,
      method: row.verification_method as Recheck['verification']['method'],
      date: row.verification_date,
      due_date: row.verification_due_date,
    },
    since: row.section === 'due' && row.verification_due_date ? `${row.verification_due_date}T00:00:00.000Z` : row.since.toISOString(),
    member_answers: row.member_answers ?? [],
  };
}
