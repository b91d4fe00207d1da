import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '@zaytoon/contract';
import { adminClient, startReplica, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

let api: TestApi;
let owner: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = api.client();
  await owner.signup();
});
afterAll(async () => api?.stop());

const ifNoneMatch = (client: ApiTestClient, path: string, etag: string) => client.request('GET', path, undefined, { 'if-none-match': etag });

describe('public answers (CONTRACT.md caching)', () => {
  it("a visitor's read of a cacheable route may be kept by shared caches, sets no cookie, and revalidates with its ETag", async () => {
    const business = await createBusiness(owner, { category: 'Bookshop' });
    for (const path of [
      `/api/businesses/${business.id}`,
      '/api/businesses?limit=1',
      '/api/businesses/summary',
      '/api/businesses/by-city',
      '/api/categories',
      '/api/cities',
      '/api/businesses/map/version',
    ]) {
      const visitor = api.client();
      const answer = await visitor.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe(CACHE_CONTROL.publicAnswer);
      expect(answer.headers.getSetCookie(), path).toEqual([]);
      const etag = answer.headers.get('etag')!;
      expect(etag, path).toMatch(/^W\/".+"$/);
      const notModified = await ifNoneMatch(visitor, path, etag);
      expect(notModified.status, path).toBe(304);
      expect(notModified.body, path).toBeUndefined();
    }
    expect(CACHE_CONTROL.publicAnswer).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  });

  it('the list page keeps its paging headers beside the public caching', async () => {
    await createBusiness(owner);
    await createBusiness(owner);
    const page = await api.client().get('/api/businesses?limit=1');
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThan(1);
    expect(page.headers.get('link')).toMatch(/rel="next"/);
    expect(page.headers.get('cache-control')).toBe(CACHE_CONTROL.publicAnswer);
  });

  it('errors, non-cacheable reads and writes are private and never stored', async () => {
    const visitor = api.client();
    for (const path of ['/api/businesses/999999', '/api/businesses/not-an-id', '/api/businesses?limit=9999', '/api/no-such-thing']) {
      const answer = await visitor.get(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('cache-control'), path).toBe(CACHE_CONTROL.privateAnswer);
    }
    const business = await createBusiness(owner);
    const canEdit = await visitor.get(`/api/businesses/${business.id}/can-edit`);
    expect(canEdit.status).toBe(200);
    expect(canEdit.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
    const edit = await owner.put(`/api/businesses/${business.id}`, businessInput({ name: 'Private Answer Bakery' }));
    expect(edit.status).toBe(200);
    expect(edit.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
  });

  it('a request with a session or signed-in hint cookie, even an ended one, is answered privately', async () => {
    const ended = api.client();
    await ended.signup();
    await ended.post('/api/auth/logout');
    for (const cookies of [{ 'zaytoon.signed_in': '1' }, { 'zaytoon.sid': 's%3Aover.sig' }]) {
      const visitor = api.client();
      for (const [name, value] of Object.entries(cookies)) visitor.cookies.set(name, value);
      const answer = await visitor.get('/api/categories');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control'), Object.keys(cookies)[0]).toBe(CACHE_CONTROL.privateAnswer);
    }
  });

  it("signed-in and admin answers are private; an admin's report data never reaches a visitor", async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const reporter = api.client();
    await reporter.signup();
    expect((await reporter.post('/api/reports', { business_id: business.id, reason: 'Business closed/moved', description: 'gone' })).status).toBe(
      201,
    );

    const asMember = await reporter.get(path);
    expect(asMember.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
    expect(asMember.body).toMatchObject({ report_count: 0, latest_reports: [] });

    const tile = await reporter.get('/api/businesses/map/6/31/20');
    expect(tile.status).toBe(200);
    expect(tile.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);

    const admin = await adminClient(api);
    const adminAnswer = await admin.get(path);
    expect(adminAnswer.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
    expect(adminAnswer.body.report_count).toBe(1);
    const visitorAnswer = await ifNoneMatch(api.client(), path, adminAnswer.headers.get('etag')!);
    expect(visitorAnswer.status).toBe(200);
    expect(visitorAnswer.body).toMatchObject({ report_count: 0, latest_reports: [] });
  });
});

describe('writes show at once (no answer is kept in the API)', () => {
  it('an edit and a vote change the detail and its ETag at once, in this process and another', async () => {
    const replica = await startReplica(api);
    try {
      const business = await createBusiness(owner);
      const path = `/api/businesses/${business.id}`;
      const before = await replica.client().get(path);
      expect((await owner.put(path, businessInput({ name: 'Renamed Bakery' }))).status).toBe(200);
      const after = await ifNoneMatch(replica.client(), path, before.headers.get('etag')!);
      expect(after.status).toBe(200);
      expect(after.body.name).toBe('Renamed Bakery');

      await owner.post(`${path}/vote`, { vote_type: 'upvote' });
      expect((await replica.client().get(path)).body.vote_score).toBe(1);
      expect((await api.client().get(path)).body.vote_score).toBe(1);
    } finally {
      await replica.stop();
    }
  });

  it('a write made outside the API (the worker, SQL) shows at the next read', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    expect((await api.client().get(path)).body.name).toBe(business.name);
    await api.core.db.query("UPDATE businesses SET name = 'Changed By The Worker' WHERE id = $1", [business.id]);
    expect((await api.client().get(path)).body.name).toBe('Changed By The Worker');
  });
});

describe('the XSRF cookie (CONTRACT.md: on /api/auth/me and signed-in answers)', () => {
  it('a visitor gets it from /api/auth/me (401) or admin-status, never from a public read, and can then sign up', async () => {
    const business = await createBusiness(owner);
    const visitor = api.client();
    visitor.sendXsrf = false;
    expect((await visitor.get(`/api/businesses/${business.id}`)).headers.getSetCookie()).toEqual([]);
    expect((await visitor.post('/api/auth/signup', { email: 'x@example.com', username: 'x', name: 'X', password: 'secret-pass' })).status).toBe(403);

    const me = await visitor.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.headers.getSetCookie()).toEqual([expect.stringMatching(/^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=Strict$/)]);
    expect(visitor.cookies.has('zaytoon.sid')).toBe(false);
    visitor.sendXsrf = true;
    const user = await visitor.signup();
    expect((await visitor.get('/api/auth/me')).body).toMatchObject({ id: user.id });

    const other = api.client();
    const status = await other.get('/api/auth/admin-status');
    expect(status.body).toEqual({ is_admin: false });
    expect(status.headers.getSetCookie()).toEqual([expect.stringMatching(/^XSRF-TOKEN=/)]);
    expect((await other.get('/api/auth/admin-status')).headers.getSetCookie()).toEqual([]);
  });

  it('a signed-in member who lost it gets it back on any answer', async () => {
    const member = api.client();
    await member.signup();
    member.cookies.delete('XSRF-TOKEN');
    const answer = await member.get('/api/categories');
    expect(answer.headers.get('cache-control')).toBe(CACHE_CONTROL.privateAnswer);
    expect(answer.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^XSRF-TOKEN=/));
  });

  it('reads by visitors never start a session', async () => {
    const visitor = api.client();
    for (const path of ['/api/categories', '/api/auth/admin-status', '/api/businesses?limit=1', '/api/no-such-thing', '/api/auth/me']) {
      const answer = await visitor.get(path);
      expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('zaytoon.sid'))).toEqual([]);
    }
  });
});

it('every answer counts in the request metrics', async () => {
  const business = await createBusiness(owner);
  const path = `/api/businesses/${business.id}`;
  const count = async () => {
    const text: string = (await api.client().get('/metrics')).body;
    const line = text
      .split('\n')
      .find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/businesses/:id"') && l.includes('status="200"'));
    return Number(line?.split(' ').pop() ?? 0);
  };
  const before = await count();
  for (let i = 0; i < 5; i++) await api.client().get(path);
  expect((await count()) - before).toBe(5);
});
