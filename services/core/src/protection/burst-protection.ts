import { DEFAULT_LANGUAGE } from '@zaytoon/contract';
import type { Config } from '../config/config';
import { afterCommit } from '../jobs/after-commit';
import type { Queryable } from '../db/pool';
import { locked } from '../errors/domain-error';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { ProtectionRepository, type ActivePause, type BurstSettings, type PauseOwner } from './protection.repository';

export const burstSettings = (config: Config): BurstSettings => ({
  windowMinutes: config.BURST_WINDOW_MINUTES,
  accounts: config.BURST_ACCOUNTS,
  accountAgeDays: config.BURST_ACCOUNT_AGE_DAYS,
});

/** A pause a write started, and its business's owner to mail (null: no owner, or an unconfirmed address). */
export interface StartedPause {
  pause: ActivePause;
  owner: PauseOwner | null;
}

/** Whom a write is from: a new account's writes on a business take its protection lock, others pass freely. */
export interface WriterStanding {
  newAccount: boolean;
}

/**
 * Protection from bursts, applied inside each write's own transaction: a new account's vote, comment or answer on a
 * paused business is refused (423), and a new account's action against a business (a downvote, a report, a 'Closed'
 * or 'No longer supportive' answer) may start a pause. Established accounts' writes never read or lock anything here.
 */
export class BurstProtection {
  constructor(
    readonly settings: BurstSettings,
    private readonly jobs: JobQueueRepository,
  ) {}

  /** After the pause's transaction committed: its owner is mailed, in their language (a lost mail never undoes the pause). */
  async announce(started: StartedPause | null): Promise<void> {
    const owner = started?.owner;
    if (!started || !owner) return;
    await afterCommit('the owner mail of a pause', () =>
      this.jobs.enqueue('sendPauseNotice', {
        to: owner.email,
        name: owner.name,
        language: owner.language ?? DEFAULT_LANGUAGE,
        pauseId: started.pause.id,
        businessId: started.pause.business_id,
        businessName: owner.business_name,
      }),
    );
  }

  /** Before a vote, comment or answer: refuses a new account while the business is paused. */
  async refuseWhilePaused(client: Queryable, businessId: number, userId: number): Promise<WriterStanding> {
    const standing = await this.standing(client, businessId, userId);
    if (standing.newAccount && (await new ProtectionRepository(client).active(businessId))) throw locked('businessPausedForNewAccounts');
    return standing;
  }

  /** Before a report: reports stay open to everyone (an admin decides them), only their place in a burst is recorded. */
  async standing(client: Queryable, businessId: number, userId: number): Promise<WriterStanding> {
    const protection = new ProtectionRepository(client);
    if (!(await protection.isNewAccount(userId, this.settings.accountAgeDays))) return { newAccount: false };
    await protection.lockBusiness(businessId);
    return { newAccount: true };
  }

  /**
   * After a new account's action against the business was written in the same transaction: starts a pause when the
   * burst reaches the threshold (its votes set aside, its reports marked), or adds a report to the running pause.
   * The new pause and whom to mail of it after commit; null otherwise.
   */
  async afterActionAgainst(client: Queryable, businessId: number, standing: WriterStanding): Promise<StartedPause | null> {
    if (!standing.newAccount) return null;
    const protection = new ProtectionRepository(client);
    const running = await protection.active(businessId);
    if (running) {
      await protection.markReports(running);
      return null;
    }
    const pause = await protection.pauseIfBurst(businessId, this.settings);
    if (!pause) return null;
    await protection.setAsideVotes(pause);
    await protection.markReports(pause);
    return { pause, owner: await protection.ownerToMail(businessId) };
  }
}
