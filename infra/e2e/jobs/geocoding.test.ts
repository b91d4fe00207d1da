// geocoding queue, end to end: a business added through the API without coordinates gets them
// from its postcode (geocode-business job in the worker process), in its detail and on the map
// (the map view answer, at the deepest zoom around the new point), within a few seconds.
import { expect, test } from '../support/test';
import { tilesCovering } from '@zaytoon/contract/client';
import { ApiClient, businessInput, eventually, signInAdmin, signUp, type Member } from './api-client';

interface Located {
  id: number;
  latitude: number | null;
  longitude: number | null;
}

let member: Member;
let admin: ApiClient;
const visitor = new ApiClient();

test.beforeAll(async () => {
  member = await signUp('geo');
  admin = await signInAdmin();
});

const detail = async (id: number) => (await visitor.get<Located>(`/api/businesses/${id}`)).body;
const inList = async (id: number, query: string) => ((await visitor.get<Located[]>(`/api/businesses${query}`)).body ?? []).find((b) => b.id === id);

/** The map tile holding a point at zoom 17: the business stands there (spread a little if it shares the point). */
const onMapNear = async (id: number, latitude: number, longitude: number): Promise<Located | undefined> => {
  const [{ z, x, y }] = tilesCovering({ west: longitude, south: latitude, east: longitude, north: latitude }, 17);
  const items = (await visitor.get<{ items: Array<{ kind: string; id: number; lat: number; lng: number }> }>(`/api/businesses/map/${z}/${x}/${y}`))
    .body.items;
  const item = items.find((candidate) => candidate.kind === 'business' && candidate.id === id);
  return item && { id, latitude: item.lat, longitude: item.lng };
};

async function located(id: number, read: () => Promise<Located | undefined>, latitude: number, what: string) {
  return eventually(
    async () => {
      const business = await read();
      return business && business.latitude !== null && Math.abs(business.latitude - latitude) < 0.01 ? business : null;
    },
    30_000,
    what,
  );
}

/** The businesses of the jobs the geocoding queue holds in any state (waiting, active, completed, failed …), as bull-board lists them. */
async function geocodingJobBusinessIds(): Promise<number[]> {
  const answer = await admin.get<{ queues: Array<{ name: string; jobs: Array<{ data: { businessId: number } }> }> }>(
    '/ops/queues/api/queues?activeQueue=geocoding&status=latest&jobsPerPage=1000',
  );
  expect(answer.status).toBe(200);
  const geocoding = answer.body.queues.find((queue) => queue.name === 'geocoding');
  return (geocoding?.jobs ?? []).map((job) => job.data.businessId);
}

test.describe('geocoding queue (postcode → map position)', () => {
  test("places a business added with postcode 'SW1A 1AA' and no coordinates, in its detail and in the list", async () => {
    const name = `Jobs E2E Westminster Falafel ${Date.now()}`;
    const answer = await member.client.post('/api/businesses', businessInput(name, { postcode: 'SW1A 1AA' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id: number = answer.body.id;
    const search = `?search=${encodeURIComponent(name)}`;
    // Read the list straight away, as the app does after saving: this answer may be cached.
    expect(await inList(id, search)).toBeDefined();

    // The SW1A district centre from the bundled outcode table (no online geocoder configured).
    const found = await located(id, () => detail(id), 51.50265, 'coordinates in the business detail');
    expect(found.longitude).toBeCloseTo(-0.13111, 3);
    await located(id, () => inList(id, search), 51.50265, 'coordinates in the searched list');
    await located(id, () => onMapNear(id, 51.50265, -0.13111), 51.50265, 'a marker on the map at its postcode');
  });

  test('moves the business when an edit changes its postcode, and leaves typed-in coordinates alone', async () => {
    const name = `Jobs E2E Moving Bakery ${Date.now()}`;
    const answer = await member.client.post('/api/businesses', businessInput(name, { postcode: 'SW1A 1AA' }));
    expect(answer.status).toBe(201);
    const id: number = answer.body.id;
    await located(id, () => detail(id), 51.50265, 'the first position');

    const moved = await member.client.put(`/api/businesses/${id}`, businessInput(name, { postcode: 'M1 1AE', city: 'Manchester' }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const manchester = await located(id, () => detail(id), 53.47734, 'the position of the new postcode');
    expect(manchester.longitude).toBeCloseTo(-2.23508, 3);
    await located(id, () => inList(id, `?search=${encodeURIComponent(name)}`), 53.47734, 'the new position in the list');
    await located(id, () => onMapNear(id, 53.47734, -2.23508), 53.47734, 'a marker at the new position on the map');

    const typed = await member.client.post(
      '/api/businesses',
      businessInput(`${name} Two`, { postcode: 'SW1A 1AA', latitude: 51.6, longitude: -0.2 }),
    );
    expect(typed.status).toBe(201);
    // A business added later without coordinates queues its job behind any the typed one could have queued.
    const sentinel = await member.client.post('/api/businesses', businessInput(`${name} Three`, { postcode: 'M1 1AE', city: 'Manchester' }));
    expect(sentinel.status).toBe(201);
    await located(sentinel.body.id, () => detail(sentinel.body.id), 53.47734, 'the later business placed by its job');
    const jobsFor = await geocodingJobBusinessIds();
    expect(jobsFor).toContain(sentinel.body.id);
    expect(jobsFor).not.toContain(typed.body.id);
    expect(await detail(typed.body.id)).toMatchObject({ latitude: 51.6, longitude: -0.2 });
  });
});
