// geocoding queue, end to end: a business added through the API without coordinates gets them
// from its postcode (geocode-business job in the worker process), in its detail and on the map
// (the list answer the map draws from), within a few seconds.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, businessInput, eventually, signUp, type Member } from './api-client';

interface Located {
  id: number;
  latitude: number | null;
  longitude: number | null;
}

let member: Member;
const visitor = new ApiClient();

beforeAll(async () => {
  member = await signUp('geo');
});

const detail = async (id: number) => (await visitor.get<Located>(`/api/businesses/${id}`)).body;
const inList = async (id: number, query = '') => ((await visitor.get<Located[]>(`/api/businesses${query}`)).body ?? []).find((b) => b.id === id);

async function located(id: number, read: () => Promise<Located | undefined>, latitude: number, what: string) {
  return eventually(
    async () => {
      const business = await read();
      return business && business.latitude !== null && Math.abs(business.latitude - latitude) < 0.01 ? business : null;
    },
    5_000,
    what,
  );
}

describe('geocoding queue (postcode → map position)', () => {
  it("places a business added with postcode 'SW1A 1AA' and no coordinates, in its detail and in the list", async () => {
    const name = `Jobs E2E Westminster Falafel ${Date.now()}`;
    const answer = await member.client.post('/api/businesses', businessInput(name, { postcode: 'SW1A 1AA' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id: number = answer.body.id;
    const search = `?search=${encodeURIComponent(name)}`;
    // Read the list straight away, as the app does after saving: this answer may be cached.
    expect(await inList(id, search)).toBeDefined();
    expect(await inList(id)).toBeDefined();

    const started = Date.now();
    // The SW1A district centre from the bundled outcode table (no online geocoder configured).
    const found = await located(id, () => detail(id), 51.50265, 'coordinates in the business detail');
    expect(found.longitude).toBeCloseTo(-0.13111, 3);
    await located(id, () => inList(id, search), 51.50265, 'coordinates in the searched list');
    await located(id, () => inList(id), 51.50265, 'coordinates in the full list (the map)');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('moves the business when an edit changes its postcode, and leaves typed-in coordinates alone', async () => {
    const name = `Jobs E2E Moving Bakery ${Date.now()}`;
    const answer = await member.client.post('/api/businesses', businessInput(name, { postcode: 'SW1A 1AA' }));
    expect(answer.status).toBe(201);
    const id: number = answer.body.id;
    await located(id, () => detail(id), 51.50265, 'the first position');

    const moved = await member.client.put(`/api/businesses/${id}`, businessInput(name, { postcode: 'M1 1AE', city: 'Manchester' }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const manchester = await located(id, () => detail(id), 53.47734, 'the position of the new postcode');
    expect(manchester.longitude).toBeCloseTo(-2.23508, 3);
    await located(id, () => inList(id), 53.47734, 'the new position in the list');

    const typed = await member.client.post('/api/businesses', businessInput(`${name} Two`, { postcode: 'SW1A 1AA', latitude: 51.6, longitude: -0.2 }));
    expect(typed.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await detail(typed.body.id)).toMatchObject({ latitude: 51.6, longitude: -0.2 });
  });
});
