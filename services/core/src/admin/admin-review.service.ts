import {
  MESSAGES,
  businessDeletedMessage,
  type ReviewAction,
  type SpecialHoursEntry,
  type SuggestableField,
  type User,
  type ValidSourceInput,
} from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { approveAlternative } from '../brands/alternative-suggestion';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { afterCommit } from '../jobs/after-commit';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { PhotosRepository } from '../photos/photos.repository';
import { ReportsRepository } from '../reports/reports.repository';
import { queueLinkChecks } from '../links/links.service';
import { SourcesService } from '../sources/sources.service';
import { setRevisionContext } from '../revisions/revision-context';
import { parseSuggestedValue } from '../suggestions/suggestion-value';
import { SuggestionsRepository } from '../suggestions/suggestions.repository';

/** Admin decisions: each one is taken in a transaction and written to the audit log. */
export class AdminReviewService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueueRepository,
  ) {}

  /** Approve hides the business at once and hands its removal to the moderation cascade job. */
  async reviewReport(reportId: number, action: ReviewAction, admin: User): Promise<{ message: string }> {
    const report = await inTransaction(this.db, async (client) => {
      const reports = new ReportsRepository(client);
      const found = await reports.findForReview(reportId);
      if (!found) throw notFound('reportNotFound');
      if (found.status !== 'pending') throw conflict('reportAlreadyReviewed');
      const status = action === 'approve' ? 'approved' : 'rejected';
      await reports.markReviewed(reportId, status, admin.id);
      await reports.recordOutcome(reportId, found.business_id, status);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: `report.${status}`,
        targetType: 'report',
        targetId: reportId,
        details: { business_id: found.business_id },
      });
      return found;
    });
    if (action === 'approve') {
      await this.jobs.enqueue('approveReportCascade', { reportId, businessId: report.business_id, adminId: admin.id });
      return { message: MESSAGES.reportApproved };
    }
    await afterCommit('statistics refresh after a review', () => this.jobs.enqueue('refreshStatistics', { reason: 'report-reviewed' }));
    return { message: MESSAGES.reportRejected };
  }

  async reviewSuggestion(suggestionId: number, action: ReviewAction, admin: User): Promise<{ message: string }> {
    const newLinks = await inTransaction(this.db, async (client) => {
      const suggestions = new SuggestionsRepository(client);
      const found = await suggestions.findForReview(suggestionId);
      if (!found) throw notFound('suggestionNotFound');
      if (found.status !== 'pending') throw conflict('suggestionAlreadyReviewed');
      let added: number[] = [];
      if (action === 'approve') {
        // The change is the suggester's, taken in by an admin: the history names the suggester.
        await setRevisionContext(client, { kind: 'suggestion', actorId: found.user_id });
        const businesses = new BusinessesRepository(client);
        if (!(await businesses.findOwner(found.business_id))) throw notFound('businessNotFound');
        const value = parseSuggestedValue(found.field_name as SuggestableField, found.suggested_value);
        if (found.field_name === 'proof_of_support')
          ({ newLinks: added } = await new SourcesService().append(client, found.business_id, value as ValidSourceInput, found.user_id));
        else if (found.field_name === 'special_hours') await businesses.setSpecialHours(found.business_id, value as SpecialHoursEntry[]);
        else if (found.field_name === 'alternative_to') await approveAlternative(client, found.business_id, value as string, found.user_id);
        else await businesses.updateField(found.business_id, found.field_name, value);
      }
      const status = action === 'approve' ? 'approved' : 'rejected';
      await suggestions.markReviewed(suggestionId, status, admin.id);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: `suggestion.${status}`,
        targetType: 'suggestion',
        targetId: suggestionId,
        details: { business_id: found.business_id, field_name: found.field_name },
      });
      return added;
    });
    await afterCommit('statistics refresh after a review', () => this.jobs.enqueue('refreshStatistics', { reason: 'suggestion-reviewed' }));
    await afterCommit('link check of the approved source', () => queueLinkChecks(this.jobs, newLinks));
    return { message: action === 'approve' ? MESSAGES.suggestionApproved : MESSAGES.suggestionRejected };
  }

  async deleteBusiness(businessId: number, admin: User): Promise<{ message: string }> {
    const deleted = await inTransaction(this.db, async (client) => {
      const photoStems = await new PhotosRepository(client).stemsOfBusiness(businessId);
      const business = await new BusinessesRepository(client).delete(businessId);
      if (!business) throw notFound('businessNotFound');
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'business.deleted',
        targetType: 'business',
        targetId: businessId,
        details: { name: business.name },
      });
      return { ...business, photoStems };
    });
    if (deleted.photoStems.length) {
      await afterCommit("a deleted business's photo files", () =>
        this.jobs.enqueue('removeBusinessPhotos', { businessId, stems: deleted.photoStems }),
      );
    }
    await afterCommit('statistics refresh after a review', () => this.jobs.enqueue('refreshStatistics', { reason: 'business-deleted' }));
    return { message: businessDeletedMessage(deleted.name) };
  }
}
