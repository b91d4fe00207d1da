import {
  MESSAGES,
  type Claim,
  type ClaimReceipt,
  type claimInputSchema,
  type searchedQueueQuerySchema,
  type User,
  type Valid,
} from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { idPage, type ListPage } from '../db/keyset-page';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import { UsersRepository } from '../users/users.repository';
import { ClaimsRepository } from './claims.repository';
import { emailDomainMatchesWebsite } from './email-domain';

/**
 * Owner claims: a member says 'I own this business' with how they can prove it; an admin
 * approves (the member becomes the owner, 'Managed by its owner') or rejects. One pending claim per member and
 * business; a business with a claimed owner may still be claimed by someone else, and the admin decides.
 */
export class ClaimsService {
  constructor(
    private readonly db: Database,
    private readonly claims: ClaimsRepository,
  ) {}

  async claim(businessId: number, input: Valid<typeof claimInputSchema>, member: User): Promise<ClaimReceipt> {
    const business = await new BusinessesRepository(this.db).findOwner(businessId);
    if (!business) throw notFound('businessNotFound');
    if (business.owner_claimed && business.owner_id === member.id) throw conflict('alreadyOwner');
    // The hint is taken now: a later change of the website or the email does not rewrite what the admin was shown.
    const email = (await new UsersRepository(this.db).findById(member.id))?.email ?? '';
    const id = await this.claims.insert(businessId, member.id, input.evidence, emailDomainMatchesWebsite(email, business.website));
    if (id === null) throw conflict('alreadyClaimed');
    return { id, business_id: businessId, status: 'pending', message: MESSAGES.claimSubmitted };
  }

  /** One page of the pending claims, oldest first, searched by business name. */
  pending(query: Valid<typeof searchedQueueQuerySchema>): Promise<ListPage<Claim>> {
    return idPage(
      query,
      (afterId, limit) => this.claims.pending(afterId, limit, query.search),
      () => this.claims.countPending(query.search),
      (claim) => claim.id,
    );
  }

  async approve(claimId: number, admin: User): Promise<{ message: string }> {
    await this.decide(claimId, 'approved', admin, async (claims, claim) => {
      await claims.makeOwner(claim.business_id, claim.user_id);
      return { rejected_claims: await claims.rejectOthers(claim.business_id, claim.id, admin.id) };
    });
    return { message: MESSAGES.claimApproved };
  }

  async reject(claimId: number, admin: User): Promise<{ message: string }> {
    await this.decide(claimId, 'rejected', admin, async () => ({}));
    return { message: MESSAGES.claimRejected };
  }

  private async decide(
    claimId: number,
    status: 'approved' | 'rejected',
    admin: User,
    effect: (claims: ClaimsRepository, claim: { id: number; business_id: number; user_id: number }) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    await inTransaction(this.db, async (client) => {
      const claims = new ClaimsRepository(client);
      const claim = await claims.findForUpdate(claimId);
      if (!claim) throw notFound('claimNotFound');
      if (claim.status !== 'pending') throw conflict('claimAlreadyReviewed');
      await claims.decide(claim.id, status, admin.id);
      const details = await effect(claims, claim);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: `claim.${status}`,
        targetType: 'business',
        targetId: claim.business_id,
        details: { claim_id: claim.id, claimant_id: claim.user_id, ...details },
      });
    });
  }
}
