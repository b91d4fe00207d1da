import { vi, type Mock } from 'vitest';
import type { ApiClient, CallArgs, RequestOptions, RouteName } from '@zaytoon/contract/client';

/** A route's fake for component tests: what `call` or `callPage` answers for it, from the same input. */
export type RouteFakes = { [Name in RouteName]?: (args: CallArgs<Name>, options?: RequestOptions) => unknown };

const routeMocks = new WeakMap<ApiClient, (name: RouteName) => Mock>();

/**
 * A fake API for component tests: `call` and `callPage` (each a vi.fn) answer from the route's fake, else from
 * `fallback` (the app's empty answers), else with `{}`.
 */
export function fakeApi(routes: RouteFakes = {}, fallback: RouteFakes = {}): ApiClient {
  const mocks = new Map<RouteName, Mock>();
  const mockOf = (name: RouteName): Mock => {
    const answer = (routes[name] ?? fallback[name] ?? (async () => ({}))) as (...args: unknown[]) => unknown;
    if (!mocks.has(name)) mocks.set(name, vi.fn(answer));
    return mocks.get(name)!;
  };
  const answer = async (name: RouteName, args: object = {}, ...options: RequestOptions[]) => mockOf(name)(args, ...options);
  const api = { call: vi.fn(answer), callPage: vi.fn(answer), mayBeSignedIn: () => true } as unknown as ApiClient;
  routeMocks.set(api, mockOf);
  return api;
}

/** The vi.fn behind one route of a fake API: its calls are the route's inputs (and options, when given). */
export const routeFake = (api: ApiClient, name: RouteName): Mock => routeMocks.get(api)!(name);
