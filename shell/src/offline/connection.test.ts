import { describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '@zaytoon/contract/client';
import { createConnection } from './connection';
import { SAVED_ANSWER_HEADER } from './saved-answer';

function browser(onLine: boolean) {
  const target = new EventTarget();
  const navigator = { onLine };
  return { target, navigator, connection: createConnection(target as unknown as Window, navigator) };
}

const answer = (saved: boolean) => async () => new Response('{}', { headers: saved ? { [SAVED_ANSWER_HEADER]: '1' } : {} });

describe('connection', () => {
  it('follows the browser going offline and back online', () => {
    const { target, navigator, connection } = browser(true);
    expect(connection.store.getState().offline).toBe(false);
    navigator.onLine = false;
    target.dispatchEvent(new Event('offline'));
    expect(connection.store.getState().offline).toBe(true);
    navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
    expect(connection.store.getState().offline).toBe(false);
  });

  it("is offline while the API's answers are the ones the service worker kept, online from the next answer of the network", async () => {
    const { connection } = browser(true);
    await connection.watchFetch(answer(true))('/api/businesses/summary');
    expect(connection.store.getState().offline).toBe(true);
    await connection.watchFetch(answer(false))('/api/businesses/summary');
    expect(connection.store.getState().offline).toBe(false);
  });

  it('a call that gets no answer while the page shows saved answers needs a connection, though the browser says online', async () => {
    const { connection } = browser(true);
    let network: 'saved' | 'down' | 'up' = 'saved';
    const fetcher = connection.watchFetch(async () => {
      if (network === 'down') throw new TypeError('Failed to fetch');
      return answer(network === 'saved')();
    });
    const api = createApiClient({ fetch: fetcher, readCookies: () => '' });
    const failure = async () =>
      api.call('categories').then(
        () => undefined,
        (error: unknown) => (isApiError(error) ? { status: error.status, code: error.code } : error),
      );
    await api.call('categories');
    network = 'down';
    expect(await failure()).toEqual({ status: 0, code: 'needsConnection' });
    network = 'up';
    await api.call('categories');
    network = 'down';
    expect(await failure()).toEqual({ status: 0, code: undefined });
  });
});
