import { randomBytes, scryptSync } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type TestApi } from '../test/harness';

/** A hash as the API stored them before argon2id: scrypt$<salt hex>$<key hex>. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 64).toString('hex')}`;
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PASSWORD_ARGON2_MEMORY_KIB: '2048', PASSWORD_ARGON2_ITERATIONS: '2' });
});
afterAll(async () => api?.stop());

const storedHash = async (userId: number) =>
  (await api.core.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId])).rows[0].password_hash;

async function memberWithHash(passwordHash: string) {
  const user = await api.client().signup({ password: 'olive-branch' });
  await api.core.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash]);
  return user;
}

describe('password hashes', () => {
  it('are argon2id PHC strings with their parameters', async () => {
    const user = await api.client().signup();
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  });

  it('a legacy scrypt hash still signs in and is replaced by argon2id, keeping the member signed in elsewhere', async () => {
    const user = await memberWithHash(legacyScryptHash('olive-branch'));
    const elsewhere = api.client();
    expect((await elsewhere.post('/api/auth/login', { login: user.username, password: 'olive-branch' })).status).toBe(200);
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);
    expect((await api.client().post('/api/auth/login', { login: user.email, password: 'olive-branch' })).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200);
  });

  it('an argon2id hash cheaper than today is rehashed at sign-in; a costlier one is kept', async () => {
    const weaker = await memberWithHash(await argon2Hash('olive-branch', { memoryCost: 1024, timeCost: 1 }));
    expect((await api.client().post('/api/auth/login', { login: weaker.username, password: 'olive-branch' })).status).toBe(200);
    expect(await storedHash(weaker.id)).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);

    const costlier = await argon2Hash('olive-branch', { memoryCost: 4096, timeCost: 2 });
    const stronger = await memberWithHash(costlier);
    expect((await api.client().post('/api/auth/login', { login: stronger.username, password: 'olive-branch' })).status).toBe(200);
    expect(await storedHash(stronger.id)).toBe(costlier);
  });

  it('a wrong password is the same 401 for either format, and changes no hash', async () => {
    const legacy = legacyScryptHash('olive-branch');
    for (const passwordHash of [legacy, await argon2Hash('olive-branch', { memoryCost: 2048, timeCost: 2 })]) {
      const user = await memberWithHash(passwordHash);
      const answer = await api.client().post('/api/auth/login', { login: user.username, password: 'olive-twig' });
      expect(answer).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials, code: 'invalidCredentials' } });
      expect(await storedHash(user.id)).toBe(passwordHash);
    }
  });

  it('change password checks a legacy hash and stores argon2id', async () => {
    const client = api.client();
    const user = await client.signup({ password: 'olive-branch' });
    await api.core.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, legacyScryptHash('olive-branch')]);
    const changed = await client.post('/api/auth/change-password', { current_password: 'olive-branch', new_password: 'olive-grove' });
    expect(changed.status).toBe(200);
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$/);
  });
});
