import type { PausedBusiness, ProtectionDecision, User, Valid, searchedQueueQuerySchema } from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { newestFirstPage, type ListPage } from '../db/keyset-page';
import { inTransaction, type Database, type Queryable } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import { ProtectionRepository, type ActivePause } from './protection.repository';

type Decision = 'keep_votes' | 'discard_votes' | 'lift';

/**
 * The admins' side of protection from bursts: the 'Unusual activity' list and its three decisions, each audited.
 * Approval of a report stays a separate admin act: nothing here removes a business.
 */
export class ProtectionService {
  constructor(private readonly db: Database) {}

  /** One page of the paused businesses, newest pause first, searched by business name. */
  paused(query: Valid<typeof searchedQueueQuerySchema>): Promise<ListPage<PausedBusiness>> {
    const protection = new ProtectionRepository(this.db);
    return newestFirstPage(
      query,
      (after, limit) => protection.pausedPage(after, limit, query.search),
      () => protection.countPaused(query.search),
    );
  }

  /** 'Keep the votes': the set-aside votes count again; new accounts stay refused until the pause is lifted. */
  keepVotes(businessId: number, admin: User): Promise<ProtectionDecision> {
    return this.decide(businessId, admin, 'keep_votes', async (protection, pause) => {
      const votes = await protection.keepVotes(pause.id);
      await protection.recordVotesDecision(pause.id, 'kept');
      return { votes, lifted: false };
    });
  }

  /** 'Discard the votes': the set-aside votes are removed. */
  discardVotes(businessId: number, admin: User): Promise<ProtectionDecision> {
    return this.decide(businessId, admin, 'discard_votes', async (protection, pause) => {
      const votes = await protection.discardVotes(pause.id);
      await protection.recordVotesDecision(pause.id, 'discarded');
      return { votes, lifted: false };
    });
  }

  /** 'Lift protection': the pause ends; votes no admin discarded count again, so none stay set aside for ever. */
  lift(businessId: number, admin: User): Promise<ProtectionDecision> {
    return this.decide(businessId, admin, 'lift', async (protection, pause) => {
      const votes = await protection.keepVotes(pause.id);
      await protection.lift(pause.id, admin.id);
      return { votes, lifted: true };
    });
  }

  private async decide(
    businessId: number,
    admin: User,
    action: Decision,
    apply: (protection: ProtectionRepository, pause: ActivePause) => Promise<{ votes: number; lifted: boolean }>,
  ): Promise<ProtectionDecision> {
    return inTransaction(this.db, async (client) => {
      const protection = new ProtectionRepository(client);
      // The same lock as new accounts' writes: no vote lands, and no new pause starts, halfway through a decision.
      await protection.lockBusiness(businessId);
      const pause = await this.runningPause(client, protection, businessId);
      const { votes, lifted } = await apply(protection, pause);
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: `protection.${action}`,
        targetType: 'business',
        targetId: businessId,
        details: { pause_id: pause.id, votes },
      });
      return { votes, protection: lifted ? null : { state: 'paused', since: pause.since, reason: pause.reason } };
    });
  }

  private async runningPause(client: Queryable, protection: ProtectionRepository, businessId: number): Promise<ActivePause> {
    const pause = await protection.active(businessId);
    if (pause) return pause;
    if (!(await new BusinessesRepository(client).findOwner(businessId))) throw notFound('businessNotFound');
    throw conflict('businessNotPaused');
  }
}
