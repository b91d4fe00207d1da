import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTABLE_FIELDS, type SuggestableField } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

/**
 * For each suggestable field: the suggestion as a member types it, and the value the business then answers (in
 * `answeredAs` for a field that tags the business rather than writes one of its columns).
 */
const SUGGESTIONS: Record<SuggestableField, { suggested: string; answered: unknown; answeredAs?: string }> = {
  description: {
    suggested: 'Now also a bakery, with fresh taboon bread every morning.',
    answered: 'Now also a bakery, with fresh taboon bread every morning.',
  },
  phone: { suggested: '0113 496 0123', answered: '0113 496 0123' },
  website: { suggested: 'https://olive-grove.example/menu', answered: 'https://olive-grove.example/menu' },
  business_hours: { suggested: '{"monday":"10:00 AM - 4:00 PM","sunday":"Closed"}', answered: { monday: '10:00 AM - 4:00 PM', sunday: 'Closed' } },
  social_media: { suggested: '{"instagram":"https://instagram.com/olivegrove"}', answered: { instagram: 'https://instagram.com/olivegrove' } },
  // A suggested text joins the business's sources as an 'Other' source (tested in trust/sources.test.ts).
  proof_of_support: {
    suggested: 'Sponsors a community kitchen in Gaza.',
    answered: 'Sponsors a community kitchen in Gaza.\nDonates 10% of profits to Gaza relief.',
  },
  category: { suggested: 'Bakery', answered: 'Bakery' },
  name_latin: { suggested: 'Bustan Al Zaytoun', answered: 'Bustan Al Zaytoun' },
  special_hours: {
    suggested: '[{"label":"Eid al-Fitr","first_date":"2027-03-10","last_date":"2027-03-10","closed":true}]',
    answered: [{ label: 'Eid al-Fitr', first_date: '2027-03-10', last_date: '2027-03-10', closed: true, opens: null, closes: null }],
  },
  alternative_to: {
    suggested: 'approvalbucks',
    answered: [{ id: expect.any(Number), name: 'Approvalbucks', slug: 'approvalbucks' }],
    answeredAs: 'alternatives',
  },
};

let api: TestApi;
let admin: ApiTestClient;
let member: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
  member = api.client();
  await member.signup();
  const brand = await admin.post('/api/admin/brands', {
    name: 'Approvalbucks',
    reason: 'A brand made for this test',
    sources: [{ kind: 'Public statement', description: 'A statement', date: '2024-01-01' }],
  });
  expect(brand.status).toBe(201);
});
afterAll(async () => api?.stop());

describe('approving a suggestion changes exactly its field (CONTRACT.md)', () => {
  it('the table covers every suggestable field', () => {
    expect(Object.keys(SUGGESTIONS).sort()).toEqual([...SUGGESTABLE_FIELDS].sort());
  });

  for (const field of SUGGESTABLE_FIELDS) {
    it(field, async () => {
      const business = await createBusiness(admin, {
        business_hours: { monday: '9:00 AM - 6:00 PM' },
        social_media: { facebook: 'https://facebook.com/olivegrove' },
      });
      const before = (await api.client().get(`/api/businesses/${business.id}`)).body;
      const { suggested, answered, answeredAs = field } = SUGGESTIONS[field];
      expect(before[answeredAs]).not.toEqual(answered);
      const suggestion = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: field, suggested_value: suggested });
      expect(suggestion.status).toBe(201);
      expect((await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`)).status).toBe(200);
      const after = (await api.client().get(`/api/businesses/${business.id}`)).body;
      const sources = field === 'proof_of_support' ? { sources: [expect.objectContaining({ description: suggested }), ...before.sources] } : {};
      expect(after).toEqual({ ...before, [answeredAs]: answered, ...sources });
    });
  }
});
