import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlainMessageCode } from '@zaytoon/contract/client';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { LoadFailed, type FailedQuery } from './LoadFailed';
import { LoadMore, type MorePages } from './LoadMore';

/** What a queue tab reads of its TanStack infinite query. */
export interface QueueQuery<Item> extends MorePages, FailedQuery {
  data?: { pages: { items: Item[] }[] };
  isPending: boolean;
  isError: boolean;
}

/** Resolves when the decision has settled (its card's buttons wait for it): true when taken; a refusal was already toasted. */
export const settled = (decision: Promise<unknown>): Promise<boolean> =>
  decision.then(
    () => true,
    () => false,
  );

/** Runs a card's decision; resolves true when it was taken (the card leaves the queue). */
export type Decide = (decision: () => Promise<boolean>) => Promise<boolean>;

/**
 * One of SPEC's three review queues under its heading: its search and filter, then 'Loading...', its own failure with
 * 'Try again', its empty state or its cards, and 'Load more' while pages remain. After a decision takes a card away,
 * focus moves to the card that took its place (the one before it when it was the last), or to the heading when none
 * is left, so a keyboard user goes on where they were.
 */
export function QueueTab<Item extends { id: number }>({
  name,
  query,
  failure,
  filters,
  renderItem,
}: {
  /** Names the queue's texts ('<name>.list', '<name>.emptyTitle', '<name>.emptyText') and its test ids. */
  name: 'reports' | 'suggestions' | 'businesses';
  query: QueueQuery<Item>;
  /** The failure's words when the server names none (SPEC §8). */
  failure: PlainMessageCode;
  filters?: ReactNode;
  renderItem: (item: Item, decide: Decide) => ReactNode;
}) {
  const t = useMessages();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  // The card a decision is taking away, and its place: focus follows once it has left the list, once.
  const [leaving, setLeaving] = useState<{ id: number; index: number } | null>(null);
  const followed = useRef<typeof leaving>(null);

  useEffect(() => {
    if (!leaving || followed.current === leaving || items.some((item) => item.id === leaving.id)) return;
    followed.current = leaving;
    const cards = list.current ? Array.from(list.current.children).filter((child): child is HTMLElement => child instanceof HTMLElement) : [];
    (cards[Math.min(leaving.index, cards.length - 1)] ?? heading.current)?.focus();
  }, [items, leaving]);

  const decide = async (item: Item, index: number, decision: () => Promise<boolean>) => {
    setLeaving({ id: item.id, index });
    const taken = await decision();
    if (!taken) setLeaving(null);
    return taken;
  };

  return (
    <section data-testid={`${name}-queue`} data-loading={query.isPending || query.isFetchingNextPage} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={card.queueHeading}>
        {t(`${name}.list`)}
      </h2>
      {filters}
      {query.isPending ? (
        <p className={card.muted}>{t('panel.loading')}</p>
      ) : query.isError && !query.data ? (
        <LoadFailed query={query} failure={failure} />
      ) : items.length === 0 ? (
        <div className={`${card.card} ${card.empty}`} data-testid={`no-${name}`}>
          <h3>{t(`${name}.emptyTitle`)}</h3>
          <p>{t(`${name}.emptyText`)}</p>
        </div>
      ) : (
        <ul ref={list} className={card.list} aria-label={t(`${name}.list`)}>
          {items.map((item, index) => renderItem(item, (decision) => decide(item, index, decision)))}
        </ul>
      )}
      <LoadMore pages={query} />
    </section>
  );
}
