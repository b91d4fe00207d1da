// A merge hands over no ownership, ownership marks go with the owner, the duplicate
// candidates a member sends are checked against a real warning, and a business whose removal is approved cannot be
// merged (either side) before its cascade has run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let lister: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  lister = api.client();
  await lister.signup();
});
afterAll(async () => api?.stop());

async function member() {
  const client = api.client();
  const user = await client.signup();
  return { client, user };
}

const merge = (into: number, from: number) => admin.post(`/api/admin/businesses/${into}/merge`, { from });

type OwnershipRow = { owner_id: number | null; owner_claimed_at: Date | null; owner_reminded_at: Date | null; owner_confirmed_at: Date | null };
const ownership = async (businessId: number) =>
  (
    await api.core.db.query<OwnershipRow>('SELECT owner_id, owner_claimed_at, owner_reminded_at, owner_confirmed_at FROM businesses WHERE id = $1', [
      businessId,
    ])
  ).rows[0];
const NO_OWNER: OwnershipRow = { owner_id: null, owner_claimed_at: null, owner_reminded_at: null, owner_confirmed_at: null };

/** A business claimed by a new member through the admins' approval, with a reminder and a confirmation on record. */
async function claimedBusiness() {
  const business = await createBusiness(lister);
  const owner = await member();
  const claim = await owner.client.post(`/api/businesses/${business.id}/claims`, { evidence: 'I am the director; the shop phone is mine.' });
  expect(claim.status).toBe(201);
  expect((await admin.post(`/api/admin/claims/${claim.body.id}/approve`)).status).toBe(200);
  await api.core.db.query('UPDATE businesses SET owner_reminded_at = now(), owner_confirmed_at = now() WHERE id = $1', [business.id]);
  return { business, owner };
}

describe('ownership and merges', () => {
  it("an owner removed (the account deleted) takes the claim's marks along: nobody inherits 'Managed by its owner'", async () => {
    const { business, owner } = await claimedBusiness();
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.managed_by_owner).toBe(true);
    expect((await owner.client.post('/api/auth/delete-account')).status).toBe(200);
    expect(await ownership(business.id)).toEqual(NO_OWNER);
    const detail = (await api.client().get(`/api/businesses/${business.id}`)).body;
    expect({ managed: detail.managed_by_owner, confirmed: detail.owner_confirmed_at ?? null }).toEqual({ managed: false, confirmed: null });
  });

  it("merging B into an ownerless A leaves A without an owner: B's owner neither edits A nor manages it", async () => {
    // A was claimed once and its owner left; B is a planted copy by another member.
    const { business: a, owner: formerOwner } = await claimedBusiness();
    await formerOwner.client.post('/api/auth/delete-account');
    const planter = await member();
    const b = await createBusiness(planter.client, { name: `${a.name} Copy`, postcode: a.postcode });

    const answer = await merge(a.id, b.id);
    expect(answer.status).toBe(200);
    expect(await ownership(a.id)).toEqual(NO_OWNER);
    expect((await planter.client.get(`/api/businesses/${a.id}/can-edit`)).body).toEqual({ can_edit: false, is_owner: false });
    expect((await api.client().get(`/api/businesses/${a.id}`)).body.managed_by_owner).toBe(false);
    const audit = await api.core.db.query(`SELECT details FROM audit_log WHERE action = 'business.merged' AND target_id = $1`, [a.id]);
    expect(audit.rows[0].details.filled).not.toContain('owner');
  });

  it("merging keeps A's claimed owner and its dates, whoever owns B", async () => {
    const { business: a, owner } = await claimedBusiness();
    const before = await ownership(a.id);
    const other = await member();
    const b = await createBusiness(other.client);
    expect((await merge(a.id, b.id)).status).toBe(200);
    expect(await ownership(a.id)).toEqual(before);
    expect(before.owner_id).toBe(owner.user.id);
    expect((await other.client.get(`/api/businesses/${a.id}/can-edit`)).body.can_edit).toBe(false);
  });

  it('records only the candidates the check really warned about for that name and postcode (others are dropped, the business is added)', async () => {
    const warned = await createBusiness(lister, { name: 'Zaatar Corner Bakery', postcode: 'N1 9GU' });
    const unrelated = await createBusiness(lister, { name: 'Hebron Glass Studio', postcode: 'M1 1AE' });
    const planter = await member();
    const check = await planter.client.get('/api/businesses/duplicates?name=Zaatar%20Corner%20Bakeries&postcode=N1%209GU');
    expect(check.body.map((candidate: { id: number }) => candidate.id)).toEqual([warned.id]);

    const added = await createBusiness(planter.client, {
      name: 'Zaatar Corner Bakeries',
      postcode: 'N1 9GU',
      duplicate_candidates: [unrelated.id, warned.id, 999_999],
    });
    const pairs = await api.core.db.query<{ first_id: number; second_id: number; added_despite_warning: boolean }>(
      'SELECT first_id, second_id, added_despite_warning FROM duplicate_pairs WHERE $1 IN (first_id, second_id) ORDER BY id',
      [added.id],
    );
    expect(pairs.rows).toEqual([{ first_id: warned.id, second_id: added.id, added_despite_warning: true }]);

    // Nothing warned at all: the business is still added, with no pair.
    const alone = await createBusiness(planter.client, { name: 'Nablus Soap House', postcode: 'LS2 7HY', duplicate_candidates: [unrelated.id] });
    const none = await api.core.db.query('SELECT 1 FROM duplicate_pairs WHERE $1 IN (first_id, second_id)', [alone.id]);
    expect(none.rowCount).toBe(0);
  });
});

describe('a business whose removal is approved cannot be merged', () => {
  it('answers 404 as either side while the cascade has not run, and moves nothing; their pair leaves Possible duplicates', async () => {
    const a = await createBusiness(lister, { name: 'Jaffa Orange Grocers', postcode: 'B1 1AA' });
    const b = await createBusiness(lister, { name: 'Jaffa Orange Grocer', postcode: 'B1 1AA', duplicate_candidates: [a.id] });
    const listedPairs = async () =>
      (await allPages<{ first: { id: number }; second: { id: number } }>(admin, '/api/admin/duplicates')).items.filter(
        (pair) => pair.first.id === a.id && pair.second.id === b.id,
      );
    expect(await listedPairs()).toHaveLength(1);
    const voter = await member();
    expect((await voter.client.post(`/api/businesses/${b.id}/vote`, { vote_type: 'upvote' })).status).toBe(200);
    expect((await voter.client.post(`/api/businesses/${a.id}/comments`, { comment_text: 'Still here, still lovely' })).status).toBe(201);
    const reporter = await member();
    const report = await reporter.client.post('/api/reports', { business_id: b.id, reason: 'Other', description: 'Closed for good' });
    expect(report.status).toBe(201);
    // The cascade is a job; no worker runs here, so B stays in the table with its approved report.
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review?action=approve`)).status).toBe(200);

    const snapshot = async () =>
      (
        await api.core.db.query(
          `SELECT (SELECT count(*)::int FROM businesses WHERE id = ANY($1::int[])) AS businesses,
                  (SELECT json_agg(json_build_object('id', id, 'business_id', business_id, 'status', status) ORDER BY id) FROM reports WHERE business_id = ANY($1::int[])) AS reports,
                  (SELECT count(*)::int FROM votes WHERE business_id = $2) AS votes_b,
                  (SELECT count(*)::int FROM comments WHERE business_id = $3) AS comments_a,
                  (SELECT count(*)::int FROM business_merges WHERE from_id = ANY($1::int[])) AS merges,
                  (SELECT count(*)::int FROM audit_log WHERE action = 'business.merged' AND target_id = ANY($1::int[])) AS audited`,
          [[a.id, b.id], b.id, a.id],
        )
      ).rows[0];
    const before = await snapshot();
    expect(before).toMatchObject({ businesses: 2, votes_b: 1, comments_a: 1, merges: 0, audited: 0 });

    for (const [into, from] of [
      [a.id, b.id],
      [b.id, a.id],
    ]) {
      const answer = await merge(into, from);
      expect(answer.status, `${into} <- ${from}`).toBe(404);
      expect(answer.body).toMatchObject({ detail: MESSAGES.businessNotFound, code: 'businessNotFound' });
    }
    expect(await snapshot()).toEqual(before);
    expect(await listedPairs()).toEqual([]);
  });
});
