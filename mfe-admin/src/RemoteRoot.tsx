import React from 'react';
import type { RemoteRootProps } from '@zaytoon/client';
import { HostProvider } from './host';
import { injectStyles } from './injectStyles';
import { AdminPanel } from './screens/AdminPanel/AdminPanel';
import css from './styles.css?inline';

injectStyles('zaytoon-admin-styles', css);

/** Exposed as `zaytoon_admin/App`; the shell renders it on /admin for admins. */
export default function AdminRemoteRoot({ host, screen }: RemoteRootProps) {
  return (
    <HostProvider value={host}>
      <div
        className="za-root"
        data-testid="admin-root"
        data-remote="admin"
        data-screen={screen}
        data-same-react={String(typeof window !== 'undefined' && window.__ZAYTOON_REACT__ === React)}
      >
        <AdminPanel />
      </div>
    </HostProvider>
  );
}
