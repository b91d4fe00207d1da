// End to end: API → Postgres → the daily alert job (BullMQ, the stack's worker) → SMTP → dev mail
// catcher. An alert for a city mails exactly the businesses added since its last mail, once a day, nothing when
// nothing is new, with List-Unsubscribe headers whose one-click POST (and the mailed link) ends it.
import { Queue } from 'bullmq';
import type pg from 'pg';
import { expect, Mailbox, test } from '../support/test';
import { createQueueConnection, JobQueueRepository, type JobName } from '@zaytoon/core';
import type { Mail } from '../support/mailbox';
import { e2e } from '../support/env';
import { ApiClient, businessInput, database, eventually, signUp, type Member } from './api-client';
import { confirmMailedAddress } from '../support/email-confirmation';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const city = `Alertford ${run}`;
const otherCity = `Elsewhere ${run}`;

// The tests carry on from each other's member, alerts and mails.
test.describe.configure({ mode: 'serial' });

const mailbox = new Mailbox();
let db: pg.Pool;
let connection: ReturnType<typeof createQueueConnection>;
let jobs: JobQueueRepository;
let emails: Queue;
let member: Member;
let lister: Member;

test.beforeAll(async () => {
  db = database();
  connection = createQueueConnection(e2e.redisUrl, 'producer');
  jobs = new JobQueueRepository(connection);
  emails = new Queue('emails', { connection });
  member = await confirmedMember('alerts');
  lister = await signUp('lister');
});

/** A new member whose address is confirmed through the mailed link: alerts need one. */
async function confirmedMember(prefix: string): Promise<Member> {
  const confirmed = await signUp(prefix);
  await confirmMailedAddress(mailbox, confirmed.email);
  return confirmed;
}

test.afterAll(async () => {
  await emails?.close();
  await jobs?.close();
  connection?.disconnect();
  await db?.end();
});

/** Runs a job on the stack's worker and answers what its handler returned. */
async function runJob(name: JobName): Promise<unknown> {
  const id = await jobs.enqueue(name, {});
  return eventually(
    async () => {
      const job = await emails.getJob(id!);
      return (await job?.isCompleted()) ? { value: job!.returnvalue } : undefined;
    },
    30_000,
    `${name} to complete`,
  ).then((done) => done.value);
}

const addBusiness = async (name: string, inCity = city) =>
  (await lister.client.write('/api/businesses', businessInput(name, { city: inCity }))).id as number;

/**
 * As if a day had passed: the member's last alert mail moves to yesterday, and today's digest job (whose id, per
 * member and day, keeps a second one from being queued the same day) is removed.
 */
async function dayPasses(userId: number) {
  await db.query('UPDATE users SET alerts_mailed_on = alerts_mailed_on - 1 WHERE id = $1', [userId]);
  await (await emails.getJob(`alert-digest-${userId}-${new Date().toISOString().slice(0, 10)}`))?.remove();
}

const alertMails = async (to: string) => (await mailbox.list(to)).filter((mail) => /for your alerts$/.test(mail.subject));

/** Every mailed business name of the alert mail's text, in order. */
const mailedNames = (mail: Mail) => [...mail.text.matchAll(/^- (.+) · .+: \S+\/business\/\d+$/gm)].map((match) => match[1]);

const mailedOn = async () =>
  (await db.query<{ day: string | null }>("SELECT to_char(alerts_mailed_on, 'YYYY-MM-DD') AS day FROM users WHERE id = $1", [member.id])).rows[0].day;

test.describe('alerts: saving, listing and deleting (API)', () => {
  test("saves the member's /browse filters, lists them, refuses bad input and others' deletes", async () => {
    const saved = await member.client.post('/api/alerts', { city, category: 'all', search: '' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ city, category: null, search: null });

    const again = await member.client.post('/api/alerts', { city: city.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'alertExists', detail: 'You already have an alert for these filters' });

    const tooLong = await member.client.post('/api/alerts', { city: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.codes.city).toBeTruthy();

    expect((await new ApiClient().post('/api/alerts', { city })).status).toBe(401);

    const listed = await member.client.get('/api/alerts');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([saved.body]);

    const stranger = await signUp('stranger');
    const notTheirs = await stranger.client.delete(`/api/alerts/${saved.body.id}`);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.code).toBe('alertNotFound');
    expect((await member.client.get('/api/alerts')).body).toHaveLength(1);
  });

  test('keeps at most 20 alerts per member', async () => {
    const collector = await confirmedMember('collector');
    for (let index = 0; index < 20; index += 1) {
      expect((await collector.client.post('/api/alerts', { search: `olive ${index}` })).status).toBe(201);
    }
    const refused = await collector.client.post('/api/alerts', { search: 'olive 20' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'tooManyAlerts', params: { max: 20 } });
  });
});

test.describe('alerts: the daily mail (worker)', () => {
  let firstMail: Mail;

  test('mails exactly the businesses of the city added since the alert was saved, with List-Unsubscribe headers', async () => {
    const before = await addBusiness(`Before Bakery ${run}`);
    await db.query("UPDATE businesses SET created_at = now() - interval '1 hour' WHERE id = $1", [before]);
    await addBusiness(`Za'atar Corner ${run}`);
    await addBusiness(`Olive Grove ${run}`);
    await addBusiness(`Far Away Falafel ${run}`, otherCity);

    await runJob('sendAlertMails');
    firstMail = await mailbox.waitFor(member.email, { subject: /for your alerts$/, timeoutMs: 30_000 });
    expect(firstMail.subject).toBe(`2 new businesses on ${e2e.productName} for your alerts`);
    expect(mailedNames(firstMail)).toEqual([`Olive Grove ${run}`, `Za'atar Corner ${run}`]);
    expect(firstMail.html).toContain(`In ${city}`);
    expect(firstMail.html).toContain('Za&#39;atar Corner');
    expect(firstMail.html).not.toContain('Far Away Falafel');
    expect(firstMail.html).not.toContain('Before Bakery');

    const origin = new URL(e2e.baseUrl).origin;
    expect(firstMail.listHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(firstMail.listHeaders['list-unsubscribe']).toMatch(new RegExp(`^<${origin}/api/alerts/unsubscribe\\?token=[\\w.-]+>$`));
    expect(await mailedOn()).toBe(new Date().toISOString().slice(0, 10));
  });

  test('a second run the same day mails nothing, even with a new business', async () => {
    await addBusiness(`Same Day Sumac ${run}`);
    await runJob('sendAlertMails');
    const digest = await emails.getJob(`alert-digest-${member.id}-${new Date().toISOString().slice(0, 10)}`);
    expect(digest?.data.alerts[0].businesses.map((business: { name: string }) => business.name)).toEqual([
      `Olive Grove ${run}`,
      `Za'atar Corner ${run}`,
    ]);
    // Every mail job the run queued has been sent (the digest job would be one of them): only then is "no new mail" true.
    await expect.poll(async () => await emails.getJobCounts('waiting', 'prioritized', 'active')).toEqual({ waiting: 0, prioritized: 0, active: 0 });
    expect(await alertMails(member.email)).toHaveLength(1);
  });

  test('the next day mails only what was added since the last mail; a member with nothing new gets nothing', async () => {
    const quiet = await confirmedMember('quiet');
    expect((await quiet.client.post('/api/alerts', { city: otherCity, category: 'Bookshop' })).status).toBe(201);
    await dayPasses(member.id);
    await addBusiness(`Next Day Dates ${run}`);

    expect(await runJob('sendAlertMails')).toMatchObject({ queued: expect.any(Number) });
    await eventually(async () => (await alertMails(member.email)).length === 2, 30_000, 'the second alert mail');
    const [second] = await alertMails(member.email);
    expect(mailedNames(second)).toEqual([`Next Day Dates ${run}`, `Same Day Sumac ${run}`]);

    const quietDay = await db.query('SELECT alerts_mailed_on FROM users WHERE id = $1', [quiet.id]);
    expect(quietDay.rows[0].alerts_mailed_on).toBeNull();
    expect(await alertMails(quiet.email)).toEqual([]);
  });
});

test.describe('alerts: unsubscribing', () => {
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  test('refuses a forged token with 400 on both paths', async () => {
    const forged = `1-2-3.${'A'.repeat(43)}`;
    for (const answer of [
      await new ApiClient(e2e.baseUrl).post(`/api/alerts/unsubscribe?token=${forged}`),
      await new ApiClient(e2e.baseUrl).get(`/api/alerts/unsubscribe?token=${forged}`),
      await new ApiClient(e2e.baseUrl).get('/api/alerts/unsubscribe?token=nonsense'),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('alertLinkInvalid');
    }
  });

  test("the header's URL opened in a browser leads to the site's page; its RFC 8058 one-click POST, sessionless, ends the alert", async () => {
    const header = firstMailHeader(await alertMails(member.email));
    const opened = await new ApiClient(e2e.baseUrl).get(new URL(header).pathname + new URL(header).search);
    expect(opened.status).toBe(301);
    expect(opened.headers.get('location')).toBe(`/unsubscribe-alert?token=${encodeURIComponent(tokenOf(header))}`);
    expect((await member.client.get('/api/alerts')).body).toHaveLength(1);

    // As a mail provider sends it: no cookies, no Origin, no XSRF token, a form body.
    const oneClick = await fetch(header, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ message: 'You will get no more emails for this alert' });
    expect((await member.client.get('/api/alerts')).body).toEqual([]);

    // A second click (or the mail client's retry) answers alike.
    expect((await fetch(header, { method: 'POST' })).status).toBe(200);
  });

  test("the mail's own 'Stop this alert' link ends that alert", async () => {
    expect((await member.client.post('/api/alerts', { category: 'Cafe', search: `Stop ${run}` })).status).toBe(201);
    await dayPasses(member.id);
    await addBusiness(`Stop ${run} Cafe`);
    await runJob('sendAlertMails');
    await eventually(async () => (await alertMails(member.email)).length === 3, 30_000, 'the third alert mail');
    const [mail] = await alertMails(member.email);
    expect(mail.text).toContain(`Cafe · Matching "Stop ${run}"`);
    const stop = /^Stop this alert: (\S+)$/m.exec(mail.text)?.[1];
    expect(new URL(stop!).pathname).toBe('/unsubscribe-alert');

    const ended = await new ApiClient(e2e.baseUrl).post(`/api/alerts/unsubscribe?token=${encodeURIComponent(tokenOf(stop!))}`);
    expect(ended.status).toBe(200);
    expect((await member.client.get('/api/alerts')).body).toEqual([]);
  });
});

test.describe('alerts: account deletion', () => {
  test("removes the member's alerts", async () => {
    const leaving = await confirmedMember('leaving');
    expect((await leaving.client.post('/api/alerts', { city })).status).toBe(201);
    expect((await leaving.client.post('/api/auth/delete-account')).status).toBe(200);
    expect((await db.query('SELECT count(*)::int AS n FROM alerts WHERE user_id = $1', [leaving.id])).rows[0].n).toBe(0);
  });
});

function firstMailHeader(mails: Mail[]): string {
  const header = mails[mails.length - 1].listHeaders['list-unsubscribe'];
  return header.replace(/^<|>$/g, '');
}
