import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { storedAnswerKey } from '../http/send-cached';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';

let api: TestApi;
let visitor: ApiTestClient;

beforeAll(async () => {
  api = await startTestApi();
  visitor = api.client();
});
afterAll(() => api?.stop());

const CITY = 'Nowton';
const EVERY_DAY = (text: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, text]));

/** Whatever the real clock says: open 24 hours is always open, closed every day never, unreadable hours never. */
async function insertBusinesses() {
  const { rows } = await api.core.db.query<{ id: number; name: string }>(
    `INSERT INTO businesses (name, address, city, postcode, business_hours, latitude, longitude)
     SELECT name, '1 High Street', $1, 'XX1 1XX', hours, 51.5, -0.1 FROM unnest($2::text[], $3::jsonb[]) AS t(name, hours)
     RETURNING id, name`,
    [CITY, ['Always Open', 'Never Open', 'No Hours', 'Odd Hours'], [EVERY_DAY('24 hours'), EVERY_DAY('Closed'), {}, { monday: 'Ring the bell' }]],
  );
  await api.core.repositories.businesses.parsePendingHours();
  await api.core.repositories.cache.dropBusinessAnswers();
  return rows;
}

describe('GET the directory with open_now (issue #16 point 4)', () => {
  it('every directory answer counts only the businesses open now', async () => {
    const rows = await insertBusinesses();
    const always = rows.find((row) => row.name === 'Always Open')!.id;
    const list = await visitor.get(`/api/businesses?city=${CITY}&open_now=true`);
    expect(list.status).toBe(200);
    expect(list.body.map((b: { id: number }) => b.id)).toEqual([always]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await visitor.get(`/api/businesses/summary?city=${CITY}&open_now=true`)).body).toMatchObject({ total: 1, on_map: 1 });
    expect((await visitor.get(`/api/businesses/by-city?city=${CITY}&open_now=true`)).body.groups).toEqual([{ city: CITY, count: 1 }]);
    const map = await visitor.get(`/api/businesses/map?city=${CITY}&open_now=true&bbox=-180,-85,180,85&zoom=12`);
    expect(map.body.items.map((item: { id?: number }) => item.id)).toEqual([always]);
    // The same URL again is answered (from the answers kept for this minute) alike.
    expect((await visitor.get(`/api/businesses?city=${CITY}&open_now=true`)).body.map((b: { id: number }) => b.id)).toEqual([always]);
    expect((await visitor.get(`/api/businesses/summary?city=${CITY}`)).body.total).toBe(4);
  });

  it("refuses any other value in the contract's words", async () => {
    for (const value of ['false', 'yes', '1', '']) {
      for (const path of ['/api/businesses', '/api/businesses/summary', '/api/businesses/by-city']) {
        const answer = await visitor.get(`${path}?open_now=${value}`);
        expect(answer.status, `${path} ${value}`).toBe(400);
        expect(answer.body.detail).toBe(MESSAGES.openNowInvalid);
      }
    }
  });

  it('keeps an open_now answer for its minute only', () => {
    const minute = Date.UTC(2026, 0, 12, 9, 0);
    const url = '/api/businesses?open_now=true';
    expect(storedAnswerKey('public', url, minute)).toBe(storedAnswerKey('public', url, minute + 59_999));
    expect(storedAnswerKey('public', url, minute)).not.toBe(storedAnswerKey('public', url, minute + 60_000));
    expect(storedAnswerKey('public', '/api/businesses', minute)).toBe(storedAnswerKey('public', '/api/businesses', minute + 60_000));
  });
});
