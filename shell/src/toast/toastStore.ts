import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Toaster, ToastKind } from '@zaytoon/contract/client';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastState {
  toasts: ToastItem[];
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
}

export const TOAST_DURATION_MS = 5000;
const MAX_VISIBLE = 4;

/** A tiny toast system: a store plus <Toaster/>; remotes get the `Toaster` facade. */
export function createToastStore(durationMs = TOAST_DURATION_MS): StoreApi<ToastState> & { toaster: Toaster } {
  let nextId = 1;
  const store = createStore<ToastState>()((set, get) => ({
    toasts: [],
    show(kind, message) {
      // The shell and a screen may both tell of one event (an expired session): it is said once.
      const shown = get().toasts.find((toast) => toast.kind === kind && toast.message === message);
      if (shown) return shown.id;
      const id = nextId++;
      set({ toasts: [...get().toasts, { id, kind, message }].slice(-MAX_VISIBLE) });
      if (durationMs > 0) setTimeout(() => get().dismiss(id), durationMs);
      return id;
    },
    dismiss(id) {
      set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
    },
  }));
  const toaster: Toaster = {
    success: (message) => void store.getState().show('success', message),
    error: (message) => void store.getState().show('error', message),
    info: (message) => void store.getState().show('info', message),
  };
  return Object.assign(store, { toaster });
}
