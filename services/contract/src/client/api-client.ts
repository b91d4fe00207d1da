/**
 * The one typed client every screen uses (screens never call fetch directly).
 * - JSON in and out, `credentials: 'include'` so the session cookie travels.
 * - CSRF double-submit (CONTRACT.md): every POST/PUT/DELETE echoes the readable
 *   `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header; when the cookie is missing a
 *   `GET /api/auth/admin-status` is made first so the API sets it.
 * - Errors become `ApiError` carrying the HTTP status and the body's `detail`.
 */
import { parse as parseCookies } from 'cookie';
import type {
  AdminStatistics,
  Business,
  BusinessInput,
  BusinessListQuery,
  CanEdit,
  CityGroups,
  DirectoryFilter,
  DirectorySummary,
  MapAnswer,
  MapQuery,
  Comment,
  Report,
  ReportInput,
  ReviewAction,
  Suggestion,
  SuggestionInput,
  User,
  VoteResult,
  VoteSummary,
  VoteType,
} from './types';
import { SIGNED_IN_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../cookies';

export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail`, or null when the answer had none (network failure, proxy page, ...). */
  readonly detail: string | null;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, detail: string | null, errors?: Record<string, string>) {
    super(detail ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }

  /** True when the request never got an answer (server down, offline). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * Duck-typed check: the shell and each remote bundle their own copy of this file,
 * so an ApiError thrown by the shell's client is not an `instanceof` the remote's class.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { name?: unknown }).name === 'ApiError' &&
      typeof (error as { status?: unknown }).status === 'number')
  );
}

/** The text a toast shows for a failed call: the server's detail, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.detail === 'string' && error.detail) return error.detail;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiClientOptions {
  /** Prefix for every path; '' (default) means same origin as the page (the shell proxies /api). */
  baseUrl?: string;
  /** Injected in tests. Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Returns `document.cookie`-style text. Injected in tests. */
  readCookies?: () => string;
}

export interface AdminStatusAnswer {
  is_admin: boolean;
}
export interface ResetPasswordInput {
  email_or_username: string;
  verification_code: string;
  new_password: string;
}
export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
}
export interface MessageAnswer {
  message?: string;
}
export interface PictureAnswer {
  picture: string;
  message?: string;
}

function browserCookies(): string {
  const doc = (globalThis as { document?: { cookie?: string } }).document;
  return doc?.cookie ?? '';
}

/** One cookie of `document.cookie`-style text, decoded. */
export function readCookie(cookies: string, name: string): string | null {
  return parseCookies(cookies)[name] ?? null;
}

/** `/api/auth/me` may answer the user itself or `{ user }`; an empty answer means nobody. */
export function normaliseUser(body: unknown): User | null {
  if (!body || typeof body !== 'object') return null;
  const candidate = 'user' in body && !('id' in body) ? (body as { user: unknown }).user : body;
  if (!candidate || typeof candidate !== 'object' || !('id' in candidate)) return null;
  return candidate as User;
}

/** Query string of a directory call: filters omitted when empty or 'all' (SPEC §7), other params as given. */
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

/** One page of GET /api/businesses with the paging headers read. */
export interface BusinessPage {
  businesses: Business[];
  total: number;
  nextCursor: string | null;
}

export interface RequestOptions {
  /** Aborts the request (TanStack Query passes one per query; a superseded search is cancelled). */
  signal?: AbortSignal;
}

export function createApiClient(options: ApiClientOptions = {}) {
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
      throw new ApiError(0, null);
    }
  }

  async function csrfToken(): Promise<string | null> {
    let token = readCookie(readCookies(), XSRF_COOKIE);
    if (token) return token;
    // No cookie yet: any answer from the API sets it; admin-status answers a visitor 200 (no console error).
    tokenRequest ??= doFetch(`${baseUrl}/api/auth/admin-status`, {
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
      throw new ApiError(response.status, detail, errors);
    }
    return data as T;
  }

  async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return parse<T>(await send(method, path, body));
  }

  const get = <T>(path: string, options: RequestOptions = {}) => send('GET', path, undefined, options.signal).then((response) => parse<T>(response));
  const post = <T>(path: string, body?: unknown) => call<T>('POST', path, body);
  const id = (value: number | string) => encodeURIComponent(String(value));

  return {
    // --- auth and account (SPEC §7) ---
    /** False when the API's signed-in hint cookie is absent: nobody is logged in, no need to ask me(). */
    mayBeSignedIn: (): boolean => readCookie(readCookies(), SIGNED_IN_COOKIE) !== null,
    /** Current user; null when logged out (a 401 answer). Other failures throw. */
    async me(): Promise<User | null> {
      try {
        return normaliseUser(await get<unknown>('/api/auth/me'));
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    login: async (input: { login: string; password: string }): Promise<User> => normaliseUser(await post<unknown>('/api/auth/login', input)) as User,
    signup: async (input: { email: string; username: string; name: string; password: string }): Promise<User> =>
      normaliseUser(await post<unknown>('/api/auth/signup', input)) as User,
    logout: () => post<MessageAnswer>('/api/auth/logout'),
    adminStatus: () => get<AdminStatusAnswer>('/api/auth/admin-status'),
    forgotPassword: (email_or_username: string) => post<MessageAnswer>('/api/auth/forgot-password', { email_or_username }),
    resetPassword: (input: ResetPasswordInput) => post<MessageAnswer>('/api/auth/reset-password', input),
    changePassword: (input: ChangePasswordInput) => post<MessageAnswer>('/api/auth/change-password', input),
    uploadProfilePicture(file: Blob, fileName = 'picture'): Promise<PictureAnswer> {
      const form = new FormData();
      form.append('file', file, (file as { name?: string }).name ?? fileName);
      return post<PictureAnswer>('/api/auth/upload-profile-picture', form);
    },
    deleteAccount: () => post<MessageAnswer>('/api/auth/delete-account'),

    // --- businesses ---
    async listBusinesses(query: BusinessListQuery = {}, options: RequestOptions = {}): Promise<BusinessPage> {
      const response = await send('GET', `/api/businesses${directoryQuery(query)}`, undefined, options.signal);
      const businesses = await parse<Business[]>(response);
      return {
        businesses: Array.isArray(businesses) ? businesses : [],
        total: Number(response.headers.get('X-Total-Count') ?? 0),
        nextCursor: nextCursorFromLink(response.headers.get('Link')),
      };
    },
    directorySummary: (filter: DirectoryFilter = {}, options?: RequestOptions) =>
      get<DirectorySummary>(`/api/businesses/summary${directoryQuery(filter)}`, options),
    cityGroups: (filter: DirectoryFilter = {}, options?: RequestOptions) =>
      get<CityGroups>(`/api/businesses/by-city${directoryQuery(filter)}`, options),
    mapView: (query: MapQuery, options?: RequestOptions) => get<MapAnswer>(`/api/businesses/map${directoryQuery(query)}`, options),
    categories: async (): Promise<string[]> => (await get<{ categories: string[] }>('/api/categories')).categories ?? [],
    cities: async (): Promise<string[]> => (await get<{ cities: string[] }>('/api/cities')).cities ?? [],
    getBusiness: (businessId: number | string, options?: RequestOptions) => get<Business>(`/api/businesses/${id(businessId)}`, options),
    createBusiness: (input: BusinessInput) => post<Business>('/api/businesses', input),
    updateBusiness: (businessId: number | string, input: BusinessInput) => call<Business>('PUT', `/api/businesses/${id(businessId)}`, input),
    canEdit: (businessId: number | string) => get<CanEdit>(`/api/businesses/${id(businessId)}/can-edit`),

    // --- votes, comments, suggestions, reports ---
    getVotes: (businessId: number | string) => get<VoteSummary>(`/api/businesses/${id(businessId)}/votes`),
    vote: (businessId: number | string, vote_type: VoteType) => post<VoteResult>(`/api/businesses/${id(businessId)}/vote`, { vote_type }),
    listComments: (businessId: number | string) => get<Comment[]>(`/api/businesses/${id(businessId)}/comments`),
    addComment: (businessId: number | string, comment_text: string) => post<Comment>(`/api/businesses/${id(businessId)}/comments`, { comment_text }),
    deleteComment: (commentId: number | string) => call<MessageAnswer>('DELETE', `/api/comments/${id(commentId)}`),
    listSuggestions: (businessId: number | string) => get<Suggestion[]>(`/api/businesses/${id(businessId)}/suggestions`),
    addSuggestion: (businessId: number | string, input: SuggestionInput) => post<Suggestion>(`/api/businesses/${id(businessId)}/suggestions`, input),
    createReport: (input: ReportInput) => post<Report>('/api/reports', input),

    // --- admin ---
    adminStatistics: () => get<AdminStatistics>('/api/admin/statistics'),
    pendingReports: () => get<Report[]>('/api/admin/reports/pending'),
    reportedBusinesses: () => get<Business[]>('/api/admin/businesses/reported'),
    reviewReport: (reportId: number | string, action: ReviewAction) =>
      post<MessageAnswer>(`/api/admin/reports/${id(reportId)}/review?action=${action}`),
    pendingSuggestions: () => get<Suggestion[]>('/api/admin/suggestions/pending'),
    reviewSuggestion: (suggestionId: number | string, action: ReviewAction) =>
      post<MessageAnswer>(`/api/admin/suggestions/${id(suggestionId)}/review?action=${action}`),
    adminDeleteBusiness: (businessId: number | string) => call<MessageAnswer>('DELETE', `/api/admin/businesses/${id(businessId)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
