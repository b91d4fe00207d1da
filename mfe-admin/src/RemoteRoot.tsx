import React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteRootProps } from '@zaytoon/contract/client';
import { HostProvider, injectStyles, openingPageLanguage } from '@zaytoon/web-kit';
import { preloadContractMessages } from '@zaytoon/web-kit/contract-messages';
import { preloadMessages } from './i18n/messages';
import { remoteQueryClient } from './lib/queryClient';
import { AdminPanel } from './screens/AdminPanel/AdminPanel';
import css from './styles.css?inline';
import root from './RemoteRoot.module.css';

injectStyles('zaytoon-admin-styles', css);

/** The host calls this, and waits, before its first render: the panel's words in the page's language, its own and the contract's (toasts, confirmations), are in by then. */
export async function prepare(): Promise<void> {
  await Promise.all([preloadMessages(openingPageLanguage()), preloadContractMessages(openingPageLanguage())]);
}

/**
 * Exposed as `zaytoon_admin/App`; the shell renders it on /admin for admins. Server state lives in the
 * remote's one QueryClient (one per page load).
 */
export default function AdminRemoteRoot({ host, screen }: RemoteRootProps) {
  return (
    <HostProvider value={host}>
      <QueryClientProvider client={remoteQueryClient(host)}>
        <div
          className={root.root}
          data-testid="admin-root"
          data-remote="admin"
          data-screen={screen}
          data-same-react={String(typeof window !== 'undefined' && window.__ZAYTOON_REACT__ === React)}
        >
          <AdminPanel />
        </div>
      </QueryClientProvider>
    </HostProvider>
  );
}
