import { useStore, type StoreApi } from 'zustand';
import { useMessages } from '../i18n/messages';
import type { ConnectionState } from './connection';
import styles from './OfflineBanner.module.css';

/** 'Offline: showing saved results' over every page while the app reads what the service worker kept. */
export function OfflineBanner({ store }: { store: StoreApi<ConnectionState> }) {
  const offline = useStore(store, (state) => state.offline);
  const t = useMessages();
  if (!offline) return null;
  return (
    <p role="status" className={styles.banner} data-testid="offline-banner">
      {t('offline.savedResults')}
    </p>
  );
}
