import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type TestApi } from '../test/harness';
import { lastMailedResetCode } from '../test/reset-codes';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

/**
 * A user with a live reset code, whose clock is then moved on by `elapsedSeconds`: the stored times are moved back,
 * as the expiry is Postgres's own `now()` on both sides (no sleeping).
 */
async function codeAfter(elapsedSeconds: number) {
  const user = await api.client().signup();
  expect((await api.client().post('/api/auth/forgot-password', { email_or_username: user.email })).status).toBe(200);
  const code = await lastMailedResetCode(api, user.email);
  await api.core.db.query(
    'UPDATE reset_codes SET created_at = created_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) WHERE user_id = $1',
    [user.id, elapsedSeconds],
  );
  const reset = () =>
    api.client().post('/api/auth/reset-password', { email_or_username: user.email, verification_code: code, new_password: 'new-password' });
  return { user, reset };
}

describe('reset codes expire 15 minutes after they are sent (CONTRACT.md)', () => {
  it('are stored with exactly that lifetime', async () => {
    const user = await api.client().signup();
    await api.client().post('/api/auth/forgot-password', { email_or_username: user.username });
    const { rows } = await api.core.db.query<{ seconds: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::float AS seconds FROM reset_codes WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].seconds).toBeCloseTo(15 * 60, 0);
  });

  it('still work 14 minutes 50 seconds after', async () => {
    const { user, reset } = await codeAfter(15 * 60 - 10);
    expect(await reset()).toMatchObject({ status: 200, body: { message: MESSAGES.passwordReset } });
    expect((await api.client().post('/api/auth/login', { login: user.email, password: 'new-password' })).status).toBe(200);
  });

  it('are refused 15 minutes 10 seconds after, and the password stays', async () => {
    const { user, reset } = await codeAfter(15 * 60 + 10);
    expect(await reset()).toMatchObject({ status: 400, body: { detail: MESSAGES.resetCodeInvalid } });
    expect((await api.client().post('/api/auth/login', { login: user.email, password: 'new-password' })).status).toBe(401);
    expect((await api.client().post('/api/auth/login', { login: user.email, password: 'secret-pass' })).status).toBe(200);
  });
});
