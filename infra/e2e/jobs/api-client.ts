// Plain-HTTP client for the end-to-end tests (jobs, admin, faults, soak): a cookie jar, the shell's Origin and
// the XSRF double-submit header on every write, as a browser on the shell would send them.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CookieJar } from '../support/cookie-jar';
import { e2e } from '../support/env';

/** Where the API stores uploads: `npm test` passes UPLOAD_DIR (and DATA_DIR) to the e2e run. */
export const uploadDir = resolve(
  process.env.E2E_UPLOAD_DIR ||
    process.env.UPLOAD_DIR ||
    join(resolve(fileURLToPath(new URL('../../..', import.meta.url)), process.env.DATA_DIR || '.data/test'), 'uploads'),
);

export function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  bytes: Buffer;
}

export class ApiClient {
  readonly cookies = new CookieJar();

  /**
   * `base` is the API itself (E2E_API_URL) or the shell that proxies /api and /ops (E2E_BASE_URL);
   * `origin` is the page's origin that writes carry (the shell's).
   */
  constructor(
    readonly base = e2e.apiUrl,
    readonly origin = new URL(e2e.baseUrl).origin,
    /** Gives up on an answer after this long (fault tests tell a slow answer from a hang). */
    readonly timeoutMs?: number,
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    // The API hands out the XSRF-TOKEN cookie with /api/auth/me (CONTRACT.md).
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/auth/me');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookies.header();
    if (method !== 'GET') {
      headers.origin = this.origin;
      headers['x-xsrf-token'] = this.cookies.decoded('XSRF-TOKEN');
    }
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const signal = this.timeoutMs ? AbortSignal.timeout(this.timeoutMs) : undefined;
    const response = await fetch(this.base + path, { method, headers, body: payload, redirect: 'manual', signal });
    this.cookies.keep(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    let parsed: unknown = undefined;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        parsed = bytes.toString('utf8');
      }
    } else if (!(response.headers.get('content-type') ?? '').startsWith('image/')) {
      parsed = bytes.toString('utf8');
    }
    return { status: response.status, body: parsed as T, headers: response.headers, bytes };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  /** Like post, but fails the test unless the answer is 2xx. */
  async write<T = any>(path: string, body?: unknown): Promise<T> {
    const answer = await this.post<T>(path, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async login(login: string, password: string): Promise<Answer> {
    return this.post('/api/auth/login', { login, password });
  }
}

export interface Member {
  client: ApiClient;
  id: number;
  email: string;
  username: string;
  name: string;
  password: string;
}

/** A fresh account, signed in (signup logs the user in). */
export async function signUp(prefix = 'jobs', client = new ApiClient()): Promise<Member> {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const user = {
    email: `${prefix}-${suffix}@example.com`,
    username: `${prefix}_${suffix}`,
    name: `Jobs Tester ${suffix}`,
    password: 'first-pass-123',
  };
  const answer = await client.post('/api/auth/signup', user);
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { client, id: answer.body.id, ...user };
}

/** The seeded admin, signed in. */
export async function signInAdmin(): Promise<ApiClient> {
  const client = new ApiClient();
  const answer = await client.login(e2e.adminLogin, e2e.adminPassword);
  if (answer.status !== 200) throw new Error(`admin login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (!answer.body.is_admin) throw new Error(`${e2e.adminLogin} is not an admin`);
  return client;
}

/** The e2e database, read directly to see what the workers did. */
export function database(): pg.Pool {
  if (!e2e.databaseUrl) throw new Error('E2E_DATABASE_URL must point at the database of the stack under test');
  return new pg.Pool({ connectionString: e2e.databaseUrl, max: 2 });
}

/** Polls `probe` until it returns something truthy; fails after `timeoutMs` naming `what`. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A business as a member adds it through the form: no coordinates. */
export function businessInput(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    address: '10 Downing Street',
    city: 'London',
    postcode: 'SW1A 1AA',
    category: 'Cafe',
    description: 'Added by the job end-to-end tests.',
    ...overrides,
  };
}
