/**
 * SPEC §2 route table: which app renders each path. The shell builds its router
 * from this list; the remotes only receive the `screen` id.
 */
export type RemoteName = 'directory' | 'admin';
export type RouteOwner = 'shell' | RemoteName;

/**
 * public    - anyone
 * guest     - public, but a logged-in user is sent to /dashboard (the auth screen)
 * protected - needs a user; spinner while the session loads, else redirect to /login
 * admin     - protected, and the admin remote is only downloaded for admins
 */
export type RouteAccess = 'public' | 'guest' | 'protected' | 'admin';

export type ScreenId =
  | 'landing'
  | 'auth'
  | 'forgot-password'
  | 'change-password'
  | 'account-settings'
  | 'directory'
  | 'business-form'
  | 'business-detail'
  | 'confirm-listing'
  | 'unsubscribe-alert'
  | 'confirm-email'
  | 'open-data'
  | 'brand-alternatives'
  | 'admin-panel';

export interface AppRoute {
  path: string;
  owner: RouteOwner;
  screen: ScreenId;
  access: RouteAccess;
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', owner: 'shell', screen: 'landing', access: 'public' },
  { path: '/login', owner: 'directory', screen: 'auth', access: 'guest' },
  { path: '/forgot-password', owner: 'directory', screen: 'forgot-password', access: 'public' },
  { path: '/change-password', owner: 'directory', screen: 'change-password', access: 'protected' },
  { path: '/account-settings', owner: 'directory', screen: 'account-settings', access: 'protected' },
  { path: '/dashboard', owner: 'directory', screen: 'directory', access: 'public' },
  { path: '/browse', owner: 'directory', screen: 'directory', access: 'public' },
  { path: '/add-business', owner: 'directory', screen: 'business-form', access: 'protected' },
  { path: '/edit-business/:id', owner: 'directory', screen: 'business-form', access: 'protected' },
  { path: '/business/:id', owner: 'directory', screen: 'business-detail', access: 'public' },
  // The owners' freshness reminder links here with ?token=: the page confirms on open (a mail scanner's GET does not).
  { path: '/confirm-listing', owner: 'directory', screen: 'confirm-listing', access: 'public' },
  // Alert mails link here with ?token=: the page ends the alert on open, with a POST.
  { path: '/unsubscribe-alert', owner: 'directory', screen: 'unsubscribe-alert', access: 'public' },
  // The email confirmation mail links here with ?token=: the member's click confirms (a scanner's visit does not).
  { path: '/confirm-email', owner: 'directory', screen: 'confirm-email', access: 'public' },
  // The open data files, their licence and the API's reference.
  { path: '/open-data', owner: 'directory', screen: 'open-data', access: 'public' },
  // A boycotted brand's page: why, with its sources, and the businesses that are alternatives to it.
  { path: '/alternatives/:slug', owner: 'directory', screen: 'brand-alternatives', access: 'public' },
  { path: '/admin', owner: 'admin', screen: 'admin-panel', access: 'admin' },
];

/** The route a path belongs to, with its `:param` values; undefined for a path no route has. */
export function matchAppRoute(pathname: string): { route: AppRoute; params: Record<string, string> } | undefined {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of APP_ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(parts[index]);
        return true;
      }
      return part === parts[index];
    });
    if (matches) return { route, params };
  }
  return undefined;
}

/** The tab's title: 'Browse · Zaytoon'; the product name alone for the landing page. */
export function pageTitle(what: string | null, productName: string): string {
  return what ? `${what} · ${productName}` : productName;
}

/** Pages a visitor is never sent back to after logging in: the auth flow itself, and the landing page (SPEC: /dashboard). */
const NOT_RETURN_TARGETS = new Set<ScreenId>(['auth', 'forgot-password', 'landing']);

/**
 * Where login sends the visitor back to: a path of this site (a route of the table, with its query), else null.
 * Anything else (another origin, '//host', 'javascript:', an unknown path) is refused: no open redirect.
 */
export function loginReturnTarget(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  const site = 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(candidate, site);
  } catch {
    return null;
  }
  if (url.origin !== site) return null;
  const matched = matchAppRoute(url.pathname);
  if (!matched || NOT_RETURN_TARGETS.has(matched.route.screen)) return null;
  return url.pathname + url.search + url.hash;
}

/** The location state that carries a return target to /login (`navigate('/login', { state })`). */
export interface LoginLocationState {
  from: string;
}

/** The return target carried by a location's state, checked; null when there is none. */
export function returnTargetOf(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  return loginReturnTarget((state as Partial<LoginLocationState>).from);
}

/** The module each remote exposes: a root component taking `RemoteRootProps`. */
export const REMOTE_EXPOSED_ROOT = './App';

/** Federation container names (must match each remote's module-federation.config.ts). */
export const REMOTE_CONTAINERS: Record<RemoteName, string> = {
  directory: 'zaytoon_directory',
  admin: 'zaytoon_admin',
};
