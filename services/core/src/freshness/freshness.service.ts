import { DEFAULT_LANGUAGE, MESSAGES, OWNER_RULES, type ConfirmListingResult, type confirmListingInputSchema, type Valid } from '@zaytoon/contract';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { FreshnessRepository } from './freshness.repository';
import { hashMailedToken, newMailedToken } from '../mail/mailed-token';

/** Every day at 09:00 UTC the due owners are mailed (a restart of the workers keeps the schedule). */
export const FRESHNESS_REMINDER_SCHEDULE = { id: 'send-freshness-reminders-daily', pattern: '0 9 * * *', tz: 'UTC' } as const;

/** Owners taken, tokened and queued per transaction: a run's memory and locks stay bounded at any number of owners. */
const REMINDER_BATCH = 200;

export { newMailedToken as newFreshnessToken, hashMailedToken as hashFreshnessToken };

/**
 * Owners' freshness reminders: every 6 months a claimed owner is mailed a one-click
 * 'Everything is still accurate' link (single use, 30 days) and a link to edit the listing.
 */
export class FreshnessService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueueRepository,
  ) {}

  /**
   * Mails every owner whose approval or last reminder is 6 months old, in batches. A batch's owners are marked
   * reminded and their tokens stored in the transaction that queues their mails: a failed queue leaves them due.
   */
  async sendDueReminders(batchSize = REMINDER_BATCH): Promise<number> {
    let mailed = 0;
    for (;;) {
      const taken = await inTransaction(this.db, async (client) => {
        const repository = new FreshnessRepository(client);
        const due = await repository.takeDue(OWNER_RULES.reminderEveryMonths, batchSize);
        for (const owner of due) {
          const { token, hash } = newMailedToken();
          await repository.insertToken(hash, owner.business_id, owner.user_id, OWNER_RULES.confirmLinkValidDays);
          await this.jobs.enqueue('sendFreshnessReminder', {
            to: owner.email,
            name: owner.name,
            language: owner.language ?? DEFAULT_LANGUAGE,
            businessId: owner.business_id,
            businessName: owner.business_name,
            token,
          });
        }
        return due.length;
      });
      mailed += taken;
      if (taken < batchSize) return mailed;
    }
  }

  /** The mailed link's 'Everything is still accurate': no session; the token works once, within 30 days. */
  async confirm(input: Valid<typeof confirmListingInputSchema>): Promise<ConfirmListingResult> {
    return inTransaction(this.db, async (client) => {
      const repository = new FreshnessRepository(client);
      const token = await repository.findToken(hashMailedToken(input.token));
      if (!token || !token.still_owner) throw notFound('freshnessTokenInvalid');
      if (token.used) throw conflict('freshnessTokenUsed');
      if (token.expired) throw conflict('freshnessTokenExpired');
      const confirmedAt = await repository.confirm(token);
      return { business_id: token.business_id, confirmed_at: confirmedAt.toISOString(), message: MESSAGES.listingConfirmed };
    });
  }
}
