import { AuditRepository } from '../audit/audit.repository';
import { inTransaction, type Database } from '../db/pool';
import type { StatisticsService } from '../statistics/statistics.service';
import { ModerationRepository } from './moderation.repository';

export type CascadeOutcome =
  { status: 'removed'; businessId: number; name: string; deleted: Record<string, number> } | { status: 'already-gone'; businessId: number };

export class ModerationService {
  constructor(
    private readonly db: Database,
    private readonly statistics: StatisticsService,
  ) {}

  /**
   * An approved report removes its business: business, reports, votes, comments and suggestions
   * go in one transaction with one audit row. Running it again finds nothing to remove and
   * writes nothing, but still asks for fresh statistics, since a previous run may have stopped
   * between the commit and that step.
   */
  async approveReportCascade(input: { reportId: number; businessId: number; adminId: number }): Promise<CascadeOutcome> {
    const outcome = await inTransaction(this.db, async (client): Promise<CascadeOutcome> => {
      const moderation = new ModerationRepository(client);
      const business = await moderation.lockBusiness(input.businessId);
      if (!business) return { status: 'already-gone', businessId: input.businessId };
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
    await this.statistics.requestRefresh('report.approved');
    return outcome;
  }
}
