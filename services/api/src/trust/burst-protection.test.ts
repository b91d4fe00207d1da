// Protection from bursts: enough new accounts acting against a business within the window pause it; while paused,
// new accounts may not vote, comment or answer on it, and their votes from the window are set aside from vote_score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAGING } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let owner: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  owner = await established();
});
afterAll(async () => api?.stop());

/** A member whose account is `ageDays` old (0: made now). */
async function member(ageDays: number): Promise<ApiTestClient & { id: number; username: string }> {
  const client = api.client();
  const { id, username } = await client.signup();
  if (ageDays) await api.core.db.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [id, ageDays]);
  return Object.assign(client, { id, username });
}
const established = () => member(30);
const newcomers = async (count: number) => Promise.all(Array.from({ length: count }, () => member(0)));

const downvote = (client: ApiTestClient, businessId: number) => client.post(`/api/businesses/${businessId}/vote`, { vote_type: 'downvote' });
const upvote = (client: ApiTestClient, businessId: number) => client.post(`/api/businesses/${businessId}/vote`, { vote_type: 'upvote' });
const report = (client: ApiTestClient, businessId: number) =>
  client.post('/api/reports', { business_id: businessId, reason: 'Does not support Palestine', description: 'fake' });
const answer = (client: ApiTestClient, businessId: number, value: string) =>
  client.post(`/api/businesses/${businessId}/confirmations`, { answer: value });
const comment = (client: ApiTestClient, businessId: number) => client.post(`/api/businesses/${businessId}/comments`, { comment_text: 'Hello there' });
const detail = async (businessId: number) => (await api.client().get(`/api/businesses/${businessId}`)).body;

async function expectStatus(answer: Promise<{ status: number; body: any }>, status: number) {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

describe('a burst pauses a business', () => {
  it('four new accounts do not pause it; the fifth, mixing downvotes, reports and negative answers, does', async () => {
    const business = await createBusiness(owner);
    const [a, b, c, d, e] = await newcomers(5);
    await expectStatus(downvote(a, business.id), 200);
    await expectStatus(downvote(b, business.id), 200);
    await expectStatus(report(c, business.id), 201);
    await expectStatus(answer(d, business.id, 'Closed'), 201);
    expect((await detail(business.id)).protection).toBeNull();
    await expectStatus(answer(e, business.id, 'No longer supportive'), 201);
    const paused = await detail(business.id);
    expect(paused.protection).toMatchObject({ state: 'paused', reason: 'burst' });
    expect(Date.parse(paused.protection.since)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("old accounts' actions and new accounts' upvotes and 'Yes' answers do not count", async () => {
    const business = await createBusiness(owner);
    const olds = await Promise.all([established(), established(), established()]);
    for (const old of olds) await expectStatus(downvote(old, business.id), 200);
    const [a, b, c, d] = await newcomers(4);
    await expectStatus(upvote(a, business.id), 200);
    await expectStatus(answer(b, business.id, 'Yes'), 201);
    await expectStatus(downvote(c, business.id), 200);
    await expectStatus(report(d, business.id), 201);
    expect((await detail(business.id)).protection).toBeNull();
  });

  it('an account counts as new by its age when it acted, and actions before the window do not count', async () => {
    const business = await createBusiness(owner);
    // Four new accounts acted 61 minutes ago: outside the window.
    const early = await newcomers(4);
    for (const account of early) await expectStatus(downvote(account, business.id), 200);
    await api.core.db.query(`UPDATE votes SET created_at = now() - interval '61 minutes' WHERE business_id = $1`, [business.id]);
    const late = await newcomers(4);
    for (const account of late) await expectStatus(downvote(account, business.id), 200);
    expect((await detail(business.id)).protection).toBeNull();
    // An account 7 days old is not new.
    await expectStatus(downvote(await member(7), business.id), 200);
    expect((await detail(business.id)).protection).toBeNull();
    await expectStatus(downvote(await member(6), business.id), 200);
    expect((await detail(business.id)).protection).toMatchObject({ state: 'paused' });
  });

  it('simultaneous actions start one pause, and every new vote of the window is set aside', async () => {
    const business = await createBusiness(owner);
    const accounts = await newcomers(8);
    const answers = await Promise.all(accounts.map((account) => downvote(account, business.id)));
    // One after another on the business's lock: the fifth starts the pause, the later ones meet it.
    expect(answers.map((one) => one.status).sort()).toEqual([200, 200, 200, 200, 200, 423, 423, 423]);
    const { rows } = await api.core.db.query('SELECT count(*)::int AS pauses FROM business_pauses WHERE business_id = $1', [business.id]);
    expect(rows[0].pauses).toBe(1);
    const { rows: votes } = await api.core.db.query('SELECT count(*)::int AS counted FROM votes WHERE business_id = $1 AND set_aside_by IS NULL', [
      business.id,
    ]);
    expect(votes[0].counted).toBe(0);
    expect((await detail(business.id)).downvotes).toBe(0);
  });
});

describe('while a business is paused', () => {
  let business: { id: number };
  let burst: Awaited<ReturnType<typeof newcomers>>;
  let olds: Awaited<ReturnType<typeof established>>[];
  beforeAll(async () => {
    business = await createBusiness(owner);
    olds = [await established(), await established()];
    await expectStatus(downvote(olds[0], business.id), 200);
    await expectStatus(upvote(olds[1], business.id), 200);
    // The upvote does not count towards the burst, but is set aside with the others: four downvotes and a report do.
    burst = await newcomers(6);
    await expectStatus(upvote(burst[0], business.id), 200);
    for (const account of burst.slice(1, 5)) await expectStatus(downvote(account, business.id), 200);
    expect((await detail(business.id)).protection).toBeNull();
    await expectStatus(report(burst[5], business.id), 201);
    expect((await detail(business.id)).protection).toMatchObject({ state: 'paused' });
  });

  it('new accounts answer 423 with the message on votes, comments and confirmations; old accounts do not', async () => {
    const newcomer = await member(0);
    for (const refused of [downvote(newcomer, business.id), comment(newcomer, business.id), answer(newcomer, business.id, 'Yes')]) {
      const body = await expectStatus(refused, 423);
      expect(body.detail).toBe(MESSAGES.businessPausedForNewAccounts);
      expect(body.code).toBe('businessPausedForNewAccounts');
    }
    // A burst account may not change or take back its vote either.
    await expectStatus(upvote(burst[1], business.id), 423);
    const old = await established();
    await expectStatus(comment(old, business.id), 201);
    await expectStatus(answer(old, business.id, 'Yes'), 201);
    await expectStatus(upvote(old, business.id), 200);
  });

  it("the new accounts' votes of the window are set aside from vote_score; reports stay pending, marked as the burst's", async () => {
    const counted = await detail(business.id);
    // Only the established accounts' votes count: the first's downvote, the second's and the third's upvotes.
    expect([counted.upvotes, counted.downvotes]).toEqual([expect.any(Number), 1]);
    const { rows } = await api.core.db.query(
      `SELECT count(*) FILTER (WHERE set_aside_by IS NOT NULL)::int AS set_aside, count(*) FILTER (WHERE set_aside_by IS NULL)::int AS counted,
              count(*) FILTER (WHERE set_aside_by IS NULL AND vote_type = 'upvote')::int AS up
         FROM votes WHERE business_id = $1`,
      [business.id],
    );
    expect(rows[0].set_aside).toBe(5);
    expect(counted.upvotes).toBe(rows[0].up);
    expect(counted.vote_score).toBe(rows[0].up - 1);
    const { rows: reports } = await api.core.db.query('SELECT status, burst_id FROM reports WHERE business_id = $1', [business.id]);
    expect(reports).toEqual([{ status: 'pending', burst_id: expect.any(Number) }]);
    // Still listed: report volume alone never removes a business.
    expect((await api.client().get(`/api/businesses/${business.id}`)).status).toBe(200);
    // A report a new account makes during the pause joins the burst; reports stay open to new accounts.
    await expectStatus(report(await member(0), business.id), 201);
    const { rows: marked } = await api.core.db.query('SELECT count(*)::int AS marked FROM reports WHERE business_id = $1 AND burst_id IS NOT NULL', [
      business.id,
    ]);
    expect(marked[0].marked).toBe(2);
  });
});

/** A business paused by a burst of six new accounts (an upvote, four downvotes, a report), with two established votes. */
async function pausedBusiness() {
  const business = await createBusiness(owner);
  await expectStatus(upvote(await established(), business.id), 200);
  await expectStatus(upvote(await established(), business.id), 200);
  const burst = await newcomers(6);
  await expectStatus(upvote(burst[0], business.id), 200);
  for (const account of burst.slice(1, 5)) await expectStatus(downvote(account, business.id), 200);
  await expectStatus(report(burst[5], business.id), 201);
  expect(await detail(business.id)).toMatchObject({ upvotes: 2, downvotes: 0, vote_score: 2, protection: { state: 'paused' } });
  return { business, burst };
}

async function auditOf(businessId: number) {
  const { rows } = await api.core.db.query(
    `SELECT action, actor_id, details FROM audit_log WHERE target_type = 'business' AND target_id = $1 AND action LIKE 'protection.%' ORDER BY id`,
    [businessId],
  );
  return rows;
}

describe("the admins' decisions", () => {
  it("lists the paused business with the burst's accounts, their ages and what they did; members may not", async () => {
    const { business, burst } = await pausedBusiness();
    const list = await admin.get('/api/admin/protection?limit=100');
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    const entry = list.body.find((item: { business: { id: number } }) => item.business.id === business.id);
    expect(entry).toMatchObject({ business: { id: business.id, name: business.name }, reason: 'burst', set_aside_votes: 5, votes_decision: null });
    expect(entry.accounts.map((account: { username: string }) => account.username)).toEqual(burst.map((account) => account.username));
    expect(entry.accounts[0]).toMatchObject({ account_age_days: 0, actions: [{ action: 'upvote', detail: null }] });
    expect(entry.accounts[5].actions).toEqual([{ action: 'report', detail: 'Does not support Palestine', at: expect.any(String) }]);
    const someone = await established();
    expect((await someone.get('/api/admin/protection')).status).toBe(403);
    expect((await someone.post(`/api/admin/businesses/${business.id}/protection/lift`)).status).toBe(403);
  });

  it('reads the first votes, reports and answers of each kind since the window began, and says when there were more', async () => {
    const business = await createBusiness(owner, { name: `Busy Bakery ${Date.now()}` });
    await api.core.db.query(
      `INSERT INTO business_pauses (business_id, reason, window_start, account_age_days) VALUES ($1, 'burst', now() - interval '1 hour', 7)`,
      [business.id],
    );
    // A busy window: more new accounts' votes than the list reads, one a minute from its start.
    const voters = await api.core.db.query<{ id: number; username: string }>(
      `INSERT INTO users (email, username, name, password_hash, created_at)
       SELECT 'busy' || n || '-' || $2 || '@example.org', 'busy' || n || '-' || $2, 'Busy voter', 'x', now() - interval '2 hours'
         FROM generate_series(1, $1::int) n ORDER BY n RETURNING id, username`,
      [PAGING.burstActionsRead + 1, business.id],
    );
    await api.core.db.query(
      `INSERT INTO votes (business_id, user_id, vote_type, created_at)
       SELECT $1, voter, 'upvote', now() - interval '59 minutes' + make_interval(secs => i) FROM unnest($2::int[]) WITH ORDINALITY AS v(voter, i)`,
      [business.id, voters.rows.map((voter) => voter.id)],
    );
    const entryOf = async () =>
      (await admin.get(`/api/admin/protection?search=${encodeURIComponent(business.name)}`)).body as {
        more_actions: boolean;
        accounts: { username: string }[];
      }[];
    const [busy] = await entryOf();
    expect(busy.more_actions).toBe(true);
    expect(busy.accounts[0].username).toBe(voters.rows[0].username);

    await api.core.db.query('DELETE FROM votes WHERE business_id = $1 AND user_id = $2', [business.id, voters.rows.at(-1)!.id]);
    const [read] = await entryOf();
    expect(read.more_actions).toBe(false);
    expect(read.accounts.map((account) => account.username)).toEqual(voters.rows.slice(0, 50).map((voter) => voter.username));
  });

  it("'Keep the votes' counts the set-aside votes again, and survives a recount of the totals", async () => {
    const { business } = await pausedBusiness();
    const kept = await expectStatus(admin.post(`/api/admin/businesses/${business.id}/protection/keep-votes`), 200);
    expect(kept).toMatchObject({ votes: 5, protection: { state: 'paused' } });
    expect(await detail(business.id)).toMatchObject({ upvotes: 3, downvotes: 4, vote_score: -1, protection: { state: 'paused' } });
    expect(await auditOf(business.id)).toEqual([
      { action: 'protection.keep_votes', actor_id: expect.any(Number), details: { pause_id: expect.any(Number), votes: 5 } },
    ]);
  });

  it("'Discard the votes' removes them, and 'Lift protection' ends the pause: new accounts may vote again", async () => {
    const { business, burst } = await pausedBusiness();
    // A recount from the votes rows, as a repair would, agrees with the totals while the votes are set aside.
    const recount = await api.core.db.query(
      `SELECT count(*) FILTER (WHERE vote_type = 'upvote')::int AS up, count(*) FILTER (WHERE vote_type = 'downvote')::int AS down
         FROM votes WHERE business_id = $1 AND set_aside_by IS NULL`,
      [business.id],
    );
    expect(recount.rows[0]).toEqual({ up: 2, down: 0 });
    const discarded = await expectStatus(admin.post(`/api/admin/businesses/${business.id}/protection/discard-votes`), 200);
    expect(discarded.votes).toBe(5);
    expect(await detail(business.id)).toMatchObject({ upvotes: 2, downvotes: 0, vote_score: 2 });
    const { rows } = await api.core.db.query('SELECT count(*)::int AS votes FROM votes WHERE business_id = $1', [business.id]);
    expect(rows[0].votes).toBe(2);
    // Still refused until lifted.
    await expectStatus(downvote(burst[1], business.id), 423);
    const lifted = await expectStatus(admin.post(`/api/admin/businesses/${business.id}/protection/lift`), 200);
    expect(lifted).toEqual({ votes: 0, protection: null });
    expect((await detail(business.id)).protection).toBeNull();
    await expectStatus(downvote(burst[1], business.id), 200);
    await expectStatus(comment(burst[2], business.id), 201);
    // The lifted burst's accounts do not pause it again by themselves.
    expect((await detail(business.id)).protection).toBeNull();
    expect((await auditOf(business.id)).map((entry) => entry.action)).toEqual(['protection.discard_votes', 'protection.lift']);
    expect((await admin.post(`/api/admin/businesses/${business.id}/protection/lift`)).status).toBe(409);
    expect((await admin.post('/api/admin/businesses/999999999/protection/lift')).status).toBe(404);
  });

  it("'Lift protection' with the votes undecided counts them again", async () => {
    const { business } = await pausedBusiness();
    expect(await expectStatus(admin.post(`/api/admin/businesses/${business.id}/protection/lift`), 200)).toEqual({ votes: 5, protection: null });
    expect(await detail(business.id)).toMatchObject({ upvotes: 3, downvotes: 4, protection: null });
  });
});

describe("the owner's mail", () => {
  const pauseNotices = async (businessId: number) =>
    (await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
      (job) => job.name === 'send-pause-notice' && job.data.businessId === businessId,
    );

  it('is queued once when a pause begins, to the owner in their language; an unconfirmed address gets none', async () => {
    const welsh = await established();
    await api.core.db.query(`UPDATE users SET language = 'cy', email_confirmed_at = now() WHERE id = $1`, [welsh.id]);
    const business = await createBusiness(welsh);
    const accounts = await newcomers(6);
    for (const account of accounts) await downvote(account, business.id);
    const notices = await pauseNotices(business.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].data).toMatchObject({ language: 'cy', businessName: business.name, businessId: business.id });

    const unconfirmed = await createBusiness(owner);
    for (const account of await newcomers(5)) await downvote(account, unconfirmed.id);
    expect((await detail(unconfirmed.id)).protection).toMatchObject({ state: 'paused' });
    expect(await pauseNotices(unconfirmed.id)).toEqual([]);
  });
});

describe('a merge', () => {
  it('drops the votes a burst set aside on the merged business instead of counting them on the survivor', async () => {
    const survivor = await createBusiness(owner);
    const { business: merged } = await pausedBusiness();
    const answer = await admin.post(`/api/admin/businesses/${survivor.id}/merge`, { from: merged.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await detail(survivor.id)).toMatchObject({ upvotes: 2, downvotes: 0, vote_score: 2 });
    const { rows } = await api.core.db.query('SELECT count(*)::int AS votes FROM votes WHERE business_id = $1', [survivor.id]);
    expect(rows[0].votes).toBe(2);
  });
});

describe("the admins' reports", () => {
  it('say which pending reports are part of a burst, in the Reports list and the Businesses list', async () => {
    const { business } = await pausedBusiness();
    const oldReporter = await established();
    await expectStatus(report(oldReporter, business.id), 201);
    const pending = (await admin.get('/api/admin/reports/pending?limit=100')).body as { business_id: number; part_of_burst: boolean }[];
    expect(pending.filter((item) => item.business_id === business.id).map((item) => item.part_of_burst)).toEqual([false, true]);
    const { rows } = await api.core.db.query('SELECT reason FROM reports WHERE business_id = $1 AND burst_id IS NOT NULL', [business.id]);
    expect(rows).toHaveLength(1);
  });
});
