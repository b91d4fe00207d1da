// The admins' 'Possible duplicates', 'Not duplicates', and merging B into A.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

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

async function member() {
  const client = api.client();
  await client.signup();
  return client;
}

const vote = async (client: ApiTestClient, id: number, vote_type: 'upvote' | 'downvote') =>
  expect((await client.post(`/api/businesses/${id}/vote`, { vote_type })).status).toBe(200);
const comment = async (client: ApiTestClient, id: number, text: string) =>
  expect((await client.post(`/api/businesses/${id}/comments`, { comment_text: text })).status).toBe(201);
const merge = (into: number, from: unknown, client = admin) => client.post(`/api/admin/businesses/${into}/merge`, { from });
const count = async (table: string, businessId: number) =>
  (await api.core.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE business_id = $1`, [businessId])).rows[0].n;

describe('POST /api/admin/businesses/{id}/merge', () => {
  it("moves votes (A's wins for a member who voted on both), comments, suggestions, reports and sources; fills only A's empty fields", async () => {
    const a = await createBusiness(owner, {
      name: 'Olive Tree Bakers',
      postcode: 'E1 6AN',
      phone: '',
      website: '',
      description: 'Bread and sweets.',
    });
    const b = await createBusiness(owner, {
      name: 'Olive Tree Bakery',
      postcode: 'E1 6AN',
      phone: '020 7946 0999',
      website: 'https://olivetree.example',
      description: 'Another description.',
      sources: [{ kind: 'Public statement', description: 'Our statement', url: 'https://olivetree.example/statement', date: '2026-01-10' }],
    });
    const [both, onlyB, onlyA] = [await member(), await member(), await member()];
    await vote(both, a.id, 'upvote');
    await vote(both, b.id, 'downvote');
    await vote(onlyB, b.id, 'upvote');
    await vote(onlyA, a.id, 'upvote');
    await comment(onlyB, b.id, 'Lovely bread at the bakery');
    await comment(onlyA, a.id, 'Best knafeh in town');
    expect(
      (await onlyB.post(`/api/businesses/${b.id}/suggestions`, { field_name: 'category', suggested_value: 'Bakery', reason: 'it is' })).status,
    ).toBe(201);
    expect((await onlyB.post('/api/reports', { business_id: b.id, reason: 'Spam or duplicate', description: 'same as A' })).status).toBe(201);

    const answer = await merge(a.id, b.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: '"Olive Tree Bakery" merged into "Olive Tree Bakers"', into: a.id, from: b.id });

    const survivor = (await admin.get(`/api/businesses/${a.id}`)).body;
    expect({ upvotes: survivor.upvotes, downvotes: survivor.downvotes }).toEqual({ upvotes: 3, downvotes: 0 });
    expect((await both.get(`/api/businesses/${a.id}/votes`)).body.user_vote).toBe('upvote');
    expect((await admin.get(`/api/businesses/${a.id}/comments`)).body.map((c: { comment_text: string }) => c.comment_text).sort()).toEqual([
      'Best knafeh in town',
      'Lovely bread at the bakery',
    ]);
    expect(await count('suggestions', a.id)).toBe(1);
    expect(await count('reports', a.id)).toBe(1);
    expect(survivor.sources.map((s: { url: string }) => s.url)).toContain('https://olivetree.example/statement');
    expect(survivor.proof_of_support).toContain('Our statement');
    expect({ phone: survivor.phone, website: survivor.website, description: survivor.description }).toEqual({
      phone: '020 7946 0999',
      website: 'https://olivetree.example',
      description: 'Bread and sweets.',
    });
    for (const table of ['votes', 'comments', 'suggestions', 'reports', 'business_sources']) expect(await count(table, b.id)).toBe(0);

    const audit = await api.core.db.query(`SELECT action, target_id, details FROM audit_log WHERE action = 'business.merged' AND target_id = $1`, [
      a.id,
    ]);
    expect(audit.rows).toEqual([
      {
        action: 'business.merged',
        target_id: a.id,
        details: expect.objectContaining({
          from: b.id,
          moved: expect.objectContaining({ votes: 1, votes_dropped: 1, comments: 1, suggestions: 1, reports: 1, sources: 1 }),
          filled: ['phone', 'website'],
        }),
      },
    ]);
  });

  it("brings B's 'Alternative to' brands A lacks, and B's Palestinian products with their source when A lists none", async () => {
    const addBrand = async (name: string) => {
      const created = await admin.post('/api/admin/brands', {
        name: `${name} ${Date.now()}`,
        reason: 'Named by the campaign',
        sources: [{ kind: 'Other', description: 'The campaign list', date: '2026-01-02' }],
      });
      expect(created.status).toBe(201);
      return created.body as { id: number; name: string; slug: string };
    };
    const [shared, onlyB] = [await addBrand('Sharedbucks'), await addBrand('Onlybbucks')];
    const source = { kind: 'In-store sign', description: 'Dates from Jericho on the shelf', date: '2026-02-03' };
    const a = await createBusiness(owner, { name: 'Jaffa Grocers' });
    const b = await createBusiness(owner, { name: 'Jaffa Grocery' });
    expect((await admin.put(`/api/businesses/${a.id}/alternatives`, { brands: [shared.slug] })).status).toBe(200);
    expect((await admin.put(`/api/businesses/${b.id}/alternatives`, { brands: [shared.slug, onlyB.slug] })).status).toBe(200);
    expect((await admin.put(`/api/businesses/${b.id}/products`, { products: ['dates', 'soap'], source })).status).toBe(200);

    expect((await merge(a.id, b.id)).status).toBe(200);
    const survivor = (await api.client().get(`/api/businesses/${a.id}`)).body;
    expect(survivor.alternatives.map((brand: { slug: string }) => brand.slug).sort()).toEqual([shared.slug, onlyB.slug].sort());
    expect(survivor.palestinian_products.products.map((type: { slug: string }) => type.slug)).toEqual(['dates', 'soap']);
    expect(survivor.palestinian_products.source).toMatchObject({ kind: 'In-store sign', description: source.description });
    expect((await api.client().get(`/api/businesses?alternative_to=${onlyB.slug}`)).body.map((one: { id: number }) => one.id)).toEqual([a.id]);

    // A that lists products keeps its own: C's go with C.
    const c = await createBusiness(owner, { name: 'Jaffa Corner Shop' });
    expect((await admin.put(`/api/businesses/${c.id}/products`, { products: ['books'], source })).status).toBe(200);
    expect((await merge(a.id, c.id)).status).toBe(200);
    const after = (await api.client().get(`/api/businesses/${a.id}`)).body.palestinian_products;
    expect(after.products.map((type: { slug: string }) => type.slug)).toEqual(['dates', 'soap']);
    const audit = await api.core.db.query(`SELECT details FROM audit_log WHERE action = 'business.merged' AND target_id = $1 ORDER BY id`, [a.id]);
    expect(audit.rows.map((row) => [row.details.moved.alternatives, row.details.moved.products])).toEqual([
      [1, 2],
      [0, 0],
    ]);
  });

  it("keeps both histories on A, under one 'merge' revision by 'admin' with the fields B filled and the sources it brought", async () => {
    const a = await createBusiness(owner, { phone: '' });
    const b = await createBusiness(owner, { phone: '020 7946 0999' });
    const edit = await owner.put(
      `/api/businesses/${b.id}`,
      businessInput({ name: b.name, phone: '020 7946 0999', description: 'Edited before the merge.' }),
    );
    expect(edit.status).toBe(200);
    expect((await merge(a.id, b.id)).status).toBe(200);

    const history = await api.client().get(`/api/businesses/${a.id}/history`);
    expect(history.status).toBe(200);
    const kinds = history.body.map((revision: { kind: string; business_id: number }) => [revision.kind, revision.business_id]);
    expect(kinds).toEqual([
      ['merge', a.id],
      ['edit', a.id],
      ['create', a.id],
      ['create', a.id],
    ]);
    // B's phone fills A's empty one; B's source joins A's, so the sources' text has both.
    expect(history.body[0]).toMatchObject({
      by: 'admin',
      changes: [
        { field: 'phone', before: '', after: '020 7946 0999' },
        { field: 'proof_of_support', before: a.proof_of_support, after: `${a.proof_of_support}\n${b.proof_of_support}` },
      ],
    });
    expect(history.body[1].changes).toEqual([expect.objectContaining({ field: 'description', after: 'Edited before the merge.' })]);
    expect(history.headers.get('x-total-count')).toBe('4');
  });

  it("answers B's detail with 404 and merged_into, even after A is merged on into C; B's other answers stay plain 404s", async () => {
    const [a, b, c] = [await createBusiness(owner), await createBusiness(owner), await createBusiness(owner)];
    expect((await merge(a.id, b.id)).status).toBe(200);
    const gone = await api.client().get(`/api/businesses/${b.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: MESSAGES.businessNotFound, code: 'businessNotFound', merged_into: a.id });
    expect((await merge(c.id, a.id)).status).toBe(200);
    for (const id of [a.id, b.id])
      expect((await api.client().get(`/api/businesses/${id}`)).body).toEqual({
        detail: MESSAGES.businessNotFound,
        code: 'businessNotFound',
        merged_into: c.id,
      });
    // The front door's page lookup: 301 to the survivor's page for a merged id, 404 for any other.
    const page = await api.client().get(`/api/businesses/${b.id}/page`);
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`/business/${c.id}`);
    expect((await api.client().get(`/api/businesses/${c.id}/page`)).status).toBe(404);
    const votes = await api.client().get(`/api/businesses/${b.id}/votes`);
    expect(votes.status).toBe(404);
    expect(votes.body).toEqual({ detail: MESSAGES.businessNotFound, code: 'businessNotFound' });
    expect((await api.client().get('/api/businesses/2000000')).body).toEqual({ detail: MESSAGES.businessNotFound, code: 'businessNotFound' });
  });

  it('refuses a merge into itself (400), of or into a missing business (404), and non-admins (403)', async () => {
    const a = await createBusiness(owner);
    const itself = await merge(a.id, a.id);
    expect(itself.status).toBe(400);
    expect(itself.body.detail).toBe(MESSAGES.mergeIntoItself);
    for (const [into, from] of [
      [a.id, 2_000_000],
      [2_000_000, a.id],
    ]) {
      const missing = await merge(into, from);
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe(MESSAGES.businessNotFound);
    }
    const noFrom = await admin.post(`/api/admin/businesses/${a.id}/merge`, {});
    expect(noFrom.status).toBe(400);
    expect(noFrom.body.detail).toBe(MESSAGES.mergeFromRequired);
    expect((await merge(a.id, a.id + 1, owner)).status).toBe(403);
  });
});

describe('GET /api/admin/duplicates and POST /api/admin/duplicates/{id}/dismiss', () => {
  it("lists open pairs with both businesses and 'added despite the warning'; a dismissed or merged pair leaves the list", async () => {
    const a = await createBusiness(owner, { name: 'Karmel Kitchen', postcode: 'W6 0AA' });
    const b = await createBusiness(owner, { name: 'Karmel Kitchens', postcode: 'W6 0AA', duplicate_candidates: [a.id] });
    const c = await createBusiness(owner, { name: 'Karmel Kitchen Cafe', postcode: 'W6 0AA', duplicate_candidates: [a.id] });
    const { items, total } = await allPages<{ id: number; first: { id: number }; second: { id: number } }>(admin, '/api/admin/duplicates?limit=1');
    expect(items).toHaveLength(total);
    const ab = items.find((pair) => pair.first.id === a.id && pair.second.id === b.id)!;
    expect(ab).toEqual({
      id: expect.any(Number),
      first: { id: a.id, name: 'Karmel Kitchen', address: a.address, city: a.city, postcode: 'W6 0AA' },
      second: { id: b.id, name: 'Karmel Kitchens', address: b.address, city: b.city, postcode: 'W6 0AA' },
      score: expect.any(Number),
      distance_m: null,
      added_despite_warning: true,
      found_at: expect.stringMatching(/Z$/),
    });
    const ac = items.find((pair) => pair.second.id === c.id)!;

    const dismissed = await admin.post(`/api/admin/duplicates/${ab.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ message: MESSAGES.pairDismissed });
    const again = await admin.post(`/api/admin/duplicates/${ab.id}/dismiss`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe(MESSAGES.duplicatePairNotFound);
    expect((await merge(a.id, c.id)).status).toBe(200);

    const after = (await allPages<{ id: number }>(admin, '/api/admin/duplicates')).items.map((pair) => pair.id);
    expect(after).not.toContain(ab.id);
    expect(after).not.toContain(ac.id);
    const decided = await api.core.db.query('SELECT status FROM duplicate_pairs WHERE id = ANY($1::int[]) ORDER BY id', [[ab.id, ac.id]]);
    expect(decided.rows.map((row) => row.status)).toEqual(['dismissed', 'merged']);
    expect((await owner.get('/api/admin/duplicates')).status).toBe(403);
  });
});
