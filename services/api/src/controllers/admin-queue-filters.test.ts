import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, textTooLongMessage } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness, reportByNewMembers } from '../test/fixtures';

let api: TestApi;
let member: ApiTestClient;
let admin: ApiTestClient;
// Names no other test's business holds, so each search answers only this file's rows.
const tag = `Q${Date.now().toString(36)}`;
beforeAll(async () => {
  api = await startTestApi();
  member = api.client();
  await member.signup();
  admin = await adminClient(api);
});
afterAll(async () => api?.stop());

const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);

describe('GET /api/admin/reports/pending?search=&reason=', () => {
  it('answers only the reports about a business whose name holds the search (any case), of the reason given, paged', async () => {
    const bakery = await createBusiness(member, { name: `${tag} Olive Bakery` });
    const garage = await createBusiness(member, { name: `${tag} Garage` });
    const bakeryReports = await reportByNewMembers(api, bakery.id, ['Other', 'Spam or duplicate', 'Other']);
    await reportByNewMembers(api, garage.id, ['Other']);

    const searched = await allPages<{ id: number; business_id: number }>(
      admin,
      `/api/admin/reports/pending?limit=1&search=${tag.toLowerCase()}%20olive`,
    );
    expect(ids(searched.items)).toEqual(ids(bakeryReports));
    expect(searched.total).toBe(3);

    const filtered = await allPages<{ id: number; reason: string }>(
      admin,
      `/api/admin/reports/pending?limit=1&search=${tag}&reason=${encodeURIComponent('Other')}`,
    );
    expect(filtered.total).toBe(3);
    expect(filtered.items.every((report) => report.reason === 'Other')).toBe(true);

    const spam = await admin.get(`/api/admin/reports/pending?search=${tag}&reason=${encodeURIComponent('Spam or duplicate')}`);
    expect(spam.headers.get('x-total-count')).toBe('1');
    expect(spam.body.map((r: { id: number }) => r.id)).toEqual([bakeryReports[1].id]);
  });

  it('takes a LIKE wildcard in the search as itself, and a search matching nothing is an empty page', async () => {
    const answer = await admin.get(`/api/admin/reports/pending?search=${tag}%25`);
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(answer.headers.get('x-total-count')).toBe('0');
  });

  it("refuses an unknown reason and an over-long search with a 400 in the contract's words", async () => {
    expect(await admin.get('/api/admin/reports/pending?reason=Rude')).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.reportReasonFilterInvalid },
    });
    expect(await admin.get(`/api/admin/reports/pending?search=${'x'.repeat(201)}`)).toMatchObject({
      status: 400,
      body: { detail: textTooLongMessage('search', 200) },
    });
  });

  it('is for admins only', async () => {
    expect((await member.get(`/api/admin/reports/pending?search=${tag}`)).status).toBe(403);
  });
});

describe('GET /api/admin/suggestions/pending?search=&field=', () => {
  it('answers only the suggestions about a business whose name holds the search, for the field given, paged', async () => {
    const cafe = await createBusiness(member, { name: `${tag} Zaytoon Cafe` });
    const other = await createBusiness(member, { name: `${tag} Market` });
    const suggest = async (businessId: number, field_name: string, suggested_value: string) =>
      (await member.post(`/api/businesses/${businessId}/suggestions`, { field_name, suggested_value })).body as { id: number };
    const phone = await suggest(cafe.id, 'phone', '0113 496 0000');
    const website = await suggest(cafe.id, 'website', 'https://example.org/cafe');
    await suggest(other.id, 'phone', '0113 496 0001');

    const searched = await allPages<{ id: number }>(admin, `/api/admin/suggestions/pending?limit=1&search=${encodeURIComponent(`${tag} ZAYTOON`)}`);
    expect(ids(searched.items)).toEqual(ids([phone, website]));
    expect(searched.total).toBe(2);

    const phones = await allPages<{ id: number; field_name: string }>(admin, `/api/admin/suggestions/pending?limit=1&search=${tag}&field=phone`);
    expect(phones.total).toBe(2);
    expect(phones.items.every((suggestion) => suggestion.field_name === 'phone')).toBe(true);

    const both = await admin.get(`/api/admin/suggestions/pending?search=${encodeURIComponent(`${tag} zaytoon`)}&field=website`);
    expect(both.body.map((s: { id: number }) => s.id)).toEqual([website.id]);
  });

  it("refuses an unknown field with a 400 in the contract's words", async () => {
    expect(await admin.get('/api/admin/suggestions/pending?field=name')).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.suggestionFieldFilterInvalid },
    });
  });
});
