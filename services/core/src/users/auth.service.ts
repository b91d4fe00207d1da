import {
  MESSAGES,
  loginInputSchema,
  signupInputSchema,
  type User,
} from '@zaytoon/contract';
import { conflict, unauthenticated } from '../errors/domain-error.js';
import { parseInput } from '../errors/validate.js';
import { hashPassword, verifyPassword } from './password.js';
import { toSelfUser } from './user.mapper.js';
import type { JobQueueRepository } from '../jobs/job-queue.repository.js';
import type { UsersRepository } from './users.repository.js';

// A real hash, so that an unknown login costs the same time as a wrong password.
const dummyHash = hashPassword('not-a-real-password');

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  async signup(input: unknown): Promise<User> {
    const data = parseInput(signupInputSchema, input);
    const taken = await this.users.emailOrUsernameTaken(data.email, data.username);
    if (taken.email) throw conflict(MESSAGES.emailTaken);
    if (taken.username) throw conflict(MESSAGES.usernameTaken);
    try {
      const row = await this.users.insert({ ...data, passwordHash: await hashPassword(data.password) });
      await this.jobs.enqueue('refreshStatistics', { reason: 'signup' });
      return toSelfUser(row);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        const constraint = (error as { constraint?: string }).constraint ?? '';
        throw conflict(constraint.includes('email') ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      }
      throw error;
    }
  }

  /** Returns the user for a correct login, else throws the one 401 of CONTRACT.md. */
  async verifyCredentials(input: unknown): Promise<User> {
    const data = parseInput(loginInputSchema, input);
    const row = await this.users.findByLogin(data.login);
    const valid = await verifyPassword(data.password, row?.password_hash ?? (await dummyHash));
    if (!row || !valid) throw unauthenticated(MESSAGES.invalidCredentials);
    return toSelfUser(row);
  }

  async findUser(id: number): Promise<User | null> {
    const row = await this.users.findById(id);
    return row ? toSelfUser(row) : null;
  }
}
