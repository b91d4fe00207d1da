import { z } from 'zod';
import {
  idSchema,
  MESSAGES,
  type pendingReportsQuerySchema,
  type reportedBusinessesQuerySchema,
  type reportInputSchema,
  type Business,
  type Report,
  type User,
  type Valid,
} from '@zaytoon/contract';
import { toBusiness } from '../businesses/business.mapper';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { keysetPage, mapPage, newestFirstPage, type ListPage } from '../db/keyset-page';
import { conflict, notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { inTransaction, type Database } from '../db/pool';
import type { BurstProtection } from '../protection/burst-protection';
import { ReportsRepository } from './reports.repository';

// A reported business's place in the queue: its pending reports, name and id. The name is a stored one, kept as it is
// (a NUL would fail in Postgres).
const reportedCursor = z.tuple([z.int32().min(0), z.string().refine((name) => !name.includes('\0')), idSchema(MESSAGES.invalidCursor)]);

export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly businesses: BusinessesRepository,
    private readonly jobs: JobQueueRepository,
    private readonly db: Database,
    private readonly protection: BurstProtection,
  ) {}

  async create(data: Valid<typeof reportInputSchema>, reporter: User): Promise<Report> {
    if (!(await this.businesses.findOwner(data.business_id))) throw notFound('businessNotFound');
    // One pending report per member and business, a reviewed one no longer counts: a partial unique index, so
    // that two simultaneous reports cannot both land; the insert that meets it writes nothing.
    const { report, pause } = await inTransaction(this.db, async (client) => {
      const standing = await this.protection.standing(client, data.business_id, reporter.id);
      const inserted = await new ReportsRepository(client).insert(data.business_id, reporter.id, data.reason, data.description);
      if (!inserted) throw conflict('alreadyReported');
      return { report: inserted, pause: await this.protection.afterActionAgainst(client, data.business_id, standing) };
    });
    await this.protection.announce(pause);
    await afterCommit('statistics refresh after a report', () => this.jobs.enqueue('refreshStatistics', { reason: 'report' }));
    return report;
  }

  /** One page of the pending reports, newest first, searched by business name and filtered by reason (the admins' queue). */
  listPending(query: Valid<typeof pendingReportsQuerySchema>): Promise<ListPage<Report>> {
    const filter = { search: query.search || undefined, reason: query.reason };
    return newestFirstPage(
      query,
      (after, limit) => this.reports.pendingPage(after, limit, filter),
      () => this.reports.countPending(filter),
    );
  }

  /** One page of the businesses with pending reports, most reported first, then by name; searched by name, filtered by a report's reason. */
  async reportedBusinesses(query: Valid<typeof reportedBusinessesQuerySchema>): Promise<ListPage<Business>> {
    const filter = { search: query.search, reason: query.reason };
    const page = await keysetPage(query, {
      key: reportedCursor,
      read: (after, limit) => this.businesses.reportedPage(after && { reportCount: after[0], name: after[1], id: after[2] }, limit, filter),
      count: () => this.businesses.countReported(filter),
      keyOf: (row): [number, string, number] => [row.report_count ?? 0, row.name, row.id],
    });
    return mapPage(page, (row) => toBusiness(row, true));
  }
}
