import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ApiClient, HostContext, SessionState, User } from '@zaytoon/client';
import { HostProvider } from '../host';

export const admin: User = { id: 1, name: 'Amal', username: 'amal', picture: null, is_admin: true };

export function fakeApi(overrides: Partial<Record<keyof ApiClient, (...args: never[]) => unknown>> = {}): ApiClient {
  return new Proxy({} as ApiClient, {
    get(target, key: string) {
      const record = target as unknown as Record<string, unknown>;
      if (!(key in record)) {
        const impl = overrides[key as keyof ApiClient] ?? (async () => []);
        record[key] = vi.fn(impl as (...args: unknown[]) => unknown);
      }
      return record[key];
    },
  });
}

export function fakeHost(parts: Partial<HostContext> = {}): HostContext {
  return {
    productName: 'Zaytoon',
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
    ...parts,
  };
}

export function renderWithHost(ui: ReactNode, host = fakeHost()) {
  return {
    ...render(
      <HostProvider value={host}>
        <MemoryRouter initialEntries={['/admin']}>{ui}</MemoryRouter>
      </HostProvider>,
    ),
    host,
  };
}
