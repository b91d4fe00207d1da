// Owner claims ('I own this business'), the admins' Claims list and decisions, and the owner's
// one-click 'Everything is still accurate' from a freshness reminder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { newFreshnessToken } from '@zaytoon/core';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';
import { confirmEmail } from '../test/email-confirmation';

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

const EVIDENCE = 'I am the director; the shop phone number is registered to me.';
const claim = (client: ApiTestClient, businessId: number, evidence = EVIDENCE) => client.post(`/api/businesses/${businessId}/claims`, { evidence });
type ListedClaim = { id: number; business: { id: number }; member: { username: string; email: string }; email_domain_matches: boolean };
const pendingClaims = () => allPages<ListedClaim>(admin, '/api/admin/claims?limit=2');

/** A member with a confirmed address (the domain hint and reminders need one). */
async function claimant(email?: string) {
  const client = api.client();
  const user = await client.signup(email ? { email } : {});
  await confirmEmail(api, client, user.email);
  return { client, user };
}

async function auditActions(businessId: number): Promise<string[]> {
  const { rows } = await api.core.db.query<{ action: string }>(
    "SELECT action FROM audit_log WHERE target_type = 'business' AND target_id = $1 ORDER BY id",
    [businessId],
  );
  return rows.map((row) => row.action);
}

describe('POST /api/businesses/{id}/claims', () => {
  it('records a pending claim with the domain hint, once per member and business', async () => {
    const business = await createBusiness(lister, { website: 'https://www.olive-grove.example/menu' });
    const matching = await claimant(`owner${Date.now()}@olive-grove.example`);
    const other = await claimant();

    const answer = await claim(matching.client, business.id);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ business_id: business.id, status: 'pending', message: MESSAGES.claimSubmitted });
    expect((await claim(other.client, business.id)).status).toBe(201);

    const again = await claim(matching.client, business.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.alreadyClaimed);

    const { items, total } = await pendingClaims();
    expect(items).toHaveLength(total);
    const listed = items.filter((item) => item.business.id === business.id);
    expect(listed.map((item) => [item.member.username, item.member.email, item.email_domain_matches])).toEqual([
      [matching.user.username, matching.user.email, true],
      [other.user.username, other.user.email, false],
    ]);
  });

  it("answers 400 without evidence, 401 for visitors, 404 for a missing business, in the contract's words", async () => {
    const business = await createBusiness(lister);
    const member = await claimant();
    const empty = await claim(member.client, business.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(MESSAGES.claimEvidenceRequired);
    expect((await claim(member.client, business.id, 'mine')).body.detail).toBe(MESSAGES.claimEvidenceTooShort);
    expect((await claim(api.client(), business.id)).status).toBe(401);
    const missing = await claim(member.client, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(MESSAGES.businessNotFound);
  });

  it('is refused from another site (XSRF, like every member write)', async () => {
    const business = await createBusiness(lister);
    const member = await claimant();
    member.client.sendXsrf = false;
    expect((await claim(member.client, business.id)).status).toBe(403);
  });
});

describe('admin decisions', () => {
  it('approving makes the claimant the owner who can edit, shows "Managed by its owner", rejects the other claims and is audited', async () => {
    const business = await createBusiness(lister);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.managed_by_owner).toBe(false);
    const winner = await claimant();
    const loser = await claimant();
    const winnerClaim = (await claim(winner.client, business.id)).body.id as number;
    const loserClaim = (await claim(loser.client, business.id)).body.id as number;

    const approved = await admin.post(`/api/admin/claims/${winnerClaim}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(MESSAGES.claimApproved);

    expect((await api.client().get(`/api/businesses/${business.id}`)).body.managed_by_owner).toBe(true);
    expect((await winner.client.get(`/api/businesses/${business.id}/can-edit`)).body).toEqual({ can_edit: true, is_owner: true });
    expect((await lister.get(`/api/businesses/${business.id}/can-edit`)).body).toEqual({ can_edit: false, is_owner: false });
    const ids = (await pendingClaims()).items.map((item) => item.id);
    expect(ids).not.toContain(winnerClaim);
    expect(ids).not.toContain(loserClaim);
    const { rows } = await api.core.db.query('SELECT status FROM owner_claims WHERE id = $1', [loserClaim]);
    expect(rows[0].status).toBe('rejected');
    expect(await auditActions(business.id)).toEqual(['claim.approved']);

    const twice = await admin.post(`/api/admin/claims/${winnerClaim}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(MESSAGES.claimAlreadyReviewed);
    const own = await claim(winner.client, business.id);
    expect(own.status).toBe(409);
    expect(own.body.detail).toBe(MESSAGES.alreadyOwner);
  });

  it('rejecting keeps the business as it was and is audited', async () => {
    const business = await createBusiness(lister);
    const member = await claimant();
    const id = (await claim(member.client, business.id)).body.id as number;
    const rejected = await admin.post(`/api/admin/claims/${id}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe(MESSAGES.claimRejected);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.managed_by_owner).toBe(false);
    expect((await member.client.get(`/api/businesses/${business.id}/can-edit`)).body.can_edit).toBe(false);
    expect(await auditActions(business.id)).toEqual(['claim.rejected']);
    // Rejected, the member may claim again.
    expect((await claim(member.client, business.id)).status).toBe(201);
  });

  it('is for admins only (403), and a missing claim is 404', async () => {
    const member = await claimant();
    expect((await member.client.get('/api/admin/claims')).status).toBe(403);
    expect((await member.client.post('/api/admin/claims/1/approve')).status).toBe(403);
    const missing = await admin.post('/api/admin/claims/999999/reject');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(MESSAGES.claimNotFound);
  });

  it('refuses a cursor it did not make with 400', async () => {
    const answer = await admin.get('/api/admin/claims?cursor=x');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(MESSAGES.invalidCursor);
  });
});

describe("POST /api/freshness/confirm ('Everything is still accurate')", () => {
  /** A business claimed by a new member, and a mailed token for it as the reminder job stores it. */
  async function claimedWithToken(tokenSql = "now() + interval '30 days'") {
    const business = await createBusiness(lister);
    const owner = await claimant();
    const id = (await claim(owner.client, business.id)).body.id as number;
    await admin.post(`/api/admin/claims/${id}/approve`);
    const { token, hash } = newFreshnessToken();
    await api.core.db.query(`INSERT INTO freshness_tokens (token_hash, business_id, user_id, expires_at) VALUES ($1, $2, $3, ${tokenSql})`, [
      hash,
      business.id,
      owner.user.id,
    ]);
    return { business, owner, token };
  }

  it('records the confirmation without a session, once', async () => {
    const { business, token } = await claimedWithToken();
    const visitor = api.client();
    const answer = await visitor.post('/api/freshness/confirm', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ business_id: business.id, message: MESSAGES.listingConfirmed });
    const detail = (await api.client().get(`/api/businesses/${business.id}`)).body;
    expect(detail.owner_confirmed_at).toBe(answer.body.confirmed_at);
    const { rows } = await api.core.db.query('SELECT count(*)::int AS n FROM owner_confirmations WHERE business_id = $1', [business.id]);
    expect(rows[0].n).toBe(1);

    const again = await visitor.post('/api/freshness/confirm', { token });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.freshnessTokenUsed);
  });

  it('refuses an expired link, an unknown one and one whose owner changed', async () => {
    const expired = await claimedWithToken("now() - interval '1 second'");
    const answer = await api.client().post('/api/freshness/confirm', { token: expired.token });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe(MESSAGES.freshnessTokenExpired);

    const unknown = await api.client().post('/api/freshness/confirm', { token: newFreshnessToken().token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(MESSAGES.freshnessTokenInvalid);

    const taken = await claimedWithToken();
    const newOwner = await claimant();
    const id = (await claim(newOwner.client, taken.business.id)).body.id as number;
    await admin.post(`/api/admin/claims/${id}/approve`);
    expect((await api.client().post('/api/freshness/confirm', { token: taken.token })).body.detail).toBe(MESSAGES.freshnessTokenInvalid);

    const malformed = await api.client().post('/api/freshness/confirm', { token: 'not a token!' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe(MESSAGES.freshnessTokenInvalid);
  });

  it('is refused from another site like every write', async () => {
    const { token } = await claimedWithToken();
    const visitor = api.client();
    visitor.sendXsrf = false;
    expect((await visitor.post('/api/freshness/confirm', { token })).status).toBe(403);
  });

  it('confirms on no GET or HEAD, of the API or of the page the mail links to', async () => {
    const { business, token } = await claimedWithToken();
    const visitor = api.client();
    for (const method of ['GET', 'HEAD']) {
      for (const path of [`/api/freshness/confirm?token=${token}`, `/confirm-listing?token=${token}`]) {
        expect((await visitor.request(method, path)).status, `${method} ${path}`).toBe(404);
      }
    }
    const { rows } = await api.core.db.query('SELECT count(*)::int AS n FROM owner_confirmations WHERE business_id = $1', [business.id]);
    expect(rows[0].n).toBe(0);
    expect((await visitor.post('/api/freshness/confirm', { token })).status).toBe(200);
  });
});

// Last: its own API flushes the test Redis, which ends the sessions of the clients above.
describe('claims rate limit', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_CLAIMS_PER_USER', async () => {
    const limited = await startTestApi({ RATE_LIMIT_CLAIMS_PER_USER: '2' });
    try {
      const owner = limited.client();
      await owner.signup();
      const member = limited.client();
      await member.signup();
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await claim(member, (await createBusiness(owner)).id));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429]);
      expect(Number(answers[2].headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
