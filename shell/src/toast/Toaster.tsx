import { useStore, type StoreApi } from 'zustand';
import type { ToastState } from './toastStore';

export function Toaster({ store }: { store: StoreApi<ToastState> }) {
  const toasts = useStore(store, (state) => state.toasts);
  const dismiss = useStore(store, (state) => state.dismiss);
  return (
    <div className="toaster" role="status" aria-live="polite" data-testid="toaster">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid="toast" data-kind={toast.kind}>
          <span className="toast__message">{toast.message}</span>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
