import { AuditRepository } from '../audit/audit.repository';
import { inTransaction, type Database } from '../db/pool';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { PhotosRepository } from '../photos/photos.repository';
import type { StatisticsService } from '../statistics/statistics.service';
import { ModerationRepository } from './moderation.repository';

export type CascadeOutcome =
  { status: 'removed'; businessId: number; name: string; deleted: Record<string, number> } | { status: 'already-gone'; businessId: number };

export class ModerationService {
  constructor(
    private readonly db: Database,
    private readonly statistics: StatisticsService,
    private readonly jobs: JobQueueRepository,
  ) {}

  /**
   * An approved report removes its business: business, reports, votes, comments and suggestions
   * go in one transaction with one audit row. Running it again finds nothing to remove and
   * writes nothing, but still asks for fresh statistics, since a previous run may have stopped
   * between the commit and that step.
   */
  async approveReportCascade(input: { reportId: number; businessId: number; adminId: number }): Promise<CascadeOutcome> {
    let photoStems: string[] = [];
    const outcome = await inTransaction(this.db, async (client): Promise<CascadeOutcome> => {
      const moderation = new ModerationRepository(client);
      const business = await moderation.lockBusiness(input.businessId);
      if (!business) return { status: 'already-gone', businessId: input.businessId };
      photoStems = await new PhotosRepository(client).stemsOfBusiness(business.id);
      const deleted = await moderation.deleteBusinessAndRelated(business.id);
      await new AuditRepository(client).record({
        actorId: input.adminId,
        action: 'business.removed',
        targetType: 'business',
        targetId: business.id,
        details: { business_name: business.name, report_id: input.reportId, admin_id: input.adminId, deleted },
      });
      return { status: 'removed', businessId: business.id, name: business.name, deleted };
    });
    if (photoStems.length) {
      await afterCommit("a removed business's photo files", () =>
        this.jobs.enqueue('removeBusinessPhotos', { businessId: input.businessId, stems: photoStems }),
      );
    }
    await this.statistics.requestRefresh('report.approved');
    return outcome;
  }
}
