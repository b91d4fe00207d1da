import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { HostContext, SessionState } from '@zaytoon/contract/client';

const Context = createContext<HostContext | null>(null);

export const HostProvider = Context.Provider;

/** Everything the shell hands over: product name, API client, session store, toasts. The context is module-level: each app bundles the kit, so each remote has its own. */
export function useHost(): HostContext {
  const host = useContext(Context);
  if (!host) throw new Error('useHost() needs a <HostProvider>');
  return host;
}

/** Reads the shell's session store (a zustand store, read with this remote's own useStore), re-rendering on change. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useHost().session, selector);
}
