import React, { type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteRootProps, ScreenId } from '@zaytoon/client';
import { HostProvider } from './host';
import { injectStyles } from './injectStyles';
import { remoteQueryClient } from './lib/queryClient';
import { AccountSettingsScreen } from './screens/AccountSettings/AccountSettingsScreen';
import { AuthScreen } from './screens/Auth/AuthScreen';
import { BusinessDetailScreen } from './screens/BusinessDetail/BusinessDetailScreen';
import { BusinessFormScreen } from './screens/BusinessForm/BusinessFormScreen';
import { ChangePasswordScreen } from './screens/ChangePassword/ChangePasswordScreen';
import { DirectoryScreen } from './screens/Directory/DirectoryScreen';
import { ForgotPasswordScreen } from './screens/ForgotPassword/ForgotPasswordScreen';
import { Placeholder } from './screens/Placeholder';
import css from './styles.css?inline';

injectStyles('zaytoon-directory-styles', css);

const SCREENS: Partial<Record<ScreenId, ComponentType>> = {
  auth: AuthScreen,
  directory: DirectoryScreen,
  'business-detail': BusinessDetailScreen,
  'business-form': BusinessFormScreen,
  'forgot-password': ForgotPasswordScreen,
  'change-password': ChangePasswordScreen,
  'account-settings': AccountSettingsScreen,
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
          <Screen />
        </div>
      </QueryClientProvider>
    </HostProvider>
  );
}
