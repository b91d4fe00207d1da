// Admin writes are limited per admin (Redis, 429 with Retry-After), merges and reverts more tightly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, MESSAGES, type RouteName } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiAnswer, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';
import { rateLimitsByRoute } from '../middleware/rate-limit-rules';

const WRITES = 3;
const MERGES = 2;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_ADMIN_WRITES_PER_ADMIN: String(WRITES), RATE_LIMIT_ADMIN_MERGES_PER_ADMIN: String(MERGES) });
});
afterAll(async () => api?.stop());

const merge = (admin: ApiTestClient, into: number, from: number) => admin.post(`/api/admin/businesses/${into}/merge`, { from });
const verify = (admin: ApiTestClient, id: number) => admin.post(`/api/admin/businesses/${id}/verifications`, { method: 'Public statement' });

function expectRefused(answer: ApiAnswer) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ detail: MESSAGES.tooManyRequests, code: 'tooManyRequests' });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('per-admin limits on admin writes', () => {
  it('every admin write of the contract counts against RATE_LIMIT_ADMIN_WRITES_PER_ADMIN; merges and reverts also against RATE_LIMIT_ADMIN_MERGES_PER_ADMIN', () => {
    const rules = rateLimitsByRoute(api.core.config, api.core.repositories.users);
    const adminWrites = (Object.keys(API_ROUTES) as RouteName[]).filter(
      (name) => API_ROUTES[name].access === 'admin' && API_ROUTES[name].method !== 'get',
    );
    expect(adminWrites.length).toBeGreaterThanOrEqual(10);
    for (const name of adminWrites) expect(rules[name]?.map((rule) => rule.name) ?? [], name).toContain('admin-writes');
    const merges = adminWrites.filter((name) => rules[name]?.some((rule) => rule.name === 'admin-merges'));
    expect(merges.sort()).toEqual(['mergeBusiness', 'revertRevision']);
  });

  it('merges: 429 with Retry-After past the merges limit, while another admin still merges', async () => {
    const [first, second] = [await adminClient(api), await adminClient(api)];
    const survivor = await createBusiness(first);
    for (let attempt = 0; attempt < MERGES; attempt++) {
      expect((await merge(first, survivor.id, (await createBusiness(first)).id)).status).toBe(200);
    }
    const refused = await createBusiness(first);
    expectRefused(await merge(first, survivor.id, refused.id));
    expect((await api.client().get(`/api/businesses/${refused.id}`)).status).toBe(200);
    expect((await merge(second, survivor.id, refused.id)).status).toBe(200);
  });

  it('verifications: 429 with Retry-After past the admin writes limit, while another admin still verifies', async () => {
    const [first, second] = [await adminClient(api), await adminClient(api)];
    const business = await createBusiness(first);
    for (let attempt = 0; attempt < WRITES; attempt++) expect((await verify(first, business.id)).status).toBe(201);
    expectRefused(await verify(first, business.id));
    expectRefused(await first.post(`/api/admin/businesses/${business.id}/unverify`, {}));
    expect((await verify(second, business.id)).status).toBe(201);
    const { rows } = await api.core.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verifications WHERE business_id = $1', [business.id]);
    expect(rows[0].n).toBe(WRITES + 1);
  });
});
