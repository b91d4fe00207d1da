// Brands and alternatives, and Palestinian products, over HTTP: who may do what, and bad input refused in words.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { AlertsRepository, BusinessesRepository, SuggestionsRepository } from '@zaytoon/core';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { confirmEmail } from '../test/email-confirmation';
import { createBusiness } from '../test/fixtures';

interface PlanNode {
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
/** The most rows any step of a plan produced (over all its loops). */
const mostRowsOfANode = (node: PlanNode): number => Math.max(node['Actual Rows'] * node['Actual Loops'], ...(node.Plans ?? []).map(mostRowsOfANode));

let api: TestApi;
let admin: ApiTestClient;
let owner: ApiTestClient;
let member: ApiTestClient;
const source = { kind: 'Public statement', url: 'https://news.example/boycott', description: 'Listed by the boycott campaign', date: '2024-03-01' };
const uniqueName = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;
const slugOfName = (name: string) => name.toLowerCase().replace(/ /g, '-');

async function addBrand(name = uniqueName('Examplebucks')) {
  const answer = await admin.post('/api/admin/brands', { name, reason: 'Named by the BDS movement', sources: [source] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { id, slug } = answer.body as { id: number; slug: string };
  return { id, name, slug };
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  owner = api.client();
  await confirmEmail(api, owner, (await owner.signup()).email);
  member = api.client();
  await confirmEmail(api, member, (await member.signup()).email);
});
afterAll(async () => api?.stop());

describe('brands: admins keep the list', () => {
  it('an admin adds a brand with its sources; anyone reads its page by slug and finds it by name', async () => {
    const name = uniqueName('Examplebucks');
    const created = await admin.post('/api/admin/brands', { name, reason: 'Named by the BDS movement', sources: [source] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, slug: slugOfName(name), reason: 'Named by the BDS movement', alternatives: 0 });
    expect(created.body.sources).toEqual([expect.objectContaining({ kind: source.kind, url: source.url, date: source.date })]);

    const page = await api.client().get(`/api/brands/${created.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: created.body.id, name, reason: 'Named by the BDS movement' });
    expect(page.body.sources[0].link).toEqual({ status: 'unchecked', archived_title: null });

    const found = await api.client().get(`/api/brands?search=${encodeURIComponent(name.slice(4).toUpperCase())}`);
    expect(found.body).toEqual([{ id: created.body.id, name, slug: created.body.slug }]);
  });

  it("finds a brand by its name with accents and case set aside: 'nestle' finds Nestlé, first when it starts the name", async () => {
    const accented = await addBrand(uniqueName('Nestlé'));
    const inside = await addBrand(uniqueName('Café Nestlé Bar'));
    const found = await api.client().get(`/api/brands?search=${encodeURIComponent('NESTLE')}&limit=50`);
    expect(found.status).toBe(200);
    const ids = found.body.map((brand: { id: number }) => brand.id);
    expect(ids).toContain(accented.id);
    expect(ids).toContain(inside.id);
    expect(ids.indexOf(accented.id)).toBeLessThan(ids.indexOf(inside.id));
    expect(
      (await api.client().get(`/api/brands?search=${encodeURIComponent('cafe nestle')}`)).body.map((brand: { id: number }) => brand.id),
    ).toContain(inside.id);
  });

  it('members and visitors may not add or edit brands', async () => {
    const input = { name: uniqueName('Nope'), reason: 'x', sources: [source] };
    expect((await member.post('/api/admin/brands', input)).status).toBe(403);
    expect((await api.client().post('/api/admin/brands', input)).status).toBe(401);
    const brand = await addBrand();
    expect((await member.put(`/api/admin/brands/${brand.id}`, input)).status).toBe(403);
  });

  it('refuses a brand without a name, a reason or a source, a bad slug, and a taken name', async () => {
    const empty = await admin.post('/api/admin/brands', { name: ' ', reason: '', sources: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.codes).toMatchObject({
      name: { code: 'brandNameRequired' },
      reason: { code: 'brandReasonRequired' },
      sources: { code: 'brandSourceRequired' },
    });
    const badSource = await admin.post('/api/admin/brands', { name: uniqueName('A'), reason: 'r', sources: [{ ...source, url: 'ftp://x' }] });
    expect(badSource.status).toBe(400);
    expect(badSource.body.codes['sources.0.url'].code).toBe('sourceUrlInvalid');
    const badSlug = await admin.post('/api/admin/brands', { name: uniqueName('B'), slug: 'Not A Slug', reason: 'r', sources: [source] });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.codes.slug.code).toBe('brandSlugInvalid');

    const brand = await addBrand();
    const taken = await admin.post('/api/admin/brands', { name: brand.name.toUpperCase(), reason: 'r', sources: [source] });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(MESSAGES.brandExists);
  });

  it('an edit changes the name, reason and sources, never the slug; an unknown brand is 404', async () => {
    const brand = await addBrand();
    const renamed = uniqueName('Renamedbucks');
    const edited = await admin.put(`/api/admin/brands/${brand.id}`, {
      name: renamed,
      slug: 'ignored-slug',
      reason: 'Still named',
      sources: [{ kind: 'Other', description: 'A newer list', date: '2025-01-02' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: renamed, slug: brand.slug, reason: 'Still named' });
    expect(edited.body.sources).toEqual([expect.objectContaining({ kind: 'Other', description: 'A newer list', url: null })]);
    expect((await admin.put('/api/admin/brands/999999999', { name: uniqueName('C'), reason: 'r', sources: [source] })).status).toBe(404);
    expect((await api.client().get('/api/brands/no-such-brand')).status).toBe(404);
  });
});

describe('brands: an admin deletes one', () => {
  it('its page, tags and sources go; pending suggestions of it are rejected; alerts that follow it are deleted', async () => {
    const brand = await addBrand();
    const kept = await addBrand();
    const [tagged, suggested] = [await createBusiness(owner), await createBusiness(owner)];
    expect((await owner.put(`/api/businesses/${tagged.id}/alternatives`, { brands: [brand.slug, kept.slug] })).status).toBe(200);
    const suggestion = await member.post(`/api/businesses/${suggested.id}/suggestions`, {
      field_name: 'alternative_to',
      suggested_value: brand.slug,
    });
    expect(suggestion.status).toBe(201);
    const alert = await member.post('/api/alerts', { alternative_to: brand.slug });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    const otherAlert = await member.post('/api/alerts', { alternative_to: kept.slug });
    expect(otherAlert.status).toBe(201);
    const feedPosition = async (businessId: number) =>
      (await api.core.db.query('SELECT change_xid::text::bigint AS xid FROM business_changes WHERE business_id = $1', [businessId])).rows[0].xid;
    const before = await feedPosition(tagged.id);

    expect((await member.delete(`/api/admin/brands/${brand.id}`)).status).toBe(403);
    expect((await api.client().delete(`/api/admin/brands/${brand.id}`)).status).toBe(401);
    const deleted = await admin.delete(`/api/admin/brands/${brand.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ message: `Brand "${brand.name}" deleted` });

    expect((await api.client().get(`/api/brands/${brand.slug}`)).status).toBe(404);
    expect((await api.client().get(`/api/brands?search=${encodeURIComponent(brand.name)}`)).body).toEqual([]);
    expect((await api.client().get(`/api/businesses/${tagged.id}`)).body.alternatives).toEqual([kept]);
    expect((await api.client().get(`/api/businesses?alternative_to=${brand.slug}`)).body).toEqual([]);
    expect(BigInt(await feedPosition(tagged.id))).toBeGreaterThan(BigInt(before));
    const { rows: sources } = await api.core.db.query('SELECT id FROM brand_sources WHERE brand_id = $1', [brand.id]);
    expect(sources).toEqual([]);

    const review = await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`);
    expect(review.status).toBe(409);
    expect(review.body.detail).toBe(MESSAGES.suggestionAlreadyReviewed);
    expect((await member.get('/api/alerts')).body.map((kept: { id: number }) => kept.id)).toEqual([otherAlert.body.id]);
    const { rows: audit } = await api.core.db.query(`SELECT details FROM audit_log WHERE action = 'brand.deleted' AND target_id = $1`, [brand.id]);
    expect(audit).toEqual([{ details: { name: brand.name, slug: brand.slug, suggestions_rejected: 1, alerts_deleted: 1 } }]);

    const again = await admin.delete(`/api/admin/brands/${brand.id}`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe(MESSAGES.brandNotFound);
    expect((await admin.delete('/api/admin/brands/not-a-number')).status).toBe(404);
  });

  it("a deletion reads only the deleted brand's or type's pending suggestions and alerts, never the whole tables", async () => {
    const brand = await addBrand();
    const userId = (await member.get('/api/auth/me')).body.id;
    const [business] = (await api.core.db.query<{ id: number }>('SELECT id FROM businesses ORDER BY id LIMIT 1')).rows;
    // Thousands of other brands' and types' rows, in a transaction rolled back: the member keeps their alert allowance.
    const client = await api.core.db.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO suggestions (business_id, user_id, field_name, suggested_value, suggestion_type)
           SELECT $1, $2, CASE WHEN n % 2 = 0 THEN 'alternative_to' ELSE 'description' END, 'other-brand-' || n, 'add_missing'
             FROM generate_series(1, 4000) AS n`,
        [business.id, userId],
      );
      await client.query(
        `INSERT INTO alerts (user_id, alternative_to, palestinian_product)
           SELECT $1, CASE WHEN n % 2 = 0 THEN 'other-brand-' || n END, CASE WHEN n % 2 = 1 THEN 'other-type-' || n END
             FROM generate_series(1, 4000) AS n`,
        [userId],
      );
      await client.query('ANALYZE suggestions; ANALYZE alerts');
      const plans: PlanNode[] = [];
      const explaining = {
        query: async (text: string, values?: unknown[]) => {
          const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
          plans.push(rows[0]['QUERY PLAN'][0].Plan);
          return { rows: [], rowCount: 0 };
        },
      };
      await new SuggestionsRepository(explaining as never).rejectPendingAlternativeTo(brand.slug, userId);
      await new AlertsRepository(explaining as never).deleteFollowing({ alternativeTo: brand.slug });
      await new AlertsRepository(explaining as never).deleteFollowing({ palestinianProduct: 'olive-oil' });
      expect(plans).toHaveLength(3);
      for (const plan of plans) expect(mostRowsOfANode(plan)).toBeLessThan(100);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe("'Alternative to <brand>': its owner or an admin tags a business", () => {
  it('the owner and an admin may; another member may not; unknown brands are refused', async () => {
    const [first, second] = [await addBrand(), await addBrand()];
    const business = await createBusiness(owner);

    const byOwner = await owner.put(`/api/businesses/${business.id}/alternatives`, { brands: [first.slug] });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    expect(byOwner.body).toEqual([first]);
    expect((await member.put(`/api/businesses/${business.id}/alternatives`, { brands: [second.slug] })).status).toBe(403);
    expect((await api.client().put(`/api/businesses/${business.id}/alternatives`, { brands: [] })).status).toBe(401);
    const unknown = await owner.put(`/api/businesses/${business.id}/alternatives`, { brands: [first.slug, 'no-such-brand'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(MESSAGES.brandUnknown);
    expect((await owner.put(`/api/businesses/${business.id}/alternatives`, { brands: 'x' })).status).toBe(400);

    const byAdmin = await admin.put(`/api/businesses/${business.id}/alternatives`, { brands: [second.slug, first.slug] });
    expect(byAdmin.status).toBe(200);
    const detail = await api.client().get(`/api/businesses/${business.id}`);
    expect(detail.body.alternatives).toEqual([first, second].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())));
    expect((await api.client().get(`/api/brands/${first.slug}`)).body.alternatives).toBe(1);
    expect((await admin.put('/api/businesses/999999999/alternatives', { brands: [] })).status).toBe(404);
  });

  it('a member suggests it; the business is tagged only once an admin approves', async () => {
    const brand = await addBrand();
    const business = await createBusiness(owner);
    const suggestion = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'alternative_to', suggested_value: brand.slug });
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(201);
    expect(suggestion.body).toMatchObject({ field_name: 'alternative_to', suggested_value: brand.slug, suggestion_type: 'add_missing' });
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.alternatives).toEqual([]);

    expect((await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`)).status).toBe(200);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.alternatives).toEqual([brand]);

    const again = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'alternative_to', suggested_value: brand.slug });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.alreadyAlternative);
    const unknown = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'alternative_to',
      suggested_value: 'no-such-brand',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.codes.suggested_value.code).toBe('brandUnknown');
  });
});

describe("/browse's 'Alternative to…' and 'Palestinian products' filters", () => {
  it('list, total and summary hold only the tagged businesses; an unknown slug matches none', async () => {
    const brand = await addBrand();
    const city = uniqueName('Filtertown');
    const [tagged, stocked, neither] = [
      await createBusiness(owner, { city }),
      await createBusiness(owner, { city }),
      await createBusiness(owner, { city }),
    ];
    expect((await owner.put(`/api/businesses/${tagged.id}/alternatives`, { brands: [brand.slug] })).status).toBe(200);
    expect((await owner.put(`/api/businesses/${stocked.id}/products`, { products: ['dates'], source })).status).toBe(200);
    const ids = async (query: string) => {
      const answer = await api.client().get(`/api/businesses?city=${encodeURIComponent(city)}&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(Number(answer.headers.get('x-total-count'))).toBe(answer.body.length);
      return answer.body.map((business: { id: number }) => business.id);
    };
    expect(await ids(`alternative_to=${brand.slug}`)).toEqual([tagged.id]);
    expect((await api.client().get(`/api/businesses?alternative_to=${brand.slug}`)).body[0].alternatives).toEqual([brand]);
    expect(await ids('palestinian_product=dates')).toEqual([stocked.id]);
    expect(await ids('palestinian_product=any')).toEqual([stocked.id]);
    expect(await ids('palestinian_product=soap')).toEqual([]);
    expect(await ids('alternative_to=no-such-brand')).toEqual([]);
    expect((await ids('')).sort()).toEqual([tagged.id, stocked.id, neither.id].sort());
    const summary = await api.client().get(`/api/businesses/summary?alternative_to=${brand.slug}`);
    expect(summary.body.total).toBe(1);
  });

  it("a page of a brand's alternatives reads the brand's rows, never the directory in name order", async () => {
    await api.core.db.query(
      `INSERT INTO businesses (name, address, city, postcode) SELECT 'Filler ' || n, '1 High Street', 'Fillerton', 'XX1 1XX' FROM generate_series(1, 5000) AS n`,
    );
    // Beside a brand tagged on every filler, a brand with one alternative looks, to the planner, as common as it.
    const common = await addBrand();
    await api.core.db.query(`INSERT INTO business_alternatives (brand_id, business_id) SELECT $1, id FROM businesses WHERE city = 'Fillerton'`, [
      common.id,
    ]);
    const brand = await addBrand();
    const tagged = await createBusiness(owner, { name: 'Zz Last In Name Order' });
    expect((await owner.put(`/api/businesses/${tagged.id}/alternatives`, { brands: [brand.slug] })).status).toBe(200);
    await api.core.db.query('ANALYZE businesses; ANALYZE business_alternatives; ANALYZE brands');
    const plans: PlanNode[] = [];
    const explaining = {
      query: async (text: string, values?: unknown[]) => {
        const { rows } = await api.core.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        plans.push(rows[0]['QUERY PLAN'][0].Plan);
        return { rows: [], rowCount: 0 };
      },
    };
    await new BusinessesRepository(explaining as never).listPage({ alternativeTo: brand.slug }, { limit: 21, forAdmin: false });
    expect(plans).toHaveLength(1);
    expect(mostRowsOfANode(plans[0])).toBeLessThan(100);
  });
});

describe('Palestinian products', () => {
  it('lists the seeded product types', async () => {
    const types = await api.client().get('/api/product-types');
    expect(types.status).toBe(200);
    expect(types.body.map((type: { slug: string }) => type.slug)).toEqual(
      expect.arrayContaining(['olive-oil', 'zaatar', 'dates', 'maftoul', 'soap', 'ceramics', 'embroidery', 'books']),
    );
  });

  it('its owner says what the business stocks, with a source; others may not; bad input is refused', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}/products`;
    const noSource = await owner.put(path, { products: ['olive-oil'] });
    expect(noSource.status).toBe(400);
    expect(noSource.body.codes.source.code).toBe('productProofRequired');
    const unknown = await owner.put(path, { products: ['olive-oil', 'no-such-type'], source });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(MESSAGES.productTypeUnknown);
    expect((await member.put(path, { products: ['soap'], source })).status).toBe(403);

    const saved = await owner.put(path, { products: ['olive-oil', 'zaatar'], source: { ...source, kind: 'In-store sign' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.products.map((type: { slug: string }) => type.slug)).toEqual(['olive-oil', 'zaatar']);
    const detail = await api.client().get(`/api/businesses/${business.id}`);
    expect(detail.body.palestinian_products.source).toMatchObject({ kind: 'In-store sign', url: source.url });

    const cleared = await owner.put(path, { products: [] });
    expect(cleared.body).toEqual({ products: [], source: null, photo: null });
  });

  it('admins add product types; members may not', async () => {
    const name = uniqueName('Olive wood');
    const created = await admin.post('/api/admin/product-types', { name });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, slug: slugOfName(name) });
    expect((await admin.post('/api/admin/product-types', { name: name.toUpperCase() })).status).toBe(409);
    expect((await member.post('/api/admin/product-types', { name: uniqueName('Other') })).status).toBe(403);
    expect((await admin.post('/api/admin/product-types', { name: '' })).body.codes.name.code).toBe('productTypeNameRequired');
  });

  it('an admin deletes a product type: no business stocks it, one left with none loses its source, alerts that follow it go', async () => {
    const created = await admin.post('/api/admin/product-types', { name: uniqueName('Keffiyeh') });
    expect(created.status).toBe(201);
    const type = created.body as { id: number; name: string; slug: string };
    const [only, alsoDates] = [await createBusiness(owner), await createBusiness(owner)];
    expect((await owner.put(`/api/businesses/${only.id}/products`, { products: [type.slug], source })).status).toBe(200);
    expect((await owner.put(`/api/businesses/${alsoDates.id}/products`, { products: [type.slug, 'dates'], source })).status).toBe(200);
    const alert = await member.post('/api/alerts', { palestinian_product: type.slug });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);

    expect((await member.delete(`/api/admin/product-types/${type.id}`)).status).toBe(403);
    const deleted = await admin.delete(`/api/admin/product-types/${type.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ message: `Product type "${type.name}" deleted` });

    expect((await api.client().get('/api/product-types')).body.map((listed: { slug: string }) => listed.slug)).not.toContain(type.slug);
    expect((await api.client().get(`/api/businesses/${only.id}`)).body.palestinian_products).toEqual({ products: [], source: null, photo: null });
    const left = (await api.client().get(`/api/businesses/${alsoDates.id}`)).body.palestinian_products;
    expect(left.products.map((listed: { slug: string }) => listed.slug)).toEqual(['dates']);
    expect(left.source).toMatchObject({ url: source.url });
    expect((await api.client().get(`/api/businesses?palestinian_product=${type.slug}`)).body).toEqual([]);
    expect((await member.get('/api/alerts')).body.map((kept: { id: number }) => kept.id)).not.toContain(alert.body.id);

    const again = await admin.delete(`/api/admin/product-types/${type.id}`);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe(MESSAGES.productTypeNotFound);
  });
});
