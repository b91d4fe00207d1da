import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, londonDateAndMinute, textTooLongMessage, INPUT_LABELS } from '@zaytoon/contract';
import { adminOwnerAndMember, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let owner: ApiTestClient;
let member: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  ({ admin, owner, member } = await adminOwnerAndMember(api));
});
afterAll(async () => api?.stop());

const EID = { label: 'Eid al-Fitr', first_date: '2027-03-10', last_date: '2027-03-10', closed: true };
const RAMADAN = { label: 'Ramadan', first_date: '2027-02-08', last_date: '2027-03-09', closed: false, opens: '18:00', closes: '02:00' };
const ALWAYS = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, '24 hours']));
const path = (id: number) => `/api/businesses/${id}/special-hours`;

describe('who sets special hours', () => {
  it('the owner and an admin; a member is refused (403) and a visitor asked to sign in (401)', async () => {
    const business = await createBusiness(owner);
    expect((await api.client().put(path(business.id), { special_hours: [EID] })).status).toBe(401);
    const refused = await member.put(path(business.id), { special_hours: [EID] });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(MESSAGES.notAllowedToEdit);

    const byOwner = await owner.put(path(business.id), { special_hours: [EID, RAMADAN] });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.special_hours).toEqual([
      { ...EID, opens: null, closes: null },
      { ...RAMADAN, opens: '18:00', closes: '02:00' },
    ]);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.special_hours).toEqual(byOwner.body.special_hours);

    const byAdmin = await admin.put(path(business.id), { special_hours: [] });
    expect(byAdmin.status).toBe(200);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.special_hours).toEqual([]);
    expect((await admin.put('/api/businesses/2147483000/special-hours', { special_hours: [] })).status).toBe(404);
  });

  it('a member suggests them; an admin approval applies the suggestion', async () => {
    const business = await createBusiness(owner);
    const suggestion = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'special_hours',
      suggested_value: JSON.stringify([EID]),
      reason: 'Closed for Eid',
    });
    expect(suggestion.status).toBe(201);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.special_hours).toEqual([]);
    expect((await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`)).status).toBe(200);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.special_hours).toEqual([{ ...EID, opens: null, closes: null }]);

    const bad = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'special_hours',
      suggested_value: JSON.stringify([{ ...EID, last_date: '2027-03-09' }]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'suggested_value.0.last_date': MESSAGES.specialHoursLastBeforeFirst });
    for (const text of ['Closed for Eid', JSON.stringify(EID)]) {
      const notAList = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'special_hours', suggested_value: text });
      expect(notAList.status).toBe(400);
      expect(notAList.body.detail).toBe('special_hours must be a JSON list');
    }
  });
});

describe('bad special hours get a 400 in the contract words', () => {
  let businessId: number;
  beforeAll(async () => {
    businessId = (await createBusiness(owner)).id;
  });
  const refusal = async (entries: unknown) => {
    const answer = await owner.put(path(businessId), { special_hours: entries });
    expect(answer.status).toBe(400);
    return answer.body.errors as Record<string, string>;
  };

  it.each<[string, Record<string, unknown>, string, string]>([
    ['the last date before the first', { last_date: '2027-03-09' }, 'last_date', MESSAGES.specialHoursLastBeforeFirst],
    ['closing equal to opening', { closed: false, opens: '10:00', closes: '10:00' }, 'closes', MESSAGES.specialHoursSameTimes],
    ['no closing time when open', { closed: false, opens: '10:00' }, 'closes', MESSAGES.specialHoursTimesRequired],
    ['a time that is not HH:MM', { closed: false, opens: '25:00', closes: '02:00' }, 'opens', MESSAGES.specialHoursTimeInvalid],
    ['a day that does not exist', { first_date: '2027-02-30' }, 'first_date', MESSAGES.specialHoursDateInvalid],
    ['an empty label', { label: '  ' }, 'label', MESSAGES.specialHoursLabelRequired],
    [
      'an overlong label',
      { label: 'x'.repeat(LIMITS.specialHoursLabelMaxLength + 1) },
      'label',
      textTooLongMessage(INPUT_LABELS.specialHoursLabel, LIMITS.specialHoursLabelMaxLength),
    ],
    ['over a year of dates', { first_date: '2027-01-01', last_date: '2028-01-02' }, 'last_date', 'Special hours can cover at most 366 days'],
  ])('%s', async (_, change, field, message) => {
    expect(await refusal([EID, { ...EID, ...change }])).toEqual({ [`special_hours.1.${field}`]: message });
  });

  it('too many entries', async () => {
    const entries = Array.from({ length: LIMITS.specialHoursMaxEntries + 1 }, () => EID);
    expect(await refusal(entries)).toEqual({ special_hours: `A business can list at most ${LIMITS.specialHoursMaxEntries} special hours` });
    expect((await owner.put(path(businessId), { special_hours: entries.slice(1) })).status).toBe(200);
  });

  it('not a list, or unknown fields', async () => {
    expect((await owner.put(path(businessId), { special_hours: 'closed' })).status).toBe(400);
    expect((await owner.put(path(businessId), { special_hours: [{ ...EID, note: 'x' }] })).status).toBe(400);
  });
});

describe("'Open now' honours special hours", () => {
  it('a special closing day (yesterday to tomorrow, by London dates) takes a business open around the clock out of the filter', async () => {
    const city = `Eidtown${Date.now()}`;
    const business = await createBusiness(owner, { city, business_hours: ALWAYS });
    const openNow = async () => (await api.client().get(`/api/businesses?city=${city}&open_now=true`)).body.map((row: { id: number }) => row.id);
    expect(await openNow()).toEqual([business.id]);
    const today = Date.parse(londonDateAndMinute(Date.now()).date);
    const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
    const closed = { label: 'Eid al-Fitr', first_date: day(-1), last_date: day(1), closed: true };
    expect((await owner.put(path(business.id), { special_hours: [closed] })).status).toBe(200);
    expect(await openNow()).toEqual([]);
    // The list carries the entries, for the row's status line.
    const listed = (await api.client().get(`/api/businesses?city=${city}`)).body;
    expect(listed[0].special_hours).toEqual([{ ...closed, opens: null, closes: null }]);
  });
});
