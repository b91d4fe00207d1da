import { EMAIL_CONFIRMATION_RULES, MESSAGES, type Language, type confirmEmailInputSchema, type Valid } from '@zaytoon/contract';
import { inTransaction, type Database } from '../db/pool';
import { conflict, notFound, unauthenticated } from '../errors/domain-error';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { hashMailedToken, newMailedToken } from '../mail/mailed-token';
import type { UsersRepository } from '../users/users.repository';
import { EmailConfirmationRepository } from './email-confirmation.repository';

/**
 * Email confirmation. Signup mails a link (single use, EMAIL_CONFIRMATION_RULES.linkValidHours);
 * its page posts the token on the member's click, and the address counts as confirmed. Until then alerts, the claims'
 * domain hint and owners' reminders ignore the address. 'Resend' mails a new link that replaces the unused ones.
 */
export class EmailConfirmationService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  /**
   * Mails the member a new link, in their language or else the request's. The token is stored in the transaction that
   * queues the mail: a failed queue leaves no link that was never sent.
   */
  async sendLink(userId: number, requestLanguage: Language): Promise<{ message: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw unauthenticated('notAuthenticated');
    if (user.email_confirmed_at) throw conflict('emailAlreadyConfirmed');
    const { token, hash } = newMailedToken();
    await inTransaction(this.db, async (client) => {
      await new EmailConfirmationRepository(client).replaceToken(hash, user.id, user.email, EMAIL_CONFIRMATION_RULES.linkValidHours);
      await this.jobs.enqueue('sendEmailConfirmation', { to: user.email, name: user.name, language: user.language ?? requestLanguage, token });
    });
    return { message: MESSAGES.emailConfirmationSent };
  }

  /**
   * Signup's mail. The account and its session are already there: a mail that cannot be queued is logged, never a
   * failed signup, and the member's banner offers Resend.
   */
  async sendLinkAfterSignup(userId: number, requestLanguage: Language): Promise<void> {
    await afterCommit('confirmation mail after a signup', () => this.sendLink(userId, requestLanguage));
  }

  /** The mailed link's confirmation: no session; the token works once, before it expires, for the address it was mailed to. */
  async confirm(input: Valid<typeof confirmEmailInputSchema>): Promise<{ message: string }> {
    return inTransaction(this.db, async (client) => {
      const repository = new EmailConfirmationRepository(client);
      const token = await repository.findToken(hashMailedToken(input.token));
      if (!token || !token.same_email) throw notFound('emailConfirmationInvalid');
      if (token.used) throw conflict('emailConfirmationUsed');
      if (token.expired) throw conflict('emailConfirmationExpired');
      await repository.confirm(token);
      return { message: MESSAGES.emailConfirmed };
    });
  }
}
