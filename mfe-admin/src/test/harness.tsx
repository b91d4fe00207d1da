import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_MAP_TILES, type HostContext, type Language, type SessionState, type User } from '@zaytoon/contract/client';
import { HostProvider } from '@zaytoon/web-kit';
import { fakeApi } from '@zaytoon/web-kit/fake-api';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { createQueryClient } from '../lib/queryClient';

export const admin: User = { id: 1, name: 'Amal', username: 'amal', picture: null, is_admin: true };

export { fakeApi, routeFake, type RouteFakes } from '@zaytoon/web-kit/fake-api';
/** The shell's host for a test; `inLanguage` is the page's language (its catalog loads on the first render). */
export function fakeHost({ inLanguage = 'en', ...parts }: Partial<HostContext> & { inLanguage?: Language } = {}): HostContext {
  return {
    productName: 'Zaytoon',
    mapTiles: DEFAULT_MAP_TILES,
    api: fakeApi(),
    session: createStore<SessionState>()(() => ({
      user: admin,
      status: 'ready',
      load: async () => {},
      login: async () => admin,
      signup: async () => admin,
      logout: async () => {},
      setUser: () => {},
    })),
    toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
    language: createLanguageStore(inLanguage),
    ...parts,
  };
}

const clients = new Set<QueryClient>();

/**
 * A fresh cache, as after a page load, toasting through `host`; no retries of failed loads (a failing
 * fake answers at once). The statistics keep their own retries: they are what re-reads stale ones.
 */
export function testQueryClient(host: HostContext): QueryClient {
  const client = createQueryClient({ toast: host.toast, language: host.language, defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  clients.add(client);
  return client;
}

/** After each test: stops what the test's caches still have in flight (the statistics' retries). */
export function clearTestQueryClients(): void {
  for (const client of clients) client.clear();
  clients.clear();
}

/** Renders `ui` on /admin with the shell's host and a page load's QueryClient, in a Suspense boundary as the shell's remote slot is (a language other than English suspends the first render until its catalog is in). */
export function renderWithHost(ui: ReactNode, host = fakeHost(), queryClient = testQueryClient(host), path = '/admin') {
  return {
    ...render(
      <HostProvider value={host}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Suspense>{ui}</Suspense>
          </MemoryRouter>
        </QueryClientProvider>
      </HostProvider>,
    ),
    host,
    queryClient,
  };
}
