import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createCore, loadConfig, type Core } from '@zaytoon/core';
import { createMigratedDatabase } from '@zaytoon/core/testing';
import { createApp } from '../app';

const PUBLIC_ORIGIN = 'http://localhost:8180';

/** API tests own Redis database 2 (the worker's tests use 3, the browser tests 1), which they flush. */
function testRedisUrl(): string {
  const url = new URL(requireEnv('REDIS_URL'));
  url.pathname = `/${process.env.API_TEST_REDIS_DB ?? '2'}`;
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

/** The real API on an ephemeral port over a fresh database and the test Redis (flushed). */
export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const database = await createMigratedDatabase(requireEnv('DATABASE_URL'), 'api_test');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    PUBLIC_ORIGIN,
    SESSION_SECRET: 'test-session-secret-0123456789abcdef',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000',
    RATE_LIMIT_RESET_PER_IP: '1000',
    RATE_LIMIT_WRITES_PER_USER: '1000',
    RATE_LIMIT_ACCOUNT_CHANGES_PER_IP: '1000',
    ...env,
  });
  const core = await connectedCore(config);
  await core.redis.flushDb();
  return serve(core, () => database.drop());
}

/** The API of `core` on an ephemeral port; stop() closes it, the core, then runs `afterStop`. */
async function serve(core: Core, afterStop: () => Promise<void> = async () => {}): Promise<TestApi> {
  let app: ReturnType<typeof createApp>;
  try {
    app = createApp(core);
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
    client: () => new ApiTestClient(baseUrl),
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await core.close();
      await afterStop();
    },
  };
}

/** Another API process over the same database and Redis (a second replica), for behaviour across processes. */
export async function startReplica(api: TestApi): Promise<TestApi> {
  return serve(await connectedCore(api.core.config));
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

/** A browser-like client: keeps cookies, sends the shell's Origin and echoes the XSRF token as CONTRACT.md asks. */
export class ApiTestClient {
  readonly cookies = new Map<string, string>();
  origin: string | null = PUBLIC_ORIGIN;
  sendXsrf = true;

  constructor(private readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    if (method !== 'GET' && this.sendXsrf && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/auth/me');
    const requestHeaders: Record<string, string> = { ...headers };
    if (this.cookies.size) requestHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.origin && method !== 'GET') requestHeaders.origin = this.origin;
    if (this.sendXsrf && method !== 'GET' && this.cookies.has('XSRF-TOKEN')) {
      requestHeaders['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN')!);
    }
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      requestHeaders['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers: requestHeaders, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text so a test can see it */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
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

/** Makes an existing user an admin and returns a logged-in client for them. */
export async function adminClient(api: TestApi): Promise<ApiTestClient> {
  const client = api.client();
  const user = await client.signup();
  await api.core.db.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
  return client;
}

/** Headers naming the client's address as the trusted proxy (loopback) forwards it, for per-IP limits. */
export const fromAddress = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });
