import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL, MAP_TILES, MESSAGES } from '@zaytoon/contract';
import { tilesCovering } from '@zaytoon/contract/client';
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
    // Verified: some current, one lapsed (the rollups read 'Verified only' by the calendar).
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
      for (const onMap of ['', '&on_map=true', '&on_map=false']) {
        // The rows listed page by page, whatever counts the total.
        const rowsListed = (await walk(`/api/businesses?${filter}${onMap}&limit=500`)).reduce((sum, page) => sum + page.ids.length, 0);
        expect(await totalOf(filter + onMap), filter + onMap).toBe(rowsListed);
      }
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

  it('the city list answers a few cities holding the typed text, those starting with it first', async () => {
    await insert([
      { name: 'Prefix Deli', city: 'Quillby' },
      { name: 'Inner Deli', city: 'Upper Quillfield' },
      { name: 'Plain Deli', city: 'Quillan' },
      { name: 'Literal Deli', city: 'Quill_% Town' },
    ]);
    const cities = async (query: string) => {
      const answer = await visitor.get(`/api/cities?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.cities as string[];
    };
    expect(await cities('search=QUILL')).toEqual(['Quill_% Town', 'Quillan', 'Quillby', 'Upper Quillfield']);
    expect(await cities('search=quill&limit=2')).toEqual(['Quill_% Town', 'Quillan']);
    expect(await cities('search=lby')).toEqual(['Quillby']);
    expect(await cities('search=_%25')).toEqual(['Quill_% Town']);
    expect(await cities('search=zzzz')).toEqual([]);
    expect(await cities('limit=1')).toHaveLength(1);
    expect(await visitor.get('/api/cities?limit=0')).toMatchObject({ status: 400, body: { detail: MESSAGES.limitOutOfRange } });
  });

  it('drops a business from every answer once its report is approved', async () => {
    const [id] = await insert([{ name: 'Vanishing Deli', city: 'Ghosttown' }]);
    expect((await visitor.get('/api/businesses/summary?city=Ghosttown')).body.total).toBe(1);
    await api.core.db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [id]);
    expect((await visitor.get('/api/businesses/summary?city=Ghosttown')).body.total).toBe(0);
    expect((await visitor.get('/api/businesses/by-city?city=Ghosttown')).body.groups).toEqual([]);
    expect(await totalOf('city=Ghosttown')).toBe(0);
    expect((await visitor.get('/api/businesses/map/2/1/1?city=Ghosttown')).body.items).toEqual([]);
  });
});

type TileItem = {
  kind: 'cluster' | 'business' | 'more';
  id?: number;
  name?: string;
  lat: number;
  lng: number;
  count?: number;
  expansion_zoom?: number;
};

const tile = (z: number, x: number, y: number, query = '') => visitor.get(`/api/businesses/map/${z}/${x}/${y}${query ? `?${query}` : ''}`);

/** Every item of the tiles covering a box of degrees at a zoom, each tile answered 200 and under 100 kB. */
async function tilesOver(box: { west: number; south: number; east: number; north: number }, zoom: number, query = ''): Promise<TileItem[]> {
  const items: TileItem[] = [];
  for (const { z, x, y } of tilesCovering(box, zoom)) {
    const answer = await tile(z, x, y, query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ z, x, y, version: expect.any(Number) });
    expect(JSON.stringify(answer.body).length).toBeLessThan(100_000);
    items.push(...answer.body.items);
  }
  return items;
}

/** Every item of the tiles holding these points at a zoom, each tile asked once. */
async function tilesHolding(points: ReadonlyArray<{ lat: number; lng: number }>, zoom: number, query = ''): Promise<TileItem[]> {
  const seen = new Set<string>();
  const items: TileItem[] = [];
  for (const { lat, lng } of points) {
    const [{ z, x, y }] = tilesCovering({ west: lng, south: lat, east: lng, north: lat }, zoom);
    if (seen.has(`${x}/${y}`)) continue;
    seen.add(`${x}/${y}`);
    items.push(...(await tile(z, x, y, query)).body.items);
  }
  return items;
}

const countOf = (items: TileItem[]) => items.reduce((sum, item) => sum + (item.kind === 'business' ? 1 : item.count!), 0);
const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const CLUSTERHAM = { west: -5.5, south: 49.5, east: 0.5, north: 56.5 };
const CLUSTERHAM_POINTS = Array.from({ length: 300 }, (_, i) => ({ lat: 50 + (i % 30) / 5, lng: -5 + Math.floor(i / 30) / 2 }));

describe('GET /api/businesses/map/{z}/{x}/{y}', () => {
  beforeAll(async () => {
    await insert(
      CLUSTERHAM_POINTS.map(({ lat, lng }, i) => ({
        name: `Cluster ${i}`,
        city: 'Clusterham',
        category: i % 3 === 0 ? 'Tilecat' : 'Cafe',
        latitude: lat,
        longitude: lng,
      })),
    );
  });

  it('counts that add up to the filtered total at every zoom, from the rollup and from the index alike', async () => {
    expect((await visitor.get('/api/businesses/summary?city=Clusterham')).body.on_map).toBe(300);
    for (const zoom of [0, 3, 5, 7]) {
      expect(countOf(await tilesOver(CLUSTERHAM, zoom, 'city=Clusterham')), `city, zoom ${zoom}`).toBe(300);
      // A category alone is read from map_cells up to zoom 12.
      expect(countOf(await tilesOver(CLUSTERHAM, zoom, 'category=tilecat')), `category, zoom ${zoom}`).toBe(100);
    }
    const { rows } = await api.core.db.query<{ mapped: number }>(
      `SELECT count(*)::int AS mapped FROM businesses b
        WHERE latitude IS NOT NULL AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')`,
    );
    expect(countOf(await tilesOver(WORLD, 0))).toBe(rows[0].mapped);
    // Deeper, the tiles holding a business (those of the whole region would be thousands).
    const tilecat = CLUSTERHAM_POINTS.filter((_, i) => i % 3 === 0);
    for (const zoom of [9, 12, 17]) {
      for (const query of ['category=tilecat', 'city=Clusterham&category=tilecat']) {
        expect(countOf(await tilesHolding(tilecat, zoom, query)), `${query}, zoom ${zoom}`).toBe(100);
      }
    }
    const uk = await tilesOver(CLUSTERHAM, 6, 'city=Clusterham');
    expect(uk.some((item) => item.kind === 'cluster')).toBe(true);
    expect(uk.length).toBeLessThan(300);
  });

  it("applies /browse's filters as the list does", async () => {
    await insert([
      { name: 'Tile Falafel House', city: 'Filterby', category: 'Restaurant', latitude: 52.2, longitude: 0.12 },
      { name: 'Tile Bakery', city: 'Filterby', category: 'Bakery', latitude: 52.2004, longitude: 0.1204 },
    ]);
    const around = { west: 0.1199, south: 52.1999, east: 0.1205, north: 52.2005 };
    for (const [query, expected] of [
      ['city=filterby', 2],
      ['city=Filterby&search=falafel', 1],
      ['category=Bakery&city=Filterby', 1],
      ['city=Filterby&verified=true', 0],
      ['city=Nowhere', 0],
    ] as const) {
      const list = await visitor.get(`/api/businesses?${query}`);
      expect(Number(list.headers.get('x-total-count')), query).toBe(expected);
      for (const zoom of [4, 13, 18]) expect(countOf(await tilesOver(around, zoom, query)), `${query} at ${zoom}`).toBe(expected);
    }
    const [single] = await tilesOver(around, 13, 'city=Filterby&search=falafel');
    expect(single).toMatchObject({ kind: 'business', name: 'Tile Falafel House', lat: 52.2, lng: 0.12 });
  });

  it('a cluster splits at its expansion zoom, and a tile answers its own area only', async () => {
    const items = await tilesOver(CLUSTERHAM, 5, 'city=Clusterham');
    const cluster = items.find((item) => item.kind === 'cluster')!;
    expect(cluster.expansion_zoom).toBeGreaterThan(5);
    const span = 360 / 2 ** cluster.expansion_zoom!;
    const zoomed = await tilesOver(
      { west: cluster.lng - span, south: cluster.lat - span, east: cluster.lng + span, north: cluster.lat + span },
      cluster.expansion_zoom!,
      'city=Clusterham',
    );
    expect(zoomed.length).toBeGreaterThan(1);
    // Far from the UK: the tile holding Beijing.
    expect((await tile(8, 211, 97, 'city=Clusterham')).body.items).toEqual([]);
  });

  it('spreads businesses that share one point from zoom 17 so each can be opened', async () => {
    const ids = await insert(
      Array.from({ length: 12 }, (_, i) => ({ name: `Shared ${i}`, city: 'Sharedpoint', latitude: 53.4808, longitude: -2.2426 })),
    );
    const around = { west: -2.2436, south: 53.4803, east: -2.2416, north: 53.4813 };
    expect(await tilesOver(around, 16, 'city=Sharedpoint')).toEqual([expect.objectContaining({ kind: 'cluster', count: 12, expansion_zoom: 17 })]);
    expect(await tilesOver(around, 9, 'city=Sharedpoint')).toEqual([expect.objectContaining({ kind: 'cluster', count: 12, expansion_zoom: 17 })]);
    const spread = await tilesOver(around, 17, 'city=Sharedpoint');
    expect(spread.map((item) => item.id).sort((a, b) => a! - b!)).toEqual(ids);
    expect(new Set(spread.map((item) => `${item.lat},${item.lng}`)).size).toBe(12);
    for (const item of spread) {
      expect(item).toMatchObject({ kind: 'business', name: expect.stringMatching(/^Shared /) });
      expect(Math.abs(item.lat - 53.4808)).toBeLessThan(0.002);
      expect(Math.abs(item.lng - -2.2426)).toBeLessThan(0.003);
    }
  });

  it(`lists at most ${MAP_TILES.businessesPerTile} businesses a tile at deep zooms, then says how many more are there`, async () => {
    await insert(Array.from({ length: 130 }, (_, i) => ({ name: `Crowd ${i}`, city: 'Crowdton', latitude: 51.752, longitude: -1.2577 })));
    const [address] = tilesCovering({ west: -1.2577, south: 51.752, east: -1.2577, north: 51.752 }, 18);
    const answer = await tile(address.z, address.x, address.y, 'city=Crowdton');
    const items: TileItem[] = answer.body.items;
    expect(items.filter((item) => item.kind === 'business')).toHaveLength(MAP_TILES.businessesPerTile);
    expect(items.filter((item) => item.kind === 'more')).toEqual([
      { kind: 'more', count: 30, lat: expect.closeTo(51.752, 6), lng: expect.closeTo(-1.2577, 6) },
    ]);
    expect(JSON.stringify(answer.body).length).toBeLessThan(100_000);
  });

  it('hides a business once its report is approved, whichever way the tile is read', async () => {
    const [id] = await insert([{ name: 'Vanishing Tile', city: 'Tileghost', category: 'Ghostcat', latitude: 55.95, longitude: -3.19 }]);
    const around = { west: -3.1902, south: 55.9499, east: -3.1898, north: 55.9501 };
    expect(countOf(await tilesOver(around, 5, 'category=Ghostcat'))).toBe(1);
    await api.core.db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'approved')`, [id]);
    for (const query of ['category=Ghostcat', 'city=Tileghost']) {
      for (const zoom of [5, 14, 18]) expect(await tilesOver(around, zoom, query), `${query} at ${zoom}`).toEqual([]);
    }
  });

  it('has a version that changes with every write that can alter a tile, and not with a vote', async () => {
    const version = async () => (await visitor.get('/api/businesses/map/version')).body.version as number;
    const first = await version();
    const [id] = await insert([{ name: 'Versioned', city: 'Versionham' }]);
    const added = await version();
    expect(added).toBeGreaterThan(first);
    await api.core.db.query('UPDATE businesses SET upvotes = upvotes + 1 WHERE id = $1', [id]);
    expect(await version()).toBe(added);
    await api.core.db.query('UPDATE businesses SET latitude = 51.6 WHERE id = $1', [id]);
    const moved = await version();
    expect(moved).toBeGreaterThan(added);
    await api.core.db.query(`INSERT INTO reports (business_id, reason, status) VALUES ($1, 'Other', 'pending')`, [id]);
    expect(await version()).toBe(moved);
    await api.core.db.query(`UPDATE reports SET status = 'approved' WHERE business_id = $1`, [id]);
    expect(await version()).toBeGreaterThan(moved);
  });

  it('a tile of the current version may be kept for good; any other for a few seconds', async () => {
    const { version } = (await visitor.get('/api/businesses/map/version')).body;
    const current = await tile(6, 31, 20, `city=Clusterham&v=${version}`);
    expect(current.body.version).toBe(version);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(current.headers.get('set-cookie')).toBeNull();
    for (const query of [`v=${version - 1}`, '', `v=${version}&open_now=true`, `v=${version}&verified=true`]) {
      expect((await tile(6, 31, 20, query)).headers.get('cache-control'), query).toBe(CACHE_CONTROL.publicAnswer);
    }
  });

  it('refuses a bad z, x, y or v with 400 and the contract message', async () => {
    for (const path of ['21/0/0', '-1/0/0', '6.5/0/0', 'x/0/0', '99999999/0/0']) {
      expect(await visitor.get(`/api/businesses/map/${path}`), path).toMatchObject({ status: 400, body: { detail: MESSAGES.invalidZoom } });
    }
    for (const path of ['0/1/0', '0/0/1', '6/64/0', '6/0/64', '6/-1/3', '6/1.5/3', '6/a/3', '20/1048576/0']) {
      expect(await visitor.get(`/api/businesses/map/${path}`), path).toMatchObject({ status: 400, body: { detail: MESSAGES.invalidTile } });
    }
    expect(await tile(6, 31, 20, 'v=latest')).toMatchObject({ status: 400, body: { detail: MESSAGES.invalidMapVersion } });
    expect((await visitor.get('/api/businesses/map?bbox=-11,49,2,61&zoom=6')).status).toBe(404);
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

describe('GET the directory with open_now', () => {
  it('every directory answer counts only the businesses open now', async () => {
    const rows = await insertBusinesses();
    const always = rows.find((row) => row.name === 'Always Open')!.id;
    const list = await visitor.get(`/api/businesses?city=${NOW_CITY}&open_now=true`);
    expect(list.status).toBe(200);
    expect(list.body.map((b: { id: number }) => b.id)).toEqual([always]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await visitor.get(`/api/businesses/summary?city=${NOW_CITY}&open_now=true`)).body).toMatchObject({ total: 1, on_map: 1 });
    expect((await visitor.get(`/api/businesses/by-city?city=${NOW_CITY}&open_now=true`)).body.groups).toEqual([{ city: NOW_CITY, count: 1 }]);
    const map = await visitor.get(`/api/businesses/map/0/0/0?city=${NOW_CITY}&open_now=true`);
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
