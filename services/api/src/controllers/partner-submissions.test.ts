import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type IssuedPartnerKey, type PartnerSubmission } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let wallet: IssuedPartnerKey;

async function issue(partner_name: string): Promise<IssuedPartnerKey> {
  const answer = await admin.post('/api/admin/partners', { partner_name, requests_per_minute: 100 });
  expect(answer.status).toBe(201);
  return answer.body as IssuedPartnerKey;
}

/** A partner's server: its key and no cookie, no XSRF echo. */
function partnerCall(method: 'GET' | 'POST', path: string, key: string | null, body?: unknown) {
  const client = api.client();
  client.sendXsrf = false;
  return client.request(method, path, body, key ? { authorization: `Bearer ${key}` } : {});
}

const listedNamed = async (name: string) => (await api.client().get(`/api/businesses?search=${encodeURIComponent(name)}`)).body as { name: string }[];

beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  wallet = await issue('Example Wallet');
});
afterAll(async () => {
  await api?.stop();
});

describe("partners' submissions", () => {
  it("waits in the admins' queue tagged with the partner's name, and is listed only after approval", async () => {
    const input = businessInput({ name: 'Qwzx Partner Bakery' });
    const submitted = await partnerCall('POST', '/api/v1/submissions', wallet.key, input);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const submission = submitted.body as PartnerSubmission;
    expect(submission).toMatchObject({ status: 'pending', business_id: null, partner_name: 'Example Wallet', business: { name: input.name } });

    expect(await listedNamed(input.name)).toEqual([]);
    const { items } = await allPages<PartnerSubmission>(admin, '/api/admin/submissions');
    expect(items.find((item) => item.id === submission.id)).toMatchObject({ partner_name: 'Example Wallet', business: { name: input.name } });

    const approved = await admin.post(`/api/admin/submissions/${submission.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', business_id: expect.any(Number) });
    expect((await listedNamed(input.name)).map((business) => business.name)).toEqual([input.name]);
    expect((await api.client().get(`/api/businesses/${approved.body.business_id}`)).body).toMatchObject({ name: input.name, city: input.city });
    expect((await partnerCall('GET', `/api/v1/submissions/${submission.id}`, wallet.key)).body).toMatchObject({
      status: 'approved',
      business_id: approved.body.business_id,
    });
    expect((await allPages<PartnerSubmission>(admin, '/api/admin/submissions')).items.map((item) => item.id)).not.toContain(submission.id);
    expect((await admin.post(`/api/admin/submissions/${submission.id}/reject`)).status).toBe(409);
  });

  it('a rejected submission lists nothing, and the partner reads that it was rejected', async () => {
    const input = businessInput({ name: 'Qwzx Rejected Deli' });
    const submission = (await partnerCall('POST', '/api/v1/submissions', wallet.key, input)).body as PartnerSubmission;
    const rejected = await admin.post(`/api/admin/submissions/${submission.id}/reject`);
    expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
    expect(await listedNamed(input.name)).toEqual([]);
    expect((await partnerCall('GET', `/api/v1/submissions/${submission.id}`, wallet.key)).body.status).toBe('rejected');
    const again = await admin.post(`/api/admin/submissions/${submission.id}/approve`);
    expect([again.status, again.body.detail]).toEqual([409, MESSAGES.submissionAlreadyReviewed]);
    expect(await listedNamed(input.name)).toEqual([]);
  });

  it("is checked with a member's new business's schema: the same 400s", async () => {
    const answer = await partnerCall('POST', '/api/v1/submissions', wallet.key, businessInput({ name: '', website: 'ftp://x' }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ name: MESSAGES.nameRequired, website: MESSAGES.websiteInvalid });
  });

  it("the admins' queue is searched by the submitted business's name, folded as the directory folds names, the total counting the matches", async () => {
    const named = ['Qwzx Café Jénine', 'Qwzx Cafe Jenin Two', 'Qwzx Hebron Glass'];
    for (const name of named) expect((await partnerCall('POST', '/api/v1/submissions', wallet.key, businessInput({ name }))).status).toBe(201);

    const jenin = await allPages<PartnerSubmission>(admin, `/api/admin/submissions?limit=1&search=${encodeURIComponent('CAFE JENIN')}`);
    expect(jenin.items.map((item) => item.business.name)).toEqual(['Qwzx Café Jénine', 'Qwzx Cafe Jenin Two']);
    expect(jenin.total).toBe(2);
    const wildcard = await admin.get(`/api/admin/submissions?search=${encodeURIComponent('Qwzx%Glass')}`);
    expect([wildcard.status, wildcard.body]).toEqual([200, []]);
    const tooLong = await admin.get(`/api/admin/submissions?search=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it('needs a key (401 without one), and a partner sees only its own submissions', async () => {
    const withoutKey = await partnerCall('POST', '/api/v1/submissions', null, businessInput());
    expect([withoutKey.status, withoutKey.body.detail]).toEqual([401, MESSAGES.partnerKeyRequired]);
    const submission = (await partnerCall('POST', '/api/v1/submissions', wallet.key, businessInput())).body as PartnerSubmission;
    const other = await issue('Other Maps');
    expect((await partnerCall('GET', `/api/v1/submissions/${submission.id}`, other.key)).status).toBe(404);
    expect((await admin.post('/api/admin/submissions/999999/approve')).status).toBe(404);
  });

  it('the OpenAPI document carries every partner call with its bearer key, and the For partners page', async () => {
    const document = (await api.client().get('/api/openapi.json')).body;
    expect(document.paths['/api/v1/changes'].get.tags).toEqual(['partners']);
    expect(document.paths['/api/v1/submissions'].post.security).toEqual([{ partnerKey: [] }]);
    expect(document.paths['/api/v1/submissions/{id}'].get.security).toEqual([{ partnerKey: [] }]);
    expect(document.paths['/api/admin/submissions'].get['x-access']).toBe('admin');
    expect(document.components.securitySchemes.partnerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.info.description).toContain('(/api-reference/partners.html)');
  });
});
