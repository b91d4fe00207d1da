import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, CACHE_CONTROL, type RouteDefinition } from '@zaytoon/contract';
import { AlertTokens } from '@zaytoon/core';
import { adminClient, startTestApi, type ApiAnswer, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

// Every signed-in and admin answer (/api/auth/me, every /api/admin/*, /api/alerts, every route for
// members or admins) says `private, no-store`, whoever asks and however it ends: 200, 201, 304, 301, 400, 401, 403, 404.

let api: TestApi;
let admin: ApiTestClient;
let member: ApiTestClient;
let businessId: number;

beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  member = await signedUp();
  businessId = (await createBusiness(member)).id;
});
afterAll(async () => api?.stop());

/** /auth/me, /admin/* and /alerts, and every other route for members or admins: their answers are someone's own. */
const isPrivateRoute = (definition: RouteDefinition) =>
  definition.access !== 'public' ||
  definition.path.startsWith('/auth/me') ||
  definition.path.startsWith('/admin/') ||
  definition.path.startsWith('/alerts');

const privateRoutes = (Object.entries(API_ROUTES) as [string, RouteDefinition][]).filter(([, definition]) => isPrivateRoute(definition));

/** The route's path with every id filled: a real business for reads, one that names nothing for writes (no change). */
const concretePath = (definition: RouteDefinition) =>
  `/api${definition.path.replace(/:\w+/g, definition.method === 'get' ? String(businessId) : '999999999')}`;

async function signedUp(): Promise<ApiTestClient> {
  const client = api.client();
  await client.signup();
  return client;
}

function expectPrivate(answer: ApiAnswer, what: string) {
  expect(answer.headers.get('cache-control'), `${what} answered ${answer.status}`).toBe(CACHE_CONTROL.privateAnswer);
}

describe('private answers', () => {
  it('covers /api/auth/me, every /api/admin/* and /api/alerts route of the contract, and every route for members or admins', () => {
    const paths = privateRoutes.map(([, definition]) => definition.path);
    expect(paths).toEqual(expect.arrayContaining(['/auth/me', '/alerts', '/alerts/:id', '/admin/statistics', '/admin/reports/pending']));
    expect(paths.filter((path) => path.startsWith('/admin/')).length).toBeGreaterThanOrEqual(15);
  });

  it.each(privateRoutes)('%s answers private, no-store to a visitor, a member and an admin, and on 304', async (name, definition) => {
    const path = concretePath(definition);
    const method = definition.method.toUpperCase();
    // Deleting an account needs no input: a member of its own deletes theirs, and the others keep theirs.
    const signedIn: [string, ApiTestClient][] =
      name === 'deleteAccount'
        ? [['a member deleting their account', await signedUp()]]
        : [
            ['member', member],
            ['admin', admin],
          ];
    for (const [who, client] of [['visitor', api.client()], ...signedIn] as const) {
      const answer = await client.request(method, path, method === 'GET' ? undefined : {});
      expectPrivate(answer, `${who}: ${method} ${path}`);
      const etag = answer.headers.get('etag');
      if (method !== 'GET' || answer.status !== 200 || !etag) continue;
      const notModified = await client.request('GET', path, undefined, { 'if-none-match': etag });
      expect(notModified.status, `${who}: ${name} revalidated`).toBe(304);
      expectPrivate(notModified, `${who}: ${method} ${path} revalidated`);
    }
  });

  it("the admin's and the member's own answers were among them (not only refusals)", async () => {
    for (const path of ['/api/auth/me', '/api/alerts', '/api/admin/statistics', '/api/admin/reports/pending']) {
      const answer = await admin.get(path);
      expect(answer.status, path).toBe(200);
      expectPrivate(answer, path);
    }
    const me = await member.get('/api/auth/me');
    expect(me.status).toBe(200);
    expectPrivate(me, 'member: /api/auth/me');
  });

  it("the alert mail's unsubscribe link (a redirect to its page) and a new alert's 201 are private", async () => {
    const token = new AlertTokens(api.core.config).sign([999999999]);
    const redirect = await api.client().get(`/api/alerts/unsubscribe?token=${token}`);
    expect([301, 302, 303]).toContain(redirect.status);
    expectPrivate(redirect, 'GET /api/alerts/unsubscribe');
    const created = await member.post('/api/alerts', { city: 'London' });
    expect([201, 403]).toContain(created.status);
    expectPrivate(created, 'POST /api/alerts');
  });
});
