/**
 * The one typed client every screen uses (screens never call fetch directly).
 * - JSON in and out, `credentials: 'include'` so the session cookie travels.
 * - CSRF double-submit (CONTRACT.md): every POST/PUT/DELETE echoes the readable
 *   `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header; when the cookie is missing a
 *   `GET /api/auth/admin-status` is made first so the API sets it.
 * - Errors become `ApiError` carrying the HTTP status and the body's `detail`, and its message codes.
 */
import type { z } from 'zod';
import type { DirectoryFilter, User } from './types';
import { SIGNED_IN_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../cookies';
import { ROUTE_PATHS, type RouteName } from '../route-paths';
import type { API_ROUTES } from '../routes';
import type { MessageParamValue } from '../i18n/message-codes';

export type MessageParamValues = Record<string, MessageParamValue>;

/** A message named by its code (the keys of MESSAGES and PARAMETERISED_MESSAGES) and the values it carries. */
export interface CodedText {
  code: string;
  params?: MessageParamValues;
}

/** The message codes of an error answer: `code`/`params` for its `detail`, `codes` for its `errors`, field by field. */
export interface ErrorCodes {
  code?: string;
  params?: MessageParamValues;
  codes?: Record<string, CodedText>;
}

/** An object's own fields; undefined for anything else (null, an array, text). */
const recordOf = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

function readCoded(value: unknown): CodedText | undefined {
  const coded = recordOf(value);
  return typeof coded?.code === 'string' ? { code: coded.code, params: recordOf(coded.params) as MessageParamValues | undefined } : undefined;
}

/** The codes of an error answer's body, whatever came back (a proxy's HTML page, a body of another shape: none). */
export function readErrorCodes(body: unknown): ErrorCodes {
  const fields = Object.entries(recordOf(recordOf(body)?.codes) ?? {}).flatMap(([field, value]) => {
    const coded = readCoded(value);
    return coded ? [[field, coded] as const] : [];
  });
  return { ...readCoded(body), codes: fields.length ? Object.fromEntries(fields) : undefined };
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail`, or null when the answer had none (network failure, proxy page, ...). */
  readonly detail: string | null;
  readonly errors: Record<string, string> | undefined;
  /** A business merged into another: the survivor's id, from the 404's `merged_into`. */
  readonly mergedInto: number | undefined;
  /** The code of `detail`: a page shows its own text for it, else `detail`. */
  readonly code: string | undefined;
  readonly params: MessageParamValues | undefined;
  /** The codes of `errors`, field by field. */
  readonly codes: Record<string, CodedText> | undefined;

  constructor(status: number, detail: string | null, errors?: Record<string, string>, mergedInto?: number, codes: ErrorCodes = {}) {
    super(detail ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.mergedInto = mergedInto;
    ({ code: this.code, params: this.params, codes: this.codes } = codes);
  }

  /** True when the request never got an answer (server down, offline). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * What a client's `fetch` throws for a request that got no answer while the page knows it is offline (the shell's
 * connection watcher: the page shows the service worker's saved answers, though `navigator.onLine` may still say
 * online). The client's ApiError then carries the `needsConnection` code.
 */
export class NoConnectionError extends Error {
  constructor() {
    super('No connection');
    this.name = 'NoConnectionError';
  }
}

/**
 * Duck-typed check: the shell and each remote bundle their own copy of this file,
 * so an ApiError thrown by the shell's client is not an `instanceof` the remote's class. No `instanceof` at all:
 * a remote that only reads errors then bundles no copy of the class (its first load is smaller).
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ApiError' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** The text a toast shows for a failed call: the server's detail, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.detail === 'string' && error.detail) return error.detail;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Route<Name extends RouteName> = (typeof API_ROUTES)[Name];
/** A call's answer, as its route's response schema says (types only: the schemas stay out of the browser). */
export type RouteAnswer<Name extends RouteName> = z.output<Route<Name>['response']>;
/** An item of a list route's answer. */
export type PageItem<Name extends RouteName> = RouteAnswer<Name> extends readonly (infer Item)[] ? Item : never;
/** What a call sends, as its route's body schema takes it. */
export type RouteBody<Name extends RouteName> = Route<Name> extends { body: infer Schema extends z.ZodType } ? z.input<Schema> : never;
/** A call's query, as its route's query schema takes it; a value the schema reads as a number (`limit`, `zoom`) may be given as one. */
export type RouteQuery<Name extends RouteName> =
  Route<Name> extends { query: infer Schema extends z.ZodType }
    ? {
        [Key in keyof z.input<Schema>]:
          z.input<Schema>[Key] | (Key extends keyof z.output<Schema> ? (z.output<Schema>[Key] extends number | undefined ? number : never) : never);
      }
    : never;

type PathOf<Name extends RouteName> = (typeof ROUTE_PATHS)[Name]['path'];

/** A call's input, as its route takes it: the path's id when the path has one, the body its schema takes (a multipart route's form), the query. */
export type CallArgs<Name extends RouteName> = (Route<Name> extends { params: infer Schema extends z.ZodType }
  ? { params: { [Key in keyof z.input<Schema>]: number | string }; id?: never; secondId?: never }
  : (PathOf<Name> extends `${string}:${string}` ? { id: number | string } : { id?: never }) &
      (PathOf<Name> extends `${string}:${string}:${string}` ? { secondId: number | string } : { secondId?: never }) & { params?: never }) &
  (Route<Name> extends { multipart: true }
    ? { body: FormData }
    : Route<Name> extends { body: z.ZodType }
      ? { body: RouteBody<Name> }
      : { body?: never }) &
  (Route<Name> extends { query: z.ZodType }
    ? Partial<RouteQuery<Name>> extends RouteQuery<Name>
      ? { query?: RouteQuery<Name> }
      : { query: RouteQuery<Name> }
    : { query?: never });

/** `call(name, args?, options?)`: the args may be left out only when the route needs none. */
export type CallParameters<Name extends RouteName> =
  Partial<CallArgs<Name>> extends CallArgs<Name>
    ? [args?: CallArgs<Name>, options?: RequestOptions]
    : [args: CallArgs<Name>, options?: RequestOptions];

export interface ApiClientOptions {
  /** Prefix for every path; '' (default) means same origin as the page (the shell proxies /api). */
  baseUrl?: string;
  /** Injected in tests. Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Returns `document.cookie`-style text. Injected in tests. */
  readCookies?: () => string;
}

function browserCookies(): string {
  const doc = (globalThis as { document?: { cookie?: string } }).document;
  return doc?.cookie ?? '';
}

/** One cookie of `document.cookie`-style text, decoded. */
export function readCookie(cookies: string, name: string): string | null {
  // Not the cookie package here: it would add its weight to every first visit to read one name.
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** `/api/auth/me` may answer the user itself or `{ user }`; an empty answer means nobody. */
export function normaliseUser(body: unknown): User | null {
  if (!body || typeof body !== 'object') return null;
  const candidate = 'user' in body && !('id' in body) ? (body as { user: unknown }).user : body;
  if (!candidate || typeof candidate !== 'object' || !('id' in candidate)) return null;
  return candidate as User;
}

/** Query string of a call: empty values left out, the directory filters also when 'all' (SPEC §7), other params as given. */
export function directoryQuery(query: DirectoryFilter & Record<string, string | number | undefined | null> = {}): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || raw === null) continue;
    const value = String(raw).trim();
    if (!value) continue;
    if ((key === 'search' || key === 'category' || key === 'city') && value.toLowerCase() === 'all') continue;
    params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The cursor of `Link: <url>; rel="next"`, or null on the last page. */
export function nextCursorFromLink(link: string | null): string | null {
  const match = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/);
  if (!match) return null;
  return new URL(match[1], 'http://link.invalid').searchParams.get('cursor');
}

/** One page of a paged list (CONTRACT.md): its items, the total of all of them, and the next page's cursor (null on the last). */
export interface ListPage<Item> {
  items: Item[];
  total: number;
  nextCursor: string | null;
}

/** Which page of a paged list: `limit` (the server's default without one) and the cursor of the page before. */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

export interface RequestOptions {
  /** Aborts the request (TanStack Query passes one per query; a superseded search is cancelled). */
  signal?: AbortSignal;
}

/** The routes whose answer is one page of a paged list (CONTRACT.md: `X-Total-Count` and `Link` headers). */
export type PagedRouteName = { [Name in RouteName]: Route<Name> extends { responseHeaders: { 'X-Total-Count': string } } ? Name : never }[RouteName];

/**
 * The API, one way: `call(route, input?, options?)` for any route of the contract by name, typed from `API_ROUTES`
 * (the path's `id`, the `body`, the `query`, the answer); `callPage` for a paged list, answering its items, total and
 * next cursor.
 */
export interface ApiClient {
  call<Name extends RouteName>(name: Name, ...args: CallParameters<Name>): Promise<RouteAnswer<Name>>;
  callPage<Name extends PagedRouteName>(name: Name, ...args: CallParameters<Name>): Promise<ListPage<PageItem<Name>>>;
  /** False when the API's signed-in hint cookie is absent: nobody is logged in, no need to ask for the session's user. */
  mayBeSignedIn(): boolean;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookies = options.readCookies ?? browserCookies;
  let tokenRequest: Promise<void> | null = null;

  async function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      payload = body; // the browser sets the multipart boundary
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (method !== 'GET') {
      const token = await csrfToken();
      if (token) headers[XSRF_HEADER] = token;
    }
    try {
      return await doFetch(baseUrl + path, { method, headers, body: payload, credentials: 'include', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, null, undefined, undefined, error instanceof NoConnectionError ? { code: 'needsConnection' } : {});
    }
  }

  async function csrfToken(): Promise<string | null> {
    let token = readCookie(readCookies(), XSRF_COOKIE);
    if (token) return token;
    // No cookie yet: /auth/me and admin-status answers set it (CONTRACT.md); admin-status answers a visitor 200, no console error.
    tokenRequest ??= doFetch(`${baseUrl}/api${ROUTE_PATHS.adminStatus.path}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'include',
    })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        tokenRequest = null;
      });
    await tokenRequest;
    token = readCookie(readCookies(), XSRF_COOKIE);
    return token;
  }

  async function parse<T>(response: Response): Promise<T> {
    const text = await response.text().catch(() => '');
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (!response.ok) {
      const detail =
        data && typeof data === 'object' && typeof (data as { detail?: unknown }).detail === 'string' ? (data as { detail: string }).detail : null;
      const errors =
        data && typeof data === 'object' && typeof (data as { errors?: unknown }).errors === 'object'
          ? ((data as { errors: Record<string, string> }).errors ?? undefined)
          : undefined;
      const mergedInto = (data as { merged_into?: unknown } | undefined)?.merged_into;
      throw new ApiError(response.status, detail, errors, typeof mergedInto === 'number' ? mergedInto : undefined, readErrorCodes(data));
    }
    return data as T;
  }

  /** Any route's input, once `call` has checked it against the route's own types. */
  interface RequestArgs {
    id?: number | string;
    secondId?: number | string;
    params?: Record<string, number | string>;
    body?: unknown;
    query?: Record<string, string | number | undefined>;
  }

  /** A call of the contract's route list, by name: its method and path come from the list. */
  function request(name: RouteName, { id, secondId, params, body, query }: RequestArgs = {}, options: RequestOptions = {}): Promise<Response> {
    const { method, path } = ROUTE_PATHS[name];
    const ids = [id, secondId];
    const filled = path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(String(params ? params[param] : ids.shift())));
    return send(method.toUpperCase() as Method, `/api${filled}${directoryQuery(query)}`, body, options.signal);
  }

  async function call<Name extends RouteName>(name: Name, ...[args, options]: CallParameters<Name>): Promise<RouteAnswer<Name>> {
    return parse<RouteAnswer<Name>>(await request(name, args as RequestArgs | undefined, options));
  }

  /** One page of a paged list (CONTRACT.md): its items, the total of all matches, and the next page's cursor. */
  async function callPage<Name extends PagedRouteName>(name: Name, ...[args, options]: CallParameters<Name>): Promise<ListPage<PageItem<Name>>> {
    const response = await request(name, args as RequestArgs | undefined, options);
    const items = await parse<unknown>(response);
    return {
      items: Array.isArray(items) ? (items as PageItem<Name>[]) : [],
      total: Number(response.headers.get('X-Total-Count') ?? 0),
      nextCursor: nextCursorFromLink(response.headers.get('Link')),
    };
  }

  return {
    call,
    callPage,
    mayBeSignedIn: (): boolean => readCookie(readCookies(), SIGNED_IN_COOKIE) !== null,
  };
}
