import type { QueryClient } from '@tanstack/react-query';
import type { ListPage } from '@zaytoon/contract/client';

/**
 * What this page load's accepted decisions taught the panel. It lives beside the page's one
 * QueryClient (the shell mounts the panel again on every visit to /admin; the cache and this stay).
 */
export interface AdminVisit {
  /** Client time of the last accepted decision (0: none yet): statistics computed before it are stale. */
  changedAt: number;
  /** Businesses removed during the visit: the server may list their suggestions until the cascade job runs. */
  removed: Set<number>;
}

const visits = new WeakMap<QueryClient, AdminVisit>();

export function adminVisit(client: QueryClient): AdminVisit {
  let visit = visits.get(client);
  if (!visit) {
    visit = { changedAt: 0, removed: new Set() };
    visits.set(client, visit);
  }
  return visit;
}

/**
 * A queue's page as the panel keeps it: without what is about a business removed during this visit (the server may
 * list it until the cascade job has run), and counting none of it.
 */
export function pendingPage<T>(page: ListPage<T>, client: QueryClient, businessOf: (item: T) => number): ListPage<T> {
  const { removed } = adminVisit(client);
  if (removed.size === 0) return page;
  const items = page.items.filter((item) => !removed.has(businessOf(item)));
  return { ...page, items, total: Math.max(0, page.total - (page.items.length - items.length)) };
}
