import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, MESSAGES } from '@zaytoon/contract';
import { startTestApi, type TestApi } from '../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

const adminRoutes = Object.values(API_ROUTES).filter((route) => route.access === 'admin');
const realPath = (path: string) => '/api' + path.replace(/:\w+/g, '1') + (path.includes('/review') ? '?action=approve' : '');

describe('every admin route of the route list', () => {
  it('covers every /admin path, so a new admin route cannot be forgotten', () => {
    const adminPaths = Object.values(API_ROUTES).filter((route) => route.path.startsWith('/admin'));
    expect(adminRoutes).toEqual(adminPaths);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(7);
  });

  it.each(adminRoutes.map((route) => [route.method.toUpperCase(), route.path] as const))(
    '%s %s answers 401 to visitors and 403 to members',
    async (method, path) => {
      const visitor = api.client();
      expect((await visitor.request(method, realPath(path))).status).toBe(401);
      const member = api.client();
      await member.signup();
      const answer = await member.request(method, realPath(path));
      expect(answer).toMatchObject({ status: 403, body: { detail: MESSAGES.adminOnly } });
    },
  );
});
