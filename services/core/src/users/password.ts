import { scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, parseOptions as argon2Parameters, verify as argon2Verify } from '@node-rs/argon2';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** argon2id's cost: memory in KiB (`m=`), passes (`t=`) and lanes (`p=`), as the PHC string records them. */
export interface PasswordHashPolicy {
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's Password Storage Cheat Sheet, argon2id: 19 MiB, 2 passes, 1 lane. */
export const OWASP_ARGON2ID: PasswordHashPolicy = { memoryKib: 19_456, iterations: 2, parallelism: 1 };

const ARGON2ID_PREFIX = '$argon2id$';

/** Before argon2id: scrypt$<salt hex>$<key hex> (N = 2^14); still verified, and replaced at the next sign-in. */
async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, keyHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Passwords as argon2id PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`): the parameters travel with each hash. */
export class PasswordHasher {
  constructor(readonly policy: PasswordHashPolicy = OWASP_ARGON2ID) {}

  hash(password: string): Promise<string> {
    return argon2Hash(password, { memoryCost: this.policy.memoryKib, timeCost: this.policy.iterations, parallelism: this.policy.parallelism });
  }

  async verify(password: string, stored: string): Promise<boolean> {
    if (!stored.startsWith('$argon2')) return verifyLegacyScrypt(password, stored);
    try {
      return await argon2Verify(stored, password);
    } catch {
      return false;
    }
  }

  /**
   * A hash that is not argon2id, or is cheaper than today's policy, is replaced once its password is known. A costlier
   * one is kept: lowering the policy (tests) never weakens stored hashes.
   */
  needsRehash(stored: string): boolean {
    if (!stored.startsWith(ARGON2ID_PREFIX)) return true;
    try {
      const { memoryCost, timeCost } = argon2Parameters(stored);
      return memoryCost < this.policy.memoryKib || timeCost < this.policy.iterations;
    } catch {
      return true;
    }
  }
}

const defaultHasher = new PasswordHasher();

/** Under OWASP's policy: for the seed and tools that hold no configuration. */
export const hashPassword = (password: string): Promise<string> => defaultHasher.hash(password);
export const verifyPassword = (password: string, stored: string): Promise<boolean> => defaultHasher.verify(password, stored);
