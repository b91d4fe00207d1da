import { MESSAGES, type voteInputSchema, type User, type VoteResult, type VoteSummary, type Valid } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { inTransaction, type Database } from '../db/pool';
import { notFound } from '../errors/domain-error';
import type { BurstProtection } from '../protection/burst-protection';
import { VotesRepository } from './votes.repository';

export class VotesService {
  constructor(
    private readonly db: Database,
    private readonly businesses: BusinessesRepository,
    private readonly protection: BurstProtection,
  ) {}

  async summary(businessId: number, viewer: User | null): Promise<VoteSummary> {
    const summary = await new VotesRepository(this.db).summary(businessId, viewer?.id ?? null);
    if (!summary || !(await this.businesses.findOwner(businessId))) throw notFound('businessNotFound');
    return summary;
  }

  /**
   * CONTRACT.md: the vote the user holds again removes it; the other one switches it.
   */
  async vote(businessId: number, { vote_type: voteType }: Valid<typeof voteInputSchema>, voter: User): Promise<VoteResult> {
    if (!(await this.businesses.findOwner(businessId))) throw notFound('businessNotFound');
    const { result, pause } = await inTransaction(this.db, async (client) => {
      const votes = new VotesRepository(client);
      await votes.lockUserBusiness(voter.id, businessId);
      const standing = await this.protection.refuseWhilePaused(client, businessId, voter.id);
      const current = await votes.current(businessId, voter.id);
      let message: string = MESSAGES.voteRecorded;
      if (current === voteType) {
        await votes.remove(businessId, voter.id);
        message = MESSAGES.voteRemoved;
      } else if (current) {
        await votes.change(businessId, voter.id, voteType);
        message = MESSAGES.voteChanged;
      } else {
        await votes.insert(businessId, voter.id, voteType);
      }
      const downvoted = voteType === 'downvote' && current !== voteType;
      const pause = downvoted ? await this.protection.afterActionAgainst(client, businessId, standing) : null;
      const summary = await votes.summary(businessId, voter.id);
      if (!summary) throw notFound('businessNotFound');
      return { result: { ...summary, message }, pause };
    });
    await this.protection.announce(pause);
    return result;
  }
}
