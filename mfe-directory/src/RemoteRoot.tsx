import React, { Suspense, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { APP_ROUTES, type RemoteRootProps, type ScreenId } from '@zaytoon/contract/client';
import { HostProvider, openingPageLanguage } from '@zaytoon/web-kit';
import { preloadMessages } from './i18n/list-messages';
import { lazyNamed, type PreloadableLazy } from './lib/lazyNamed';
import { remoteQueryClient } from './lib/queryClient';

import { DirectoryScreen } from './screens/Directory/DirectoryScreen';
import { PageSpinner } from './ui/Spinner';
import root from './RemoteRoot.module.css';

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

/** The screen of the page being opened, when it is one of this remote's. */
function openingScreen(): ScreenId | undefined {
  if (typeof window === 'undefined') return undefined;
  return APP_ROUTES.find((route) => route.owner === 'directory' && matchPath(route.path, window.location.pathname))?.screen;
}

// The shell loads this module before React renders the route: the opening screen's code (a business page's,
// say) downloads now, and this module is ready once it is in. The page then shows the screen in one commit,
// with no spinner that React would keep up for its fallback throttle (300 ms).
// The page language's words arrive beside it (English is bundled).
const opening = openingScreen();
await Promise.all([
  opening && (SCREENS[opening] as Partial<PreloadableLazy<ComponentType>> | undefined)?.preload?.(),
  preloadMessages(openingPageLanguage()),
]);

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
