import type { ComponentType, LazyExoticComponent } from 'react';
import type { RemoteName, RemoteRootProps } from '@zaytoon/contract/client';
import { lazyComponent, type TrackedPromise } from '@zaytoon/web-kit';

export type RemoteLoader = (name: RemoteName) => TrackedPromise<ComponentType<RemoteRootProps>>;

export interface RemoteRegistry {
  /** A lazy component per remote: the remote is fetched the first time it renders. */
  get(name: RemoteName): LazyExoticComponent<ComponentType<RemoteRootProps>>;
  /** Forget a failed load so "Try again" fetches it afresh. */
  reset(name: RemoteName): void;
}

export function createRemoteRegistry(load: RemoteLoader): RemoteRegistry {
  const cache = new Map<RemoteName, LazyExoticComponent<ComponentType<RemoteRootProps>>>();
  return {
    get(name) {
      let component = cache.get(name);
      if (!component) {
        component = lazyComponent(() => load(name));
        cache.set(name, component);
      }
      return component;
    },
    reset(name) {
      cache.delete(name);
    },
  };
}
