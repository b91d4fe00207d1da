// What operators see of the queues: bull-board at /ops/queues (admins only, also through the
// shell's proxy) and the per-queue job counts in the API's Prometheus metrics.
import { expect, test } from '../support/test';
import { e2e } from '../support/env';

import { ApiClient, eventually, signInAdmin, signUp, type Member } from './api-client';

const QUEUES = ['emails', 'images', 'moderation', 'statistics', 'geocoding', 'links'];
const STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'];

let admin: ApiClient;
let member: Member;

test.beforeAll(async () => {
  admin = await signInAdmin();
  member = await signUp('ops');
});

/** The same session cookies, sent to the shell (which proxies /ops to the API). */
function throughShell(client: ApiClient): ApiClient {
  const shell = new ApiClient(e2e.baseUrl);
  for (const [name, value] of client.cookies) shell.cookies.set(name, value);
  return shell;
}

test.describe('bull-board at /ops/queues', () => {
  test('answers 200 for the admin, on the API and through the shell, and lists the six queues', async () => {
    for (const client of [admin, throughShell(admin)]) {
      const page = await client.get('/ops/queues');
      expect(page.status, `${client.base}/ops/queues`).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.body).toMatch(/<html/i);
    }
    const queues = await admin.get('/ops/queues/api/queues');
    expect(queues.status).toBe(200);
    const names = (queues.body.queues as Array<{ name: string }>).map((queue) => queue.name).sort();
    expect(names).toEqual([...QUEUES].sort());
  });

  test('answers 403 for a member and 401 without a session', async () => {
    for (const client of [member.client, throughShell(member.client)]) {
      const page = await client.get('/ops/queues');
      expect(page.status, `${client.base}/ops/queues`).toBe(403);
      expect(page.body.detail).toEqual(expect.any(String));
      expect((await client.get('/ops/queues/api/queues')).status).toBe(403);
    }
    expect((await new ApiClient().get('/ops/queues')).status).toBe(401);
    expect((await new ApiClient(e2e.baseUrl).get('/ops/queues/api/queues')).status).toBe(401);
  });
});

test.describe('GET /metrics on the API', () => {
  /** `bullmq_jobs{queue="…",state="…"} N` lines, as numbers. */
  async function jobCounts(): Promise<Map<string, number>> {
    const answer = await fetch(`${e2e.apiUrl}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain('# TYPE bullmq_jobs gauge');
    const counts = new Map<string, number>();
    for (const [, queue, state, value] of text.matchAll(/^bullmq_jobs\{queue="([^"]+)",state="([^"]+)"\} (\d+)$/gm)) {
      counts.set(`${queue}/${state}`, Number(value));
    }
    return counts;
  }

  test('carries job counts per queue and state, and counts a completed mail job', async ({ mailbox }) => {
    const before = await jobCounts();
    for (const queue of QUEUES) for (const state of STATES) expect(before.has(`${queue}/${state}`), `${queue}/${state}`).toBe(true);

    // One more mail through the emails queue: the password-changed notice (a reset-code job is removed once done).
    const changed = await member.client.post('/api/auth/change-password', { current_password: member.password, new_password: 'second-pass-456' });
    expect(changed.status).toBe(200);
    member.password = 'second-pass-456';
    await mailbox.waitFor(member.email, { subject: /password (was|has been) changed/i });
    // completed counts what BullMQ keeps (removeOnComplete keeps the last 1,000), so compare with a cap in mind.
    const emailsBefore = before.get('emails/completed')!;
    const after = await eventually(
      async () => {
        const now = await jobCounts();
        return now.get('emails/completed')! > emailsBefore || (emailsBefore >= 1000 && now.get('emails/completed')! >= 1000) ? now : null;
      },
      5_000,
      'bullmq_jobs{queue="emails",state="completed"} to count the mail',
    );
    expect(after.get('emails/completed')).toBeGreaterThanOrEqual(1);
    expect(after.get('emails/failed')).toBe(0);
  });
});
