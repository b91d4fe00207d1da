import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS, LIMITS, textTooLongMessage } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

// Names in Arabic script, found by themselves, a word of them, their other spellings, and their
// English letters.
let api: TestApi;
let admin: ApiTestClient;
let visitor: ApiTestClient;
let arabic: { id: number } & Record<string, unknown>;
let urdu: { id: number } & Record<string, unknown>;
let latinOnly: { id: number } & Record<string, unknown>;

beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  visitor = api.client();
  arabic = await createBusiness(admin, { name: 'مطعم الزيتون', name_latin: 'Matam Al Zaytoun', description: 'Grilled meats.' });
  urdu = await createBusiness(admin, { name: 'زیتون کیفے', name_latin: 'Zaitoon Cafe', description: 'Chai.' });
  // Written with harakat, a hamza on its alef and a ta marbuta.
  latinOnly = await createBusiness(admin, { name: 'مَكْتَبَةُ أَرِيحَا', description: 'Books.', postcode: 'E2 2BB' });
});
afterAll(() => api?.stop());

async function foundIds(search: string): Promise<number[]> {
  const answer = await visitor.get(`/api/businesses?search=${encodeURIComponent(search)}`);
  expect(answer.status).toBe(200);
  return (answer.body as { id: number }[]).map((business) => business.id);
}

describe('search across scripts', () => {
  it('runs on a database whose ctype gives Arabic letters trigrams (docs/decisions/0010-search.md: not LC_CTYPE=C)', async () => {
    const { rows } = await api.core.db.query<{ trigrams: number }>("SELECT cardinality(show_trgm('زيتون')) AS trigrams");
    expect(rows[0].trigrams).toBeGreaterThan(0);
  });

  it('finds an Arabic name by itself and by one of its words', async () => {
    expect(await foundIds('مطعم الزيتون')).toEqual([arabic.id]);
    // The Urdu 'زیتون' follows it as a typo-tolerant match.
    expect((await foundIds('الزيتون'))[0]).toBe(arabic.id);
    expect(await foundIds('مطعم')).toEqual([arabic.id]);
  });

  it('finds an Urdu name by itself and by one of its words', async () => {
    expect(await foundIds('زیتون کیفے')).toEqual([urdu.id]);
    expect(await foundIds('کیفے')).toEqual([urdu.id]);
  });

  it('reads alef forms, harakat, alef maqsura, ta marbuta and Persian ya alike', async () => {
    expect(await foundIds('مَطْعَمُ الزَّيْتُونِ')).toEqual([arabic.id]);
    expect(await foundIds('مكتبه اريحا')).toEqual([latinOnly.id]);
    expect(await foundIds('مكتبة إريحى')).toEqual([latinOnly.id]);
    // 'زيتون' typed on an Arabic keyboard (ي) finds the Urdu spelling (ی), and the Arabic name containing it.
    expect((await foundIds('زيتون')).sort()).toEqual([arabic.id, urdu.id].sort());
  });

  it('finds a business by its name in English letters, with Latin accents or without', async () => {
    expect(await foundIds('zaytoun')).toEqual([arabic.id]);
    expect(await foundIds('Matam Al Zaytoun')).toEqual([arabic.id]);
    expect(await foundIds('zaitoon café')).toEqual([urdu.id]);
  });

  it('ranks an exact name first, whatever its diacritics', async () => {
    const answer = await visitor.get(`/api/businesses?search=${encodeURIComponent('مكتبة أريحا')}`);
    expect(answer.body[0].id).toBe(latinOnly.id);
  });
});

describe('name_latin', () => {
  it('is answered, null when empty', async () => {
    expect((await visitor.get(`/api/businesses/${arabic.id}`)).body).toMatchObject({ name: 'مطعم الزيتون', name_latin: 'Matam Al Zaytoun' });
    expect((await visitor.get(`/api/businesses/${latinOnly.id}`)).body.name_latin).toBeNull();
    const list = (await visitor.get('/api/businesses')).body as { id: number; name_latin: string | null }[];
    expect(list.find((business) => business.id === latinOnly.id)?.name_latin).toBeNull();
  });

  it('is refused past its limit, in the contract words', async () => {
    const answer = await admin.post('/api/businesses', {
      name: 'مخبز',
      address: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      name_latin: 'a'.repeat(LIMITS.nameLatinMaxLength + 1),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.name_latin).toBe(textTooLongMessage(FIELD_LABELS.name_latin, LIMITS.nameLatinMaxLength));
  });

  it('is edited, cleared and kept in the history, and the search follows it', async () => {
    const input = businessInput({ name: 'مخبز القدس', name_latin: 'Makhbaz Al Quds', postcode: 'E3 3CC' });
    const business = await createBusiness(admin, input);
    expect(await foundIds('quds')).toEqual([business.id]);
    const edited = await admin.put(`/api/businesses/${business.id}`, { ...input, name_latin: 'Makhbaz Jerusalem' });
    expect(edited.status).toBe(200);
    expect(await foundIds('jerusalem')).toEqual([business.id]);
    expect(await foundIds('quds')).toEqual([]);
    const history = await visitor.get(`/api/businesses/${business.id}/history`);
    expect(JSON.stringify(history.body)).toContain('Makhbaz Jerusalem');
    const cleared = await admin.put(`/api/businesses/${business.id}`, { ...input, name_latin: '' });
    expect(cleared.status).toBe(200);
    expect((await visitor.get(`/api/businesses/${business.id}`)).body.name_latin).toBeNull();
  });
});
