import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyComponent, openingPageLanguage, trackSettlement, type TrackedPromise } from '@zaytoon/web-kit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature allows
type AnyComponent = ComponentType<any>;

export type PreloadableLazy<Component extends AnyComponent> = LazyExoticComponent<Component> & {
  /** Starts the download now; the first render then takes it over (one download), without suspending once it is in. Settles when it is in or has failed. */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a module's named export: the component's code downloads the first time it renders, or
 * earlier with preload(). A failed download is forgotten, so the next attempt downloads afresh.
 * The later parts show the contract's messages (toasts, confirmations, labels): a part is ready once they are in, in the
 * page's language, so it never shows them in English first.
 */
export function lazyNamed<Module extends Record<Name, AnyComponent>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): PreloadableLazy<Module[Name]> {
  let download: TrackedPromise<Module[Name]> | undefined;
  const loadOnce = () =>
    (download ??= trackSettlement(
      Promise.all([load(), preloadContractMessages()]).then(
        ([module]) => module[name],
        (error: unknown) => {
          download = undefined;
          throw error;
        },
      ),
    ));
  return Object.assign(lazyComponent(loadOnce), {
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}

const preloadContractMessages = () =>
  import('@zaytoon/web-kit/contract-messages').then((messages) => messages.preloadContractMessages(openingPageLanguage()));
