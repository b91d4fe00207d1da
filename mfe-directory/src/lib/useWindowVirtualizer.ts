import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

/**
 * A list virtualised against the window's scroll: only the lines near the screen are in the page, each
 * placed by the measured heights of the lines before it (estimates for lines never shown). Written for
 * the Locations view instead of @tanstack/react-virtual, whose 10 kB of gzip were a sixth of /browse's
 * own code on a first visit, for the one list shape we have.
 */
export interface VirtualLine {
  index: number;
  key: string;
  /** From the top of the list, in pixels. */
  start: number;
}

export interface WindowVirtualizerOptions {
  count: number;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string;
  /** Lines kept in the page above and below the screen. */
  overscan: number;
  /** The list's element: where it starts in the page is read from it. */
  list: RefObject<HTMLElement | null>;
  /**
   * Measured heights by key. One that outlives the component keeps them for the next visit, so that a
   * scroll position saved on leaving lands on the same line when the list comes back.
   */
  heights?: Map<string, number>;
}

interface Layout {
  keys: string[];
  /** starts[i]: the top of line i; starts[count]: the list's height. */
  starts: number[];
}

/** The screen, from the top of the list. */
interface Viewport {
  top: number;
  height: number;
}

/** The first line that ends at or below `offset`. */
function firstEndingFrom(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle + 1] >= offset) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The last line that starts at or above `offset`. */
function lastStartingBy(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function rangeOf(layout: Layout, viewport: Viewport, overscan: number): [number, number] {
  const count = layout.keys.length;
  if (count === 0) return [0, -1];
  const first = firstEndingFrom(layout.starts, viewport.top);
  const last = Math.max(first, lastStartingBy(layout.starts, viewport.top + viewport.height));
  return [Math.max(0, first - overscan), Math.min(count - 1, last + overscan)];
}

const sameRange = (a: [number, number], b: [number, number]) => a[0] === b[0] && a[1] === b[1];

export function useWindowVirtualizer({ count, estimateSize, getItemKey, overscan, list, heights }: WindowVirtualizerOptions) {
  const measured = useRef(heights ?? new Map<string, number>());
  const [measurements, setMeasurements] = useState(0);
  // Until the list is in the page, as if it started at the top of the screen.
  const [viewport, setViewport] = useState<Viewport>(() => ({ top: 0, height: window.innerHeight }));

  const layout = useMemo<Layout>(() => {
    const keys: string[] = [];
    const starts: number[] = [0];
    for (let index = 0; index < count; index++) {
      const key = getItemKey(index);
      keys.push(key);
      // eslint-disable-next-line react-hooks/refs -- measured heights live in a ref that the ResizeObserver fills outside render; `measurements` (below) is their version and re-runs this memo
      starts.push(starts[index] + (measured.current.get(key) ?? estimateSize(index)));
    }
    return { keys, starts };
    // `measurements` stands for the measured heights, which live in a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `measurements` is the version of the heights kept in measured.current
  }, [count, estimateSize, getItemKey, measurements]);

  // Event handlers and observers read the latest layout without re-subscribing.
  const latest = useRef({ layout, overscan });
  useLayoutEffect(() => {
    latest.current = { layout, overscan };
  });

  /** Where the list starts on screen. Read only from events and observers, when the layout is fresh. */
  // eslint-disable-next-line react-hooks/preserve-manual-memoization -- the list element is read when the callback runs (from events), not during render
  const listTop = useCallback(() => list.current?.getBoundingClientRect().top ?? 0, [list]);

  // eslint-disable-next-line react-hooks/preserve-manual-memoization -- reads the latest layout from a ref when the browser reports a scroll, not during render
  const follow = useCallback(() => {
    const next = { top: -listTop(), height: window.innerHeight };
    setViewport((previous) => {
      const { layout, overscan } = latest.current;
      // The same lines on screen: no render.
      return sameRange(rangeOf(layout, previous, overscan), rangeOf(layout, next, overscan)) ? previous : next;
    });
  }, [listTop]);

  useEffect(() => {
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow, { passive: true });
    return () => {
      window.removeEventListener('scroll', follow);
      window.removeEventListener('resize', follow);
    };
  }, [follow]);
  // The list appears (or changes) after data arrives: read where it is.
  useEffect(follow, [follow, count]);

  const record = useCallback(
    (element: HTMLElement) => {
      const { layout } = latest.current;
      const index = Number(element.dataset.index);
      const key = layout.keys[index];
      if (key === undefined) return;
      const size = element.offsetHeight;
      const before = measured.current.get(key) ?? layout.starts[index + 1] - layout.starts[index];
      if (size === before) return;
      measured.current.set(key, size);
      // A line above the screen changed height: scroll by as much, so what is on screen stays put.
      if (layout.starts[index] < -listTop()) window.scrollBy(0, size - before);
      setMeasurements((value) => value + 1);
    },
    [listTop],
  );

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : // eslint-disable-next-line react-hooks/refs -- the observer's callback reads refs when the browser reports sizes, never during render
          new ResizeObserver((entries) => {
            // A line that is not displayed (a hidden ancestor) reports no height worth keeping.
            entries.filter((entry) => entry.target.getClientRects().length > 0).forEach((entry) => record(entry.target as HTMLElement));
            follow();
          }),
    [record, follow],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  /**
   * The ref of every line's element (which carries `data-index`). Measured by the ResizeObserver, which
   * reports after the browser's own layout: reading heights while React commits would force a layout
   * into the middle of the render's task. Without one (jsdom), measured at once.
   */
  const measureElement = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      if (!observer) {
        record(element);
        return;
      }
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer, record],
  );

  const scrollToIndex = useCallback(
    (index: number) => {
      window.scrollTo(0, (latest.current.layout.starts[index] ?? 0) + listTop() + window.scrollY);
    },
    [listTop],
  );

  const [first, last] = rangeOf(layout, viewport, overscan);
  const lines: VirtualLine[] = [];
  for (let index = first; index <= last; index++) lines.push({ index, key: layout.keys[index], start: layout.starts[index] });

  return { lines, totalSize: layout.starts[count] ?? 0, measureElement, scrollToIndex };
}
