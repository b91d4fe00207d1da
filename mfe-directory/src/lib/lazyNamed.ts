import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature allows
type AnyComponent = ComponentType<any>;

export type PreloadableLazy<Component extends AnyComponent> = LazyExoticComponent<Component> & {
  /** Starts the download now; the first render then takes it over (one download). */
  preload: () => void;
};

/**
 * React.lazy for a module's named export: the component's code downloads the first time it renders, or
 * earlier with preload(). A failed download is forgotten, so the next attempt downloads afresh.
 */
export function lazyNamed<Module extends Record<Name, AnyComponent>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): PreloadableLazy<Module[Name]> {
  let download: Promise<Module> | undefined;
  const loadOnce = () =>
    (download ??= load().catch((error: unknown) => {
      download = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: (await loadOnce())[name] })),
    { preload: () => void loadOnce().catch(() => undefined) },
  );
}
