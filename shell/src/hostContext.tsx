import { createContext, useContext } from 'react';
import type { HostContext } from '@zaytoon/contract/client';

const Context = createContext<HostContext | null>(null);

export const HostProvider = Context.Provider;

export function useHost(): HostContext {
  const host = useContext(Context);
  if (!host) throw new Error('useHost() needs a <HostProvider>');
  return host;
}
