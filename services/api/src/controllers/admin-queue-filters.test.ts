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

describe('GET /api/admin/businesses/reported?search=&reason=', () => {
  it('answers only the businesses whose name holds the search (accents and case folded), with a pending report of the reason given', async () => {
    const bakery = await createBusiness(member, { name: `${tag} Reported Boulangerie Olivé` });
    const garage = await createBusiness(member, { name: `${tag} Reported Olive Garage` });
    await reportByNewMembers(api, bakery.id, ['Other', 'Business closed/moved']);
    await reportByNewMembers(api, garage.id, ['Other']);

    const searched = await allPages<{ id: number; report_count: number }>(
      admin,
      `/api/admin/businesses/reported?limit=1&search=${tag}%20REPORTED%20OLIVE`,
    );
    expect(ids(searched.items)).toEqual([garage.id]);
    const folded = await allPages<{ id: number }>(
      admin,
      `/api/admin/businesses/reported?limit=1&search=${encodeURIComponent(`${tag} reported boulangerie olive`)}`,
    );
    expect(ids(folded.items)).toEqual([bakery.id]);

    const closed = await allPages<{ id: number; report_count: number }>(
      admin,
      `/api/admin/businesses/reported?limit=1&search=${tag}%20reported&reason=${encodeURIComponent('Business closed/moved')}`,
    );
    expect(closed.total).toBe(1);
    // The business keeps its count of every pending report, not only those of the reason.
    expect(closed.items).toMatchObject([{ id: bakery.id, report_count: 2 }]);
    expect((await allPages(admin, `/api/admin/businesses/reported?limit=1&search=${tag}%20reported&reason=Other`)).total).toBe(2);
  });
});

describe('GET /api/admin/rechecks?search=&reason=', () => {
  it('answers only the businesses whose name holds the search, of the reason given, section after section', async () => {
    const never = await createBusiness(member, { name: `${tag} Recheck Never` });
    const flagged = await createBusiness(member, { name: `${tag} Recheck Flagged` });
    const due = await createBusiness(member, { name: `${tag} Recheck Due` });
    await api.core.db.query('UPDATE businesses SET flagged_at = now() WHERE id = $1', [flagged.id]);
    await api.core.db.query(`UPDATE businesses SET verified_on = '2020-01-10', verification_method = 'Visited in person' WHERE id = $1`, [due.id]);

    const searched = await allPages<{ business: { id: number }; reason: string }>(admin, `/api/admin/rechecks?limit=1&search=${tag}%20recheck`);
    expect(searched.items.map((item) => [item.business.id, item.reason])).toEqual([
      [flagged.id, 'members'],
      [due.id, 'due'],
      [never.id, 'never'],
    ]);
    expect(searched.total).toBe(3);

    for (const [reason, business] of [
      ['members', flagged],
      ['due', due],
      ['never', never],
    ] as const) {
      const filtered = await allPages<{ business: { id: number } }>(admin, `/api/admin/rechecks?limit=1&search=${tag}%20recheck&reason=${reason}`);
      expect(filtered).toEqual({ items: [expect.objectContaining({ business: expect.objectContaining({ id: business.id }) })], total: 1 });
    }
  });
});

describe('GET the claims, broken links, duplicates and unusual activity queues ?search=', () => {
  it('answers only what is about a business whose name holds the search, paged, with its total', async () => {
    const wanted = await createBusiness(member, { name: `${tag} Sought Deli` });
    const other = await createBusiness(member, { name: `${tag} Other Deli` });
    const third = await createBusiness(member, { name: `${tag} Third Deli` });
    for (const business of [wanted, other]) {
      const claimant = api.client();
      await claimant.signup();
      expect((await claimant.post(`/api/businesses/${business.id}/claims`, { evidence: 'I run it; see the till receipts.' })).status).toBe(201);
      await api.core.db.query(
        `INSERT INTO business_sources (business_id, kind, url, description, source_date, link_status, link_failures)
         VALUES ($1, 'Public statement', 'https://example.org/statement', 'Our statement', '2026-01-10', 'broken', 3)`,
        [business.id],
      );
      await api.core.db.query(
        `INSERT INTO business_pauses (business_id, reason, window_start, account_age_days) VALUES ($1, 'burst', now() - interval '1 hour', 7)`,
        [business.id],
      );
    }
    // A pair is found by either of its names.
    await api.core.db.query('INSERT INTO duplicate_pairs (first_id, second_id, score) VALUES ($1, $2, 0.8), ($1, $3, 0.7)', [
      wanted.id,
      other.id,
      third.id,
    ]);

    const search = encodeURIComponent(`${tag} sought`);
    const businessIds = (items: { business: { id: number } }[]) => items.map((item) => item.business.id);
    const claims = await allPages<{ business: { id: number } }>(admin, `/api/admin/claims?limit=1&search=${search}`);
    expect(claims).toMatchObject({ total: 1 });
    expect(businessIds(claims.items)).toEqual([wanted.id]);
    const links = await allPages<{ business: { id: number } }>(admin, `/api/admin/links/broken?limit=1&search=${search}`);
    expect(links).toMatchObject({ total: 1 });
    expect(businessIds(links.items)).toEqual([wanted.id]);
    const paused = await allPages<{ business: { id: number } }>(admin, `/api/admin/protection?limit=1&search=${search}`);
    expect(paused).toMatchObject({ total: 1 });
    expect(businessIds(paused.items)).toEqual([wanted.id]);
    const pairs = await allPages<{ first: { id: number }; second: { id: number } }>(admin, `/api/admin/duplicates?limit=1&search=${search}`);
    expect(pairs.total).toBe(2);
    expect(pairs.items.map((pair) => [pair.first.id, pair.second.id])).toEqual([
      [wanted.id, other.id],
      [wanted.id, third.id],
    ]);
    const thirdOnly = await admin.get(`/api/admin/duplicates?search=${encodeURIComponent(`${tag} third`)}`);
    expect(thirdOnly.body.map((pair: { second: { id: number } }) => pair.second.id)).toEqual([third.id]);

    for (const path of ['claims', 'links/broken', 'protection', 'duplicates']) {
      expect((await allPages(admin, `/api/admin/${path}?search=${encodeURIComponent(`${tag} nowhere`)}`)).total).toBe(0);
      expect(await admin.get(`/api/admin/${path}?search=${'x'.repeat(201)}`)).toMatchObject({
        status: 400,
        body: { detail: textTooLongMessage('search', 200) },
      });
      expect((await member.get(`/api/admin/${path}?search=${tag}`)).status).toBe(403);
    }
  });
});

it.each([
  ['/api/admin/businesses/reported?reason=Rude', MESSAGES.reportReasonFilterInvalid],
  ['/api/admin/rechecks?reason=later', MESSAGES.recheckReasonFilterInvalid],
])("GET %s is refused with a 400 in the contract's words", async (path, detail) => {
  expect(await admin.get(path)).toMatchObject({ status: 400, body: { detail } });
});
