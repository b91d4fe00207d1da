// Every 6 months each claimed owner is mailed a freshness reminder with a one-click
// 'Everything is still accurate' link (single use, 30 days) and a link to edit the listing.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, startWorker, waitFor, waitForJob, type CaughtMail, type TestContext } from './test-context';
import { insertBusiness, insertUser } from './fixtures';
import type { RunningWorker } from '../worker';

let context: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  context = await createTestContext();
  worker = await startWorker(context, { PUBLIC_ORIGIN: 'https://zaytoon.test' });
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

/** A business whose ownership an admin approved `claimedAgo` ago (SQL interval), last reminded `remindedAgo` ago. */
async function claimedBusiness(claimedAgo: string | null, remindedAgo: string | null = null) {
  // Reminders go only to a confirmed address.
  const owner = await insertUser(context.db, { name: 'Amal Haddad', emailConfirmed: true });
  const business = await insertBusiness(context.db, { ownerId: owner.id });
  await context.db.query(`UPDATE businesses SET owner_claimed_at = now() - $2::interval, owner_reminded_at = now() - $3::interval WHERE id = $1`, [
    business.id,
    claimedAgo,
    remindedAgo,
  ]);
  return { owner, business };
}

async function runSweep(): Promise<number> {
  const jobId = await context.producer.enqueue('sendFreshnessReminders', {});
  const result = await waitForJob(context.queues.emails, jobId!);
  expect(result.state).toBe('completed');
  return result.returnvalue.queued;
}

/** The mails to `to` once the first has arrived. */
const mailsOnceArrived = (to: string): Promise<CaughtMail[]> =>
  waitFor(
    async () => {
      const mails = await context.mailsTo(to);
      return mails.length > 0 && mails;
    },
    15_000,
    `reminder to ${to}`,
  );

async function tokensOf(businessId: number): Promise<number> {
  const { rows } = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM freshness_tokens WHERE business_id = $1', [businessId]);
  return rows[0].n;
}

describe('freshness reminders', () => {
  it('are scheduled daily at 09:00 UTC on the emails queue', async () => {
    const schedulers = await context.queues.emails.getJobSchedulers();
    // The emails queue's other schedule is the alerts' daily mail.
    expect(schedulers.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      expect.objectContaining({ name: 'send-alert-mails', pattern: '0 7 * * *', tz: 'UTC' }),
      expect.objectContaining({ name: 'send-freshness-reminders', pattern: '0 9 * * *', tz: 'UTC' }),
    ]);
  });

  it('mails each owner due after 6 months, once, with a single-use 30-day link and an edit link', async () => {
    const due = await claimedBusiness('6 months 1 day');
    const remindedLongAgo = await claimedBusiness('3 years', '6 months 2 days');
    const recent = await claimedBusiness('5 months');
    const remindedRecently = await claimedBusiness('3 years', '1 month');
    const unclaimed = await claimedBusiness(null);

    expect(await runSweep()).toBe(2);

    const [mail, ...more] = await mailsOnceArrived(due.owner.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe(`Is "${due.business.name}" still accurate on Zaytoon?`);
    expect(mail.text).toContain('Hello Amal Haddad,');
    const confirmLink = /Everything is still accurate: (https:\/\/zaytoon\.test\/confirm-listing\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text);
    expect(confirmLink).not.toBeNull();
    expect(mail.text).toContain(`Edit the listing: https://zaytoon.test/edit-business/${due.business.id}`);
    expect(mail.html).toContain(`href="${confirmLink![1]}"`);

    // Stored hashed, for the owner and business, for 30 days, unused.
    const { rows } = await context.db.query(
      `SELECT token_hash, user_id, business_id, used_at, round(extract(epoch FROM expires_at - created_at) / 86400) AS days
         FROM freshness_tokens WHERE business_id = $1`,
      [due.business.id],
    );
    expect(rows).toEqual([
      {
        token_hash: createHash('sha256').update(confirmLink![2]).digest('hex'),
        user_id: due.owner.id,
        business_id: due.business.id,
        used_at: null,
        days: '30',
      },
    ]);

    expect(await mailsOnceArrived(remindedLongAgo.owner.email)).toHaveLength(1);
    for (const quiet of [recent, remindedRecently, unclaimed]) {
      expect(await tokensOf(quiet.business.id)).toBe(0);
      expect(await context.mailsTo(quiet.owner.email)).toHaveLength(0);
    }

    // A re-run the same day queues no mail and makes no token.
    expect(await runSweep()).toBe(0);
    expect(await tokensOf(due.business.id)).toBe(1);
  });

  it('works through more owners than one batch holds', async () => {
    const owners = [];
    for (let i = 0; i < 5; i++) owners.push(await claimedBusiness('7 months'));
    const { FreshnessService } = await import('@zaytoon/core');
    const service = new FreshnessService(context.db, context.producer);
    expect(await service.sendDueReminders(2)).toBe(5);
    for (const { owner, business } of owners) {
      expect(await tokensOf(business.id)).toBe(1);
      expect(await mailsOnceArrived(owner.email)).toHaveLength(1);
    }
  });

  it('skips an owner whose account is gone (the business stays, without a claimed owner)', async () => {
    const gone = await claimedBusiness('1 year');
    await context.db.query('DELETE FROM users WHERE id = $1', [gone.owner.id]);
    expect(await runSweep()).toBe(0);
    expect(await tokensOf(gone.business.id)).toBe(0);
  });
});
