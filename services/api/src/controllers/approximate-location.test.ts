import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupOutcode } from '@zaytoon/core';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

// What must never leave the server for an 'area' business: its streets (now and before), its full postcode's inward
// part and its exact point.
const OLD_STREET = 'Qzvx Hidden Lane 7';
const STREET = 'Wkjq Secret Row 9';
const INWARD = '6AN';
const EXACT = { latitude: 51.51873, longitude: -0.06712 };
const NAME = 'Zaytoun Home Bakery Xyq';
const HIDDEN = [OLD_STREET, STREET, INWARD, String(EXACT.latitude), String(EXACT.longitude)];

let api: TestApi;
let owner: ApiTestClient;
let member: ApiTestClient;
let admin: ApiTestClient;
let uploadDir: string;
let id: number;

/** Web Mercator tile of a point at a zoom. */
function tileOf(latitude: number, longitude: number, zoom: number): string {
  const n = 2 ** zoom;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const radians = (latitude * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * n);
  return `${zoom}/${x}/${y}`;
}

/** The answer's bytes as text, read by a visitor with no session. */
async function publicText(path: string): Promise<string> {
  const answer = await fetch(new URL(path, api.baseUrl));
  expect(answer.status, path).toBe(200);
  return answer.text();
}

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'zaytoon-area-'));
  api = await startTestApi({ UPLOAD_DIR: uploadDir });
  owner = api.client();
  await owner.signup();
  member = api.client();
  await member.signup();
  admin = await adminClient(api);
  ({ id } = await createBusiness(owner, { name: NAME, address: OLD_STREET, postcode: `E1 ${INWARD}`, ...EXACT }));
  // An earlier street, in the history before the change to 'area'.
  expect((await owner.put(`/api/businesses/${id}`, businessInput({ name: NAME, address: STREET, postcode: `E1 ${INWARD}` }))).status).toBe(200);
});
afterAll(async () => {
  await api?.stop();
  await rm(uploadDir, { recursive: true, force: true });
});

describe('approximate locations', () => {
  it("a new business is 'exact': its street and point are public", async () => {
    const answer = await api.client().get(`/api/businesses/${id}`);
    expect(answer.body).toMatchObject({ location_precision: 'exact', address: STREET, postcode: `E1 ${INWARD}`, ...EXACT });
    expect(await publicText(`/api/businesses/${id}/history`)).toContain(OLD_STREET);
    // The open data's stored parts hold the street now.
    expect(await api.core.services.openData.rebuildIfChanged()).toBe('built');
  });

  it('only the owner or an admin sets it: another member is refused, and a suggestion cannot name it', async () => {
    const refused = await member.put(`/api/businesses/${id}`, businessInput({ name: NAME, address: STREET, location_precision: 'area' }));
    expect(refused.status).toBe(403);
    const suggested = await member.post(`/api/businesses/${id}/suggestions`, { field_name: 'location_precision', suggested_value: 'area' });
    expect(suggested.status).toBe(400);
    expect((await api.client().get(`/api/businesses/${id}`)).body.location_precision).toBe('exact');
  });

  it("the owner switches to 'area': the business stands at its district's centre", async () => {
    const saved = await owner.put(
      `/api/businesses/${id}`,
      businessInput({ name: NAME, address: STREET, postcode: `E1 ${INWARD}`, location_precision: 'area' }),
    );
    expect(saved.status).toBe(200);
    const centre = lookupOutcode('E1')!;
    const seen = (await api.client().get(`/api/businesses/${id}`)).body;
    expect(seen).toMatchObject({ location_precision: 'area', address: '', postcode: 'E1', latitude: centre.latitude, longitude: centre.longitude });
  });

  it('no public answer or export holds its street, full postcode or exact point', async () => {
    const centre = lookupOutcode('E1')!;
    const paths = [
      `/api/businesses/${id}`,
      `/api/businesses?search=${encodeURIComponent(NAME)}`,
      '/api/businesses?city=London',
      '/api/businesses?on_map=true',
      '/api/businesses/by-city',
      '/api/businesses/summary',
      `/api/businesses/map/${tileOf(centre.latitude, centre.longitude, 18)}`,
      `/api/businesses/map/${tileOf(EXACT.latitude, EXACT.longitude, 18)}`,
      `/api/businesses/map/${tileOf(centre.latitude, centre.longitude, 10)}`,
      '/api/businesses/map/0/0/0',
      `/api/businesses/${id}/history`,
      `/api/businesses/${id}/suggestions`,
      `/api/businesses/${id}/comments`,
      '/api/export/businesses.csv',
      '/api/export/businesses.geojson',
    ];
    for (const path of paths) {
      const text = await publicText(path);
      for (const hidden of HIDDEN) expect(text, `${path} holds ${hidden}`).not.toContain(hidden);
    }
    // Nor does a search by its street or full postcode find it; by its name it does.
    for (const search of [STREET, 'Wkjq', `E1 ${INWARD}`]) {
      const found = JSON.parse(await publicText(`/api/businesses?search=${encodeURIComponent(search)}`)) as { id: number }[];
      expect(
        found.map((business) => business.id),
        search,
      ).not.toContain(id);
    }
    for (const search of [NAME, 'Xyq', 'Bakery']) {
      const found = JSON.parse(await publicText(`/api/businesses?search=${encodeURIComponent(search)}`)) as { id: number }[];
      expect(
        found.map((business) => business.id),
        search,
      ).toContain(id);
    }
    expect(await publicText(`/api/businesses/${id}`)).toContain(NAME);
    expect(await publicText('/api/export/businesses.csv')).toContain(NAME);
    // Nor once its part of the open data is built again.
    expect(await api.core.services.openData.rebuildIfChanged()).toBe('built');
    for (const path of ['/api/export/businesses.csv', '/api/export/businesses.geojson']) {
      const text = await publicText(path);
      expect(text).toContain(NAME);
      for (const hidden of HIDDEN) expect(text, `${path} holds ${hidden}`).not.toContain(hidden);
    }
    expect(await publicText(`/api/businesses/map/${tileOf(centre.latitude, centre.longitude, 18)}`)).toContain(NAME);
  });

  it("another member's answers hold no street either: the detail, the list and the add form's duplicate check", async () => {
    for (const path of [`/api/businesses/${id}`, `/api/businesses?search=${encodeURIComponent(NAME)}`]) {
      const text = JSON.stringify((await member.get(path)).body);
      for (const hidden of HIDDEN) expect(text, `${path} holds ${hidden}`).not.toContain(hidden);
    }
    const check = await member.get(`/api/businesses/duplicates?name=${encodeURIComponent(NAME)}&postcode=${encodeURIComponent(`E1 ${INWARD}`)}`);
    expect(check.status).toBe(200);
    expect(check.body.map((candidate: { id: number }) => candidate.id)).toContain(id);
    for (const hidden of HIDDEN) expect(JSON.stringify(check.body)).not.toContain(hidden);
  });

  it('the owner and admins still see and edit the street', async () => {
    for (const reader of [owner, admin]) {
      expect((await reader.get(`/api/businesses/${id}`)).body).toMatchObject({
        location_precision: 'area',
        address: STREET,
        postcode: `E1 ${INWARD}`,
      });
      const list = (await reader.get(`/api/businesses?search=${encodeURIComponent(NAME)}`)).body;
      expect(list.find((business: { id: number }) => business.id === id)).toMatchObject({ address: STREET });
    }
    const edited = await admin.put(`/api/businesses/${id}`, businessInput({ name: NAME, address: `${STREET} B`, postcode: `E1 ${INWARD}` }));
    expect(edited.body).toMatchObject({ location_precision: 'area', address: `${STREET} B` });
    const history = await publicText(`/api/businesses/${id}/history`);
    expect(history).not.toContain(STREET);
  });

  it("back to 'exact': the exact point returns, and later streets are public again", async () => {
    const saved = await owner.put(
      `/api/businesses/${id}`,
      businessInput({ name: NAME, address: STREET, postcode: `E1 ${INWARD}`, location_precision: 'exact' }),
    );
    expect(saved.status).toBe(200);
    expect((await api.client().get(`/api/businesses/${id}`)).body).toMatchObject({ location_precision: 'exact', address: STREET, ...EXACT });
    // The streets of the 'area' time stay out of the history: they were taken out for good.
    expect(await publicText(`/api/businesses/${id}/history`)).not.toContain(OLD_STREET);
  });

  it("a business added as 'area' never shows its point or street", async () => {
    const added = await createBusiness(owner, {
      name: `${NAME} Two`,
      address: STREET,
      postcode: `E1 ${INWARD}`,
      ...EXACT,
      location_precision: 'area',
    });
    expect(added).toMatchObject({ location_precision: 'area', address: STREET });
    const text = await publicText(`/api/businesses/${added.id}`);
    for (const hidden of HIDDEN) expect(text).not.toContain(hidden);
    expect(await publicText(`/api/businesses/${added.id}/history`)).not.toContain(STREET);
  });
});
