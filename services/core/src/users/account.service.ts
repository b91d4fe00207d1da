import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  type Language,
  LIMITS,
  MESSAGES,
  coded,
  type changePasswordInputSchema,
  type languageInputSchema,
  type resetPasswordInputSchema,
  type User,
  type Valid,
} from '@zaytoon/contract';
import { inTransaction, type Database } from '../db/pool';
import { DomainError, badRequest, unauthenticated } from '../errors/domain-error';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { SessionIndexRepository } from '../sessions/session-index.repository';
import type { JobDataCipher } from '../jobs/job-data-cipher';
import type { ResetMailQuotaRepository } from './reset-mail-quota.repository';
import { PasswordHasher } from './password';
import { ResetCodesRepository } from './reset-codes.repository';
import { UsersRepository, type UserRow } from './users.repository';
import { toSelfUser } from './user.mapper';

/** Password reset, change and account deletion. Each ends the user's other sessions. */
/** A member's mail goes out in their chosen language, else in the language of the request that caused it. */
const mailTo = (user: UserRow, requestLanguage: Language) => ({ to: user.email, name: user.name, language: user.language ?? requestLanguage });

export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly sessions: SessionIndexRepository,
    private readonly jobs: JobQueueRepository,
    private readonly codeSecret: string,
    private readonly resetMails?: { quota: ResetMailQuotaRepository; cipher: JobDataCipher },
    private readonly passwords: PasswordHasher = new PasswordHasher(),
  ) {}

  private static readonly RESET_MAIL_WINDOWS = [
    { name: 'window', seconds: LIMITS.resetMailWindowMinutes * 60, max: LIMITS.resetMailsPerWindow },
    { name: 'day', seconds: 24 * 60 * 60, max: LIMITS.resetMailsPerDay },
  ] as const;

  /** The live code when one can be re-sent, else a new one (which replaces any earlier). */
  private async codeToSend(userId: number): Promise<string> {
    const cipher = this.resetMails?.cipher;
    if (cipher) {
      const live = await new ResetCodesRepository(this.db).findLive(userId, LIMITS.resetCodeMaxAttempts);
      if (live?.code_sealed) {
        try {
          return cipher.decrypt(live.code_sealed);
        } catch {
          // Sealed under another key (rotated secret): make a new one.
        }
      }
    }
    const code = String(randomInt(0, 10 ** LIMITS.resetCodeLength)).padStart(LIMITS.resetCodeLength, '0');
    await new ResetCodesRepository(this.db).replace(userId, this.hashCode(userId, code), LIMITS.resetCodeTtlMinutes, cipher?.encrypt(code) ?? null);
    return code;
  }

  private hashCode(userId: number, code: string): string {
    return createHmac('sha256', this.codeSecret).update(`${userId}:${code}`).digest('hex');
  }

  /** Same answer whether or not the account exists. */
  async forgotPassword(login: string, language: Language = DEFAULT_LANGUAGE): Promise<{ message: string }> {
    const user = await this.users.findByLogin(login);
    if (user && !(user.reset_locked_until && user.reset_locked_until > new Date())) {
      const windows = AccountService.RESET_MAIL_WINDOWS;
      const sent = this.resetMails ? await this.resetMails.quota.counts(user.id, windows) : [];
      // Past a quota the answer is the same and nothing is mailed: the mailbox's owner is not flooded.
      if (!sent.some((count, i) => count >= windows[i].max)) {
        const code = await this.codeToSend(user.id);
        await this.jobs.enqueue('sendResetCode', { ...mailTo(user, language), code });
        await this.resetMails?.quota.record(user.id, windows);
      }
    }
    return { message: MESSAGES.resetCodeSent };
  }

  async resetPassword(data: Valid<typeof resetPasswordInputSchema>, language: Language = DEFAULT_LANGUAGE): Promise<{ message: string }> {
    const user = await this.users.findByLogin(data.email_or_username);
    if (!user) throw badRequest('resetCodeInvalid');
    if (user.reset_locked_until && user.reset_locked_until > new Date()) {
      throw new DomainError('rate_limited', 'resetLocked', undefined, Math.ceil((user.reset_locked_until.getTime() - Date.now()) / 1000));
    }
    const accepted = await inTransaction(this.db, async (client) => {
      const codes = new ResetCodesRepository(client);
      const users = new UsersRepository(client);
      const live = await codes.findLive(user.id, LIMITS.resetCodeMaxAttempts);
      const expected = Buffer.from(live?.code_hash ?? '0'.repeat(64), 'hex');
      const actual = Buffer.from(this.hashCode(user.id, data.verification_code), 'hex');
      if (!live || !timingSafeEqual(expected, actual)) {
        if (live) await codes.recordWrongTry(live.id);
        await users.recordResetFailure(user.id, LIMITS.resetFailuresBeforeLock, LIMITS.resetLockHours);
        return false;
      }
      await codes.markUsed(live.id);
      await users.updatePasswordHash(user.id, await this.passwords.hash(data.new_password));
      await users.clearResetFailures(user.id);
      return true;
    });
    if (!accepted) throw badRequest('resetCodeInvalid');
    await this.sessions.endAll(user.id);
    await this.jobs.enqueue('sendPasswordChanged', mailTo(user, language));
    return { message: MESSAGES.passwordReset };
  }

  async changePassword(
    data: Valid<typeof changePasswordInputSchema>,
    actor: User,
    currentSessionId: string,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<{ message: string }> {
    const user = await this.users.findById(actor.id);
    if (!user) throw unauthenticated('notAuthenticated');
    if (!(await this.passwords.verify(data.current_password, user.password_hash))) {
      throw badRequest('currentPasswordWrong', { current_password: coded('currentPasswordWrong') });
    }
    await this.users.updatePasswordHash(user.id, await this.passwords.hash(data.new_password));
    await this.sessions.endAll(user.id, currentSessionId);
    await this.jobs.enqueue('sendPasswordChanged', mailTo(user, language));
    return { message: MESSAGES.passwordChanged };
  }

  async setLanguage(actor: User, data: Valid<typeof languageInputSchema>): Promise<User> {
    const user = await this.users.setLanguage(actor.id, data.language);
    if (!user) throw unauthenticated('notAuthenticated');
    return toSelfUser(user);
  }

  async deleteAccount(actor: User, language: Language = DEFAULT_LANGUAGE): Promise<{ message: string }> {
    const user = await this.users.findById(actor.id);
    if (!user) throw unauthenticated('notAuthenticated');
    await inTransaction(this.db, (client) => new UsersRepository(client).deleteAccount(user.id));
    await this.sessions.endAll(user.id);
    await this.jobs.enqueue('removeAvatarFiles', { userId: user.id, picture: user.picture ?? null });
    await this.jobs.enqueue('removeMemberPhotos', { userId: user.id });
    await this.jobs.enqueue('sendAccountDeleted', mailTo(user, language));
    await this.jobs.enqueue('refreshStatistics', { reason: 'account-deleted' });
    return { message: MESSAGES.accountDeleted };
  }
}
