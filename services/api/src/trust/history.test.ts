// Public revision history, and the admins' 'Revert to this version'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REVISION_FIELDS, type Revision } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let member: ApiTestClient;
let memberName: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  member = api.client();
  memberName = (await member.signup()).username;
});
afterAll(async () => api?.stop());

const history = async (id: number) => (await allPages<Revision>(api.client(), `/api/businesses/${id}/history`)).items;
const changesOf = (revision: Revision) => Object.fromEntries(revision.changes.map(({ field, before, after }) => [field, [before, after]]));
const read = async (id: number) => (await api.client().get(`/api/businesses/${id}`)).body;

describe('every change to a business is one revision', () => {
  it('create: the member, each field set, in the form order', async () => {
    const business = await createBusiness(member, { phone: '', business_hours: { monday: '9:00 AM - 5:00 PM' } });
    const [created, ...older] = await history(business.id);
    expect(older).toEqual([]);
    expect(created).toMatchObject({ business_id: business.id, kind: 'create', by: memberName, author: { kind: 'member', username: memberName } });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    // Empty fields are left out; proof of support (written by the sources in the same transaction) is in the same revision.
    const unset = ['name_latin', 'phone', 'social_media', 'verified_on', 'verification_method'];
    expect(created.changes.map((change) => change.field)).toEqual(REVISION_FIELDS.filter((field) => !unset.includes(field)));
    expect(changesOf(created).business_hours).toEqual([null, { monday: '9:00 AM - 5:00 PM' }]);
    expect(changesOf(created).proof_of_support).toEqual([null, 'Donates 10% of profits to Gaza relief.']);
  });

  it("edit: only the fields that changed, before and after; by an admin it reads 'admin'", async () => {
    const business = await createBusiness(member);
    const input = businessInput({ name: business.name });
    expect(
      (await member.put(`/api/businesses/${business.id}`, { ...input, phone: '0113 496 0000', proof_of_support: 'Sells Gaza soap.' })).status,
    ).toBe(200);
    expect(
      (await member.put(`/api/businesses/${business.id}`, { ...input, phone: '0113 496 0000', proof_of_support: 'Sells Gaza soap.' })).status,
    ).toBe(200);
    expect(
      (await admin.put(`/api/businesses/${business.id}`, { ...input, phone: '0113 496 0000', proof_of_support: 'Sells Gaza soap.', city: 'Leeds' }))
        .status,
    ).toBe(200);
    const [byAdmin, byMember, created] = await history(business.id);
    expect(created.kind).toBe('create');
    expect(byMember).toMatchObject({ kind: 'edit', by: memberName, author: { kind: 'member', username: memberName } });
    expect(changesOf(byMember)).toEqual({
      phone: ['020 7946 0001', '0113 496 0000'],
      proof_of_support: ['Donates 10% of profits to Gaza relief.', 'Sells Gaza soap.'],
    });
    // The same form sent again changes nothing and writes nothing; the admin's name is not shown.
    expect(byAdmin).toMatchObject({
      kind: 'edit',
      by: MESSAGES.revisionByAdmin,
      author: { kind: 'admin' },
      changes: [{ field: 'city', before: 'London', after: 'Leeds' }],
    });
    expect(byAdmin.author).toEqual({ kind: 'admin' });
  });

  it('approved suggestion: by the member who suggested it', async () => {
    const business = await createBusiness(admin);
    const suggestion = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'category', suggested_value: 'Bakery' });
    expect((await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`)).status).toBe(200);
    const [approved] = await history(business.id);
    expect(approved).toMatchObject({ kind: 'suggestion', by: memberName, changes: [{ field: 'category', before: 'Restaurant', after: 'Bakery' }] });
  });

  it("verification and 'Mark unverified': by 'admin', with the verification's date and method", async () => {
    const business = await createBusiness(member);
    await admin.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Visited in person', date: '2026-03-14' });
    await admin.post(`/api/admin/businesses/${business.id}/unverify`, { note: 'Closed' });
    const [unverified, verified] = await history(business.id);
    expect(verified).toMatchObject({
      kind: 'verification',
      by: MESSAGES.revisionByAdmin,
      changes: [
        { field: 'verified_on', before: null, after: '2026-03-14' },
        { field: 'verification_method', before: null, after: 'Visited in person' },
      ],
    });
    expect(unverified).toMatchObject({
      kind: 'verification',
      changes: [{ field: 'verified_on', before: '2026-03-14', after: null }, { field: 'verification_method' }],
    });
  });

  it("a deleted account's revisions stay, by 'former member'", async () => {
    const leaving = api.client();
    await leaving.signup();
    const business = await createBusiness(leaving);
    expect((await leaving.post('/api/auth/delete-account')).status).toBe(200);
    expect(await history(business.id)).toEqual([
      expect.objectContaining({ kind: 'create', by: MESSAGES.revisionByFormerMember, author: { kind: 'former_member' } }),
    ]);
  });

  it("a member called 'admin' is a member, not an admin: the author's kind says which", async () => {
    const namedAdmin = api.client();
    await namedAdmin.signup({ username: MESSAGES.revisionByAdmin });
    const business = await createBusiness(namedAdmin);
    const [created] = await history(business.id);
    expect(created.author).toEqual({ kind: 'member', username: MESSAGES.revisionByAdmin });
  });

  it('a write that names nobody is still recorded, as an edit by no one', async () => {
    const business = await createBusiness(member);
    await api.core.db.query("UPDATE businesses SET description = 'Written by hand' WHERE id = $1", [business.id]);
    const [edit] = await history(business.id);
    expect(edit).toMatchObject({ kind: 'edit', by: null, author: null, changes: [{ field: 'description', after: 'Written by hand' }] });
  });
});

describe('the history is paged (CONTRACT.md list paging), newest first', () => {
  it('limit, X-Total-Count and Link rel="next" until the oldest', async () => {
    const business = await createBusiness(member);
    for (const phone of ['01', '02', '03', '04']) await member.put(`/api/businesses/${business.id}`, businessInput({ name: business.name, phone }));
    const first = await api.client().get(`/api/businesses/${business.id}/history?limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('5');
    expect(first.body.map((revision: Revision) => changesOf(revision).phone?.[1])).toEqual(['04', '03']);
    const all = await allPages<Revision>(api.client(), `/api/businesses/${business.id}/history?limit=2`);
    expect(all.total).toBe(5);
    expect(all.items.map((revision) => revision.kind)).toEqual(['edit', 'edit', 'edit', 'edit', 'create']);
    const ids = all.items.map((revision) => revision.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const last = await api
      .client()
      .get(`/api/businesses/${business.id}/history?limit=1&cursor=${encodeURIComponent(Buffer.from(`[${ids[3]}]`).toString('base64url'))}`);
    expect(last.body.map((revision: Revision) => revision.id)).toEqual([ids[4]]);
    expect(last.headers.get('link')).toBeNull();
  });

  it('404 for an unknown business, 400 for a forged cursor', async () => {
    expect(await api.client().get('/api/businesses/999999/history')).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
    const business = await createBusiness(member);
    expect(await api.client().get(`/api/businesses/${business.id}/history?cursor=bad`)).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.invalidCursor },
    });
  });
});

describe("'Revert to this version'", () => {
  const revertPath = (id: number, revisionId: number) => `/api/admin/businesses/${id}/revisions/${revisionId}/revert`;

  it('restores the fields as they were right after the revision, as one new revert revision by admin', async () => {
    const business = await createBusiness(member);
    const input = businessInput({ name: business.name });
    await member.put(`/api/businesses/${business.id}`, { ...input, phone: '0113 000 0001', city: 'Leeds' });
    await member.put(`/api/businesses/${business.id}`, { ...input, phone: '0113 000 0002', city: 'Leeds', proof_of_support: 'Sells Gaza soap.' });
    const [, firstEdit] = await history(business.id);
    const reverted = await admin.post(revertPath(business.id, firstEdit.id));
    expect(reverted.status).toBe(201);
    expect(reverted.body).toMatchObject({ kind: 'revert', by: MESSAGES.revisionByAdmin, author: { kind: 'admin' } });
    expect(changesOf(reverted.body)).toEqual({
      phone: ['0113 000 0002', '0113 000 0001'],
      proof_of_support: ['Sells Gaza soap.', 'Donates 10% of profits to Gaza relief.'],
    });
    // The answers show it at once (the kept answers were dropped), and the history lists it first.
    const now = await read(business.id);
    expect(now).toMatchObject({ phone: '0113 000 0001', city: 'Leeds', proof_of_support: 'Donates 10% of profits to Gaza relief.' });
    expect(now.sources).toMatchObject([{ kind: 'Other', description: 'Donates 10% of profits to Gaza relief.' }]);
    expect((await history(business.id)).map((revision) => revision.kind)).toEqual(['revert', 'edit', 'edit', 'create']);
    expect(
      (await api.core.db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'business.reverted' AND target_id = $1", [business.id]))
        .rows[0].n,
    ).toBe(1);

    // Reverting to the create undoes the edits too; reverting to the newest revision changes nothing (409).
    const [revert, , , created] = await history(business.id);
    expect(await admin.post(revertPath(business.id, revert.id))).toMatchObject({ status: 409, body: { detail: MESSAGES.revisionIsCurrent } });
    expect((await admin.post(revertPath(business.id, created.id))).status).toBe(201);
    expect(await read(business.id)).toMatchObject({ phone: '020 7946 0001', city: 'London' });
  });

  it('leaves verification alone', async () => {
    const business = await createBusiness(member);
    const [created] = await history(business.id);
    await admin.post(`/api/admin/businesses/${business.id}/verifications`, { method: 'Public statement' });
    await member.put(`/api/businesses/${business.id}`, businessInput({ name: business.name, phone: '07' }));
    expect((await admin.post(revertPath(business.id, created.id))).status).toBe(201);
    expect(await read(business.id)).toMatchObject({ phone: '020 7946 0001', verified: true });
  });

  it('is for admins only (401, 403), and 404s for an unknown business or revision', async () => {
    const business = await createBusiness(member);
    const [created] = await history(business.id);
    await member.put(`/api/businesses/${business.id}`, businessInput({ name: business.name, phone: '08' }));
    expect((await api.client().post(revertPath(business.id, created.id))).status).toBe(401);
    expect((await member.post(revertPath(business.id, created.id))).status).toBe(403);
    expect(await admin.post(revertPath(999999, created.id))).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
    expect(await admin.post(revertPath(business.id, 999999))).toMatchObject({ status: 404, body: { detail: MESSAGES.revisionNotFound } });
    expect(await admin.post(revertPath(business.id, 0))).toMatchObject({ status: 404, body: { detail: MESSAGES.revisionNotFound } });
    const other = await createBusiness(member);
    expect(await admin.post(revertPath(other.id, created.id))).toMatchObject({ status: 404, body: { detail: MESSAGES.revisionNotFound } });
    expect((await read(business.id)).phone).toBe('08');
  });
});
