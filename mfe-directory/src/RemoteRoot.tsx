import React, { Suspense, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteRootProps, ScreenId } from '@zaytoon/client';
import { HostProvider } from './host';
import { injectStyles } from './injectStyles';
import { lazyNamed } from './lib/lazyNamed';
import { remoteQueryClient } from './lib/queryClient';
import { withScreenStyles } from './screenStyles';

import { DirectoryScreen } from './screens/Directory/DirectoryScreen';
import { Placeholder } from './screens/Placeholder';
import css from './styles.css?inline';
import { PageSpinner } from './ui/Spinner';

injectStyles('zaytoon-directory-styles', css);

// /browse comes with this module; every other screen downloads (with its styles) when first opened,
// so a first visit to /browse pays for nothing else.
const SCREENS: Partial<Record<ScreenId, ComponentType>> = {
  directory: DirectoryScreen,
  'business-detail': lazyNamed(() => withScreenStyles(import('./screens/BusinessDetail/BusinessDetailScreen')), 'BusinessDetailScreen'),
  auth: lazyNamed(() => withScreenStyles(import('./screens/Auth/AuthScreen')), 'AuthScreen'),
  'business-form': lazyNamed(() => withScreenStyles(import('./screens/BusinessForm/BusinessFormScreen')), 'BusinessFormScreen'),
  'forgot-password': lazyNamed(() => withScreenStyles(import('./screens/ForgotPassword/ForgotPasswordScreen')), 'ForgotPasswordScreen'),
  'change-password': lazyNamed(() => withScreenStyles(import('./screens/ChangePassword/ChangePasswordScreen')), 'ChangePasswordScreen'),
  'account-settings': lazyNamed(() => withScreenStyles(import('./screens/AccountSettings/AccountSettingsScreen')), 'AccountSettingsScreen'),
};

/**
 * Exposed as `zaytoon_directory/App`. The shell renders it for every directory route
 * of SPEC §2 and says which screen to show; route params come from the shell's router
 * (react-router-dom is a shared singleton). Server state lives in the remote's one QueryClient.
 */
export default function DirectoryRemoteRoot({ host, screen }: RemoteRootProps) {
  const Screen = SCREENS[screen] ?? Placeholder;
  return (
    <HostProvider value={host}>
      <QueryClientProvider client={remoteQueryClient()}>
        <div
          className="zd-root"
          data-testid="directory-root"
          data-remote="directory"
          data-screen={screen}
          data-same-react={String(typeof window !== 'undefined' && window.__ZAYTOON_REACT__ === React)}
        >
          {/* Keyed: while the next screen downloads, the last one is gone, not kept hidden and listening. */}
          <Suspense key={screen} fallback={<PageSpinner />}>
            <Screen />
          </Suspense>
        </div>
      </QueryClientProvider>
    </HostProvider>
  );
}
