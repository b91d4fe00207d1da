import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminStatistics, Business, ListPage, PlainMessageCode, Report, Suggestion } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText, type ContractTranslate } from '@zaytoon/web-kit/contract-messages';
import type { AdminState } from '../adminState';
import { adminKeys } from './keys';
import { adminVisit } from './visit';

/** The pages of a queue read so far, as the query cache holds them. */
type QueuePages<Item> = InfiniteData<ListPage<Item>>;

/** The panel's four answers as the cache holds them (undefined: not loaded). */
export interface PanelSnapshot {
  stats: AdminStatistics | undefined;
  reports: QueuePages<Report> | undefined;
  suggestions: QueuePages<Suggestion> | undefined;
  businesses: QueuePages<Business> | undefined;
  /** The queues narrowed by a search or a filter. */
  narrowed?: NarrowedQueue[];
}

type Queue = 'reports' | 'suggestions' | 'businesses';

/** A queue narrowed by a search or a filter (a key under the whole queue's) as the cache holds it. */
interface NarrowedQueue {
  queue: Queue;
  key: QueryKey;
  pages: QueuePages<{ id: number }>;
}

function readNarrowed(client: QueryClient): NarrowedQueue[] {
  return (['reports', 'suggestions', 'businesses'] as const).flatMap((queue) => {
    const whole = adminKeys[queue]();
    return client
      .getQueriesData<QueuePages<{ id: number }>>({ queryKey: whole, predicate: (query) => query.queryKey.length > whole.length })
      .flatMap(([key, pages]) => (pages ? [{ queue, key, pages }] : []));
  });
}

/** Each narrowed queue with what the decision left of its items. */
function changeNarrowed(client: QueryClient, narrowed: NarrowedQueue[], change: (state: AdminState) => AdminState): void {
  for (const { queue, key, pages } of narrowed) {
    const state: AdminState = { stats: null, reports: [], suggestions: [], businesses: [], [queue]: itemsOf(pages) };
    const after = change(state)[queue] as { id: number }[];
    client.setQueryData(key, keepOnPages(pages, after));
  }
}

function readPanel(client: QueryClient): PanelSnapshot {
  return {
    stats: client.getQueryData<AdminStatistics>(adminKeys.statistics()),
    reports: client.getQueryData<QueuePages<Report>>(adminKeys.reports()),
    suggestions: client.getQueryData<QueuePages<Suggestion>>(adminKeys.suggestions()),
    businesses: client.getQueryData<QueuePages<Business>>(adminKeys.businesses()),
  };
}

const itemsOf = <Item>(pages: QueuePages<Item> | undefined): Item[] => pages?.pages.flatMap((page) => page.items) ?? [];

/**
 * The pages with what a decision left of their items (`after`, by id: gone, or changed as a reported business's
 * count is), and each page's total down by as many as left.
 */
function keepOnPages<Item extends { id: number }>(pages: QueuePages<Item> | undefined, after: Item[]): QueuePages<Item> | undefined {
  if (!pages) return pages;
  const kept = new Map(after.map((item) => [item.id, item]));
  const gone = itemsOf(pages).length - after.length;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((item) => kept.get(item.id) ?? []),
      total: Math.max(0, page.total - gone),
    })),
  };
}

/** Writes the answers that are there; one not loaded yet stays unloaded. */
function writePanel(client: QueryClient, panel: PanelSnapshot): void {
  if (panel.stats) client.setQueryData(adminKeys.statistics(), panel.stats);
  if (panel.reports) client.setQueryData(adminKeys.reports(), panel.reports);
  if (panel.suggestions) client.setQueryData(adminKeys.suggestions(), panel.suggestions);
  if (panel.businesses) client.setQueryData(adminKeys.businesses(), panel.businesses);
  for (const { key, pages } of panel.narrowed ?? []) client.setQueryData(key, pages);
}

/**
 * onMutate: answers in flight left before the decision, so they are dropped; then the decision shows
 * at once through one of adminState's pure updaters. Returns what to put back if the server refuses.
 */
async function showDecision(client: QueryClient, change: (state: AdminState) => AdminState): Promise<PanelSnapshot> {
  await client.cancelQueries({ queryKey: adminKeys.all });
  const before = readPanel(client);
  const after = change({
    stats: before.stats ?? null,
    reports: itemsOf(before.reports),
    suggestions: itemsOf(before.suggestions),
    businesses: itemsOf(before.businesses),
  });
  writePanel(client, {
    stats: before.stats && (after.stats ?? undefined),
    reports: keepOnPages(before.reports, after.reports),
    suggestions: keepOnPages(before.suggestions, after.suggestions),
    businesses: keepOnPages(before.businesses, after.businesses),
  });
  const narrowed = readNarrowed(client);
  changeNarrowed(client, narrowed, change);
  return { ...before, narrowed };
}

/**
 * onSettled: everything is read again (a refused decision often means the lists were out of date:
 * someone else decided first), once no other decision is in flight: that one's own settling reads
 * them, and an answer read now could put back a card it has just taken away.
 */
export function settleDecision(client: QueryClient): void {
  if (client.isMutating({ mutationKey: adminKeys.decisions }) > 1) return;
  void client.invalidateQueries({ queryKey: adminKeys.all });
}

export interface Decision<Variables> {
  kind: Parameters<typeof adminKeys.decision>[0];
  /** The call to the API. */
  send: (variables: Variables) => Promise<unknown>;
  /** How the panel shows it at once (adminState's updaters). */
  change: (state: AdminState, variables: Variables) => AdminState;
  /** The business the decision removes, if any: what the server still lists about it stays hidden. */
  removes?: (variables: Variables) => number | undefined;
  /** SPEC §8 success toast, in the page's language. */
  success: (variables: Variables, message: ContractTranslate) => string;
  /** SPEC §8 failure toast's code, when the server names no message of its own. */
  failure: PlainMessageCode;
  /** Console line of a refused decision. */
  log: string;
}

/**
 * An admin decision as a mutation with an optimistic update: the card leaves and the counts drop
 * when the admin clicks; a refusal puts the panel back as it was and toasts the server's `detail`
 * (else the SPEC §8 fallback); either way the panel is read again when it settles, and the
 * statistics until they include the decision (get-statistics.ts).
 */
export function useDecision<Variables>(decision: Decision<Variables>) {
  const { toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision(decision.kind),
    mutationFn: decision.send,
    onMutate: (variables: Variables) => showDecision(client, (state) => decision.change(state, variables)),
    onSuccess: (_answer, variables) => {
      const visit = adminVisit(client);
      visit.changedAt = Date.now();
      const removed = decision.removes?.(variables);
      if (removed !== undefined) visit.removed.add(removed);
      toast.success(decision.success(variables, message));
    },
    onError: (error, _variables, before) => {
      if (before) writePanel(client, before);
      console.error(decision.log, error);
      toast.error(errorText(error, decision.failure));
    },
    onSettled: () => settleDecision(client),
  });
}
