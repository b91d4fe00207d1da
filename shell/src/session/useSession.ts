import { useStore } from 'zustand';
import type { SessionState } from '@zaytoon/contract/client';
import { useHost } from '../hostContext';

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useHost().session, selector);
}
