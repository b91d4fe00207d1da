import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { parseSetCookie, type SetCookie } from 'cookie';
import supertest from 'supertest';
import type { CookieAccessInfo, CookieJar } from 'cookiejar';
import { XSRF_COOKIE, XSRF_HEADER } from '@zaytoon/contract';
import { createCore, loadConfig, type Core } from '@zaytoon/core';
import { createMigratedDatabase } from '@zaytoon/core/testing';
import { createApp } from '../app';

const PUBLIC_ORIGIN = 'http://localhost:8180';

/**
 * Each test worker of the API's suite owns a Redis database, which its files flush: API_TEST_REDIS_DB (default 9) for
 * the first, the next for the second (the browser tests use 1, the worker's tests 2 and 3, the other suites up to 8). Files running side by side
 * then share no sessions, rate limits or queues.
 */
function testRedisUrl(): string {
  const url = new URL(requireEnv('REDIS_URL'));
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  url.pathname = `/${Number(process.env.API_TEST_REDIS_DB ?? '9') + worker - 1}`;
  return url.toString();
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must point at the real test service (npm test provides it)`);
  return value;
}

export interface TestApi {
  core: Core;
  baseUrl: string;
  client: () => ApiTestClient;
  stop: () => Promise<void>;
}

/**
 * The real API on an ephemeral port over a fresh database and the test Redis (flushed). `reach` turns the
 * database's address into the one the API connects to (a pooler in front of it); migrations use the direct one.
 */
export async function startTestApi(env: Record<string, string> = {}, reach: (databaseUrl: string) => string = (url) => url): Promise<TestApi> {
  const database = await createMigratedDatabase(requireEnv('DATABASE_URL'), 'api_test');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: reach(database.url),
    REDIS_URL: testRedisUrl(),
    PUBLIC_ORIGIN,
    SESSION_SECRET: 'test-session-secret-0123456789abcdef',
    JOB_DATA_KEY: 'test-job-data-key-0123456789abcdef01',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000',
    RATE_LIMIT_RESET_PER_IP: '1000',
    RATE_LIMIT_WRITES_PER_USER: '1000',
    RATE_LIMIT_CLAIMS_PER_USER: '1000',
    RATE_LIMIT_ACCOUNT_CHANGES_PER_IP: '1000',
    // Cheap argon2id for the hundreds of signups of the suites; production refuses less than OWASP's policy (password.ts).
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_ARGON2_MEMORY_KIB: '1024', PASSWORD_ARGON2_ITERATIONS: '1' }),
    RATE_LIMIT_ADMIN_WRITES_PER_ADMIN: '1000',
    RATE_LIMIT_ADMIN_MERGES_PER_ADMIN: '1000',
    ...env,
  });
  const core = await connectedCore(config);
  await core.redis.flushdb();
  return serve(core, () => database.drop());
}

type AppOptions = Parameters<typeof createApp>[1];

/** The API of `core` on an ephemeral port; stop() closes it, the core, then runs `afterStop`. */
async function serve(core: Core, afterStop: () => Promise<void> = async () => {}, appOptions?: AppOptions): Promise<TestApi> {
  let app: ReturnType<typeof createApp>;
  try {
    app = createApp(core, appOptions);
  } catch (error) {
    await core.close();
    await afterStop();
    throw error;
  }
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    core,
    baseUrl,
    client: () => new ApiTestClient(server),
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await core.close();
      await afterStop();
    },
  };
}

/** Another API process over the same database and Redis (a second replica, or the next release with `config`), for behaviour across processes. */
export async function startReplica(api: TestApi, appOptions?: AppOptions, config: Core['config'] = api.core.config): Promise<TestApi> {
  return serve(await connectedCore(config), undefined, appOptions);
}

/** A core whose Redis has answered (the API itself serves before; tests start from a ready one). */
export async function connectedCore(config: Core['config']): Promise<Core> {
  const core = createCore(config);
  await core.redisConnected;
  return core;
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** The host supertest addresses a listening server by, so the host the cookies it keeps belong to. */
const SERVER_HOST = '127.0.0.1';
const EVERY_COOKIE: CookieAccessInfo = { domain: SERVER_HOST, path: '/', secure: true, script: false };

/** The agent's cookies by name, values as the server set them (still URL-encoded); a test may plant or drop one. */
class AgentCookies {
  constructor(private readonly jar: CookieJar) {}

  get(name: string): string | undefined {
    return this.jar.getCookie(name, EVERY_COOKIE)?.value;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  set(name: string, value: string): void {
    this.jar.setCookie(`${name}=${value}; Path=/`, SERVER_HOST, '/');
  }

  delete(name: string): void {
    this.jar.setCookie(`${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`, SERVER_HOST, '/');
  }
}

/** A browser-like client on a supertest agent: keeps cookies, sends the shell's Origin and echoes the XSRF token as CONTRACT.md asks. */
export class ApiTestClient {
  private readonly agent: ReturnType<typeof supertest.agent>;
  readonly cookies: AgentCookies;
  origin: string | null = PUBLIC_ORIGIN;
  sendXsrf = true;

  constructor(server: Server) {
    this.agent = supertest.agent(server).redirects(0);
    const { jar } = this.agent;
    const cookiesFor = jar.getCookies.bind(jar);
    // The agent speaks plain HTTP to the API, which a browser reaches through the front door's TLS: Secure cookies go back too.
    jar.getCookies = (access) => cookiesFor({ ...access, secure: true });
    this.cookies = new AgentCookies(jar);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    const write = method !== 'GET';
    if (write && this.sendXsrf && !this.cookies.has(XSRF_COOKIE)) await this.request('GET', '/api/auth/me');
    const request = this.agent[method.toLowerCase() as 'get'](path).set(headers);
    if (write && this.origin) request.set('origin', this.origin);
    const xsrfToken = this.cookies.get(XSRF_COOKIE);
    if (write && this.sendXsrf && xsrfToken) request.set(XSRF_HEADER, decodeURIComponent(xsrfToken));
    if (body instanceof FormData) {
      for (const [name, value] of body) {
        if (typeof value === 'string') request.field(name, value);
        else request.attach(name, Buffer.from(await value.arrayBuffer()), { filename: value.name, contentType: value.type });
      }
    } else if (body !== undefined) {
      request.type(headers['content-type'] ?? 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
    }
    const response = await request;
    return { status: response.status, body: bodyOf(response), headers: headersOf(response) };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  async signup(overrides: Partial<{ email: string; username: string; name: string; password: string }> = {}) {
    const suffix = randomBytes(4).toString('hex');
    const user = { email: `u${suffix}@example.com`, username: `user_${suffix}`, name: `User ${suffix}`, password: 'secret-pass', ...overrides };
    const answer = await this.post('/api/auth/signup', user);
    if (answer.status !== 201) throw new Error(`signup failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { ...user, id: answer.body.id as number };
  }
}

/** JSON answers parsed, any other text as it came, nothing for an empty answer. */
function bodyOf(response: supertest.Response): any {
  if (!response.text) return undefined;
  return /\bjson\b/.test(response.type) ? response.body : response.text;
}

/** The answer's headers as fetch gives them (get, getSetCookie, iteration), which the tests read. */
function headersOf(response: supertest.Response): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers as Record<string, string | string[]>)) {
    for (const one of [value].flat()) headers.append(name, one);
  }
  return headers;
}

/** The cookie an answer sets under `name`, attributes parsed, or undefined when it sets none. */
export function cookieSetBy(answer: ApiAnswer, name: string): SetCookie | undefined {
  return answer.headers
    .getSetCookie()
    .map((line) => parseSetCookie(line))
    .find((cookie) => cookie.name === name);
}

/** Makes an existing user an admin and returns a logged-in client for them. */
export async function adminClient(api: TestApi): Promise<ApiTestClient> {
  const client = api.client();
  const user = await client.signup();
  await api.core.db.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
  return client;
}

/** An admin, a member who will own what they add, and another member, each signed up and logged in. */
export async function adminOwnerAndMember(api: TestApi) {
  const admin = await adminClient(api);
  const owner = api.client();
  await owner.signup();
  const member = api.client();
  const memberUser = await member.signup();
  return { admin, owner, member, memberName: memberUser.username };
}

/** Headers naming the client's address as the trusted proxy (loopback) forwards it, for per-IP limits. */
/** Every item of a paged list (CONTRACT.md), following its Link rel="next" from `path`; each page must answer 200. */
export async function allPages<Item>(client: ApiTestClient, path: string): Promise<{ items: Item[]; total: number }> {
  const items: Item[] = [];
  let total = 0;
  for (let next: string | null = path; next;) {
    const answer: ApiAnswer<Item[]> = await client.get(next);
    if (answer.status !== 200) throw new Error(`GET ${next} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    total = Number(answer.headers.get('x-total-count'));
    items.push(...answer.body);
    next = /<([^>]+)>; rel="next"/.exec(answer.headers.get('link') ?? '')?.[1] ?? null;
  }
  return { items, total };
}

export const fromAddress = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });
