// The duplicate check's rules ('This may already be listed'), called on the service as the API's route calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInputSchema, DUPLICATE_RULES, signupInputSchema, type User } from '@zaytoon/contract';
import { geocodedPosition } from '../geo/geocoded-position';
import { startTestCore, type TestCore } from '../test-core';

let test: TestCore;
let owner: User;
beforeAll(async () => {
  test = await startTestCore();
  const signedUp = await test.core.services.auth.signup(
    signupInputSchema.parse({ name: 'Lister', username: 'lister', email: 'lister@example.com', password: 'lister-password' }),
  );
  owner = signedUp.user;
});
afterAll(async () => test?.stop());

/** A business as the geocoding job leaves it: at its postcode's district centre, or `northMeters` north of another's. */
async function listed(name: string, postcode: string, options: { at?: string; northMeters?: number; located?: boolean } = {}) {
  const position = geocodedPosition(postcode, options);
  const input = businessInputSchema.parse({ name, address: '12 Whitechapel Road', city: 'London', postcode, category: 'Restaurant', ...position });
  return test.core.services.businesses.create(input, owner);
}

const check = (name: string, postcode: string) => test.core.services.duplicates.check({ name, postcode });

const similarity = async (a: string, b: string) =>
  (await test.core.db.query<{ score: number }>('SELECT similarity(lower($1), lower($2)) AS score', [a, b])).rows[0].score;

describe('DuplicatesService.check', () => {
  it('finds a business of a similar name at the typed postcode, with its address and distance', async () => {
    const existing = await listed('Olive Tree Bakers', 'E1 6AN');
    expect(await check('Olive Tree Bakery', 'e16an')).toEqual([
      { id: existing.id, name: 'Olive Tree Bakers', address: existing.address, postcode: 'E1 6AN', distance_m: 0, same_postcode: true },
    ]);
  });

  it('keeps names of the rules similarity and over, and names that contain the other or are contained in it, and no others', async () => {
    const typed = 'Sunbird Falafel House';
    const similar = 'Sunbird Falafel Hut';
    const notSimilar = 'Sunbird Flowers';
    const containing = 'The Sunbird Falafel House of Stoke Newington Church Street';
    const contained = 'Sunbird';
    expect(await similarity(typed, similar)).toBeGreaterThanOrEqual(DUPLICATE_RULES.nameSimilarity);
    for (const name of [notSimilar, containing, contained]) expect(await similarity(typed, name)).toBeLessThan(DUPLICATE_RULES.nameSimilarity);
    const ids = new Map<string, number>();
    for (const name of [similar, notSimilar, containing, contained]) ids.set(name, (await listed(name, 'N16 0AA')).id);

    const found = (await check(typed, 'N16 0AA')).map((candidate) => candidate.id);
    expect(found).toEqual(expect.arrayContaining([ids.get(similar), ids.get(containing), ids.get(contained)]));
    expect(found).not.toContain(ids.get(notSimilar));
  });

  it('finds a business within the radius of the postcode district centre but not one farther, and says how far', async () => {
    const near = await listed('Jaffa Grove Deli', 'SE1 7PB', { at: 'SE1', northMeters: 400 });
    await listed('Jaffa Grove Delicatessen', 'SE1 9ZZ', { at: 'SE1', northMeters: 700 });
    const found = await check('Jaffa Grove Deli', 'SE1 1AA');
    expect(found.map((candidate) => candidate.id)).toEqual([near.id]);
    expect(found[0].same_postcode).toBe(false);
    expect(Math.abs(found[0].distance_m! - 400)).toBeLessThanOrEqual(2);
  });

  it('finds one in the same postcode however it is spaced or cased, even before it has a position', async () => {
    const unplaced = await listed('Handala Books', 'N7 8LT', { located: false });
    expect(await check('handala books', ' n78lt ')).toEqual([expect.objectContaining({ id: unplaced.id, same_postcode: true, distance_m: null })]);
    expect(await check('Handala Books', 'N7 9AA')).toEqual([]);
  });

  it('answers at most the rules number of candidates, likeliest first', async () => {
    for (const name of ['Karmel Kitchen', 'Karmel Kitchens', 'Karmel Kitchen Cafe', 'Karmel Kitchen and Bakery', 'Karmel Kitchen Takeaway']) {
      await listed(name, 'W6 0AA');
    }
    const found = await check('Karmel Kitchen', 'W6 0AA');
    expect(found).toHaveLength(DUPLICATE_RULES.maxCandidates);
    expect(found[0].name).toBe('Karmel Kitchen');
    const scores = await Promise.all(found.map((candidate) => similarity('Karmel Kitchen', candidate.name)));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
