import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_CACHE_VERSION_KEY } from '@zaytoon/core';
import { adminClient, startReplica, startTestApi, type ApiAnswer, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

let api: TestApi;
let owner: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = api.client();
  await owner.signup();
});
afterAll(async () => api?.stop());

/** A visitor who has been here before: holds the XSRF cookie, no session. */
async function returningVisitor(on: TestApi = api): Promise<ApiTestClient> {
  const visitor = on.client();
  await visitor.get('/api/categories');
  expect(visitor.cookies.has('XSRF-TOKEN')).toBe(true);
  return visitor;
}

/** Asks twice, so that the second answer comes from what the first one left in the cache. */
async function getTwice(client: ApiTestClient, path: string): Promise<ApiAnswer> {
  const first = await client.get(path);
  const second = await client.get(path);
  expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  return second;
}

const ifNoneMatch = (client: ApiTestClient, path: string, etag: string) => client.request('GET', path, undefined, { 'if-none-match': etag });

/** Headers that differ between two answers of the same content by nature. */
const PER_ANSWER = new Set(['date', 'set-cookie', 'keep-alive', 'connection', 'cache-control', 'x-request-id']);
const stableHeaders = (answer: ApiAnswer) => [...answer.headers].filter(([name]) => !PER_ANSWER.has(name)).sort();

describe('cacheable answers', () => {
  it('detail: an ETag, 304 on If-None-Match, and the same headers whether Express or the front door answers', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const first = await api.client().get(path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: business.id, name: business.name, report_count: 0, latest_reports: [] });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // A client without cookies is given the XSRF cookie, so its answer is for it alone.
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=Strict$/);

    const kept = await api.client().get(path);
    expect(kept.body).toEqual(first.body);
    expect(stableHeaders(kept)).toEqual(stableHeaders(first));
    expect(kept.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{32}; Path=\/; SameSite=Strict$/);
    expect(kept.headers.get('set-cookie')).not.toBe(first.headers.get('set-cookie'));
    expect(kept.headers.get('content-security-policy')).toContain("default-src 'self'");

    const visitor = await returningVisitor();
    const again = await visitor.get(path);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('vary')).toBe('Accept-Encoding');
    expect(again.headers.get('set-cookie')).toBeNull();
    const notModified = await ifNoneMatch(visitor, path, etag);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toBe('no-cache');
    expect((await ifNoneMatch(visitor, path, `W/"something-else", ${etag.slice(2)}`)).status).toBe(304);
    expect((await ifNoneMatch(visitor, path, 'W/"something-else"')).status).toBe(200);
    expect((await visitor.request('GET', path, undefined, { 'accept-encoding': 'identity' })).body).toEqual(first.body);
  });

  it('categories and the list page: ETags, 304, and the paging headers kept with the answer', async () => {
    await createBusiness(owner, { category: 'Bookshop' });
    const visitor = await returningVisitor();
    const categories = await getTwice(visitor, '/api/categories');
    expect(categories.body.categories).toContain('Bookshop');
    const etag = categories.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await ifNoneMatch(visitor, '/api/categories', etag)).status).toBe(304);

    const page = await api.client().get('/api/businesses?limit=1');
    const kept = await api.client().get('/api/businesses?limit=1');
    expect(kept.body).toEqual(page.body);
    expect(Number(kept.headers.get('x-total-count'))).toBeGreaterThan(1);
    expect(kept.headers.get('x-total-count')).toBe(page.headers.get('x-total-count'));
    expect(kept.headers.get('link')).toBe(page.headers.get('link'));
    expect(kept.headers.get('link')).toMatch(/rel="next"/);
    expect((await ifNoneMatch(visitor, '/api/businesses?limit=1', kept.headers.get('etag')!)).status).toBe(304);
  });

  it('unknown businesses are 404s, never kept', async () => {
    const visitor = await returningVisitor();
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await visitor.get('/api/businesses/999999')).status).toBe(404);
      expect((await visitor.get('/api/businesses/not-an-id')).status).toBe(404);
    }
  });
});

describe('cached answers follow writes', () => {
  it('an edit by the owner changes the detail answer and its ETag at once', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const visitor = await returningVisitor();
    const before = await getTwice(visitor, path);
    expect((await owner.put(path, businessInput({ name: 'Renamed Bakery' }))).status).toBe(200);
    const after = await ifNoneMatch(visitor, path, before.headers.get('etag')!);
    expect(after.status).toBe(200);
    expect(after.body.name).toBe('Renamed Bakery');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await api.client().get(path)).body.name).toBe('Renamed Bakery');
  });

  it('a vote changes vote_score in the detail answer at once', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const visitor = await returningVisitor();
    const before = await getTwice(visitor, path);
    expect(before.body.vote_score).toBe(0);
    const voter = api.client();
    await voter.signup();
    await voter.post(`${path}/vote`, { vote_type: 'upvote' });
    const up = await ifNoneMatch(visitor, path, before.headers.get('etag')!);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ vote_score: 1, upvotes: 1, downvotes: 0 });
    await getTwice(visitor, path);
    await voter.post(`${path}/vote`, { vote_type: 'downvote' });
    expect((await api.client().get(path)).body).toMatchObject({ vote_score: -1, upvotes: 0, downvotes: 1 });
  });

  it('a write or a vote through one API process reaches the answers another process keeps at once', async () => {
    const replica = await startReplica(api);
    try {
      const business = await createBusiness(owner);
      const path = `/api/businesses/${business.id}`;
      const visitor = await returningVisitor(replica);
      expect((await getTwice(visitor, path)).body.name).toBe(business.name);
      await owner.put(path, businessInput({ name: 'Edited Elsewhere' }));
      expect((await visitor.get(path)).body.name).toBe('Edited Elsewhere');
      expect((await replica.client().get(path)).body.name).toBe('Edited Elsewhere');

      await getTwice(visitor, path);
      await owner.post(`${path}/vote`, { vote_type: 'upvote' });
      expect((await visitor.get(path)).body.vote_score).toBe(1);
      expect((await replica.client().get(path)).body.vote_score).toBe(1);
    } finally {
      await replica.stop();
    }
  });

  it("a token replaced without a message (the worker's cascades and geocoding) reaches the answers the API keeps", async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const visitor = await returningVisitor();
    await getTwice(visitor, path);
    await api.core.db.query("UPDATE businesses SET name = 'Changed By The Worker' WHERE id = $1", [business.id]);
    await api.core.redis.set(BUSINESS_CACHE_VERSION_KEY, `worker-${Date.now()}`);
    await expect.poll(async () => (await visitor.get(path)).body.name, { timeout: 20_000, interval: 100 }).toBe('Changed By The Worker');
  });
});

describe('audiences', () => {
  it("an admin's detail (report data) is never served to a visitor or a member, nor theirs to an admin", async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const reporter = api.client();
    await reporter.signup();
    expect((await reporter.post('/api/reports', { business_id: business.id, reason: 'Business closed/moved', description: 'gone' })).status).toBe(
      201,
    );

    const visitor = await returningVisitor();
    const publicAnswer = await getTwice(visitor, path);
    expect(publicAnswer.body).toMatchObject({ report_count: 0, latest_reports: [] });

    const admin = await adminClient(api);
    const adminAnswer = await getTwice(admin, path);
    expect(adminAnswer.body.report_count).toBe(1);
    expect(adminAnswer.body.latest_reports).toHaveLength(1);
    expect(adminAnswer.headers.get('cache-control')).toBe('private, no-cache');
    expect(adminAnswer.headers.get('etag')).not.toBe(publicAnswer.headers.get('etag'));

    // Both kept now: each audience still gets its own.
    for (const client of [visitor, api.client(), reporter]) {
      const answer = await ifNoneMatch(client, path, adminAnswer.headers.get('etag')!);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ report_count: 0, latest_reports: [] });
    }
    expect((await reporter.get(path)).headers.get('cache-control')).toBe('private, no-cache');
    const adminAgain = await ifNoneMatch(admin, path, publicAnswer.headers.get('etag')!);
    expect(adminAgain.status).toBe(200);
    expect(adminAgain.body.report_count).toBe(1);
    expect((await ifNoneMatch(admin, path, adminAnswer.headers.get('etag')!)).status).toBe(304);
  });
});

describe('visitors, cookies and sessions', () => {
  it('a visitor without cookies gets the XSRF-TOKEN cookie on a kept answer, makes no session, and can sign up and log in with it', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    await getTwice(await returningVisitor(), path);

    const visitor = api.client();
    const answer = await visitor.get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Strict$/)]);
    expect(visitor.cookies.has('zaytoon.sid')).toBe(false);

    visitor.sendXsrf = false;
    expect((await visitor.post('/api/auth/signup', { email: 'x@example.com', username: 'x', name: 'X', password: 'secret-pass' })).status).toBe(403);
    visitor.sendXsrf = true;
    const user = await visitor.signup();
    expect(visitor.cookies.has('zaytoon.sid')).toBe(true);
    expect((await visitor.get('/api/auth/me')).body).toMatchObject({ id: user.id });
    const asMember = await visitor.get(path);
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get('cache-control')).toBe('private, no-cache');

    const again = api.client();
    await again.get(path);
    expect((await again.post('/api/auth/login', { login: user.username, password: 'secret-pass' })).status).toBe(200);
    expect((await again.get('/api/auth/me')).body).toMatchObject({ id: user.id });
    await again.post('/api/auth/logout');
    expect((await again.get('/api/auth/me')).status).toBe(401);
  });

  it('reads by visitors never start a session', async () => {
    const visitor = api.client();
    for (const path of ['/api/categories', '/api/categories', '/api/auth/admin-status', '/api/businesses?limit=1', '/api/no-such-thing']) {
      const answer = await visitor.get(path);
      expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('zaytoon.sid'))).toEqual([]);
    }
    expect((await visitor.get('/api/auth/admin-status')).body).toEqual({ is_admin: false });
    expect((await visitor.get('/api/auth/me')).status).toBe(401);
  });

  it('answers from the front door count in the request metrics', async () => {
    const business = await createBusiness(owner);
    const path = `/api/businesses/${business.id}`;
    const count = async () => {
      const text: string = (await api.client().get('/metrics')).body;
      const line = text
        .split('\n')
        .find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/businesses/:id"') && l.includes('status="200"'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    await getTwice(await returningVisitor(), path);
    const before = await count();
    for (let i = 0; i < 5; i++) await api.client().get(path);
    expect((await count()) - before).toBe(5);
  });
});
