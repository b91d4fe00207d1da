import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { JobDataCipher } from '@zaytoon/core';
import { startTestApi, type TestApi } from '../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

/** The codes of the reset mails enqueued for `email`, oldest first (opened with the API's key, as the worker does). */
async function mailedCodes(email: string): Promise<string[]> {
  const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
  const cipher = new JobDataCipher(api.core.config);
  return jobs
    .filter((job) => job.name === 'send-reset-code' && job.data.to === email)
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((job) => cipher.decrypt(job.data.code));
}

describe('reset mails', () => {
  it('at most 3 per account per 15 minutes, re-sending the live code, with the same generic answer', async () => {
    const user = await api.client().signup();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await api.client().post('/api/auth/forgot-password', { email_or_username: user.username }));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { message: MESSAGES.resetCodeSent } });
    const codes = await mailedCodes(user.email);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(1);
    const { rows } = await api.core.db.query('SELECT code_sealed FROM reset_codes WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].code_sealed).not.toContain(codes[0]);
    // The re-sent code works.
    const reset = await api
      .client()
      .post('/api/auth/reset-password', { email_or_username: user.username, verification_code: codes[0], new_password: 'new-password' });
    expect(reset.status).toBe(200);
  });

  it('at most 10 per day, and a new code once the live one is over', async () => {
    const user = await api.client().signup();
    await api.client().post('/api/auth/forgot-password', { email_or_username: user.email });
    // The code expires and the 15-minute window passes.
    await api.core.db.query("UPDATE reset_codes SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
    await api.core.redis.del(`reset-mail:window:${user.id}`);
    await api.client().post('/api/auth/forgot-password', { email_or_username: user.email });
    const codes = await mailedCodes(user.email);
    expect(codes).toHaveLength(2);
    expect(codes[1]).not.toBe(codes[0]);
    // Ten mails today: the eleventh request mails nothing, the answer unchanged.
    await api.core.redis.del(`reset-mail:window:${user.id}`);
    await api.core.redis.set(`reset-mail:day:${user.id}`, '10', 'EX', 3600);
    const late = await api.client().post('/api/auth/forgot-password', { email_or_username: user.email });
    expect(late).toMatchObject({ status: 200, body: { message: MESSAGES.resetCodeSent } });
    expect(await mailedCodes(user.email)).toHaveLength(2);
  });
});
