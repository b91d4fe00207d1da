// While a member adds a business, 'This may already be listed' with up to 3 candidates, and a
// business added despite the warning is recorded with the candidates it was shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { geocodedPosition } from '@zaytoon/core/testing';
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

/** A business as the geocoding job leaves it: at its postcode's district centre, or `northMeters` north of another's. */
async function listed(name: string, postcode: string, options: { at?: string; northMeters?: number; located?: boolean } = {}) {
  const position = geocodedPosition(postcode, options);
  return createBusiness(member, { name, postcode, ...position });
}

const check = (name: string, postcode: string, client = member) =>
  client.get(`/api/businesses/duplicates?name=${encodeURIComponent(name)}&postcode=${encodeURIComponent(postcode)}`);

// The check's rules (similarity, distance, postcode, how many) are tested on the service: services/core/src/duplicates.
describe('GET /api/businesses/duplicates', () => {
  it("finds 'Olive Tree Bakers' at the postcode where 'Olive Tree Bakery' is being added, with its name, address and distance", async () => {
    const existing = await listed('Olive Tree Bakers', 'E1 6AN');
    const answer = await check('Olive Tree Bakery', 'e16an');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: existing.id, name: 'Olive Tree Bakers', address: existing.address, postcode: 'E1 6AN', distance_m: 0, same_postcode: true },
    ]);
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
