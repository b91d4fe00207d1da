import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorMessage, isApiError, readCookie } from '@zaytoon/contract/client';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const header = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];

describe('api client', () => {
  it('sends JSON with credentials and the XSRF-TOKEN cookie as X-XSRF-TOKEN on writes', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'A', username: 'a', picture: null, is_admin: false }));
    const api = createApiClient({ fetch, readCookies: () => 'other=1; XSRF-TOKEN=abc%3D123' });
    await api.call('login', { body: { login: 'a', password: 'secret' } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/auth/login');
    expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(header(calls[0], 'X-XSRF-TOKEN')).toBe('abc=123');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ login: 'a', password: 'secret' });
  });

  it('fetches /api/auth/admin-status (200 for a visitor) first when there is no XSRF cookie yet', async () => {
    let cookies = '';
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/auth/admin-status') cookies = 'XSRF-TOKEN=fresh';
      return json({ message: 'ok' });
    });
    const api = createApiClient({ fetch, readCookies: () => cookies });
    await api.call('deleteComment', { id: 9 });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual(['GET /api/auth/admin-status', 'DELETE /api/comments/9']);
    expect(header(calls[1], 'X-XSRF-TOKEN')).toBe('fresh');
  });

  it('does not send the token on reads', async () => {
    const { fetch, calls } = fakeFetch(() => json([]));
    const api = createApiClient({ fetch, readCookies: () => 'XSRF-TOKEN=t' });
    await api.callPage('listBusinesses', { query: { search: ' falafel ', category: 'all', city: '' } });
    expect(calls[0].url).toBe('/api/businesses?search=falafel');
    expect(header(calls[0], 'X-XSRF-TOKEN')).toBeUndefined();
  });

  it('turns error answers into ApiError with status and detail', async () => {
    const { fetch } = fakeFetch(() => json({ detail: 'Email already registered' }, 409));
    const api = createApiClient({ fetch, readCookies: () => 'XSRF-TOKEN=t' });
    const error = await api.call('signup', { body: { email: 'a@b.c', username: 'a', name: 'A', password: 'secret1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'Email already registered' });
    expect(errorMessage(error, 'Signup failed')).toBe('Email already registered');
  });

  it("reads an error answer's message codes: detail's code and params, and each field's", async () => {
    const answer = {
      detail: 'Validation failed',
      code: 'invalidRequest',
      errors: { name: 'Name must be at most 100 characters', website: 'Website must be a valid http(s) URL' },
      codes: { name: { code: 'textTooLong', params: { field: 'Name', max: 100 } }, website: { code: 'websiteInvalid' }, phone: 'not a code' },
    };
    const error = await createApiClient({ fetch: fakeFetch(() => json(answer, 400)).fetch })
      .callPage('listBusinesses')
      .then(
        () => undefined,
        (e: ApiError) => e,
      );
    expect(error).toMatchObject({ status: 400, code: 'invalidRequest', params: undefined });
    expect(error?.codes).toEqual({ name: { code: 'textTooLong', params: { field: 'Name', max: 100 } }, website: { code: 'websiteInvalid' } });
  });

  it('falls back when the answer has no detail or the network fails', async () => {
    const html = createApiClient({ fetch: fakeFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 })).fetch });
    const proxyError = await html.callPage('listBusinesses').catch((e: unknown) => e);
    expect(proxyError).toMatchObject({ status: 502, detail: null, code: undefined, params: undefined, codes: undefined });
    expect(errorMessage(proxyError, 'Login failed')).toBe('Login failed');

    const offline = createApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof globalThis.fetch,
    });
    const networkError = await offline.callPage('listBusinesses').catch((e: unknown) => e);
    expect(networkError).toMatchObject({ status: 0, isNetworkError: true });
  });

  it('callPage() answers the items, the total of X-Total-Count and the cursor of Link rel="next"', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-Total-Count': '41', Link: '</api/admin/rechecks?limit=20&cursor=abc>; rel="next"' };
    const { fetch, calls } = fakeFetch(() => new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), { headers }));
    const page = await createApiClient({ fetch }).callPage('rechecks', { query: { limit: 20 } });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 41, nextCursor: 'abc' });
    expect(calls[0].url).toBe('/api/admin/rechecks?limit=20');
  });

  it('builds SPEC §7 paths', async () => {
    const { fetch, calls } = fakeFetch(() => json({ categories: ['Cafe'], cities: ['Leeds'] }));
    const api = createApiClient({ fetch, readCookies: () => 'XSRF-TOKEN=t', baseUrl: 'http://api.test/' });
    expect((await api.call('categories')).categories).toEqual(['Cafe']);
    expect((await api.call('cities')).cities).toEqual(['Leeds']);
    await api.call('reviewReport', { id: 3, query: { action: 'approve' } });
    await api.call('vote', { id: 5, body: { vote_type: 'upvote' } });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET http://api.test/api/categories',
      'GET http://api.test/api/cities',
      'POST http://api.test/api/admin/reports/3/review?action=approve',
      'POST http://api.test/api/businesses/5/vote',
    ]);
    expect(JSON.parse(String(calls[3].init.body))).toEqual({ vote_type: 'upvote' });
  });

  it("call() takes each route's input as the contract types it: the path's id, the body, the query", async () => {
    const { fetch, calls } = fakeFetch(() => json([]));
    const api = createApiClient({ fetch, readCookies: () => 'XSRF-TOKEN=t' });
    await api.call('rechecks', { query: { limit: 20, cursor: 'next' } });
    await api.call('confirmBusiness', { id: 7, body: { answer: 'Yes' } });
    await api.call('mapTile', { params: { z: 9, x: 255, y: 170 }, query: { category: 'all', v: 4 } });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/admin/rechecks?limit=20&cursor=next',
      'POST /api/businesses/7/confirmations',
      'GET /api/businesses/map/9/255/170?v=4',
    ]);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ answer: 'Yes' });

    // Each call below is a type error that tsc reports with the rest of the shell; none is ever made.
    const refusedByTypes = () => [
      // @ts-expect-error a path with an id needs the id
      api.call('getBusiness'),
      // @ts-expect-error a tile's path needs its z, x and y
      api.call('mapTile', { params: { z: 9, x: 255 }, query: {} }),
      // @ts-expect-error a body the route's schema does not take
      api.call('vote', { id: 1, body: { vote_type: 'sideways' } }),
      // @ts-expect-error a route with a body needs it
      api.call('addComment', { id: 1 }),
      // @ts-expect-error a route without a query takes none
      api.call('categories', { query: { search: 'x' } }),
      // @ts-expect-error a review needs its action
      api.call('reviewReport', { id: 1, query: {} }),
      // @ts-expect-error a path without an id takes none
      api.call('me', { id: 1 }),
      // @ts-expect-error only a paged list is read a page at a time
      api.callPage('getBusiness', { id: 1 }),
    ];
    void refusedByTypes;
  });

  it('recognises an ApiError thrown by another bundle (shell vs remote copy of the client)', () => {
    class ForeignApiError extends Error {
      name = 'ApiError';
      constructor(
        readonly status: number,
        readonly detail: string | null,
      ) {
        super(detail ?? '');
      }
    }
    const foreign = new ForeignApiError(401, 'Invalid email/username or password');
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
    expect(errorMessage(foreign, 'Login failed')).toBe('Invalid email/username or password');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });

  it('reads cookies', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%20y', 'XSRF-TOKEN')).toBe('x y');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('XSRF-TOKEN2=no; XSRF-TOKEN=yes', 'XSRF-TOKEN')).toBe('yes');
    expect(readCookie('XSRF-TOKEN=first; XSRF-TOKEN=second', 'XSRF-TOKEN')).toBe('first');
    expect(readCookie('XSRF-TOKEN="quoted"', 'XSRF-TOKEN')).toBe('quoted');
    expect(readCookie('XSRF-TOKEN=a=b', 'XSRF-TOKEN')).toBe('a=b');
    expect(readCookie('XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN')).toBe('%E0%A4%A');
    expect(readCookie('flag; zaytoon.signed_in=1', 'zaytoon.signed_in')).toBe('1');
  });
});
