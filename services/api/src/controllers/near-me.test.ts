import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { BusinessesRepository, lookupOutcode, type Queryable } from '@zaytoon/core';
import { allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';

// 'Near me': GET /api/businesses?near=lat,lng lists mapped businesses nearest first, with their distance in miles,
// paged by keyset, the other filters applied; GET /api/postcode-centre places a typed postcode.

let api: TestApi;
let visitor: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  visitor = api.client();
});
afterAll(async () => api?.stop());

const CITY = 'Neartown';
/** Leeds city centre: where the businesses stand around. */
const CENTRE = { latitude: 53.7997, longitude: -1.5492 };
const MILE_IN_LATITUDE = 1 / 69.05;

function haversineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  return 3958.7613 * 2 * Math.asin(Math.sqrt(h));
}

interface Placed {
  id: number;
  name: string;
  category: string;
  latitude: number;
  longitude: number;
}

/**
 * Businesses on a spiral around the centre: each 12% further than the last, in a direction 137.5° round from it (east,
 * north, west and south all taken), in two categories; one more without a point, which 'Near me' never lists.
 */
async function placeBusinesses(): Promise<Placed[]> {
  const points = Array.from({ length: 24 }, (_, index) => {
    const miles = 0.15 * 1.12 ** index;
    const angle = (index * 137.5 * Math.PI) / 180;
    return {
      name: `Near Business ${index}`,
      category: index % 3 === 0 ? 'Bakery' : 'Cafe',
      latitude: CENTRE.latitude + miles * MILE_IN_LATITUDE * Math.sin(angle),
      longitude: CENTRE.longitude + (miles * MILE_IN_LATITUDE * Math.cos(angle)) / Math.cos((CENTRE.latitude * Math.PI) / 180),
    };
  });
  const { rows } = await api.core.db.query<Placed>(
    `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
     SELECT name, '1 High Street', $1, 'LS1 1AA', category, latitude, longitude
       FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[]) AS t(name, category, latitude, longitude)
     RETURNING id, name, category, latitude, longitude`,
    [CITY, points.map((p) => p.name), points.map((p) => p.category), points.map((p) => p.latitude), points.map((p) => p.longitude)],
  );
  await api.core.db.query(
    `INSERT INTO businesses (name, address, city, postcode, category) VALUES ('Near Nowhere', '2 High Street', $1, 'ZZ1 1ZZ', 'Cafe')`,
    [CITY],
  );
  return rows;
}

/** The plane distance the list is ordered by (decision 0054): longitude scaled by cos 54°. */
function planeDistance(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  return Math.hypot((a.longitude - b.longitude) * 0.5878, a.latitude - b.latitude);
}

const nearestFirst = (placed: Placed[], from: { latitude: number; longitude: number }) =>
  [...placed].sort((a, b) => planeDistance(from, a) - planeDistance(from, b) || a.id - b.id).map((business) => business.id);

describe('GET /api/businesses?near=', () => {
  let placed: Placed[];
  beforeAll(async () => {
    placed = await placeBusinesses();
  });

  it('lists nearest first, each with its great-circle distance in miles', async () => {
    const from = { latitude: 53.8042, longitude: -1.5611 };
    const answer = await visitor.get(`/api/businesses?city=${CITY}&near=${from.latitude},${from.longitude}&limit=100`);
    expect(answer.status).toBe(200);
    const ids = answer.body.map((business: { id: number }) => business.id);
    expect(ids).toEqual(nearestFirst(placed, from));
    expect(answer.headers.get('x-total-count')).toBe(String(placed.length));
    const listed = answer.body as (Placed & { distance_miles: number })[];
    for (const business of listed) expect(business.distance_miles).toBeCloseTo(haversineMiles(from, business), 2);
    // Near 54°N the plane order is the great-circle order to within a few percent (and the miles are rounded to 0.01).
    for (let index = 1; index < listed.length; index++) {
      expect(listed[index].distance_miles).toBeGreaterThanOrEqual(listed[index - 1].distance_miles * 0.97 - 0.01);
    }
    // Without near, no distance.
    const plain = await visitor.get(`/api/businesses?city=${CITY}`);
    expect(plain.body.every((business: object) => !('distance_miles' in business))).toBe(true);
  });

  it('pages by keyset without repeat or gap, in the same order as one page', async () => {
    const near = `${CENTRE.latitude},${CENTRE.longitude}`;
    const { items, total } = await allPages<{ id: number }>(visitor, `/api/businesses?city=${CITY}&near=${near}&limit=5`);
    expect(total).toBe(placed.length);
    expect(items.map((item) => item.id)).toEqual(nearestFirst(placed, CENTRE));
  });

  it('applies the other filters together with near', async () => {
    const near = `${CENTRE.latitude},${CENTRE.longitude}`;
    const bakeries = placed.filter((business) => business.category === 'Bakery');
    const { items, total } = await allPages<{ id: number }>(visitor, `/api/businesses?city=${CITY}&category=Bakery&near=${near}&limit=3`);
    expect(total).toBe(bakeries.length);
    expect(items.map((item) => item.id)).toEqual(nearestFirst(bakeries, CENTRE));

    const searched = await visitor.get(`/api/businesses?search=${encodeURIComponent('Near Business 1')}&city=${CITY}&near=${near}`);
    expect(searched.status).toBe(200);
    const found = searched.body.map((business: { id: number }) => business.id);
    expect(found.length).toBeGreaterThan(0);
    const expected = nearestFirst(placed, CENTRE).filter((id) => found.includes(id));
    expect(found).toEqual(expected);

    await api.core.db.query(`UPDATE businesses SET verified_on = current_date - 3 WHERE name IN ('Near Business 5', 'Near Business 2')`);
    const verified = await visitor.get(`/api/businesses?city=${CITY}&verified=true&near=${near}`);
    expect(verified.body.map((business: { name: string }) => business.name)).toEqual(['Near Business 2', 'Near Business 5']);
  });

  it("refuses a bad point, or a cursor of another order, in the contract's words", async () => {
    for (const value of ['', 'abc', '53.8', '53.8,', '91,0', '53.8,181', '53.8;-1.5', '53.8,-1.5,2', '1e1,2', '53.1234567,-1.5']) {
      const answer = await visitor.get(`/api/businesses?near=${encodeURIComponent(value)}`);
      expect(answer.status, value).toBe(400);
      expect(answer.body.detail, value).toBe(MESSAGES.nearInvalid);
    }
    const byName = await visitor.get(`/api/businesses?city=${CITY}&limit=2`);
    const cursor = /cursor=([\w-]+)/.exec(byName.headers.get('link') ?? '')![1];
    const mixed = await visitor.get(`/api/businesses?city=${CITY}&limit=2&near=53.8,-1.5&cursor=${cursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.detail).toBe(MESSAGES.invalidCursor);
  });

  it('reads nearest first through the GiST index, however many businesses there are', async () => {
    // Enough businesses that reading them all and sorting would cost the planner more than walking the index.
    const client = await api.core.db.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query(
        `INSERT INTO businesses (name, address, city, postcode, category, latitude, longitude)
         SELECT 'Far Business ' || n, '3 Low Street', 'Fartown', 'M1 1AA', 'Cafe', 50 + (n % 100) / 20.0, -5 + (n / 100) / 20.0
           FROM generate_series(1, 5000) AS n`,
      );
      await client.query('ANALYZE businesses');
    } finally {
      client.release();
    }
    const plans: string[] = [];
    const explaining: Queryable = {
      query: async (sql: string, params?: unknown[]) => {
        const { rows } = await api.core.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [], rowCount: 0 } as never;
      },
    } as Queryable;
    const repository = new BusinessesRepository(explaining);
    await repository.listPage({}, { limit: 21, forAdmin: false, near: CENTRE });
    await repository.listPage({ category: 'Cafe' }, { limit: 21, forAdmin: false, near: CENTRE, after: { mode: 'near', distance: 0.01, id: 5 } });
    for (const plan of plans) expect(plan).toMatch(/Index Scan using businesses_near_point/);
  });
});

describe('GET /api/postcode-centre', () => {
  it("answers the district's centre of a postcode or a district", async () => {
    const expected = lookupOutcode('LS1')!;
    for (const postcode of ['LS1 4AP', 'ls14ap', 'LS1']) {
      const answer = await visitor.get(`/api/postcode-centre?postcode=${encodeURIComponent(postcode)}`);
      expect(answer.status, postcode).toBe(200);
      expect(answer.body).toEqual({ outcode: 'LS1', ...expected });
    }
  });

  it("says an unknown or malformed postcode is not found, in the contract's words", async () => {
    for (const postcode of ['QQ99 9QQ', 'hello', '', 'LS1 4AP LS1 4AP']) {
      const answer = await visitor.get(`/api/postcode-centre?postcode=${encodeURIComponent(postcode)}`);
      expect(answer.status, postcode).toBeOneOf([400, 404]);
      expect(answer.body.detail, postcode).toBe(MESSAGES.postcodeUnknown);
    }
  });
});
