// Issue #14 point 1: while a member adds a business, 'This may already be listed' with up to 3 candidates, and a
// business added despite the warning is recorded with the candidates it was shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_RULES, MESSAGES } from '@zaytoon/contract';
import { lookupOutcode } from '@zaytoon/core';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
let member: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  member = api.client();
  await member.signup();
});
afterAll(async () => api?.stop());

const METERS_PER_DEGREE = 111_320;

/** A business as the geocoding job leaves it: at its postcode's district centre, or `northMeters` north of another's. */
async function listed(name: string, postcode: string, options: { at?: string; northMeters?: number; located?: boolean } = {}) {
  const centre = lookupOutcode(options.at ?? postcode)!;
  const position =
    options.located === false ? {} : { latitude: centre.latitude + (options.northMeters ?? 0) / METERS_PER_DEGREE, longitude: centre.longitude };
  return createBusiness(member, { name, postcode, ...position });
}

const check = (name: string, postcode: string, client = member) =>
  client.get(`/api/businesses/duplicates?name=${encodeURIComponent(name)}&postcode=${encodeURIComponent(postcode)}`);

const similarity = async (a: string, b: string) =>
  (await api.core.db.query<{ score: number }>('SELECT similarity(lower($1), lower($2)) AS score', [a, b])).rows[0].score;

describe('GET /api/businesses/duplicates', () => {
  it("finds 'Olive Tree Bakers' at the postcode where 'Olive Tree Bakery' is being added, with its name, address and distance", async () => {
    const existing = await listed('Olive Tree Bakers', 'E1 6AN');
    const answer = await check('Olive Tree Bakery', 'e16an');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: existing.id, name: 'Olive Tree Bakers', address: existing.address, postcode: 'E1 6AN', distance_m: 0, same_postcode: true },
    ]);
  });

  it('keeps names of similarity 0.45 and over, and names that contain the other or are contained in it, and no others', async () => {
    const typed = 'Sunbird Falafel House';
    const similar = 'Sunbird Falafel Hut';
    const notSimilar = 'Sunbird Flowers';
    const containing = 'The Sunbird Falafel House of Stoke Newington Church Street';
    const contained = 'Sunbird';
    expect(await similarity(typed, similar)).toBeGreaterThanOrEqual(DUPLICATE_RULES.nameSimilarity);
    for (const name of [notSimilar, containing, contained]) expect(await similarity(typed, name)).toBeLessThan(DUPLICATE_RULES.nameSimilarity);
    const ids = new Map<string, number>();
    for (const name of [similar, notSimilar, containing, contained]) ids.set(name, (await listed(name, 'N16 0AA')).id);

    const found = (await check(typed, 'N16 0AA')).body.map((candidate: { id: number }) => candidate.id);
    expect(found).toEqual(expect.arrayContaining([ids.get(similar), ids.get(containing), ids.get(contained)]));
    expect(found).not.toContain(ids.get(notSimilar));
  });

  it('finds a business within 500 m of the postcode district centre but not one farther, and says how far', async () => {
    const near = await listed('Jaffa Grove Deli', 'SE1 7PB', { at: 'SE1', northMeters: 400 });
    const far = await listed('Jaffa Grove Delicatessen', 'SE1 9ZZ', { at: 'SE1', northMeters: 700 });
    const answer = await check('Jaffa Grove Deli', 'SE1 1AA');
    expect(answer.body.map((candidate: { id: number }) => candidate.id)).toEqual([near.id]);
    expect(answer.body[0].same_postcode).toBe(false);
    expect(Math.abs(answer.body[0].distance_m - 400)).toBeLessThanOrEqual(2);
    expect(far.id).toBeGreaterThan(0);
  });

  it('finds one in the same postcode however it is spaced or cased, even before it has a position', async () => {
    const unplaced = await listed('Handala Books', 'N7 8LT', { located: false });
    const answer = await check('handala books', ' n78lt ');
    expect(answer.body).toEqual([expect.objectContaining({ id: unplaced.id, same_postcode: true, distance_m: null })]);
    expect((await check('Handala Books', 'N7 9AA')).body).toEqual([]);
  });

  it('answers at most 3 candidates, likeliest first', async () => {
    const names = ['Karmel Kitchen', 'Karmel Kitchens', 'Karmel Kitchen Cafe', 'Karmel Kitchen and Bakery', 'Karmel Kitchen Takeaway'];
    for (const name of names) await listed(name, 'W6 0AA');
    const answer = await check('Karmel Kitchen', 'W6 0AA');
    expect(answer.body).toHaveLength(DUPLICATE_RULES.maxCandidates);
    expect(answer.body[0].name).toBe('Karmel Kitchen');
    const scores = await Promise.all(answer.body.map((candidate: { name: string }) => similarity('Karmel Kitchen', candidate.name)));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('is for signed-in members, and refuses a missing name or postcode in the contract words', async () => {
    expect((await check('Anything', 'E1 6AN', api.client())).status).toBe(401);
    const noName = await member.get('/api/businesses/duplicates?postcode=E1%206AN');
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe(MESSAGES.nameRequired);
    const noPostcode = await member.get('/api/businesses/duplicates?name=Olive&postcode=%20');
    expect(noPostcode.status).toBe(400);
    expect(noPostcode.body.detail).toBe(MESSAGES.postcodeRequired);
  });
});

describe('adding a business despite the warning', () => {
  const pairsOf = async (businessId: number) =>
    (
      await api.core.db.query<{ first_id: number; second_id: number; added_despite_warning: boolean; status: string }>(
        'SELECT first_id, second_id, added_despite_warning, status FROM duplicate_pairs WHERE $1 IN (first_id, second_id) ORDER BY id',
        [businessId],
      )
    ).rows;

  it('records each candidate the form showed as an open pair added despite the warning', async () => {
    const shown = await listed('Tatreez Tailors', 'E8 1AA');
    const alsoShown = await listed('Tatreez Tailoring', 'E8 1AA');
    const added = await createBusiness(member, {
      name: 'Tatreez Tailor',
      postcode: 'E8 1AA',
      duplicate_candidates: [shown.id, alsoShown.id, 2_000_000],
    });
    expect(await pairsOf(added.id)).toEqual([
      { first_id: shown.id, second_id: added.id, added_despite_warning: true, status: 'open' },
      { first_id: alsoShown.id, second_id: added.id, added_despite_warning: true, status: 'open' },
    ]);
  });

  it('records nothing when the form showed nothing, and refuses more than 3 ids', async () => {
    const added = await createBusiness(member, { name: 'Nablus Soap Co', postcode: 'E9 5AA' });
    expect(await pairsOf(added.id)).toEqual([]);
    const tooMany = await member.post('/api/businesses', {
      name: 'Four',
      address: '1 Road',
      city: 'London',
      postcode: 'E9 5AA',
      duplicate_candidates: [1, 2, 3, 4],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe(MESSAGES.duplicateCandidatesInvalid);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a member has made RATE_LIMIT_DUPLICATE_CHECKS_PER_USER checks in the window', async () => {
    const limited = await startTestApi({ RATE_LIMIT_DUPLICATE_CHECKS_PER_USER: '3' });
    try {
      const client = limited.client();
      await client.signup();
      for (let i = 0; i < 3; i++) expect((await check(`Olive ${i}`, 'E1 6AN', client)).status).toBe(200);
      const refused = await check('Olive 4', 'E1 6AN', client);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      const other = limited.client();
      await other.signup();
      expect((await check('Olive', 'E1 6AN', other)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
