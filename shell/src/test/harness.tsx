import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ApiClient, HostContext, RemoteName, RemoteRootProps, User } from '@zaytoon/contract/client';
import { DEFAULT_MAP_TILES, type Language } from '@zaytoon/contract/client';
import { App } from '../App';
import { createPageLanguage } from '../i18n/languageStore';
import { createConnection, type Connection } from '../offline/connection';
import type { RemoteLoader } from '../remotes/registry';
import { createSessionStore, type SessionApi } from '../session/sessionStore';
import { createToastStore } from '../toast/toastStore';

export const adminUser: User = { id: 1, name: 'Amal Admin', username: 'admin', picture: null, is_admin: true };
export const memberUser: User = { id: 2, name: 'Sami Member', username: 'sami', picture: null, is_admin: false };

/** A fake remote root that prints which remote and screen the shell asked for. */
export function stubRemote(name: RemoteName): ComponentType<RemoteRootProps> {
  return function StubRemote({ screen }: RemoteRootProps) {
    return <div data-testid="stub-remote" data-remote={name} data-screen={screen}>{`${name}:${screen}`}</div>;
  };
}

export const stubLoader: RemoteLoader = async (name) => stubRemote(name);

export function fakeSessionApi(user: User | null): SessionApi {
  const answers: Record<string, unknown> = { me: user, login: memberUser, signup: memberUser, logout: { message: 'Successfully logged out!' } };
  return { mayBeSignedIn: () => user !== null, call: (async (route: string) => answers[route]) as SessionApi['call'] };
}

export function renderShell(
  path: string,
  {
    user = null,
    loader = stubLoader,
    loaded = true,
    api = {} as ApiClient,
    productName = 'Zaytoon',
    language = 'en',
    connection = createConnection(),
  }: {
    user?: User | null;
    loader?: RemoteLoader;
    loaded?: boolean;
    api?: ApiClient;
    productName?: string;
    language?: Language;
    connection?: Connection;
  } = {},
) {
  const session = createSessionStore(fakeSessionApi(user));
  if (loaded) session.setState({ user, status: 'ready' });
  const toasts = createToastStore(0);
  const host: HostContext = {
    productName,
    mapTiles: DEFAULT_MAP_TILES,
    api,
    session,
    toast: toasts.toaster,
    language: createPageLanguage(language),
  };
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <App host={host} toasts={toasts} connection={connection.store} loadRemote={loader} />
    </MemoryRouter>,
  );
  return { ...result, session, toasts, host };
}
