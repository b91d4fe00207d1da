import { type loginInputSchema, type signupInputSchema, type User, type Valid } from '@zaytoon/contract';
import { conflict, unauthenticated } from '../errors/domain-error';
import { PasswordHasher } from './password';
import { toSelfUser } from './user.mapper';
import { afterCommit } from '../jobs/after-commit';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { UsersRepository } from './users.repository';

/** What a session records at login: the user's session generation then, and when (ms since the epoch). */
export interface SessionClaim {
  generation: number;
  loggedInAt: number;
}

/** A new account, and the claim of the session it starts with (taken from the inserted row, not read again). */
export interface SignedUp {
  user: User;
  claim: SessionClaim;
}

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly jobs: JobQueueRepository,
    /** A session ends this long after its login, however often it is used (the idle limit is the store's TTL). */
    private readonly sessionAbsoluteLifetimeSeconds: number = 30 * 24 * 60 * 60,
    private readonly passwords: PasswordHasher = new PasswordHasher(),
  ) {}

  // A real hash under today's policy, so that an unknown login costs the same time as a wrong password.
  private dummyHash?: Promise<string>;

  /** A right password whose hash is legacy scrypt or cheaper than today's argon2id is hashed again. */
  private async upgradePasswordHash(userId: number, password: string, storedHash: string): Promise<void> {
    if (!this.passwords.needsRehash(storedHash)) return;
    await this.users.rehashPassword(userId, storedHash, await this.passwords.hash(password));
  }

  /**
   * Undoes a signup whose session could not be started (Redis away): the caller answers 503, and a 503 must
   * leave no account behind, or the member's retry would find the email taken.
   */
  async cancelSignup(userId: number): Promise<void> {
    await this.users.deleteAccount(userId);
  }

  /** The claim a new session of this user records. */
  async sessionClaim(userId: number): Promise<SessionClaim> {
    const row = await this.users.findById(userId);
    return { generation: row?.session_generation ?? 0, loggedInAt: Date.now() };
  }

  /**
   * The user of a session, or null when the session is over: the user is gone, the password changed (or was
   * reset) since its login, its claim is missing or malformed, or it is older than the absolute lifetime.
   */
  async sessionUser(id: number, claim: Partial<SessionClaim> | undefined): Promise<User | null> {
    if (!claim || typeof claim.generation !== 'number' || typeof claim.loggedInAt !== 'number') return null;
    if (Date.now() - claim.loggedInAt > this.sessionAbsoluteLifetimeSeconds * 1000) return null;
    const row = await this.users.findById(id);
    if (!row || row.session_generation !== claim.generation) return null;
    return toSelfUser(row);
  }

  async signup(data: Valid<typeof signupInputSchema>): Promise<SignedUp> {
    const taken = await this.users.emailOrUsernameTaken(data.email, data.username);
    if (taken.email) throw conflict('emailTaken');
    if (taken.username) throw conflict('usernameTaken');
    try {
      const row = await this.users.insert({ ...data, passwordHash: await this.passwords.hash(data.password) });
      await afterCommit('statistics refresh after a signup', () => this.jobs.enqueue('refreshStatistics', { reason: 'signup' }));
      return { user: toSelfUser(row), claim: { generation: row.session_generation, loggedInAt: Date.now() } };
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        const constraint = (error as { constraint?: string }).constraint ?? '';
        throw conflict(constraint.includes('email') ? 'emailTaken' : 'usernameTaken');
      }
      throw error;
    }
  }

  /** Returns the user for a correct login, else throws the one 401 of CONTRACT.md. */
  async verifyCredentials(data: Valid<typeof loginInputSchema>): Promise<User> {
    const row = await this.users.findByLogin(data.login);
    this.dummyHash ??= this.passwords.hash('not-a-real-password');
    const valid = await this.passwords.verify(data.password, row?.password_hash ?? (await this.dummyHash));
    if (!row || !valid) throw unauthenticated('invalidCredentials');
    await this.upgradePasswordHash(row.id, data.password, row.password_hash);
    return toSelfUser(row);
  }

  async findUser(id: number): Promise<User | null> {
    const row = await this.users.findById(id);
    return row ? toSelfUser(row) : null;
  }
}
