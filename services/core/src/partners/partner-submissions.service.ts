import type { PartnerSubmission, searchedQueueQuerySchema, User, Valid, ValidBusinessInput } from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import type { BusinessesService } from '../businesses/businesses.service';
import { idPage, type ListPage } from '../db/keyset-page';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import { PartnerSubmissionsRepository, type PartnerSubmissionRow } from './partner-submissions.repository';
import type { PartnerIdentity } from './partner-keys.service';

/**
 * Businesses partners submit with their key (docs/decisions/0061-partner-keys.md): validated as a member's new business,
 * kept aside in the admins' queue with the partner's name, and listed only when an admin approves, as that admin's
 * addition (the history says who approved it); a rejected one lists nothing.
 */
export class PartnerSubmissionsService {
  private readonly submissions: PartnerSubmissionsRepository;

  constructor(
    private readonly db: Database,
    private readonly businesses: BusinessesService,
  ) {
    this.submissions = new PartnerSubmissionsRepository(db);
  }

  async submit(partner: PartnerIdentity, input: ValidBusinessInput): Promise<PartnerSubmission> {
    return toSubmission(await this.submissions.insert(partner.keyId, partner.partnerName, input));
  }

  /** A submission of the partner's own key; another key's is not found, as one that does not exist. */
  async get(partner: PartnerIdentity, id: number): Promise<PartnerSubmission> {
    const row = await this.submissions.find(id);
    if (!row || row.partner_key_id !== partner.keyId) throw notFound('submissionNotFound');
    return toSubmission(row);
  }

  /** The admins' queue, oldest first, searched by the submitted business's name. */
  pending(query: Valid<typeof searchedQueueQuerySchema>): Promise<ListPage<PartnerSubmission>> {
    return idPage(
      query,
      async (afterId, limit) => (await this.submissions.pending(afterId, limit, query.search)).map(toSubmission),
      () => this.submissions.countPending(query.search),
      (submission) => submission.id,
    );
  }

  async approve(id: number, admin: User): Promise<PartnerSubmission> {
    // Decided first, in its own transaction, so that two admins approving at once add the business once.
    const claimed = await this.decide(id, 'approved', admin);
    let businessId: number;
    try {
      businessId = (await this.businesses.create(claimed.input, admin)).id;
    } catch (error) {
      await this.submissions.reopen(id);
      throw error;
    }
    return toSubmission(await this.submissions.decide(id, 'approved', admin.id, businessId));
  }

  async reject(id: number, admin: User): Promise<PartnerSubmission> {
    return toSubmission(await this.decide(id, 'rejected', admin));
  }

  private decide(id: number, status: 'approved' | 'rejected', admin: User): Promise<PartnerSubmissionRow> {
    return inTransaction(this.db, async (client) => {
      const submissions = new PartnerSubmissionsRepository(client);
      const submission = await submissions.lock(id);
      if (!submission) throw notFound('submissionNotFound');
      if (submission.status !== 'pending') throw conflict('submissionAlreadyReviewed');
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: `partner_submission.${status}`,
        targetType: 'partner_submission',
        targetId: id,
        details: { partner_name: submission.partner_name, name: submission.input.name },
      });
      return submissions.decide(id, status, admin.id, null);
    });
  }
}

function toSubmission(row: PartnerSubmissionRow): PartnerSubmission {
  const { name, address, city, postcode, category, description, phone, website } = row.input;
  return {
    id: row.id,
    partner_name: row.partner_name,
    status: row.status,
    business_id: row.business_id,
    business: { name, address, city, postcode, category, description, phone, website },
    created_at: row.created_at.toISOString(),
  };
}
