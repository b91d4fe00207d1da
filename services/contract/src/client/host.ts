/**
 * What the shell hands to each remote's root component. Types only: the shell
 * owns the instances (one session store, one toast system, one API client).
 */
import type { ApiClient } from './api-client';
import type { Language } from '../i18n/languages';
import type { MapTileSource } from './map-tiles';
import type { ScreenId } from './routes';
import type { User } from './types';

/** Structural subset of a zustand StoreApi, so remotes can `useStore(host.session, selector)`. */
export interface ReadableStore<T> {
  getState(): T;
  getInitialState(): T;
  subscribe(listener: (state: T, previousState: T) => void): () => void;
}

export interface LoginCredentials {
  login: string;
  password: string;
  /** Once the API answers 401 `totpRequired`, the code of the member's app or a recovery code. */
  totp_code?: string;
}

export interface SignupDetails {
  email: string;
  username: string;
  name: string;
  password: string;
}

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  user: User | null;
  status: SessionStatus;
  /** GET /api/auth/me; any error means logged out. */
  load(): Promise<void>;
  /** Throws ApiError on failure; sets the user on success. */
  login(credentials: LoginCredentials): Promise<User>;
  signup(details: SignupDetails): Promise<User>;
  /** Clears the user even when the call fails (the error is rethrown). */
  logout(): Promise<void>;
  /** For screens that change the user (picture upload, account deletion). */
  setUser(user: User | null): void;
}

export type ToastKind = 'success' | 'error' | 'info';

export interface Toaster {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

/** The page's language: the shell owns it; every app reads it and renders its own catalog. */
export interface LanguageState {
  language: Language;
  /** The reader's choice: the page switches at once; the shell remembers it (cookie, and the member's account). */
  setLanguage(language: Language): void;
}

export interface HostContext {
  productName: string;
  /** The map's background tiles and their attribution (the deployment's MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
  mapTiles: MapTileSource;
  api: ApiClient;
  session: ReadableStore<SessionState>;
  toast: Toaster;
  language: ReadableStore<LanguageState>;
}

export interface RemoteRootProps {
  host: HostContext;
  screen: ScreenId;
}

/**
 * What a remote's exposed root module exports besides its root component (`default`, taking RemoteRootProps):
 * `prepare`, which the host calls and waits for before its first render of the remote, with the screen it opens on.
 * The remote downloads that screen's code and the page language's words meanwhile, so the screen shows in one commit.
 */
export interface RemoteRootPreparation {
  prepare?: (screen?: ScreenId) => Promise<void>;
}

export interface RuntimeConfig {
  productName: string;
  mapTiles: MapTileSource;
  remotes: Record<'directory' | 'admin', string>;
}

declare global {
  interface Window {
    /** Set by the shell: the React instance it renders with ("one React" check). */
    __ZAYTOON_REACT__?: unknown;
  }
}
