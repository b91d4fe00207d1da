// 'Email me new businesses like these' over HTTP: every filter of /browse is saved and answered, 'Verified only' and
// 'Open now' among them, and refused in /browse's own words when /browse would refuse it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { confirmEmail } from '../test/email-confirmation';

let api: TestApi;
let client: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  client = api.client();
  const user = await client.signup();
  await confirmEmail(api, client, user.email);
});
afterAll(async () => api?.stop());

describe("POST /api/alerts: 'Verified only' and 'Open now'", () => {
  it('saves and lists them; the same filters without them are another alert', async () => {
    const saved = await client.post('/api/alerts', { city: 'Leeds', verified: 'true', open_now: 'true' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ city: 'Leeds', category: null, search: null, verified: true, open_now: true });

    const plain = await client.post('/api/alerts', { city: 'Leeds' });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ verified: null, open_now: false });
    const others = await client.post('/api/alerts', { city: 'Leeds', verified: 'false' });
    expect(others.body).toMatchObject({ verified: false, open_now: false });

    const again = await client.post('/api/alerts', { city: 'leeds', verified: 'true', open_now: 'true' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MESSAGES.alertExists);

    expect((await client.get('/api/alerts')).body).toEqual([saved.body, plain.body, others.body]);
  });

  it("refuses what /browse refuses, with 400 and /browse's words", async () => {
    const badOpen = await client.post('/api/alerts', { open_now: 'false' });
    expect(badOpen.status).toBe(400);
    expect(badOpen.body.codes.open_now).toBeTruthy();
    const badVerified = await client.post('/api/alerts', { verified: 'yes' });
    expect(badVerified.status).toBe(400);
    expect(badVerified.body.codes.verified).toBeTruthy();
  });
});

describe("POST /api/alerts: 'Alternative to…' and 'Palestinian products'", () => {
  it("saves 'Palestinian products' with the type's name, and refuses a brand or type the lists do not hold, naming the field", async () => {
    const saved = await client.post('/api/alerts', { palestinian_product: 'dates', alternative_to: '' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({
      palestinian_product: 'dates',
      palestinian_product_name: 'Dates',
      alternative_to: null,
      alternative_to_name: null,
    });

    const unknownBrand = await client.post('/api/alerts', { alternative_to: 'no-such-brand' });
    expect(unknownBrand.status).toBe(400);
    expect(unknownBrand.body.detail).toBe(MESSAGES.brandUnknown);
    expect(unknownBrand.body.codes.alternative_to).toBeTruthy();
    const unknownType = await client.post('/api/alerts', { palestinian_product: 'no-such-type' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.codes.palestinian_product).toBeTruthy();
  });
});
