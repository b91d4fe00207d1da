// Verification records that expire after 12 months, 'Mark unverified', the history and the Re-checks list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let member: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  member = api.client();
  await member.signup();
});
afterAll(async () => api?.stop());

const today = () => new Date().toISOString().slice(0, 10);
/** Moves a business's verifications back in time, as months passing would. */
async function ageVerifications(businessId: number, months: number) {
  const interval = `${months} months`;
  await api.core.db.query(`UPDATE verifications SET verified_on = verified_on - $2::interval WHERE business_id = $1`, [businessId, interval]);
  await api.core.db.query(`UPDATE businesses SET verified_on = verified_on - $2::interval WHERE id = $1`, [businessId, interval]);
}
const read = async (id: number) => (await api.client().get(`/api/businesses/${id}`)).body;

describe('verifying a business', () => {
  it('a new business has never been verified', async () => {
    const business = await createBusiness(member);
    expect(business.verified).toBe(false);
    expect(business.verification).toEqual({ status: 'never', method: null, date: null, due_date: null });
  });

  it("an admin's verification shows at once: verified, its method and date, due 12 months later", async () => {
    const business = await createBusiness(member);
    const recorded = await admin.post(`/api/admin/businesses/${business.id}/verifications`, {
      method: 'Visited in person',
      note: 'Met the owner; the Free Palestine sign is in the window.',
      evidence_url: 'https://example.org/photo',
      date: '2026-03-14',
    });
    expect(recorded.status).toBe(201);
    const { username } = (await admin.get('/api/auth/me')).body;
    expect(recorded.body).toMatchObject({ action: 'verified', method: 'Visited in person', date: '2026-03-14', recorded_by: username });
    const answer = await read(business.id);
    expect(answer.verified).toBe(true);
    expect(answer.verification).toEqual({ status: 'current', method: 'Visited in person', date: '2026-03-14', due_date: '2027-03-14' });
    // The list and the 'Verified only' filter agree with the detail.
    const listed = await api.client().get(`/api/businesses?verified=true&search=${encodeURIComponent(business.name)}`);
    expect(listed.body.map((b: { id: number }) => b.id)).toEqual([business.id]);
  });

  it("after 12 months the verification is due: verified turns false, and 'Verified only' leaves it out", async () => {
    const business = await createBusiness(member);
    await admin.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Public statement' });
    expect((await read(business.id)).verification).toMatchObject({ status: 'current', date: today() });
    await ageVerifications(business.id, 13);
    const answer = await read(business.id);
    expect(answer.verified).toBe(false);
    expect(answer.verification.status).toBe('due');
    expect(answer.verification.method).toBe('Public statement');
    const search = encodeURIComponent(business.name);
    expect((await api.client().get(`/api/businesses?verified=true&search=${search}`)).body).toEqual([]);
    expect((await api.client().get(`/api/businesses?verified=false&search=${search}`)).body.map((b: { id: number }) => b.id)).toEqual([business.id]);
  });

  it("'Mark unverified' removes the badge and both decisions stay in the history, newest first", async () => {
    const business = await createBusiness(member);
    await admin.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Confirmed with the owner', note: 'Phoned' });
    const marked = await admin.post(`/api/admin/businesses/${business.id}/unverify`, { note: 'Owner changed' });
    expect(marked.status).toBe(201);
    expect((await read(business.id)).verification).toEqual({ status: 'never', method: null, date: null, due_date: null });
    const history = await admin.get(`/api/admin/businesses/${business.id}/verifications`);
    expect(history.body.map((record: { action: string; note: string }) => [record.action, record.note])).toEqual([
      ['unverified', 'Owner changed'],
      ['verified', 'Phoned'],
    ]);
  });

  it('refuses a missing method, a future date and a non-http evidence link with 400, and writes nothing', async () => {
    const business = await createBusiness(member);
    const path = `/api/admin/businesses/${business.id}/verifications`;
    for (const [body, detail] of [
      [{}, MESSAGES.verificationMethodRequired],
      [{ method: 'Trust me' }, MESSAGES.verificationMethodRequired],
      [{ method: 'Public statement', date: '2999-01-01' }, MESSAGES.verificationDateInvalid],
      [{ method: 'Public statement', date: '14/03/2026' }, MESSAGES.verificationDateInvalid],
      [{ method: 'Public statement', date: '2026-02-30' }, MESSAGES.verificationDateInvalid],
      [{ method: 'Public statement', evidence_url: 'javascript:alert(1)' }, MESSAGES.evidenceUrlInvalid],
    ] as const) {
      const answer = await admin.post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail, JSON.stringify(body)).toBe(detail);
    }
    expect((await admin.get(`/api/admin/businesses/${business.id}/verifications`)).body).toEqual([]);
    expect((await admin.post('/api/admin/businesses/999999/verifications', { method: 'Public statement' })).status).toBe(404);
  });

  it('only admins verify, mark unverified, read the history or the Re-checks', async () => {
    const business = await createBusiness(member);
    for (const client of [api.client(), member]) {
      const expected = client === member ? 403 : 401;
      expect((await client.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Public statement' })).status).toBe(expected);
      expect((await client.post(`/api/admin/businesses/${business.id}/unverify`, {})).status).toBe(expected);
      expect((await client.get(`/api/admin/businesses/${business.id}/verifications`)).status).toBe(expected);
      expect((await client.get('/api/admin/rechecks')).status).toBe(expected);
    }
    expect((await read(business.id)).verified).toBe(false);
  });
});

describe('Re-checks', () => {
  /** Every re-check, following the Link headers. */
  const allRechecks = (limit: number) =>
    allPages<{ business: { id: number }; reason: string; since: string }>(admin, `/api/admin/rechecks?limit=${limit}`);

  it('lists due, then never-verified businesses, oldest first, on pages whose links add up to the total; a current one is not listed', async () => {
    const [due, older, current, never] = [
      await createBusiness(member),
      await createBusiness(member),
      await createBusiness(member),
      await createBusiness(member),
    ];
    for (const business of [due, older, current])
      await admin.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Public statement' });
    await ageVerifications(due.id, 13);
    await ageVerifications(older.id, 20);

    const { items, total } = await allRechecks(2);
    expect(items).toHaveLength(total);
    const ids = items.map((item) => item.business.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(current.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(due.id));
    expect(ids.indexOf(due.id)).toBeLessThan(ids.indexOf(never.id));
    expect(items.find((item) => item.business.id === due.id)?.reason).toBe('due');
    expect(items.find((item) => item.business.id === never.id)?.reason).toBe('never');
    const sections = items.map((item) => item.reason);
    expect(sections).toEqual([...sections].sort((a, b) => ['members', 'due', 'never'].indexOf(a) - ['members', 'due', 'never'].indexOf(b)));
  });

  it('refuses a cursor it did not make with 400', async () => {
    for (const cursor of ['x', Buffer.from('["due","2026-01-01; DROP TABLE businesses",1]').toString('base64url')]) {
      const answer = await admin.get(`/api/admin/rechecks?cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(MESSAGES.invalidCursor);
    }
  });
});
