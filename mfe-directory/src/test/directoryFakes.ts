import type { Business, DirectorySummary, ListPage } from '@zaytoon/contract/client';

export function summary(overrides: Partial<DirectorySummary> = {}): DirectorySummary {
  return {
    total: 0,
    on_map: 0,
    not_on_map: 0,
    coverage: 0,
    cities: 0,
    cities_on_map: 0,
    most_active: [],
    bounds: null,
    ...overrides,
  };
}

export function page(businesses: Business[], total = businesses.length, nextCursor: string | null = null): ListPage<Business> {
  return { items: businesses, total, nextCursor };
}

/** One page of another paged list (comments). */
export function listPage<Item>(items: Item[], total = items.length, nextCursor: string | null = null): ListPage<Item> {
  return { items, total, nextCursor };
}

/** A promise that rejects like fetch does when its signal aborts, and otherwise never settles. */
export function pendingUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
