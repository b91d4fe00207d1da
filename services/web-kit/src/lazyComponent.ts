import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature allows
type AnyComponent = ComponentType<any>;

/** A promise carrying React's thenable fields once it settles, so that code can read its answer without waiting. */
export type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T };

/** Marks the promise with React's thenable fields (`status`, `value`, `reason`) as it settles. */
export function trackSettlement<T>(promise: Promise<T>): TrackedPromise<T> {
  const tracked = promise as TrackedPromise<T> & { reason?: unknown };
  promise.then(
    (value) => void Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(tracked, { status: 'rejected', reason }),
  );
  return tracked;
}

/**
 * React.lazy for a component whose download may already have finished (preloaded, tracked with trackSettlement):
 * then its first render shows it at once. A lazy component that suspends shows its fallback, and React holds the
 * content back until 300 ms after that fallback appeared (its fallback throttle), although nothing is left to wait for.
 */
export function lazyComponent<Component extends AnyComponent>(load: () => TrackedPromise<Component>): LazyExoticComponent<Component> {
  return lazy(() => {
    const download = load();
    if (download.status === 'fulfilled') {
      const module = { default: download.value as Component };
      // React reads the module at once from a thenable that calls back synchronously.
      return { then: (onFulfilled: (loaded: typeof module) => void) => onFulfilled(module) } as unknown as Promise<typeof module>;
    }
    return download.then((component) => ({ default: component }));
  });
}
