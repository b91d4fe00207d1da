import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_MAP_TILES, type BusinessDetail, type HostContext, type Language, type SessionState, type User } from '@zaytoon/contract/client';
import { HostProvider } from '@zaytoon/web-kit';
import { fakeApi as fakeRoutes, routeFake, type RouteFakes } from '@zaytoon/web-kit/fake-api';
import { createLanguageStore } from '@zaytoon/web-kit/language-store';
import { createQueryClient } from '../lib/queryClient';
import { summary } from './directoryFakes';

export const member: User = { id: 2, name: 'Sami', username: 'sami', picture: null, is_admin: false };
export const admin: User = { id: 1, name: 'Amal', username: 'amal', picture: null, is_admin: true };

export function business(overrides: Partial<BusinessDetail> = {}): BusinessDetail {
  return {
    id: 1,
    name: 'Olive Tree Cafe',
    name_latin: null,
    address: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    category: 'Cafe',
    description: 'Coffee and knafeh',
    phone: '0113 000 0000',
    website: 'https://olive.example',
    proof_of_support: 'Donates to MAP',
    business_hours: {},
    special_hours: [],
    social_media: {},
    latitude: null,
    longitude: null,
    location_precision: 'exact',
    vote_score: 0,
    upvotes: 0,
    downvotes: 0,
    verified: false,
    verification: { status: 'never', method: null, date: null, due_date: null },
    created_at: '2024-03-05T10:00:00Z',
    report_count: 0,
    latest_reports: [],
    cover: null,
    sources: [],
    protection: null,
    ...overrides,
  };
}

export const NO_CONFIRMATIONS = { confirmed_by: 0, latest_confirmed_at: null, your_answer: null };

const EMPTY_ANSWERS: RouteFakes = {
  listBusinesses: async () => ({ items: [], total: 0, nextCursor: null }),
  listComments: async () => ({ items: [], total: 0, nextCursor: null }),
  listPhotos: async () => ({ items: [], total: 0, nextCursor: null }),
  directorySummary: async () => summary(),
  cityGroups: async () => ({ groups: [] }),
  mapVersion: async () => ({ version: 1 }),
  mapTile: async ({ params }) => ({ ...params, version: 1, items: [] }),
  categories: async () => ({ categories: [] }),
  cities: async () => ({ cities: [] }),
  confirmationSummary: async () => NO_CONFIRMATIONS,
  listAlerts: async () => [],
  listBrands: async () => [],
  productTypes: async () => [],
};

/** A fake API: each route answers from its fake, else with an empty answer (see @zaytoon/web-kit/fake-api). */
export const fakeApi = (routes: RouteFakes = {}) => fakeRoutes(routes, EMPTY_ANSWERS);
export { routeFake, type RouteFakes };

export function fakeSession(user: User | null = null, actions: Partial<SessionState> = {}) {
  return createStore<SessionState>()((set) => ({
    user,
    status: 'ready',
    load: async () => {},
    login: vi.fn(async () => {
      set({ user: member });
      return member;
    }),
    signup: vi.fn(async () => {
      set({ user: member });
      return member;
    }),
    logout: vi.fn(async () => set({ user: null })),
    setUser: (next) => set({ user: next }),
    ...actions,
  }));
}

export function fakeHost(parts: Partial<HostContext> = {}): HostContext {
  return {
    productName: 'Zaytoon',
    mapTiles: DEFAULT_MAP_TILES,
    api: fakeApi(),
    session: fakeSession(),
    toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
    language: createLanguageStore(),
    ...parts,
  };
}

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="location-search">{location.search}</output>
    </>
  );
}

/** A fresh cache per test, no retries (a failing fake answers at once). */
export function testQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/**
 * Renders `ui` at `path` (matched against `pattern`), with the route params a shell would give. In a `language` other
 * than English the first render waits for its catalog: find the screen with `await screen.findBy...`.
 */
export function renderScreen(
  ui: ReactNode,
  {
    path = '/',
    pattern,
    language,
    host = fakeHost(language ? { language: createLanguageStore(language) } : {}),
    queryClient = testQueryClient(),
  }: { path?: string; pattern?: string; language?: Language; host?: HostContext; queryClient?: QueryClient } = {},
) {
  const route = pattern ?? path.split('?')[0];
  const result = render(
    <HostProvider value={host}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </HostProvider>,
  );
  return { ...result, host, queryClient };
}

/**
 * The texts a control's `aria-describedby` points at (its hint, character count and error), in order;
 * null for an id that names no element. Empty when the control has no description.
 */
export function descriptions(control: HTMLElement): (string | null)[] {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => control.ownerDocument.getElementById(id)?.textContent ?? null);
}
