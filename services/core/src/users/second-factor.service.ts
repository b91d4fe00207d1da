import { createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { MESSAGES, coded, type totpDisableInputSchema, type User, type Valid } from '@zaytoon/contract';
import { inTransaction, type Database } from '../db/pool';
import { badRequest, conflict, unauthenticated } from '../errors/domain-error';
import type { JobDataCipher } from '../jobs/job-data-cipher';
import type { SessionIndexRepository } from '../sessions/session-index.repository';
import type { PasswordHasher } from './password';
import { SecondFactorRepository, type TotpRow } from './second-factor.repository';
import type { UsersRepository } from './users.repository';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after now is accepted too (a phone clock a little off, a code typed as it turned). */
const TOTP_WINDOW_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_CODE_LENGTH = 10;

const totpOf = (secret: Secret, issuer: string, label: string) => new TOTP({ issuer, label, secret, period: TOTP_PERIOD_SECONDS });

/** `abcde-fghij`: 50 random bits, shown with a dash; typed with or without it, in any case. */
function newRecoveryCode(): string {
  const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** A second factor, TOTP (RFC 6238), for any member: setup, enabling, the sign-in check and turning it off. */
export class SecondFactorService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly sessions: SessionIndexRepository,
    private readonly passwords: PasswordHasher,
    private readonly cipher: JobDataCipher,
    /** SESSION_SECRETS: new codes are hashed with the first; a code hashed with any of them is accepted (rotation). */
    private readonly codeSecrets: readonly string[],
    private readonly issuer: string,
  ) {}

  private recoveryCodeHash(userId: number, normalisedCode: string, secret = this.codeSecrets[0]): string {
    return createHmac('sha256', secret).update(`totp-recovery:${userId}:${normalisedCode}`).digest('hex');
  }

  /** The secret, or null when it was sealed under another key (a rotated JOB_DATA_KEY: recovery codes still serve). */
  private openSecret(sealedSecret: string): Secret | null {
    try {
      return Secret.fromBase32(this.cipher.decrypt(sealedSecret));
    } catch {
      return null;
    }
  }

  /** The step of a code valid for `sealedSecret` now (within the window), or null. */
  private validStep(sealedSecret: string, code: string): number | null {
    const secret = this.openSecret(sealedSecret);
    if (!secret) return null;
    const timestamp = Date.now();
    const delta = new TOTP({ secret, period: TOTP_PERIOD_SECONDS }).validate({
      token: code,
      timestamp,
      window: TOTP_WINDOW_STEPS,
    });
    return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  }

  /** A TOTP code of a step after the last one used, or an unused recovery code (then spent). `code` is schema-normalised. */
  private async acceptCode(userId: number, row: TotpRow, code: string): Promise<boolean> {
    const factors = new SecondFactorRepository(this.db);
    if (!/^\d+$/.test(code))
      return factors.spendRecoveryCode(
        userId,
        this.codeSecrets.map((secret) => this.recoveryCodeHash(userId, code, secret)),
      );
    const step = this.validStep(row.secret_sealed!, code);
    return step !== null && factors.useStep(userId, step);
  }

  private async enabledRow(userId: number): Promise<TotpRow | null> {
    const row = await new SecondFactorRepository(this.db).find(userId);
    return row?.enabled_at && row.secret_sealed ? row : null;
  }

  async setup(actor: User): Promise<{ secret: string; otpauth_url: string }> {
    if (await this.enabledRow(actor.id)) throw conflict('totpAlreadyEnabled');
    const secret = new Secret({ size: 20 });
    await new SecondFactorRepository(this.db).savePending(actor.id, this.cipher.encrypt(secret.base32));
    return { secret: secret.base32, otpauth_url: totpOf(secret, this.issuer, actor.username).toString() };
  }

  /** Confirms the setup with a current code; answers the recovery codes (once) and ends the member's other sessions. */
  async enable(actor: User, code: string, currentSessionId: string): Promise<{ recovery_codes: string[] }> {
    const row = await new SecondFactorRepository(this.db).find(actor.id);
    if (row?.enabled_at) throw conflict('totpAlreadyEnabled');
    if (!row?.pending_secret_sealed) throw conflict('totpSetupMissing');
    const step = this.validStep(row.pending_secret_sealed, code);
    if (step === null) throw badRequest('totpInvalid', { code: coded('totpInvalid') });
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabled = await inTransaction(this.db, async (client) => {
      const factors = new SecondFactorRepository(client);
      if (!(await factors.enable(actor.id, row.pending_secret_sealed!, step))) return false;
      await factors.replaceRecoveryCodes(
        actor.id,
        recoveryCodes.map((recoveryCode) => this.recoveryCodeHash(actor.id, recoveryCode.replace('-', ''))),
      );
      return true;
    });
    // Another setup or enabling ran meanwhile: this code confirmed a secret that is no longer the pending one.
    if (!enabled) throw conflict('totpSetupMissing');
    await this.sessions.endAll(actor.id, currentSessionId);
    return { recovery_codes: recoveryCodes };
  }

  /**
   * The sign-in's second step, after a right password: nothing when TOTP is off; 401 `totpRequired` without a code,
   * `totpInvalid` for a wrong, replayed or spent one.
   */
  async checkSignIn(userId: number, code: string | undefined): Promise<void> {
    const row = await this.enabledRow(userId);
    if (!row) return;
    if (!code) throw unauthenticated('totpRequired');
    if (!(await this.acceptCode(userId, row, code))) throw unauthenticated('totpInvalid');
  }

  /** Needs the password and a code (an app code or a recovery code); the secret and the recovery codes are deleted. */
  async disable(actor: User, input: Valid<typeof totpDisableInputSchema>): Promise<{ message: string }> {
    const row = await this.enabledRow(actor.id);
    if (!row) throw conflict('totpNotEnabled');
    const user = await this.users.findById(actor.id);
    if (!user) throw unauthenticated('notAuthenticated');
    if (!(await this.passwords.verify(input.password, user.password_hash))) {
      throw badRequest('currentPasswordWrong', { password: coded('currentPasswordWrong') });
    }
    if (!(await this.acceptCode(actor.id, row, input.code))) throw badRequest('totpInvalid', { code: coded('totpInvalid') });
    await new SecondFactorRepository(this.db).remove(actor.id);
    return { message: MESSAGES.totpDisabled };
  }
}
