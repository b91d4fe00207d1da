import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, SESSION_COOKIE, type RouteName } from '@zaytoon/contract';
import { startTestApi, type ApiAnswer, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';
import { lastMailedResetCode } from '../test/reset-codes';
import { lastMailedConfirmationToken } from '../test/email-confirmation';

// CONTRACT.md: public answers never carry emails, password hashes, reset data or session ids. A member (the
// victim) leaves every kind of trace; then every public route of the contract is asked about it, by a visitor
// and by another member, and each whole answer (status line, headers, body) is searched for the victim's secrets.

let api: TestApi;
let victim: ApiTestClient;
let victimUser: { id: number; email: string; username: string; password: string };
let businessId: number;
let secrets: Record<string, string>;
let confirmationToken: string;

beforeAll(async () => {
  api = await startTestApi();
  victim = api.client();
  victimUser = await victim.signup({ password: 'victim-password' });
  const business = await createBusiness(victim, { name: 'Secret Keeper Bakery', latitude: 51.5155, longitude: -0.0722 });
  businessId = business.id;
  await victim.post(`/api/businesses/${businessId}/vote`, { vote_type: 'upvote' });
  await victim.post(`/api/businesses/${businessId}/comments`, { comment_text: 'Lovely bread, friendly owners.' });
  await victim.post(`/api/businesses/${businessId}/suggestions`, { field_name: 'phone', suggested_value: '020 7946 0999', reason: 'Called them' });
  await victim.post('/api/reports', { business_id: businessId, reason: 'Other', description: 'Testing reports' });
  await victim.post(`/api/businesses/${businessId}/claims`, { evidence: 'I bake the bread here every morning.' });
  await api.client().post('/api/auth/forgot-password', { email_or_username: victimUser.username });
  const resetCode = await lastMailedResetCode(api, victimUser.email);
  confirmationToken = await lastMailedConfirmationToken(api, victimUser.email);
  const {
    rows: [confirmation],
  } = await api.core.db.query<{ token_hash: string }>('SELECT token_hash FROM email_confirmation_tokens WHERE user_id = $1', [victimUser.id]);
  // The open data files, with the victim's business in them.
  await api.core.services.openData.rebuildIfChanged();

  const {
    rows: [user],
  } = await api.core.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [victimUser.id]);
  const {
    rows: [reset],
  } = await api.core.db.query<{ code_hash: string; code_sealed: string }>('SELECT code_hash, code_sealed FROM reset_codes WHERE user_id = $1', [
    victimUser.id,
  ]);
  const sessionCookie = decodeURIComponent(victim.cookies.get(SESSION_COOKIE)!);
  secrets = {
    email: victimUser.email,
    'email (local part)': victimUser.email.split('@')[0],
    password: victimUser.password,
    'password hash': user.password_hash,
    'session id': sessionCookie.slice(2, sessionCookie.lastIndexOf('.')),
    'session cookie': sessionCookie,
    'reset code hash': reset.code_hash,
    'sealed reset code': reset.code_sealed,
    // Six digits can occur by chance in ids, times and ETags; the code is looked for as a JSON value only.
    'reset code': `"${resetCode}"`,
    // The mailed link that confirms the victim's address.
    'email confirmation token': confirmationToken,
    'email confirmation token hash': confirmation.token_hash,
  };
});
afterAll(async () => api?.stop());

type PublicRequest = { method: string; path: string; body?: unknown };

/** One or more requests for every public route, each about the victim or their business. */
function publicRequests(): Record<string, PublicRequest[]> {
  const id = businessId;
  const filters = ['', '?search=secret%20keeper', `?search=${encodeURIComponent(victimUser.email)}`, '?city=London&category=Restaurant'];
  return {
    login: [{ method: 'POST', path: '/api/auth/login', body: { login: victimUser.email, password: 'wrong-password' } }],
    signup: [
      { method: 'POST', path: '/api/auth/signup', body: { email: victimUser.email, username: 'someone_else', name: 'X', password: 'secret-pass' } },
      {
        method: 'POST',
        path: '/api/auth/signup',
        body: { email: 'someone@example.org', username: victimUser.username, name: 'X', password: 'secret-pass' },
      },
    ],
    logout: [{ method: 'POST', path: '/api/auth/logout' }],
    adminStatus: [{ method: 'GET', path: '/api/auth/admin-status' }],
    forgotPassword: [{ method: 'POST', path: '/api/auth/forgot-password', body: { email_or_username: victimUser.username } }],
    resetPassword: [
      {
        method: 'POST',
        path: '/api/auth/reset-password',
        body: { email_or_username: victimUser.username, verification_code: '000000', new_password: 'other-password' },
      },
    ],
    listBusinesses: [...filters, '?near=51.52,-0.07'].map((query) => ({ method: 'GET', path: `/api/businesses${query}` })),
    directorySummary: filters.map((query) => ({ method: 'GET', path: `/api/businesses/summary${query}` })),
    cityGroups: filters.map((query) => ({ method: 'GET', path: `/api/businesses/by-city${query}` })),
    mapVersion: [{ method: 'GET', path: '/api/businesses/map/version' }],
    mapTile: [
      { method: 'GET', path: '/api/businesses/map/6/31/21' },
      { method: 'GET', path: '/api/businesses/map/18/130981/87148?search=secret%20keeper' },
    ],
    categories: [{ method: 'GET', path: '/api/categories' }],
    cities: [{ method: 'GET', path: '/api/cities' }],
    postcodeCentre: [{ method: 'GET', path: '/api/postcode-centre?postcode=E1%201AA' }],
    getBusiness: [{ method: 'GET', path: `/api/businesses/${id}` }],
    mergedBusinessPage: [{ method: 'GET', path: `/api/businesses/${id}/page` }],
    canEdit: [{ method: 'GET', path: `/api/businesses/${id}/can-edit` }],
    getVotes: [{ method: 'GET', path: `/api/businesses/${id}/votes` }],
    listComments: [{ method: 'GET', path: `/api/businesses/${id}/comments` }],
    listSuggestions: [{ method: 'GET', path: `/api/businesses/${id}/suggestions` }],
    confirmationSummary: [{ method: 'GET', path: `/api/businesses/${id}/confirmations` }],
    businessHistory: [{ method: 'GET', path: `/api/businesses/${id}/history` }],
    confirmListing: [{ method: 'POST', path: '/api/freshness/confirm', body: { token: 'a-token-nobody-was-mailed' } }],
    confirmEmail: [
      { method: 'POST', path: '/api/auth/confirm-email', body: { token: 'a-token-nobody-was-mailed' } },
      { method: 'POST', path: '/api/auth/confirm-email', body: { token: confirmationToken } },
    ],
    unsubscribeAlert: [{ method: 'POST', path: `/api/alerts/unsubscribe?token=1.${'A'.repeat(43)}` }],
    unsubscribeAlertPage: [{ method: 'GET', path: `/api/alerts/unsubscribe?token=1.${'A'.repeat(43)}` }],
    exportBusinessesCsv: [{ method: 'GET', path: '/api/export/businesses.csv' }],
    exportBusinessesGeoJson: [{ method: 'GET', path: '/api/export/businesses.geojson' }],
    listBrands: [
      { method: 'GET', path: '/api/brands' },
      { method: 'GET', path: `/api/brands?search=${encodeURIComponent(victimUser.email)}` },
    ],
    getBrand: [{ method: 'GET', path: '/api/brands/secret-keeper' }],
    productTypes: [{ method: 'GET', path: '/api/product-types' }],
    listPhotos: [{ method: 'GET', path: `/api/businesses/${id}/photos` }],
    partnerChanges: [{ method: 'GET', path: '/api/v1/changes?limit=500' }],
  };
}

/** The whole answer as text: status, every header, the body. */
const answerText = (answer: ApiAnswer) =>
  [
    String(answer.status),
    ...[...answer.headers].map(([name, value]) => `${name}: ${value}`),
    typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
  ].join('\n');

describe('no public answer carries an email, a password hash, reset data or a session id (CONTRACT.md)', () => {
  it('the walk covers every public route of the contract', () => {
    const publicRoutes = (Object.keys(API_ROUTES) as RouteName[]).filter((name) => API_ROUTES[name].access === 'public');
    expect(Object.keys(publicRequests()).sort()).toEqual(publicRoutes.sort());
  });

  for (const audience of ['a visitor', 'another member'] as const) {
    it(`asked by ${audience}`, async () => {
      const leaks: string[] = [];
      let answered = 0;
      for (const [route, requests] of Object.entries(publicRequests())) {
        for (const { method, path, body } of requests) {
          // A fresh client per request: logout and login attempts must not change the audience of the next one.
          const client = api.client();
          if (audience === 'another member') await client.signup();
          const answer = await client.request(method, path, body);
          expect(answer.status, `${route} ${path}`).toBeLessThan(500);
          answered += 1;
          const text = answerText(answer);
          for (const [name, secret] of Object.entries(secrets)) if (text.includes(secret)) leaks.push(`${route} ${method} ${path}: ${name}`);
          if (/scrypt|argon|\$2[aby]\$|password_hash|code_hash/i.test(text)) leaks.push(`${route} ${method} ${path}: hash-like text`);
        }
      }
      expect(answered).toBeGreaterThan(Object.keys(publicRequests()).length);
      expect(leaks).toEqual([]);
    });
  }

  it("the probe is live: the victim's own answer (not public) does carry their email", async () => {
    const me = await victim.get('/api/auth/me');
    expect(answerText(me)).toContain(secrets.email);
  });
});
