import { describe, expect, it } from 'vitest';
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
});
