import { useStore, type StoreApi } from 'zustand';
import styles from './Toaster.module.css';
import type { ToastState } from './toastStore';

export function Toaster({ store }: { store: StoreApi<ToastState> }) {
  const toasts = useStore(store, (state) => state.toasts);
  const dismiss = useStore(store, (state) => state.dismiss);
  return (
    <div className={styles.toaster} role="status" aria-live="polite" data-testid="toaster">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-testid="toast" data-kind={toast.kind}>
          {/* toast__message: unscoped on purpose, the browser tests find a toast's text by it (infra/e2e/{admin,directory}/helpers.ts) */}
          <span className={`${styles.message} toast__message`}>{toast.message}</span>
          <button type="button" className={styles.close} aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
