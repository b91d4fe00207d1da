import { type reportInputSchema, type Business, type Report, type User, type Valid } from '@zaytoon/contract';
import { toBusiness } from '../businesses/business.mapper';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { conflict, notFound } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { ReportsRepository } from './reports.repository';

export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly businesses: BusinessesRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  async create(data: Valid<typeof reportInputSchema>, reporter: User): Promise<Report> {
    if (!(await this.businesses.findOwner(data.business_id))) throw notFound('businessNotFound');
    // One pending report per member and business, a reviewed one no longer counts: a partial unique index, so
    // that two simultaneous reports cannot both land; the insert that meets it writes nothing.
    const report = await this.reports.insert(data.business_id, reporter.id, data.reason, data.description);
    if (!report) throw conflict('alreadyReported');
    await afterCommit('statistics refresh after a report', () => this.jobs.enqueue('refreshStatistics', { reason: 'report' }));
    return report;
  }

  listPending(): Promise<Report[]> {
    return this.reports.listPending();
  }

  async reportedBusinesses(): Promise<Business[]> {
    return (await this.businesses.listReported()).map((row) => toBusiness(row, true));
  }
}
