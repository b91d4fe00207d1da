// Two API processes and two workers behind the nginx front door (support/scale-out-stack.ts),
// shown to act as one service: sessions, rate limits, fresh reads, jobs run once, no GET lost when an
// API process dies, and the directory still served when the admin remote's server is gone.
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { expect, test as browserTest } from '../support/test';
import { SESSION_COOKIE } from '@zaytoon/contract';
import { createQueueConnection } from '@zaytoon/core';
import { ApiClient, businessInput, signUp } from '../jobs/api-client';
import { firstBusinessRow } from '../support/directory';
import { CONFIRMATION_SUBJECT } from '../support/email-confirmation';
import { SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT, startScaleOutStack, type ScaleOutStack } from '../support/scale-out-stack';

let stack: ScaleOutStack;
/** The file's own stack, started before its first test and stopped after its last; pages open on its front door. */
const test = browserTest.extend<object, { scaleOutStack: ScaleOutStack }>({
  scaleOutStack: [
    async ({}, use) => {
      stack = await startScaleOutStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ scaleOutStack }, use) => {
    await use(scaleOutStack.baseUrl);
  },
});

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

/** A client of one API process (or of the front door), writing as pages of the front door's origin do. */
const clientOf = (base: string) => new ApiClient(base, new URL(stack.baseUrl).origin);

/** The same browser session (cookies) on another process. */
function sameSessionOn(base: string, client: ApiClient): ApiClient {
  const other = clientOf(base);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

test.describe('scale-out: two API processes and two workers behind the front door', () => {
  test.describe.configure({ timeout: 120_000 });
  test('a session made on one API process works on the other, and through the front door', async () => {
    const member = await signUp('scaleout', clientOf(stack.apiUrls[0]));
    for (const base of [stack.apiUrls[1], stack.baseUrl]) {
      const me = await sameSessionOn(base, member.client).get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(member.username);
    }
    const logout = await sameSessionOn(stack.apiUrls[1], member.client).post('/api/auth/logout');
    expect(logout.status).toBeLessThan(300);
    expect((await sameSessionOn(stack.apiUrls[0], member.client).get('/api/auth/me')).status).toBe(401);
  });

  test('a rate limit counts the attempts made on both processes together', async () => {
    const member = await signUp('scaleout', clientOf(stack.apiUrls[0]));
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT; attempt++) {
      const client = clientOf(stack.apiUrls[attempt % 2]);
      statuses.push((await client.login(member.username, 'not-the-password')).status);
    }
    // Each process alone saw at most 3 attempts, under the limit of 5: only a shared count refuses the 6th.
    expect(statuses.slice(0, SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT), statuses.join(' ')).toEqual(Array(SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT).fill(401));
    expect(statuses[SCALE_OUT_LOGIN_LIMIT_PER_ACCOUNT]).toBe(429);
  });

  test('an edit through one process is seen at once through the other (no stale cache)', async () => {
    const { client: writer } = await signUp('scaleout-owner', clientOf(stack.apiUrls[0]));
    const created = await writer.post('/api/businesses', businessInput(`Scale-out Original ${Date.now()}`));
    expect(created.status).toBe(201);
    const id = created.body.id;
    const reader = clientOf(stack.apiUrls[1]);
    // Read twice so the second process holds the answers in its cache.
    for (let i = 0; i < 2; i++) expect((await reader.get(`/api/businesses/${id}`)).body.name).toBe(created.body.name);
    const listPath = `/api/businesses?search=${encodeURIComponent('Scale-out Renamed')}`;
    const before = await reader.get(listPath);
    expect(before.body.some((business: { id: number }) => business.id === id)).toBe(false);

    const renamed = `Scale-out Renamed ${Date.now()}`;
    expect((await writer.put(`/api/businesses/${id}`, businessInput(renamed))).status).toBe(200);
    expect((await reader.get(`/api/businesses/${id}`)).body.name).toBe(renamed);
    expect((await reader.get(listPath)).body.map((business: { name: string }) => business.name)).toContain(renamed);
  });

  test('each background job runs once with two workers (one reset mail per request, one confirmation mail per signup)', async ({ mailbox }) => {
    const members = await Promise.all(Array.from({ length: 8 }, () => signUp('scaleout-mail', clientOf(stack.baseUrl))));
    for (const member of members) {
      const answer = await clientOf(stack.baseUrl).post('/api/auth/forgot-password', { email_or_username: member.email });
      expect(answer.status).toBe(200);
    }
    const reset = /password reset code$/;
    for (const member of members) await mailbox.waitFor(member.email, { subject: reset, timeoutMs: 30_000 });
    for (const member of members) await mailbox.waitFor(member.email, { subject: CONFIRMATION_SUBJECT, timeoutMs: 30_000 });
    // Every mail job has run (none waiting or running on either worker): a second delivery of any would be in by now.
    const connection = createQueueConnection(stack.redisUrl, 'producer');
    const emails = new Queue('emails', { connection });
    try {
      await expect
        .poll(() => emails.getJobCounts('waiting', 'prioritized', 'active'), { timeout: 30_000 })
        .toEqual({ waiting: 0, prioritized: 0, active: 0 });
    } finally {
      await emails.close();
      connection.disconnect();
    }
    for (const member of members) {
      const subjects = (await mailbox.list(member.email)).map((mail) => mail.subject);
      expect(subjects.filter((subject) => reset.test(subject))).toHaveLength(1);
      expect(subjects.filter((subject) => CONFIRMATION_SUBJECT.test(subject))).toHaveLength(1);
      expect(subjects).toHaveLength(2);
    }
  });

  test('the directory still serves / and /browse when the admin remote server is stopped', async ({ page, errors }) => {
    await stack.remotes.admin.proc.stop();
    const adminManifest = fetch(`${stack.remotes.admin.url}/mf-manifest.json`);
    await expect(adminManifest).rejects.toThrow();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Find Pro-Palestinian Businesses' })).toBeVisible();
    await page.goto('/browse');
    await expect((await firstBusinessRow(page)).isVisible()).resolves.toBe(true);
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });

  test('loses no GET while one API process is killed under steady load (the front door retries on the other)', async () => {
    const { rows } = await stack.pool.query<{ id: number }>('SELECT id FROM businesses ORDER BY id LIMIT 5');
    const paths = [...rows.map((row) => `/api/businesses/${row.id}`), '/api/businesses?limit=20', '/api/businesses/summary'];
    // A session cookie (not a valid one) keeps the front door's micro-cache out of the way: every GET reaches a process.
    let load!: autocannon.Instance;
    const run = new Promise<autocannon.Result>((resolve, reject) => {
      load = autocannon(
        {
          url: stack.baseUrl,
          connections: 10,
          duration: 8,
          headers: { cookie: `${SESSION_COOKIE}=load-test` },
          requests: paths.map((path) => ({ method: 'GET' as const, path })),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    // The load is under way (answers coming back through the front door) before one process dies.
    await new Promise<void>((resolve) => {
      let answered = 0;
      load.on('response', () => {
        if (++answered === 200) resolve();
      });
    });
    stack.apis[0].kill();
    const result = await run;
    expect(stack.apis[0].exit?.signal).toBe('SIGKILL');
    expect(result.requests.total).toBeGreaterThan(200);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(stack.apis[1].exit).toBeUndefined();
  });
});
