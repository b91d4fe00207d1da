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

/** The module each remote exposes: a root component taking `RemoteRootProps`. */
export const REMOTE_EXPOSED_ROOT = './App';

/** Federation container names (must match each remote's module-federation.config.ts). */
export const REMOTE_CONTAINERS: Record<RemoteName, string> = {
  directory: 'zaytoon_directory',
  admin: 'zaytoon_admin',
};
