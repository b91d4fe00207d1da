import React, { Suspense, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteRootProps, ScreenId } from '@zaytoon/contract/client';
import { HostProvider, openingPageLanguage } from '@zaytoon/web-kit';
import { preloadMessages } from './i18n/list-messages';
import { lazyNamed, type PreloadableLazy } from './lib/lazyNamed';
import { remoteQueryClient } from './lib/queryClient';

import { DirectoryScreen } from './screens/Directory/DirectoryScreen';
import { PageSpinner } from './ui/Spinner';
import root from './DirectoryApp.module.css';

// /browse comes with this module; every other screen downloads (with its styles) when first opened,
// so a first visit to /browse pays for nothing else.
const SCREENS: Partial<Record<ScreenId, ComponentType>> = {
  directory: DirectoryScreen,
  'business-detail': lazyNamed(() => import('./screens/BusinessDetail/BusinessDetailScreen'), 'BusinessDetailScreen'),
  auth: lazyNamed(() => import('./screens/Auth/AuthScreen'), 'AuthScreen'),
  'business-form': lazyNamed(() => import('./screens/BusinessForm/BusinessFormScreen'), 'BusinessFormScreen'),
  'forgot-password': lazyNamed(() => import('./screens/ForgotPassword/ForgotPasswordScreen'), 'ForgotPasswordScreen'),
  'change-password': lazyNamed(() => import('./screens/ChangePassword/ChangePasswordScreen'), 'ChangePasswordScreen'),
  'account-settings': lazyNamed(() => import('./screens/AccountSettings/AccountSettingsScreen'), 'AccountSettingsScreen'),
  'confirm-listing': lazyNamed(() => import('./screens/ConfirmListing/ConfirmListingScreen'), 'ConfirmListingScreen'),
  'unsubscribe-alert': lazyNamed(() => import('./screens/UnsubscribeAlert/UnsubscribeAlertScreen'), 'UnsubscribeAlertScreen'),
  'confirm-email': lazyNamed(() => import('./screens/ConfirmEmail/ConfirmEmailScreen'), 'ConfirmEmailScreen'),
  'open-data': lazyNamed(() => import('./screens/OpenData/OpenDataScreen'), 'OpenDataScreen'),
  'brand-alternatives': lazyNamed(() => import('./screens/BrandAlternatives/BrandAlternativesScreen'), 'BrandAlternativesScreen'),
};
/** A screen of the route table this remote does not have (yet): rare, so it downloads only when shown. */
const Placeholder = lazyNamed(() => import('./screens/Placeholder'), 'Placeholder');

/**
 * Before the host's first render of `screen`: its code (a business page's, say) and the page language's words (English is
 * bundled) download now, so the page shows the screen in one commit, with no spinner that React would keep up for its
 * fallback throttle (300 ms).
 */
export function prepareScreen(screen: ScreenId | undefined): Promise<unknown> {
  return Promise.all([
    screen && (SCREENS[screen] as Partial<PreloadableLazy<ComponentType>> | undefined)?.preload?.(),
    preloadMessages(openingPageLanguage()),
  ]);
}

/**
 * The directory's screens, for every directory route of SPEC §2: the shell says which screen to show; route params come
 * from the shell's router (react-router-dom is a shared singleton). Server state lives in the remote's one QueryClient.
 */
export function DirectoryApp({ host, screen }: RemoteRootProps) {
  const Screen = SCREENS[screen] ?? Placeholder;
  return (
    <HostProvider value={host}>
      <QueryClientProvider client={remoteQueryClient()}>
        <div
          className={root.root}
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
