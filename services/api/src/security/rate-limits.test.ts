import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, fromAddress, startTestApi, type ApiAnswer, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';
import { IMAGES, imageForm } from '../test/images';

// CONTRACT.md, security: login and signup per IP and per account, forgot-password and reset per account and per
// IP, writes per user; RATE_LIMIT_ALLOWLIST exempts the per-IP limits only. Every limit is 3 here.
const LIMIT = 3;
const ALLOWLISTED = '198.51.100.200';
const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

let api: TestApi;
let businessId: number;
beforeAll(async () => {
  api = await startTestApi({
    // Loopback (the harness's own signups) is exempt as under npm test; the limited clients are forwarded addresses.
    RATE_LIMIT_ALLOWLIST: [...LOOPBACK, ALLOWLISTED].join(','),
    RATE_LIMIT_LOGIN_PER_IP: String(LIMIT),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LIMIT),
    RATE_LIMIT_SIGNUP_PER_IP: String(LIMIT),
    RATE_LIMIT_RESET_PER_IP: String(LIMIT),
    RATE_LIMIT_RESET_PER_ACCOUNT: String(LIMIT),
    RATE_LIMIT_WRITES_PER_USER: String(LIMIT),
    RATE_LIMIT_CONFIRMATION_MAILS_PER_ACCOUNT: String(LIMIT),
  });
  businessId = (await createBusiness(await adminClient(api))).id;
});
afterAll(async () => api?.stop());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

/** One limited request: `attempt` counts from 0; `address` is the client's. */
type SendAttempt = (attempt: number, address: string) => Promise<ApiAnswer>;

/** A per-IP case varies the account on one address; a per-account case the address, so only its rule can refuse. */
interface LimitCase {
  name: string;
  scope: 'ip' | 'account';
  /** Status of each request under the limit (one for all, or one each). */
  allowed: number | number[];
  /** The limit counts the account from one network (the login lockout); rate-limit-keys.test.ts covers it across networks. */
  perNetwork?: boolean;
  prepare: () => Promise<SendAttempt>;
}

const post = (path: string, body: unknown, address: string) => api.client().request('POST', path, body, fromAddress(address));

const limitCases: LimitCase[] = [
  {
    name: 'login per IP',
    scope: 'ip',
    allowed: 401,
    prepare: async () => (attempt, address) => post('/api/auth/login', { login: `nobody-${unique()}-${attempt}`, password: 'guess-pass' }, address),
  },
  {
    name: 'login per account',
    scope: 'account',
    allowed: 401,
    perNetwork: true,
    prepare: async () => {
      const user = await api.client().signup();
      return (_attempt, address) => post('/api/auth/login', { login: user.username, password: 'guess-pass' }, address);
    },
  },
  {
    name: 'signup per IP',
    scope: 'ip',
    allowed: 201,
    prepare: async () => (attempt, address) => {
      const id = `${unique()}${attempt}`;
      return post('/api/auth/signup', { email: `s${id}@example.com`, username: `s_${id}`, name: 'Signup', password: 'secret-pass' }, address);
    },
  },
  {
    name: 'signup per account (email)',
    scope: 'account',
    // The first signup makes the account; the ones after it count against the same email.
    allowed: [201, 409, 409],
    prepare: async () => {
      const email = `taken${unique()}@example.com`;
      return (attempt, address) =>
        post('/api/auth/signup', { email, username: `taken_${unique()}${attempt}`, name: 'Again', password: 'secret-pass' }, address);
    },
  },
  {
    name: 'forgot-password per IP',
    scope: 'ip',
    allowed: 200,
    prepare: async () => (attempt, address) => post('/api/auth/forgot-password', { email_or_username: `nobody-${unique()}-${attempt}` }, address),
  },
  {
    name: 'forgot-password per account',
    scope: 'account',
    allowed: 200,
    prepare: async () => {
      const user = await api.client().signup();
      return (_attempt, address) => post('/api/auth/forgot-password', { email_or_username: user.email }, address);
    },
  },
  {
    name: 'reset-password per IP',
    scope: 'ip',
    allowed: 400,
    prepare: async () => (attempt, address) =>
      post(
        '/api/auth/reset-password',
        { email_or_username: `nobody-${unique()}-${attempt}`, verification_code: '123456', new_password: 'new-password' },
        address,
      ),
  },
  {
    name: 'reset-password per account',
    scope: 'account',
    allowed: 400,
    prepare: async () => {
      const user = await api.client().signup();
      return (_attempt, address) =>
        post('/api/auth/reset-password', { email_or_username: user.username, verification_code: '123456', new_password: 'new-password' }, address);
    },
  },
  // The email confirmation's Resend as forgot-password, and the mailed link's confirmation as the owners' links.
  {
    name: 'email confirmation resend per IP',
    scope: 'ip',
    allowed: 200,
    prepare: async () => (_attempt, address) => resendFromNewMember(address),
  },
  {
    name: 'email confirmation resend per account',
    scope: 'account',
    allowed: 200,
    prepare: async () => {
      const member = api.client();
      await member.signup();
      return (_attempt, address) => member.request('POST', '/api/auth/confirm-email/resend', undefined, fromAddress(address));
    },
  },
  {
    name: 'email confirmation per IP',
    scope: 'ip',
    allowed: 404,
    prepare: async () => (attempt, address) => post('/api/auth/confirm-email', { token: `unknown-token-${unique()}-${attempt}` }, address),
  },
];

async function resendFromNewMember(address: string): Promise<ApiAnswer> {
  const member = api.client();
  await member.signup();
  return member.request('POST', '/api/auth/confirm-email/resend', undefined, fromAddress(address));
}

/** Writes per user: each kind of write, by one member, from one address. */
const writeCases: { name: string; allowed: number; prepare: () => Promise<SendAttempt> }[] = [
  {
    name: 'votes',
    allowed: 200,
    prepare: memberWrites((member, attempt, address) =>
      member.request('POST', `/api/businesses/${businessId}/vote`, { vote_type: attempt % 2 ? 'upvote' : 'downvote' }, fromAddress(address)),
    ),
  },
  {
    name: 'comments',
    allowed: 201,
    prepare: memberWrites((member, attempt, address) =>
      member.request('POST', `/api/businesses/${businessId}/comments`, { comment_text: `Comment number ${attempt}` }, fromAddress(address)),
    ),
  },
  {
    name: 'suggestions',
    allowed: 201,
    prepare: memberWrites((member, attempt, address) =>
      member.request(
        'POST',
        `/api/businesses/${businessId}/suggestions`,
        { field_name: 'phone', suggested_value: `0113 496 000${attempt}` },
        fromAddress(address),
      ),
    ),
  },
  {
    name: 'reports',
    allowed: 201,
    prepare: async () => {
      // A member holds one pending report per business: each report goes to another business.
      const targets: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const { rows } = await api.core.db.query<{ id: number }>(
          'INSERT INTO businesses (name, address, city, postcode, category) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [`Reported ${unique()}`, '1 High Street', 'Leeds', 'LS1 1AA', 'Cafe'],
        );
        targets.push(rows[0].id);
      }
      return memberWrites((member, attempt, address) =>
        member.request('POST', '/api/reports', { business_id: targets[attempt], reason: 'Other', description: 'Closed' }, fromAddress(address)),
      )();
    },
  },
  {
    name: 'uploads',
    allowed: 200,
    prepare: memberWrites((member, _attempt, address) =>
      member.request('POST', '/api/auth/upload-profile-picture', imageForm(IMAGES.png), fromAddress(address)),
    ),
  },
  {
    name: 'new businesses',
    allowed: 201,
    prepare: memberWrites((member, _attempt, address) => member.request('POST', '/api/businesses', businessInput(), fromAddress(address))),
  },
  {
    name: 'business edits',
    allowed: 200,
    prepare: async () => {
      const editor = await adminClient(api);
      return (attempt, address) =>
        editor.request('PUT', `/api/businesses/${businessId}`, businessInput({ name: `Edited ${attempt}` }), fromAddress(address));
    },
  },
];

function memberWrites(write: (member: ApiTestClient, attempt: number, address: string) => Promise<ApiAnswer>) {
  return async () => {
    const member = api.client();
    await member.signup();
    return ((attempt, address) => write(member, attempt, address)) satisfies SendAttempt;
  };
}

let network = 0;
/** A documentation address no other case uses, so that per-IP counters never meet. */
const freshAddress = () => `203.0.113.${++network}`;

/** LIMIT + 1 requests, addressed by `addressOf(attempt)`; their statuses and the last answer. */
async function sendPastLimit(prepare: () => Promise<SendAttempt>, addressOf: (attempt: number) => string) {
  const send = await prepare();
  const answers: ApiAnswer[] = [];
  for (let attempt = 0; attempt <= LIMIT; attempt++) answers.push(await send(attempt, addressOf(attempt)));
  return { statuses: answers.map((answer) => answer.status), last: answers[LIMIT] };
}

const allowedTimes = (status: number | number[], times: number) => (Array.isArray(status) ? status : Array.from({ length: times }, () => status));

function expectRefused(last: ApiAnswer) {
  expect(last.body).toEqual({ detail: MESSAGES.tooManyRequests, code: 'tooManyRequests' });
  expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('each rate limit of CONTRACT.md answers 429 with Retry-After once passed', () => {
  for (const limitCase of limitCases.filter((each) => !each.perNetwork)) {
    it(limitCase.name, async () => {
      const sharedAddress = freshAddress();
      const { statuses, last } = await sendPastLimit(limitCase.prepare, () => (limitCase.scope === 'ip' ? sharedAddress : freshAddress()));
      expect(statuses).toEqual([...allowedTimes(limitCase.allowed, LIMIT), 429]);
      expectRefused(last);
    });
  }

  for (const writeCase of writeCases) {
    it(`writes per user: ${writeCase.name}, from a new address each time`, async () => {
      const { statuses, last } = await sendPastLimit(writeCase.prepare, freshAddress);
      expect(statuses).toEqual([...allowedTimes(writeCase.allowed, LIMIT), 429]);
      expectRefused(last);
    });
  }

  it('writes per user count every kind of write together, and each user on their own', async () => {
    const member = api.client();
    await member.signup();
    const other = api.client();
    await other.signup();
    await member.post(`/api/businesses/${businessId}/vote`, { vote_type: 'upvote' });
    await member.post(`/api/businesses/${businessId}/comments`, { comment_text: 'A fine place.' });
    await member.post('/api/auth/upload-profile-picture', imageForm(IMAGES.png));
    expect((await member.post(`/api/businesses/${businessId}/suggestions`, { field_name: 'phone', suggested_value: '0113 496 0000' })).status).toBe(
      429,
    );
    expect((await other.post(`/api/businesses/${businessId}/comments`, { comment_text: 'Another view.' })).status).toBe(201);
  });
});

describe('RATE_LIMIT_ALLOWLIST', () => {
  for (const limitCase of limitCases) {
    const exempt = limitCase.scope === 'ip';
    it(`${exempt ? 'exempts' : 'does not exempt'} an allowlisted address from ${limitCase.name}`, async () => {
      const { statuses, last } = await sendPastLimit(limitCase.prepare, () => ALLOWLISTED);
      expect(statuses).toEqual(exempt ? allowedTimes(limitCase.allowed, LIMIT + 1) : [...allowedTimes(limitCase.allowed, LIMIT), 429]);
      if (!exempt) expectRefused(last);
    });
  }

  it('does not exempt an allowlisted address from writes per user', async () => {
    const { statuses } = await sendPastLimit(writeCases[1].prepare, () => ALLOWLISTED);
    expect(statuses).toEqual([...allowedTimes(writeCases[1].allowed, LIMIT), 429]);
  });
});
