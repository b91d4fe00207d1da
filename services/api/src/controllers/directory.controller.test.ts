import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';

let api: TestApi;
let visitor: ApiTestClient;

beforeAll(async () => {
  api = await startTestApi();
  visitor = api.client();
});
afterAll(() => api?.stop());

interface Row {
  name: string;
  city: string;
  category?: string;
  description?: string;
  latitude?: number | null;
  longitude?: number | null;
}

/** Rows straight into the table (as the scale seed does): the API is what is under test, not the form. */
async function insert(rows: Row[]): Promise<number[]> {
  const { rows: ids } = await api.core.db.query<{ id: number }>(
    `INSERT INTO businesses (name, address, city, postcode, category, description, latitude, longitude)
     SELECT name, '1 High Street', city, 'XX1 1XX', category, description, latitude, longitude
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])
            AS t(name, city, category, description, latitude, longitude)
     RETURNING id`,
    [
      rows.map((row) => row.name),
      rows.map((row) => row.city),
      rows.map((row) => row.category ?? 'Cafe'),
      rows.map((row) => row.description ?? ''),
      rows.map((row) => (row.latitude === undefined ? 51.5 : row.latitude)),
      rows.map((row) => (row.longitude === undefined ? -0.1 : row.longitude)),
    ],
  );
  return ids.map((row) => row.id);
}

/** Follows Link rel="next" from `path` and returns every page. */
async function walk(path: string, between?: (pageNumber: number) => Promise<void>) {
  const pages: Array<{ ids: number[]; names: string[]; total: number; link: string | null }> = [];
  let next: string | null = path;
  while (next) {
    const answer: { status: number; body: any; headers: Headers } = await visitor.get(next);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const link: string | null = answer.headers.get('link');
    pages.push({
      ids: answer.body.map((b: { id: number }) => b.id),
      names: answer.body.map((b: { name: string }) => b.name),
      total: Number(answer.headers.get('x-total-count')),
      link,
    });
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
    if (next && between) await between(pages.length);
    expect(pages.length).toBeLessThan(500);
  }
  return pages;
}

const WORDS = ['Olive', 'Cedar', 'Jaffa', 'Sumud', 'Karama', 'Tatreez'];

describe('GET /api/businesses paging (CONTRACT.md)', () => {
  it('walks every business once in name-then-id order, with X-Total-Count and Link until the last page', async () => {
    // Repeated names make the id the tie-breaker.
    await insert(Array.from({ length: 230 }, (_, i) => ({ name: `Paging ${WORDS[i % WORDS.length]} ${i % 37}`, city: 'Pagetown' })));
    const expected = (await api.core.db.query<{ id: number }>(`SELECT id FROM businesses WHERE city = 'Pagetown' ORDER BY name, id`)).rows.map(
      (row) => row.id,
    );

    const pages = await walk('/api/businesses?city=Pagetown&limit=40');
    expect(pages.map((page) => page.ids.length)).toEqual([40, 40, 40, 40, 40, 30]);
    expect(pages.flatMap((page) => page.ids)).toEqual(expected);
    expect(pages.every((page) => page.total === 230)).toBe(true);
    expect(pages.at(-1)!.link).toBeNull();
    expect(pages[0].link).toMatch(/^<\/api\/businesses\?city=Pagetown&limit=40&cursor=[\w-]+>; rel="next"$/);
  });

  it('never skips or repeats a business while businesses are being added between pages', async () => {
    await insert(Array.from({ length: 120 }, (_, i) => ({ name: `Growing ${String(i).padStart(3, '0')}`, city: 'Growtown' })));
    const before = (await api.core.db.query<{ id: number }>(`SELECT id FROM businesses WHERE city = 'Growtown'`)).rows.map((r) => r.id);
    let added = 0;
    const pages = await walk('/api/businesses?city=Growtown&limit=25', async (page) => {
      // New names sort before, inside and after the page just read.
      await insert(
        ['Growing 000a', `Growing ${String(page * 25).padStart(3, '0')}a`, 'Growing 999'].map((name) => ({
          name: `${name} ${page}`,
          city: 'Growtown',
        })),
      );
      added += 3;
    });
    const seen = pages.flatMap((page) => page.ids);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    expect(added).toBeGreaterThan(0);
    const names = pages.flatMap((page) => page.names);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
  });

  it('pages a search by relevance, then name, then id, the same as one big page', async () => {
    await insert([
      { name: 'Falafel', city: 'Searchton' },
      { name: 'Falafel House', city: 'Searchton' },
      { name: 'Falafel House', city: 'Searchton' },
      { name: 'The Falafel Bar', city: 'Searchton' },
      ...Array.from({ length: 40 }, (_, i) => ({ name: `Corner ${i % 9}`, city: 'Searchton', description: `Fresh falafel and coffee ${i}` })),
    ]);
    const whole = await visitor.get('/api/businesses?search=falafel&limit=500');
    expect(whole.headers.get('link')).toBeNull();
    const pages = await walk('/api/businesses?search=falafel&limit=7');
    const ids = pages.flatMap((page) => page.ids);
    expect(ids).toEqual(whole.body.map((b: { id: number }) => b.id));
    expect(pages[0].total).toBe(whole.body.length);
    expect(whole.body.slice(0, 4).map((b: { name: string }) => b.name)).toEqual(['Falafel', 'Falafel House', 'Falafel House', 'The Falafel Bar']);
    expect(whole.body[1].id).toBeLessThan(whole.body[2].id);
  });

  it('answers 100 by default and at most 500, and refuses other limits with 400', async () => {
    await insert(Array.from({ length: 520 }, (_, i) => ({ name: `Bulk ${i}`, city: 'Bulkton', latitude: null, longitude: null })));
    const first = await visitor.get('/api/businesses?city=Bulkton');
    expect(first.body).toHaveLength(100);
    expect(first.headers.get('x-total-count')).toBe('520');
    expect((await visitor.get('/api/businesses?city=Bulkton&limit=500')).body).toHaveLength(500);
    for (const limit of ['0', '501', '-1', '2.5', 'abc', '']) {
      const answer = await visitor.get(`/api/businesses?city=Bulkton&limit=${limit}`);
      expect(answer, limit).toMatchObject({ status: 400, body: { detail: MESSAGES.limitOutOfRange } });
    }
  });

  it('refuses a cursor it did not make, or one made for another kind of query, with 400', async () => {
    const page = await visitor.get('/api/businesses?limit=1');
    const nameCursor = new URL(/<([^>]+)>/.exec(page.headers.get('link')!)![1], 'http://x').searchParams.get('cursor')!;
    const forged = [
      'not-a-cursor!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["n","x",-4]').toString('base64url'),
      Buffer.from('["r",1,"NaN","x",1]').toString('base64url'),
      'x'.repeat(3000),
    ];
    for (const cursor of forged) {
      const answer = await visitor.get(`/api/businesses?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
    }
    expect(await visitor.get(`/api/businesses?cursor=${nameCursor}&search=olive`)).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.invalidCursor },
    });
    expect((await visitor.get(`/api/businesses?cursor=${nameCursor}`)).status).toBe(200);
  });

  it('lists only the businesses without coordinates with on_map=false', async () => {
    const [mapped, unmapped] = await insert([
      { name: 'Mapped One', city: 'Maptown' },
      { name: 'Unmapped One', city: 'Maptown', latitude: null, longitude: null },
    ]);
    const off = await visitor.get('/api/businesses?city=Maptown&on_map=false');
    expect(off.body.map((b: { id: number }) => b.id)).toEqual([unmapped]);
    const on = await visitor.get('/api/businesses?city=Maptown&on_map=true');
    expect(on.body.map((b: { id: number }) => b.id)).toEqual([mapped]);
    expect((await visitor.get('/api/businesses?on_map=maybe')).status).toBe(400);
  });
});

describe('directory answers agree with the list', () => {
  const totalOf = async (query: string) => Number((await visitor.get(`/api/businesses?${query}&limit=1`)).headers.get('x-total-count'));

  it('summary and city groups count what the list counts, for each filter', async () => {
    await insert([
      ...Array.from({ length: 9 }, (_, i) => ({ name: `Sum Bakery ${i}`, city: 'Sumford', category: 'Bakery' })),
      ...Array.from({ length: 4 }, (_, i) => ({ name: `Sum Books ${i}`, city: 'Sumbridge', category: 'Bookshop', latitude: null, longitude: null })),
      ...Array.from({ length: 6 }, (_, i) => ({ name: `Sum Cafe ${i}`, city: 'Sumbury', latitude: 52 + i / 10, longitude: -1 - i / 10 })),
    ]);
    // Verified: some current, one lapsed (the rollups read 'Verified only' by the calendar, issue #30 point 3).
    await api.core.db.query(`UPDATE businesses SET verified_on = current_date - 3 WHERE name IN ('Sum Bakery 1', 'Sum Bakery 2', 'Sum Cafe 3')`);
    await api.core.db.query(`UPDATE businesses SET verified_on = current_date - 400 WHERE name = 'Sum Cafe 4'`);
    for (const filter of [
      '',
      'city=Sumford',
      'category=Bookshop',
      'search=sum',
      'search=sum&category=Cafe',
      'verified=true',
      'verified=true&city=sumbury',
      'verified=true&category=bakery',
      'verified=false',
      'city=SUMFORD&category=bakery',
    ]) {
      const summary = (await visitor.get(`/api/businesses/summary?${filter}`)).body;
      const groups = (await visitor.get(`/api/businesses/by-city?${filter}`)).body.groups as Array<{ city: string; count: number }>;
      expect(summary.total, filter).toBe(await totalOf(filter));
      expect(summary.on_map, filter).toBe(await totalOf(`${filter}&on_map=true`));
      expect(summary.not_on_map, filter).toBe(await totalOf(`${filter}&on_map=false`));
      expect(summary.coverage).toBe(summary.total ? Math.round((summary.on_map / summary.total) * 100) : 0);
      expect(summary.cities, filter).toBe(groups.length);
      expect(
        groups.reduce((sum, group) => sum + group.count, 0),
        filter,
      ).toBe(summary.total);
      for (const group of groups) {
        const inCity = new URLSearchParams(filter);
        inCity.set('city', group.city);
        expect(await totalOf(inCity.toString()), `${filter} in ${group.city}`).toBe(group.count);
      }
      const top = [...groups].sort((a, b) => b.count - a.count || a.city.localeCompare(b.city, 'en-GB')).slice(0, 3);
      expect(summary.most_active).toEqual(top);
      expect(groups.map((group) => group.city)).toEqual([...groups.map((group) => group.city)].sort((a, b) => a.localeCompare(b, 'en-GB')));
    }
    const sumbury = (await visitor.get('/api/businesses/summary?city=Sumbury')).body;
    expect(sumbury).toMatchObject({ total: 6, on_map: 6, cities: 1, cities_on_map: 1, coverage: 100 });
    expect(sumbury.bounds).toEqual([-1.5, 52, -1, 52.5]);
    expect((await visitor.get('/api/businesses/summary?city=Sumbridge')).body).toMatchObject({ total: 4, on_map: 0, coverage: 0, bounds: null });
  });

  it('the category and city lists follow each write at once, and lose a spelling with its last business', async () => {
    const [first, second] = await insert([
      { name: 'Listed Deli', city: 'Listham', category: 'Listery' },
      { name: 'Other Deli', city: 'LISTHAM', category: 'Listery' },
    ]);
    const lists = async () => ({
      categories: (await visitor.get('/api/categories')).body.categories as string[],
      cities: (await visitor.get('/api/cities')).body.cities as string[],
    });
    expect(await lists()).toMatchObject({ categories: expect.arrayContaining(['Listery']), cities: expect.arrayContaining(['LISTHAM', 'Listham']) });
    await api.core.db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [second]);
    expect((await lists()).cities).not.toContain('LISTHAM');
    expect((await visitor.get('/api/businesses/by-city?city=listham')).body.groups).toEqual([{ city: 'Listham', count: 1 }]);
    await api.core.db.query('DELETE FROM businesses WHERE id = $1', [first]);
    const after = await lists();
    expect(after.categories).not.toContain('Listery');
    expect(after.cities).not.toContain('Listham');
    expect(after.categories).toEqual([...after.categories].sort());
  });

  it('drops a business from every answer once its report is approved', async () => {
    const [id] = await insert([{ name: 'Vanishing Deli', city: 'Ghosttown' }]);
    expect((await visitor.get('/api/businesses/summary?city=Ghosttown')).body.total).toBe(1);
    await api.core.db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [id]);
    expect((await visitor.get('/api/businesses/summary?city=Ghosttown')).body.total).toBe(0);
    expect((await visitor.get('/api/businesses/by-city?city=Ghosttown')).body.groups).toEqual([]);
    expect(await totalOf('city=Ghosttown')).toBe(0);
    const map = await visitor.get('/api/businesses/map?city=Ghosttown&bbox=-180,-85,180,85&zoom=2');
    expect(map.body.items).toEqual([]);
  });
});

describe('GET /api/businesses/map', () => {
  const map = (query: string) => visitor.get(`/api/businesses/map?${query}`);
  const countOf = (items: Array<{ kind: string; count?: number }>) =>
    items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count! : 1), 0);

  it('clusters whose counts add up to the mapped total at every zoom', async () => {
    await insert(
      Array.from({ length: 300 }, (_, i) => ({
        name: `Cluster ${i}`,
        city: 'Clusterham',
        latitude: 50 + (i % 30) / 5,
        longitude: -5 + Math.floor(i / 30) / 2,
      })),
    );
    const summary = (await visitor.get('/api/businesses/summary?city=Clusterham')).body;
    expect(summary.on_map).toBe(300);
    for (const zoom of [3, 6, 9, 12]) {
      const answer = await map(`city=Clusterham&bbox=-180,-85,180,85&zoom=${zoom}`);
      expect(answer.status).toBe(200);
      expect(answer.body.zoom).toBe(zoom);
      expect(countOf(answer.body.items), `zoom ${zoom}`).toBe(300);
    }
    const uk = (await map('city=Clusterham&bbox=-11,49,2,61&zoom=6')).body.items;
    expect(uk.some((item: { kind: string }) => item.kind === 'cluster')).toBe(true);
    expect(uk.length).toBeLessThan(300);
  });

  it('a cluster splits at its expansion zoom, and only the viewport is answered', async () => {
    const items = (await map('city=Clusterham&bbox=-11,49,2,61&zoom=5')).body.items;
    const cluster = items.find((item: { kind: string }) => item.kind === 'cluster');
    expect(cluster.expansion_zoom).toBeGreaterThan(5);
    const span = 360 / 2 ** cluster.expansion_zoom;
    const around = `bbox=${cluster.lng - span},${cluster.lat - span},${cluster.lng + span},${cluster.lat + span}&zoom=${cluster.expansion_zoom}`;
    const zoomed = (await map(`city=Clusterham&${around}`)).body.items;
    expect(zoomed.length).toBeGreaterThan(1);
    const far = (await map('city=Clusterham&bbox=100,10,110,20&zoom=8')).body.items;
    expect(far).toEqual([]);
  });

  it('spreads businesses that share one point at the deepest zoom so each can be opened', async () => {
    const ids = await insert(
      Array.from({ length: 12 }, (_, i) => ({ name: `Shared ${i}`, city: 'Sharedpoint', latitude: 53.4808, longitude: -2.2426 })),
    );
    const bbox = 'bbox=-2.2526,53.4758,-2.2326,53.4858';
    const clustered = (await map(`city=Sharedpoint&${bbox}&zoom=16`)).body.items;
    expect(clustered).toEqual([expect.objectContaining({ kind: 'cluster', count: 12, expansion_zoom: 17 })]);
    const spread = (await map(`city=Sharedpoint&${bbox}&zoom=17`)).body.items;
    expect(spread.map((item: { id: number }) => item.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    const positions = new Set(spread.map((item: { lat: number; lng: number }) => `${item.lat},${item.lng}`));
    expect(positions.size).toBe(12);
    for (const item of spread) {
      expect(item).toMatchObject({ kind: 'business', name: expect.stringMatching(/^Shared /) });
      expect(Math.abs(item.lat - 53.4808)).toBeLessThan(0.002);
      expect(Math.abs(item.lng - -2.2426)).toBeLessThan(0.003);
    }
  });

  it('refuses a bad viewport or zoom with 400 and the contract message', async () => {
    for (const query of ['zoom=6', 'bbox=1,2,3&zoom=6', 'bbox=a,b,c,d&zoom=6', 'bbox=-11,61,2,49&zoom=6', 'bbox=-200,49,2,61&zoom=6']) {
      expect(await map(query), query).toMatchObject({ status: 400, body: { detail: MESSAGES.invalidBbox } });
    }
    for (const zoom of ['', '21', '-1', '6.5', 'x']) {
      expect(await map(`bbox=-11,49,2,61&zoom=${zoom}`), zoom).toMatchObject({ status: 400, body: { detail: MESSAGES.invalidZoom } });
    }
  });
});

const NOW_CITY = 'Nowton';
const EVERY_DAY = (text: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, text]));

/** Whatever the real clock says: open 24 hours is always open, closed every day never, unreadable hours never. */
async function insertBusinesses() {
  const { rows } = await api.core.db.query<{ id: number; name: string }>(
    `INSERT INTO businesses (name, address, city, postcode, business_hours, latitude, longitude)
     SELECT name, '1 High Street', $1, 'XX1 1XX', hours, 51.5, -0.1 FROM unnest($2::text[], $3::jsonb[]) AS t(name, hours)
     RETURNING id, name`,
    [NOW_CITY, ['Always Open', 'Never Open', 'No Hours', 'Odd Hours'], [EVERY_DAY('24 hours'), EVERY_DAY('Closed'), {}, { monday: 'Ring the bell' }]],
  );
  await api.core.repositories.businesses.parsePendingHours();
  return rows;
}

describe('GET the directory with open_now (issue #16 point 4)', () => {
  it('every directory answer counts only the businesses open now', async () => {
    const rows = await insertBusinesses();
    const always = rows.find((row) => row.name === 'Always Open')!.id;
    const list = await visitor.get(`/api/businesses?city=${NOW_CITY}&open_now=true`);
    expect(list.status).toBe(200);
    expect(list.body.map((b: { id: number }) => b.id)).toEqual([always]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await visitor.get(`/api/businesses/summary?city=${NOW_CITY}&open_now=true`)).body).toMatchObject({ total: 1, on_map: 1 });
    expect((await visitor.get(`/api/businesses/by-city?city=${NOW_CITY}&open_now=true`)).body.groups).toEqual([{ city: NOW_CITY, count: 1 }]);
    const map = await visitor.get(`/api/businesses/map?city=${NOW_CITY}&open_now=true&bbox=-180,-85,180,85&zoom=12`);
    expect(map.body.items.map((item: { id?: number }) => item.id)).toEqual([always]);
    // The same URL again is answered alike.
    expect((await visitor.get(`/api/businesses?city=${NOW_CITY}&open_now=true`)).body.map((b: { id: number }) => b.id)).toEqual([always]);
    expect((await visitor.get(`/api/businesses/summary?city=${NOW_CITY}`)).body.total).toBe(4);
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
});
