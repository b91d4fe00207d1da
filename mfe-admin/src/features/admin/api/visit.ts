import type { QueryClient } from '@tanstack/react-query';

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
 * A list answer as the panel keeps it: a list (anything else counts as empty), without what is about
 * a business removed during this visit.
 */
export function pendingList<T>(answer: unknown, client: QueryClient, businessOf: (item: T) => number): T[] {
  const items = Array.isArray(answer) ? (answer as T[]) : [];
  const { removed } = adminVisit(client);
  return removed.size === 0 ? items : items.filter((item) => !removed.has(businessOf(item)));
}
