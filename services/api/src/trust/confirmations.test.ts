// 'Still open and still supportive?': once per member and business in 30 days; three 'Closed' or
// 'No longer supportive' answers from established members put the business in Re-checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let owner: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  owner = api.client();
  await owner.signup();
});
afterAll(async () => api?.stop());

/** A member whose account is `ageDays` old. */
async function member(ageDays: number): Promise<ApiTestClient> {
  const client = api.client();
  const { id } = await client.signup();
  await api.core.db.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [id, ageDays]);
  return client;
}

const confirm = (client: ApiTestClient, businessId: number, answer: string) => client.post(`/api/businesses/${businessId}/confirmations`, { answer });

/** The business's entry in Re-checks, if any (the members' section comes first, so the first page holds it). */
async function recheckOf(businessId: number) {
  const answer = await admin.get('/api/admin/rechecks?limit=500');
  expect(answer.status).toBe(200);
  return (answer.body as { business: { id: number }; reason: string; member_answers: { answer: string; username: string }[] }[]).find(
    (item) => item.business.id === businessId && item.reason === 'members',
  );
}

describe('member confirmations', () => {
  it("counts 'Yes' answers of the last 90 days and shows the member's own answer, with when they may answer again", async () => {
    const business = await createBusiness(owner);
    const [first, second] = [await member(30), await member(30)];
    expect((await api.client().get(`/api/businesses/${business.id}/confirmations`)).body).toEqual({
      confirmed_by: 0,
      latest_confirmed_at: null,
      your_answer: null,
    });
    const answered = await confirm(first, business.id, 'Yes');
    expect(answered.status).toBe(201);
    expect(answered.body.confirmed_by).toBe(1);
    expect(answered.body.your_answer.answer).toBe('Yes');
    const next = Date.parse(answered.body.your_answer.next_answer_from) - Date.parse(answered.body.your_answer.answered_at);
    expect(next).toBe(30 * 86_400_000);
    await confirm(second, business.id, 'Yes');
    // An answer older than 90 days no longer counts.
    await api.core.db.query(
      `UPDATE confirmations SET created_at = now() - interval '91 days' WHERE business_id = $1 AND created_at = (SELECT min(created_at) FROM confirmations WHERE business_id = $1)`,
      [business.id],
    );
    const summary = (await api.client().get(`/api/businesses/${business.id}/confirmations`)).body;
    expect(summary.confirmed_by).toBe(1);
    expect(summary.your_answer).toBeNull();
    expect(Date.parse(summary.latest_confirmed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a member answers at most once per business in 30 days (409), and may answer again after', async () => {
    const business = await createBusiness(owner);
    const someone = await member(30);
    expect((await confirm(someone, business.id, 'Yes')).status).toBe(201);
    const again = await confirm(someone, business.id, 'Closed');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.alreadyConfirmed);
    await api.core.db.query(`UPDATE confirmations SET created_at = now() - interval '31 days' WHERE business_id = $1`, [business.id]);
    expect((await confirm(someone, business.id, 'Closed')).status).toBe(201);
  });

  it("three established members answering 'Closed' or 'No longer supportive' put the business in Re-checks with their answers", async () => {
    const business = await createBusiness(owner);
    const members = [await member(30), await member(30), await member(30)];
    await confirm(members[0], business.id, 'Closed');
    await confirm(members[1], business.id, 'No longer supportive');
    expect(await recheckOf(business.id)).toBeUndefined();
    await confirm(members[2], business.id, 'Closed');
    const recheck = await recheckOf(business.id);
    expect(recheck?.member_answers.map((entry) => entry.answer).sort()).toEqual(['Closed', 'Closed', 'No longer supportive']);
    // The admin's next decision settles it, and those answers do not send it back.
    await admin.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Visited in person', note: 'Still open' });
    expect(await recheckOf(business.id)).toBeUndefined();
    await confirm(await member(30), business.id, 'Closed');
    expect(await recheckOf(business.id)).toBeUndefined();
  });

  it('answers of accounts under 7 days old are counted but never trigger a re-check (brigading)', async () => {
    const business = await createBusiness(owner);
    const established = [await member(30), await member(30)];
    const fresh = [await member(1), await member(6)];
    for (const client of [...fresh, ...established]) expect((await confirm(client, business.id, 'Closed')).status).toBe(201);
    expect(await recheckOf(business.id)).toBeUndefined();
    await confirm(await member(8), business.id, 'No longer supportive');
    expect((await recheckOf(business.id))?.member_answers).toHaveLength(5);
  });

  it("a 'Yes' from the business's owner or from an account under 7 days old does not count in confirmed_by", async () => {
    const lister = await member(30);
    const business = await createBusiness(lister);
    const confirmedBy = async () => (await api.client().get(`/api/businesses/${business.id}/confirmations`)).body;

    const own = await confirm(lister, business.id, 'Yes');
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ confirmed_by: 0, latest_confirmed_at: null, your_answer: { answer: 'Yes' } });
    for (const ageDays of [0, 6]) expect((await confirm(await member(ageDays), business.id, 'Yes')).status).toBe(201);
    expect(await confirmedBy()).toMatchObject({ confirmed_by: 0, latest_confirmed_at: null });

    const established = await member(8);
    const counted = await confirm(established, business.id, 'Yes');
    expect(counted.body.confirmed_by).toBe(1);
    expect(counted.body.latest_confirmed_at).toBe(counted.body.your_answer.answered_at);

    // The owner is whoever owns it now: once a claim is approved, the claimant's 'Yes' stops counting and the lister's,
    // no longer the owner's, counts.
    const claimant = await member(30);
    expect((await confirm(claimant, business.id, 'Yes')).body.confirmed_by).toBe(2);
    const claim = await claimant.post(`/api/businesses/${business.id}/claims`, { evidence: 'I am the director; the shop phone is mine.' });
    expect((await admin.post(`/api/admin/claims/${claim.body.id}/approve`)).status).toBe(200);
    const { rows } = await api.core.db.query<{ user_id: number }>(
      `SELECT c.user_id FROM confirmations c JOIN businesses b ON b.id = c.business_id WHERE c.business_id = $1 AND c.user_id = b.owner_id`,
      [business.id],
    );
    expect(rows).toHaveLength(1);
    expect((await confirmedBy()).confirmed_by).toBe(2);
  });

  it('refuses visitors (401), unknown answers (400) and unknown businesses (404), and writes nothing', async () => {
    const business = await createBusiness(owner);
    expect((await confirm(api.client(), business.id, 'Yes')).status).toBe(401);
    const someone = await member(30);
    for (const body of [{}, { answer: 'Maybe' }, { answer: 'yes' }]) {
      const answer = await someone.post(`/api/businesses/${business.id}/confirmations`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail).toBe(MESSAGES.confirmationAnswerRequired);
    }
    expect((await confirm(someone, 999_999, 'Yes')).status).toBe(404);
    expect((await api.client().get('/api/businesses/999999/confirmations')).status).toBe(404);
    const { rows } = await api.core.db.query('SELECT count(*)::int AS n FROM confirmations WHERE business_id = $1', [business.id]);
    expect(rows[0].n).toBe(0);
  });
});
