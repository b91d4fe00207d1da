// A source's link is queued for a check when it is added or changed, and the admins' list of
// sources whose link is broken (the worker's checks write the link columns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CHECK_RULES, MESSAGES } from '@zaytoon/contract';
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

/** A source of the business as the worker leaves it after its checks. */
async function insertCheckedSource(businessId: number, link: { status: string; failures: number; httpStatus: number | null; title: string | null }) {
  const { rows } = await api.core.db.query<{ id: number }>(
    `INSERT INTO business_sources (business_id, kind, url, description, source_date, link_status, link_failures, link_http_status,
                                   link_final_url, link_checked_at, archived_title, archived_excerpt)
     VALUES ($1, 'Public statement', 'https://example.org/statement', 'Our statement', '2026-01-10', $2, $3, $4,
             'https://example.org/statement', '2026-11-20T10:00:00Z', $5, 'We stand with Palestine')
     RETURNING id`,
    [businessId, link.status, link.failures, link.httpStatus, link.title],
  );
  return rows[0].id;
}

const BROKEN = `'broken', 3, 410, 'https://example.org/gone', '2026-11-20T10:00:00Z'`;

/** A brand with one source whose link the worker found broken. */
async function insertBrandWithBrokenSource(name: string): Promise<{ brandId: number; sourceId: number }> {
  const { rows } = await api.core.db.query<{ brand_id: number; source_id: number }>(
    `WITH brand AS (INSERT INTO brands (name, slug, reason) VALUES ($1, lower($1), 'Boycotted') RETURNING id)
     INSERT INTO brand_sources (brand_id, kind, url, description, source_date, link_status, link_failures, link_http_status, link_final_url, link_checked_at)
     SELECT id, 'Public statement', 'https://example.org/gone', 'Their statement', '2026-01-10', ${BROKEN} FROM brand
     RETURNING brand_id, id AS source_id`,
    [name],
  );
  return { brandId: rows[0].brand_id, sourceId: rows[0].source_id };
}

async function insertBrokenProductSource(businessId: number): Promise<number> {
  const { rows } = await api.core.db.query<{ id: number }>(
    `INSERT INTO business_product_sources (business_id, kind, url, description, source_date, link_status, link_failures, link_http_status,
                                           link_final_url, link_checked_at)
     VALUES ($1, 'In-store sign', 'https://example.org/gone', 'Olive oil on the shelf', '2026-01-10', ${BROKEN}) RETURNING id`,
    [businessId],
  );
  return rows[0].id;
}

type Listed = { list: string; source_id: number; business: { id: number } | null; brand: { id: number; name: string; slug: string } | null };
const allBrokenLinks = (limit: number, search = '') =>
  allPages<Listed>(admin, `/api/admin/links/broken?limit=${limit}${search && `&search=${encodeURIComponent(search)}`}`);

const ORDER = ['business', 'brand', 'product'];

describe('GET /api/admin/links/broken', () => {
  it('lists broken links with their business, status, failures, last check and archived title, and no others', async () => {
    const business = await createBusiness(member);
    const broken = await insertCheckedSource(business.id, {
      status: 'broken',
      failures: LINK_CHECK_RULES.failuresForBroken,
      httpStatus: 404,
      title: 'Our pledge',
    });
    const failing = await insertCheckedSource(business.id, { status: 'failing', failures: 1, httpStatus: null, title: null });
    const ok = await insertCheckedSource(business.id, { status: 'ok', failures: 0, httpStatus: 200, title: 'Fine' });

    const { items, total } = await allBrokenLinks(500);
    expect(items).toHaveLength(total);
    expect(items.find((item) => item.list === 'business' && item.source_id === broken)).toEqual({
      list: 'business',
      source_id: broken,
      business: { id: business.id, name: business.name },
      brand: null,
      url: 'https://example.org/statement',
      status: 'broken',
      http_status: 404,
      final_url: 'https://example.org/statement',
      failures: 3,
      checked_at: '2026-11-20T10:00:00.000Z',
      archived_title: 'Our pledge',
    });
    const ids = items.map((item) => item.source_id);
    expect(ids).not.toContain(failing);
    expect(ids).not.toContain(ok);
  });

  it('pages oldest first, the links adding up to the total', async () => {
    const business = await createBusiness(member);
    for (let i = 0; i < 3; i++) await insertCheckedSource(business.id, { status: 'broken', failures: 3, httpStatus: 500, title: null });
    const { items, total } = await allBrokenLinks(2);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(items).toHaveLength(total);
    const ids = items.filter((item) => item.list === 'business').map((item) => item.source_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("lists brands' and products' broken sources too, saying which brand or business, paged with the businesses' and searched by name", async () => {
    const { brandId, sourceId: brandSource } = await insertBrandWithBrokenSource('Brokenbucks');
    const business = await createBusiness(member, { name: 'Gone Link Deli' });
    const productSource = await insertBrokenProductSource(business.id);
    await insertBrokenProductSource(business.id);

    const { items, total } = await allBrokenLinks(1);
    expect(items).toHaveLength(total);
    const keys = items.map((item) => `${item.list}-${item.source_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(items.map((item) => item.list)).toEqual([...items.map((item) => item.list)].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(items.find((item) => item.list === 'brand' && item.source_id === brandSource)).toMatchObject({
      business: null,
      brand: { id: brandId, name: 'Brokenbucks', slug: 'brokenbucks' },
    });
    expect(items.find((item) => item.list === 'product' && item.source_id === productSource)).toMatchObject({
      business: { id: business.id, name: 'Gone Link Deli' },
      brand: null,
    });

    const byBrand = await allBrokenLinks(50, 'brokenbu');
    expect(byBrand.items.map((item) => [item.list, item.source_id])).toEqual([['brand', brandSource]]);
    expect(byBrand.total).toBe(1);
    const byBusiness = await allBrokenLinks(50, 'gone link');
    expect(byBusiness.items.map((item) => item.list)).toEqual(['product', 'product']);
  });

  it('refuses a cursor it did not make with 400', async () => {
    for (const cursor of ['x', Buffer.from('["1; DROP TABLE business_sources"]').toString('base64url')]) {
      const answer = await admin.get(`/api/admin/links/broken?cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(MESSAGES.invalidCursor);
    }
  });

  it('is for admins only: 401 without a session, 403 for a member', async () => {
    const visitor = await api.client().get('/api/admin/links/broken');
    expect(visitor.status).toBe(401);
    const denied = await member.get('/api/admin/links/broken');
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe(MESSAGES.adminOnly);
  });
});

describe('a link is checked when its source is added or its URL changes', () => {
  /** Sources with a check waiting in the links queue (no worker runs under the API tests). */
  async function sourcesQueuedForCheck(): Promise<number[]> {
    const jobs = await api.core.jobs.queues.links.getJobs(['waiting', 'prioritized', 'delayed']);
    return jobs.filter((job) => job.name === 'check-source-link').map((job) => job.data.sourceId as number);
  }
  const source = (url: string, extra: Record<string, unknown> = {}) => ({
    kind: 'Public statement',
    url,
    description: 'Our statement',
    date: '2026-01-10',
    ...extra,
  });

  it('queues a check of each new source with a link, again when its link changes, and not when it is kept', async () => {
    await api.core.jobs.queues.links.obliterate({ force: true });
    const created = await createBusiness(member, { sources: [source('https://example.org/a'), source('')] });
    const [withLink] = created.sources.filter((item: { url: string | null }) => item.url);
    expect(await sourcesQueuedForCheck()).toEqual([withLink.id]);

    await api.core.jobs.queues.links.obliterate({ force: true });
    const kept = await member.put(
      `/api/businesses/${created.id}`,
      businessInput({ name: created.name, sources: [source('https://example.org/a', { id: withLink.id })] }),
    );
    expect(kept.status).toBe(200);
    expect(await sourcesQueuedForCheck()).toEqual([]);

    const changed = await member.put(
      `/api/businesses/${created.id}`,
      businessInput({ name: created.name, sources: [source('https://example.org/b', { id: withLink.id })] }),
    );
    expect(changed.status).toBe(200);
    expect(await sourcesQueuedForCheck()).toEqual([changed.body.sources[0].id]);
  });

  it("queues a check of a suggested source's link when an admin approves it, and none before", async () => {
    const created = await createBusiness(member, { sources: [] });
    await api.core.jobs.queues.links.obliterate({ force: true });
    const suggested = source('https://example.org/suggested');
    const suggestion = await member.post(`/api/businesses/${created.id}/suggestions`, {
      field_name: 'proof_of_support',
      suggested_value: JSON.stringify(suggested),
      reason: 'Their statement',
    });
    expect(suggestion.status).toBe(201);
    expect(await sourcesQueuedForCheck()).toEqual([]);

    const approved = await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`);
    expect(approved.status).toBe(200);
    const { sources } = (await api.client().get(`/api/businesses/${created.id}`)).body;
    const added = sources.find((item: { url: string | null }) => item.url === suggested.url);
    expect(added).toBeDefined();
    expect(await sourcesQueuedForCheck()).toEqual([added.id]);
  });
});
