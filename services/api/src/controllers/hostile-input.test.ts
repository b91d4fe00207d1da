import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, MESSAGES, type RouteName } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';
import { confirmEmail } from '../test/email-confirmation';

// Whatever a client sends, the answer is never a 500 (issue #11): values of every JSON type, out-of-range
// numbers, control characters, lone surrogates and long text, in each body field and query parameter.
const ABSURD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  0.5,
  3_000_000_000,
  1e308,
  [],
  ['a'],
  {},
  { nested: { deeper: [1] } },
  '',
  'a\u0000b',
  '\u001b[31mred',
  '\u007f',
  '\ud800',
  'NaN',
  '1e400',
  '99999999999',
  'x'.repeat(60_000),
];
const ABSURD_QUERY_VALUES = ['%00', '%1B', '%ZZ', '%ED%A0%80', 'x'.repeat(5000), '-1', '1e400', '99999999999'];
const ABSURD_PATH_IDS = ['0', '-1', '1e3', '0x10', '3000000000', '99999999999999999999', '%00', 'NaN', '1.5'];

let api: TestApi;
let businessId: number;
let admin: ApiTestClient;
beforeAll(async () => {
  // The sweep sends hundreds of logins and resets for one account name; the limits are not what it tests.
  api = await startTestApi({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000', RATE_LIMIT_RESET_PER_ACCOUNT: '100000' });
  admin = await adminClient(api);
  businessId = (await createBusiness(admin)).id;
});
afterAll(async () => api?.stop());

/** A valid body for each route that takes one; each field is then replaced by every absurd value in turn. */
const validBodies = (): Partial<Record<RouteName, Record<string, unknown>>> => ({
  login: { login: 'nobody', password: 'secret-pass' },
  signup: { email: 'hostile@example.com', username: 'hostile', name: 'Hostile', password: 'secret-pass' },
  forgotPassword: { email_or_username: 'nobody' },
  resetPassword: { email_or_username: 'nobody', verification_code: '123456', new_password: 'secret-pass' },
  changePassword: { current_password: 'wrong-pass', new_password: 'other-pass' },
  setLanguage: { language: 'cy' },
  createBusiness: {
    ...businessInput(),
    duplicate_candidates: [1, 2],
    business_hours: { monday: '9-5' },
    social_media: { facebook: 'page' },
    latitude: 51.5,
    longitude: -0.1,
  },
  updateBusiness: { ...businessInput(), business_hours: { monday: '9-5' }, social_media: { twitter: '@x' }, latitude: 51.5, longitude: -0.1 },
  vote: { vote_type: 'upvote' },
  addComment: { comment_text: 'A fine place.' },
  addSuggestion: { field_name: 'phone', suggested_value: '0113 496 0000', reason: 'Called them' },
  addReport: { business_id: 0, reason: 'Other', description: 'Closed down' },
  claimBusiness: { evidence: 'I am the owner: the phone number is mine.' },
  confirmListing: { token: 'a-token-nobody-was-mailed' },
  createAlert: { city: 'Leeds', category: 'Cafe', search: 'olive' },
  confirmEmail: { token: 'a-token-nobody-was-mailed' },
  // Merges into the sweep's business from one that does not exist: every variant is a 400 or a 404.
  mergeBusiness: { from: 999_999 },
});

function pathOf(name: RouteName, id: string | number): string {
  return '/api' + API_ROUTES[name].path.replace(/:\w+/, String(id));
}

/** Each JSON path of `body` (objects are walked, so nested fields such as business_hours.monday are reached). */
function fieldPaths(body: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(body).flatMap(([key, value]) => {
    const path = [...prefix, key];
    return value && typeof value === 'object' && !Array.isArray(value) ? [path, ...fieldPaths(value as Record<string, unknown>, path)] : [path];
  });
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** Fields whose value is one of a list: any other string, control characters or not, gets the list's message. */
const CHOICE_FIELDS = new Set(['vote.vote_type', 'addSuggestion.field_name', 'addReport.reason', 'setLanguage.language']);
/**
 * Known gap, outside this sweep's files: the per-account rate limit (middleware/rate-limit-rules.ts, byAccount)
 * looks the raw login up in Postgres before the handler validates it, so a NUL there still fails in SQL.
 */
describe('hostile input never answers 500', () => {
  it('in any field of any body, and control characters in a text field are its field error', async () => {
    const bodies = validBodies();
    const failures: string[] = [];
    for (const [name, body] of Object.entries(bodies) as [RouteName, Record<string, unknown>][]) {
      if (name === 'addReport') body.business_id = businessId;
      const definition = API_ROUTES[name];
      // A fresh member per route, so that no write limit and no changed password leaks into the next one; the
      // admin owns the business that updateBusiness edits.
      const client = definition.access === 'admin' || name === 'updateBusiness' ? admin : api.client();
      const member = client !== admin && definition.access === 'user' ? await client.signup() : null;
      // Issue #31: alerts need a confirmed address, so the sweep's values reach the alert's insert.
      if (member && name === 'createAlert') await confirmEmail(api, client, member.email);
      const path = pathOf(name, businessId);
      const send = (payload: unknown) => client.request(definition.method.toUpperCase(), path, payload);
      for (const field of fieldPaths(body)) {
        const where = `${name}.${field.join('.')}`;
        const values = ABSURD_VALUES;
        const answers = await Promise.all(values.map((value) => send(withValue(body, field, value))));
        answers.forEach((answer, index) => {
          if (answer.status >= 500 || (typeof answer.body?.detail !== 'string' && answer.status >= 400)) {
            failures.push(`${where}=${JSON.stringify(values[index]).slice(0, 40)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
          }
        });
        const original = field.reduce<any>((node, key) => node[key], body);
        if (typeof original !== 'string' || /password/.test(where) || CHOICE_FIELDS.has(where)) continue;
        const errorField = name === 'addSuggestion' && field[0] === 'suggested_value' ? 'suggested_value' : field.join('.');
        for (const control of ['\u0000', '\u0007', '\u001b', '\u007f']) {
          const answer = await send(withValue(body, field, `a${control}b`));
          if (answer.status !== 400 || answer.body?.errors?.[errorField] !== MESSAGES.controlCharacters) {
            failures.push(`${where} with ${JSON.stringify(control)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
          }
        }
      }
      for (const whole of [[], [body], 'text', 12, null]) {
        const answer = await client.request(definition.method.toUpperCase(), path, JSON.stringify(whole));
        if (answer.status >= 500) failures.push(`${name} body=${JSON.stringify(whole).slice(0, 40)} → ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Thousands of requests, one route at a time: 15-22 s alone, more beside other suites on a 2-core machine.
  }, 120_000);

  it('in the login or reset account name (the per-account rate limit never looks up a name validation refuses)', async () => {
    const answers = await Promise.all([
      api.client().post('/api/auth/login', { login: 'a\u0000b', password: 'secret-pass' }),
      api.client().post('/api/auth/forgot-password', { email_or_username: 'a\u0000b' }),
      api.client().post('/api/auth/reset-password', { email_or_username: 'a\u0000b', verification_code: '123456', new_password: 'secret-pass' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
  });

  it('in a forged paging cursor', async () => {
    const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const forged = [
      ['/api/businesses', cursor(['n', 'a\u0000b', 1])],
      ['/api/businesses', cursor(['n', 'a', 3_000_000_000])],
      ['/api/businesses', cursor(['n', 'a', -1])],
      ['/api/businesses', cursor(['n', { name: 1 }, 1])],
      ['/api/businesses?search=olive', cursor(['r', 1e12, 0.5, 'a', 1])],
      // eslint-disable-next-line no-loss-of-precision -- a number past the double range (Infinity) is the hostile input
      ['/api/businesses?search=olive', cursor(['r', 1, 1e400, 'a', 1])],
      ['/api/businesses?search=olive', cursor(['r', 1, 0.5, 'a\u0000', 1])],
      ['/api/businesses?search=olive', cursor(['r', 1, 0.5, 'a', 2 ** 40])],
    ];
    for (const [path, value] of forged) {
      const answer = await api.client().get(`${path}${path.includes('?') ? '&' : '?'}cursor=${value}`);
      expect(answer, `${path} ${Buffer.from(value, 'base64url').toString()}`).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.invalidCursor },
      });
    }
  });

  it('in any query parameter, repeated or not', async () => {
    const failures: string[] = [];
    const queries: [RouteName, Record<string, string>, string?][] = [
      ['listBusinesses', { search: 'olive', category: 'Cafe', city: 'Leeds', on_map: 'true', limit: '5', cursor: 'abc' }],
      ['directorySummary', { search: 'olive', category: 'Cafe', city: 'Leeds' }],
      ['cityGroups', { search: 'olive', category: 'Cafe', city: 'Leeds' }],
      ['mapTile', { search: 'olive', category: 'Cafe', city: 'Leeds', v: '1' }, '/api/businesses/map/6/31/20'],
      ['mapTile', { verified: 'true', open_now: 'true', v: '1' }, '/api/businesses/map/18/129940/86167'],
      ['reviewReport', { action: 'reject' }],
      ['reviewSuggestion', { action: 'reject' }],
      ['duplicateCheck', { name: 'Olive Tree', postcode: 'LS2 7HY' }],
      ['businessHistory', { limit: '5', cursor: 'abc' }],
      ['duplicatePairs', { limit: '5', cursor: 'abc' }],
    ];
    for (const [name, query, tilePath] of queries) {
      const definition = API_ROUTES[name];
      const path = tilePath ?? pathOf(name, 999_999);
      for (const key of Object.keys(query)) {
        const variants = [...ABSURD_QUERY_VALUES.map((value) => `${key}=${value}`), `${key}=a&${key}=b`, `${key}[a]=1`, `${key}`];
        for (const variant of variants) {
          const others = Object.entries(query)
            .filter(([other]) => other !== key)
            .map(([other, value]) => `${other}=${encodeURIComponent(value)}`);
          const url = `${path}?${[...others, variant].join('&')}`;
          const answer = await admin.request(definition.method.toUpperCase(), url);
          if (answer.status >= 500) failures.push(`${name} ${variant.slice(0, 40)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('in any path id', async () => {
    const failures: string[] = [];
    for (const [name, definition] of Object.entries(API_ROUTES) as [RouteName, (typeof API_ROUTES)[RouteName]][]) {
      if (!/:\w+/.test(definition.path)) continue;
      for (const id of ABSURD_PATH_IDS) {
        const query = 'query' in definition ? '?action=reject' : '';
        const answer = await admin.request(definition.method.toUpperCase(), pathOf(name, id) + query, definition.method === 'get' ? undefined : {});
        if (answer.status >= 500) failures.push(`${name} ${id} → ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
