import { describe, expect, it } from 'vitest';
import { adminSecondFactorRequired, loadConfig } from '../config/config';
import { OWASP_ARGON2ID, PasswordHasher } from './password';

const base = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', SESSION_SECRET: 'a'.repeat(40), JOB_DATA_KEY: 'k'.repeat(40) };

describe('password hashing settings', () => {
  it("default to OWASP's argon2id policy, and production refuses less than OWASP's table", () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production' });
    expect([config.PASSWORD_ARGON2_MEMORY_KIB, config.PASSWORD_ARGON2_ITERATIONS, config.PASSWORD_ARGON2_PARALLELISM]).toEqual([19_456, 2, 1]);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PASSWORD_ARGON2_MEMORY_KIB: '1024' })).toThrow(/OWASP/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PASSWORD_ARGON2_ITERATIONS: '1' })).toThrow(/OWASP/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PASSWORD_ARGON2_MEMORY_KIB: '47104', PASSWORD_ARGON2_ITERATIONS: '1' })).toBeTruthy();
    expect(loadConfig({ ...base, NODE_ENV: 'test', PASSWORD_ARGON2_MEMORY_KIB: '1024', PASSWORD_ARGON2_ITERATIONS: '1' })).toBeTruthy();
  });

  it('a hash is rehashed when it is not argon2id or cheaper than the policy, never for a costlier one', async () => {
    const hasher = new PasswordHasher({ memoryKib: 2048, iterations: 2, parallelism: 1 });
    const today = await hasher.hash('pw');
    expect(hasher.needsRehash(today)).toBe(false);
    expect(await hasher.verify('pw', today)).toBe(true);
    expect(hasher.needsRehash(await new PasswordHasher({ memoryKib: 1024, iterations: 2, parallelism: 1 }).hash('pw'))).toBe(true);
    expect(hasher.needsRehash(await new PasswordHasher({ memoryKib: 2048, iterations: 1, parallelism: 1 }).hash('pw'))).toBe(true);
    expect(hasher.needsRehash(await new PasswordHasher({ memoryKib: 4096, iterations: 3, parallelism: 1 }).hash('pw'))).toBe(false);
    expect(hasher.needsRehash('scrypt$00$00')).toBe(true);
    expect(await hasher.verify('pw', '$argon2id$garbage')).toBe(false);
    expect(OWASP_ARGON2ID).toEqual({ memoryKib: 19_456, iterations: 2, parallelism: 1 });
  });
});

describe('the admins’ second factor setting', () => {
  it('is on in production and off elsewhere unless set', () => {
    expect(adminSecondFactorRequired(loadConfig({ ...base, NODE_ENV: 'production' }))).toBe(true);
    expect(adminSecondFactorRequired(loadConfig({ ...base, NODE_ENV: 'production', ADMIN_SECOND_FACTOR_REQUIRED: 'false' }))).toBe(false);
    expect(adminSecondFactorRequired(loadConfig({ ...base, NODE_ENV: 'development' }))).toBe(false);
    expect(adminSecondFactorRequired(loadConfig({ ...base, NODE_ENV: 'test', ADMIN_SECOND_FACTOR_REQUIRED: 'true' }))).toBe(true);
  });
});
