// Redaction: an admin takes a revision's values out of the public history, and it reads 'Removed by an admin: <reason>'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, CACHE_CONTROL, LIMITS, MESSAGES, textTooLongMessage, type Revision } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

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

let run = 0;
const historyAnswer = (id: number) => allPages<Revision>(api.client(), `/api/businesses/${id}/history`);
const history = async (id: number) => (await historyAnswer(id)).items;
const redactPath = (id: number, revisionId: number) => `/api/admin/businesses/${id}/revisions/${revisionId}/redact`;
const revertPath = (id: number, revisionId: number) => `/api/admin/businesses/${id}/revisions/${revisionId}/revert`;
const storedChanges = async (id: number) =>
  (await api.core.db.query<{ changes: string }>('SELECT changes::text FROM business_revisions WHERE business_id = $1', [id])).rows
    .map((row) => row.changes)
    .join('\n');
const auditOf = async (id: number) =>
  (
    await api.core.db.query<{ actor_id: number; details: Record<string, unknown>; text: string; created_at: Date }>(
      `SELECT actor_id, details, details::text AS text, created_at FROM audit_log WHERE action = 'business.revision_redacted' AND target_id = $1`,
      [id],
    )
  ).rows;

/** A business whose owner put their home address in, then replaced it: create, the home edit, the shop edit. */
async function homeAddressBusiness() {
  const home = `Flat ${++run}, 9 Private Lane`;
  const business = await createBusiness(member);
  const input = businessInput({ name: business.name });
  expect((await member.put(`/api/businesses/${business.id}`, { ...input, address: home, phone: '07700 900123' })).status).toBe(200);
  expect((await member.put(`/api/businesses/${business.id}`, { ...input, address: '1 Market Street', phone: '07700 900123' })).status).toBe(200);
  const [shopEdit, homeEdit, created] = await history(business.id);
  return { business, home, shopEdit, homeEdit, created };
}

describe('redacting a revision', () => {
  it("deletes its values from the history answer and the stored rows; it reads as removed, with the admin's reason", async () => {
    const { business, home, homeEdit, shopEdit, created } = await homeAddressBusiness();
    expect(JSON.stringify(await history(business.id))).toContain(home);

    const answer = await admin.post(redactPath(business.id, homeEdit.id), { reason: '  Home address of the owner  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: homeEdit.id, kind: 'edit', changes: [], redaction: { reason: 'Home address of the owner' } });
    expect(new Date(answer.body.redaction.redacted_at).toISOString()).toBe(answer.body.redaction.redacted_at);

    const after = await historyAnswer(business.id);
    expect(after.total).toBe(3);
    expect(JSON.stringify(after.items)).not.toContain(home);
    expect(JSON.stringify(after.items)).not.toContain('07700 900123');
    const [shown, redacted, create] = after.items;
    expect(redacted).toMatchObject({ id: homeEdit.id, changes: [], redaction: { reason: 'Home address of the owner' } });
    // The next change of the address held the home address as its before: gone too, and said so.
    expect(shown).toMatchObject({
      id: shopEdit.id,
      redaction: null,
      changes: [{ field: 'address', before: null, after: '1 Market Street', removed: ['before'] }],
    });
    expect(create).toEqual(created);

    // Deleted from the database, not hidden by the answer.
    expect(await storedChanges(business.id)).not.toContain(home);
    expect(await storedChanges(business.id)).not.toContain('07700 900123');
    // The history is never kept by a shared cache, so no kept copy holds the text.
    expect(API_ROUTES.businessHistory).not.toHaveProperty('cacheable');
    expect((await api.client().get(`/api/businesses/${business.id}/history`)).headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
  });

  it('is audited in its transaction: who, when and why, never the text', async () => {
    const { business, home, homeEdit } = await homeAddressBusiness();
    const before = new Date();
    expect((await admin.post(redactPath(business.id, homeEdit.id), { reason: 'Personal data' })).status).toBe(200);
    const adminId = (await admin.get('/api/auth/me')).body.id;
    const [entry, ...more] = await auditOf(business.id);
    expect(more).toEqual([]);
    expect(entry.actor_id).toBe(adminId);
    expect(entry.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(entry.details).toMatchObject({ revision_id: homeEdit.id, reason: 'Personal data', fields: expect.arrayContaining(['address', 'phone']) });
    expect(entry.text).not.toContain(home);
    expect(entry.text).not.toContain('07700 900123');
  });

  it('a second redaction of the same revision is refused (409) and changes nothing', async () => {
    const { business, homeEdit } = await homeAddressBusiness();
    expect((await admin.post(redactPath(business.id, homeEdit.id), { reason: 'First reason' })).status).toBe(200);
    expect(await admin.post(redactPath(business.id, homeEdit.id), { reason: 'Second reason' })).toMatchObject({
      status: 409,
      body: { detail: MESSAGES.revisionAlreadyRedacted },
    });
    expect((await history(business.id))[1].redaction?.reason).toBe('First reason');
    expect(await auditOf(business.id)).toHaveLength(1);
  });

  it('leaves the business as it is, and older versions revertible', async () => {
    const { business, homeEdit, created } = await homeAddressBusiness();
    expect((await admin.post(redactPath(business.id, homeEdit.id), { reason: 'Home address' })).status).toBe(200);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body).toMatchObject({ address: '1 Market Street', phone: '07700 900123' });
    // The version before the redacted one kept its values: reverting to it restores them.
    expect((await admin.post(revertPath(business.id, created.id))).status).toBe(201);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body).toMatchObject({ address: '12 Whitechapel Road', phone: '020 7946 0001' });
  });
});

describe('reverting to removed values is refused', () => {
  it('to the redacted revision itself, or to any version whose values were removed (a revert that brought them back)', async () => {
    const { business, home, homeEdit } = await homeAddressBusiness();
    // An admin brings the home address back by a revert, then the owner replaces it again.
    expect((await admin.post(revertPath(business.id, homeEdit.id))).status).toBe(201);
    await member.put(`/api/businesses/${business.id}`, businessInput({ name: business.name, address: '2 Market Street', phone: '07700 900123' }));
    const [, broughtBack] = await history(business.id);
    expect(broughtBack.kind).toBe('revert');

    expect((await admin.post(redactPath(business.id, homeEdit.id), { reason: 'Home address' })).status).toBe(200);
    expect(JSON.stringify(await history(business.id))).not.toContain(home);
    expect(await storedChanges(business.id)).not.toContain(home);
    for (const revision of [homeEdit, broughtBack]) {
      expect(await admin.post(revertPath(business.id, revision.id))).toMatchObject({
        status: 409,
        body: { detail: MESSAGES.revisionRedactedCannotRevert },
      });
    }
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.address).toBe('2 Market Street');
  });
});

describe('the rules of the call', () => {
  it('is for admins only (401, 403) and refused without the XSRF echo (403)', async () => {
    const { business, homeEdit } = await homeAddressBusiness();
    expect((await api.client().post(redactPath(business.id, homeEdit.id), { reason: 'x' })).status).toBe(401);
    expect(await member.post(redactPath(business.id, homeEdit.id), { reason: 'x' })).toMatchObject({
      status: 403,
      body: { detail: MESSAGES.adminOnly },
    });
    const noEcho = await adminClient(api);
    noEcho.sendXsrf = false;
    await noEcho.get('/api/auth/me');
    expect(await noEcho.post(redactPath(business.id, homeEdit.id), { reason: 'x' })).toMatchObject({
      status: 403,
      body: { detail: MESSAGES.crossSiteRefused },
    });
    expect((await history(business.id))[1].redaction).toBeNull();
  });

  it('needs a reason, trimmed, of at most the limit (400), and writes nothing', async () => {
    const { business, home, homeEdit } = await homeAddressBusiness();
    for (const [body, detail] of [
      [{}, MESSAGES.redactionReasonRequired],
      [{ reason: '   ' }, MESSAGES.redactionReasonRequired],
      [{ reason: 42 }, MESSAGES.redactionReasonRequired],
      [{ reason: 'a'.repeat(LIMITS.redactionReasonMaxLength + 1) }, textTooLongMessage('Reason', LIMITS.redactionReasonMaxLength)],
      [{ reason: 'bad\u0000reason' }, MESSAGES.controlCharacters],
    ] as const) {
      const answer = await admin.post(redactPath(business.id, homeEdit.id), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail, JSON.stringify(body)).toBe(detail);
    }
    expect(JSON.stringify(await history(business.id))).toContain(home);
    expect(await auditOf(business.id)).toEqual([]);
    const longest = 'a'.repeat(LIMITS.redactionReasonMaxLength);
    expect((await admin.post(redactPath(business.id, homeEdit.id), { reason: ` ${longest} ` })).body.redaction.reason).toBe(longest);
  });

  it('404s for an unknown business, an unknown revision, or a revision of another business', async () => {
    const { business, homeEdit } = await homeAddressBusiness();
    const other = await createBusiness(member);
    const reason = { reason: 'Home address' };
    expect(await admin.post(redactPath(999999, homeEdit.id), reason)).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
    expect(await admin.post(redactPath(business.id, 999999), reason)).toMatchObject({ status: 404, body: { detail: MESSAGES.revisionNotFound } });
    expect(await admin.post(redactPath(business.id, 0), reason)).toMatchObject({ status: 404, body: { detail: MESSAGES.revisionNotFound } });
    expect(await admin.post(redactPath(other.id, homeEdit.id), reason)).toMatchObject({ status: 404, body: { detail: MESSAGES.revisionNotFound } });
    expect((await history(business.id))[1].redaction).toBeNull();
  });
});
