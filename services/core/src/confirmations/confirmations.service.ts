import { TRUST_RULES, type ConfirmationSummary, type confirmationInputSchema, type User, type Valid } from '@zaytoon/contract';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound } from '../errors/domain-error';
import type { BurstProtection } from '../protection/burst-protection';
import { ConfirmationsRepository, type OwnAnswer } from './confirmations.repository';

const DAY_MS = 86_400_000;
/** The answers that count, in 'Confirmed by' and towards a re-check. */
const COUNTED = { windowDays: TRUST_RULES.confirmationWindowDays, accountAgeDays: TRUST_RULES.accountAgeToCountDays };

/**
 * 'Still open and still supportive?': one answer per member and business in 30 days; enough
 * 'Closed' or 'No longer supportive' answers from established members send the business to the admins' Re-checks;
 * 'Confirmed by' counts established members' 'Yes', never the owner's.
 */
export class ConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly confirmations: ConfirmationsRepository,
    private readonly protection: BurstProtection,
  ) {}

  async summary(businessId: number, viewer: User | null): Promise<ConfirmationSummary> {
    if (!(await new BusinessesRepository(this.db).findOwner(businessId))) throw notFound('businessNotFound');
    const [counts, own] = await Promise.all([
      this.confirmations.counts(businessId, COUNTED),
      viewer ? this.confirmations.latestAnswerOf(businessId, viewer.id, TRUST_RULES.confirmationEveryDays) : null,
    ]);
    return { ...counts, your_answer: own && withNextAnswer(own) };
  }

  async answer(businessId: number, input: Valid<typeof confirmationInputSchema>, member: User): Promise<ConfirmationSummary> {
    const pause = await inTransaction(this.db, async (client) => {
      if (!(await new BusinessesRepository(client).findOwner(businessId))) throw notFound('businessNotFound');
      const confirmations = new ConfirmationsRepository(client);
      await confirmations.lockBusiness(businessId);
      const standing = await this.protection.refuseWhilePaused(client, businessId, member.id);
      if (await confirmations.latestAnswerOf(businessId, member.id, TRUST_RULES.confirmationEveryDays)) throw conflict('alreadyConfirmed');
      await confirmations.insert(businessId, member.id, input.answer);
      if (input.answer === 'Yes') return null;
      await confirmations.flagIfThresholdMet(businessId, { ...COUNTED, answers: TRUST_RULES.negativeAnswersForRecheck });
      return this.protection.afterActionAgainst(client, businessId, standing);
    });
    await this.protection.announce(pause);
    return this.summary(businessId, member);
  }
}

function withNextAnswer(own: OwnAnswer): NonNullable<ConfirmationSummary['your_answer']> {
  const next = new Date(Date.parse(own.answered_at) + TRUST_RULES.confirmationEveryDays * DAY_MS).toISOString();
  return { ...own, next_answer_from: next };
}
