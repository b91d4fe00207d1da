import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '@zaytoon/contract';
import { JobDataCipher } from '@zaytoon/core';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';
import { IMAGES, imageForm } from '../test/images';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

/** The code as it left the API: the reset-mail job's payload (the worker tests follow it into the mailbox). */
async function lastMailedCode(email: string): Promise<string> {
  const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
  const mine = jobs.filter((job) => job.name === 'send-reset-code' && job.data.to === email).sort((a, b) => b.timestamp - a.timestamp);
  if (!mine.length) throw new Error(`no reset mail for ${email}`);
  // The code rests sealed: the test holds the API's key, as the worker does.
  return new JobDataCipher(api.core.config).decrypt(mine[0].data.code);
}

const sessionKeyOf = (client: ApiTestClient) => {
  const cookie = decodeURIComponent(client.cookies.get('zaytoon.sid')!);
  return `sess:${cookie.slice(2, cookie.indexOf('.'))}`;
};

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists', async () => {
    const user = await api.client().signup();
    const known = await api.client().post('/api/auth/forgot-password', { email_or_username: user.username });
    const unknown = await api.client().post('/api/auth/forgot-password', { email_or_username: 'ghost@example.com' });
    expect(known).toMatchObject({ status: 200, body: { message: MESSAGES.resetCodeSent } });
    expect(unknown).toMatchObject({ status: 200, body: known.body });
    expect(await lastMailedCode(user.email)).toMatch(/^\d{6}$/);
  });

  it('resets with the mailed code once, stores it hashed, and ends every session', async () => {
    const owner = api.client();
    const user = await owner.signup({ password: 'old-password' });
    await api.client().post('/api/auth/forgot-password', { email_or_username: user.email });
    const code = await lastMailedCode(user.email);
    const { rows } = await api.core.db.query('SELECT code_hash FROM reset_codes WHERE user_id = $1', [user.id]);
    // Stored as its keyed hash (HMAC-SHA256 under the server's secret), so the table alone gives no code away.
    expect(rows[0].code_hash).toBe(createHmac('sha256', api.core.config.SESSION_SECRET).update(`${user.id}:${code}`).digest('hex'));
    expect(rows[0].code_hash).not.toContain(code);

    const reset = await api
      .client()
      .post('/api/auth/reset-password', { email_or_username: user.email, verification_code: code, new_password: 'new-password' });
    expect(reset).toMatchObject({ status: 200, body: { message: MESSAGES.passwordReset } });
    expect((await owner.get('/api/auth/me')).status).toBe(401);
    expect((await api.client().post('/api/auth/login', { login: user.email, password: 'new-password' })).status).toBe(200);
    expect((await api.client().post('/api/auth/login', { login: user.email, password: 'old-password' })).status).toBe(401);
    const reuse = await api
      .client()
      .post('/api/auth/reset-password', { email_or_username: user.email, verification_code: code, new_password: 'third-password' });
    expect(reuse).toMatchObject({ status: 400, body: { detail: MESSAGES.resetCodeInvalid } });
  });

  it('kills a code after 5 wrong tries', async () => {
    const user = await api.client().signup();
    await api.client().post('/api/auth/forgot-password', { email_or_username: user.email });
    const code = await lastMailedCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < LIMITS.resetCodeMaxAttempts; attempt++) {
      expect(
        (await api.client().post('/api/auth/reset-password', { email_or_username: user.email, verification_code: wrong, new_password: 'whatever1' }))
          .status,
      ).toBe(400);
    }
    const late = await api
      .client()
      .post('/api/auth/reset-password', { email_or_username: user.email, verification_code: code, new_password: 'whatever1' });
    expect(late).toMatchObject({ status: 400, body: { detail: MESSAGES.resetCodeInvalid } });
  });

  it('locks resets for 24 hours after 100 wrong codes in a row', async () => {
    const user = await api.client().signup();
    await api.core.db.query('UPDATE users SET reset_failures_in_row = 99 WHERE id = $1', [user.id]);
    await api.client().post('/api/auth/reset-password', { email_or_username: user.email, verification_code: '123456', new_password: 'whatever1' });
    const locked = await api
      .client()
      .post('/api/auth/reset-password', { email_or_username: user.email, verification_code: '123456', new_password: 'whatever1' });
    expect(locked).toMatchObject({ status: 429, body: { detail: MESSAGES.resetLocked } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });

  it('validates the code and the new password', async () => {
    const short = await api.client().post('/api/auth/reset-password', { email_or_username: 'x', verification_code: '12345', new_password: 'abcdef' });
    expect(short).toMatchObject({ status: 400, body: { detail: MESSAGES.resetCodeLength } });
    const weak = await api.client().post('/api/auth/reset-password', { email_or_username: 'x', verification_code: '123456', new_password: 'abc' });
    expect(weak).toMatchObject({ status: 400, body: { detail: MESSAGES.passwordTooShort } });
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const here = api.client();
    const user = await here.signup({ password: 'first-pass' });
    const elsewhere = api.client();
    await elsewhere.post('/api/auth/login', { login: user.username, password: 'first-pass' });
    expect(await here.post('/api/auth/change-password', { current_password: 'wrong-pass', new_password: 'second-pass' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.currentPasswordWrong },
    });
    expect(await here.post('/api/auth/change-password', { current_password: 'first-pass', new_password: 'first-pass' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.newPasswordSameAsCurrent },
    });
    expect(await here.post('/api/auth/change-password', { current_password: 'first-pass', new_password: 'abc' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.newPasswordTooShort },
    });
    expect(await here.post('/api/auth/change-password', { current_password: 'first-pass', new_password: 'second-pass' })).toMatchObject({
      status: 200,
      body: { message: MESSAGES.passwordChanged },
    });
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await api.client().post('/api/auth/login', { login: user.username, password: 'second-pass' })).status).toBe(200);
  });
});

describe('profile picture upload', () => {
  it('accepts an image by its bytes, stores the original and enqueues the resize', async () => {
    const client = api.client();
    const user = await client.signup();
    const answer = await client.post('/api/auth/upload-profile-picture', imageForm(IMAGES.png, 'me.txt', 'text/plain'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      picture: expect.stringMatching(new RegExp(`^/api/uploads/avatars/${user.id}-[0-9a-f]+-256\\.webp$`)),
      message: MESSAGES.pictureUpdated,
    });
    const jobs = await api.core.jobs.queues.images.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.some((job) => job.data.userId === user.id)).toBe(true);
  });

  it('refuses other content with 415 and big files with 413', async () => {
    const client = api.client();
    await client.signup();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(await client.post('/api/auth/upload-profile-picture', imageForm(svg, 'a.png', 'image/png'))).toMatchObject({
      status: 415,
      body: { detail: MESSAGES.pictureWrongType },
    });
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(LIMITS.pictureMaxBytes)]);
    expect(await client.post('/api/auth/upload-profile-picture', imageForm(big, 'big.png', 'image/png'))).toMatchObject({
      status: 413,
      body: { detail: MESSAGES.pictureTooLarge },
    });
    expect(await client.post('/api/auth/upload-profile-picture', new FormData())).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.fileRequired },
    });
    expect((await api.client().post('/api/auth/upload-profile-picture', imageForm(IMAGES.png, 'a.png', 'image/png'))).status).toBe(401);
  });
});

describe('delete account', () => {
  it('removes the user, sessions, comments and pending suggestions; keeps businesses (anonymous) and votes', async () => {
    const owner = api.client();
    const user = await owner.signup();
    const other = api.client();
    await other.post('/api/auth/login', { login: user.username, password: 'secret-pass' });
    const business = await createBusiness(owner);
    await owner.post(`/api/businesses/${business.id}/vote`, { vote_type: 'upvote' });
    await owner.post(`/api/businesses/${business.id}/comments`, { comment_text: 'My own place' });
    await owner.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'phone', suggested_value: '01' });
    const sessionKey = sessionKeyOf(owner);

    expect(await owner.post('/api/auth/delete-account')).toMatchObject({ status: 200, body: { message: MESSAGES.accountDeleted } });
    expect(await api.core.redis.exists(sessionKey)).toBe(0);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    const kept = await api.client().get(`/api/businesses/${business.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.vote_score).toBe(1);
    expect((await api.client().get(`/api/businesses/${business.id}/comments`)).body).toEqual([]);
    expect((await api.client().get(`/api/businesses/${business.id}/suggestions`)).body).toEqual([]);
    const { rows } = await api.core.db.query('SELECT owner_id FROM businesses WHERE id = $1', [business.id]);
    expect(rows[0].owner_id).toBeNull();
    expect((await api.client().post('/api/auth/login', { login: user.username, password: 'secret-pass' })).status).toBe(401);
  });
});
