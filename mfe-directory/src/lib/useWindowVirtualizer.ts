import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

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
  /** Where the list starts, from the top of the document. */
  scrollMargin: number;
}

interface Layout {
  keys: string[];
  /** starts[i]: the top of line i; starts[count]: the list's height. */
  starts: number[];
}

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

function rangeOf(layout: Layout, viewport: Viewport, scrollMargin: number, overscan: number): [number, number] {
  const count = layout.keys.length;
  if (count === 0) return [0, -1];
  const top = viewport.top - scrollMargin;
  const first = firstEndingFrom(layout.starts, top);
  const last = Math.max(first, lastStartingBy(layout.starts, top + viewport.height));
  return [Math.max(0, first - overscan), Math.min(count - 1, last + overscan)];
}

const sameRange = (a: [number, number], b: [number, number]) => a[0] === b[0] && a[1] === b[1];

const readViewport = (): Viewport => ({ top: window.scrollY, height: window.innerHeight });

export function useWindowVirtualizer({ count, estimateSize, getItemKey, overscan, scrollMargin }: WindowVirtualizerOptions) {
  const measured = useRef(new Map<string, number>());
  const [measurements, setMeasurements] = useState(0);
  const [viewport, setViewport] = useState<Viewport>(readViewport);

  const layout = useMemo<Layout>(() => {
    const keys: string[] = [];
    const starts: number[] = [0];
    for (let index = 0; index < count; index++) {
      const key = getItemKey(index);
      keys.push(key);
      starts.push(starts[index] + (measured.current.get(key) ?? estimateSize(index)));
    }
    return { keys, starts };
    // `measurements` stands for the measured heights, which live in a ref.
  }, [count, estimateSize, getItemKey, measurements]);

  // Event handlers read the latest layout without re-subscribing.
  const latest = useRef({ layout, scrollMargin, overscan });
  latest.current = { layout, scrollMargin, overscan };

  useEffect(() => {
    const onScroll = () => {
      const next = readViewport();
      setViewport((previous) => {
        const { layout, scrollMargin, overscan } = latest.current;
        // The same lines on screen: no render.
        const unchanged = sameRange(rangeOf(layout, previous, scrollMargin, overscan), rangeOf(layout, next, scrollMargin, overscan));
        return unchanged ? previous : next;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  const record = useCallback((element: HTMLElement) => {
    const { layout, scrollMargin } = latest.current;
    const index = Number(element.dataset.index);
    const key = layout.keys[index];
    if (key === undefined) return;
    const size = element.offsetHeight;
    const before = measured.current.get(key) ?? layout.starts[index + 1] - layout.starts[index];
    if (size === before) return;
    measured.current.set(key, size);
    // A line above the screen changed height: scroll by as much, so what is on screen stays put.
    if (layout.starts[index] + scrollMargin < window.scrollY) window.scrollBy(0, size - before);
    setMeasurements((value) => value + 1);
  }, []);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => entries.forEach((entry) => record(entry.target as HTMLElement))),
    [record],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  /** The ref of every line's element (which carries `data-index`): measured now and whenever it resizes. */
  const measureElement = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      record(element);
      observer?.observe(element);
      return () => observer?.unobserve(element);
    },
    [observer, record],
  );

  const scrollToIndex = useCallback((index: number) => {
    const { layout, scrollMargin } = latest.current;
    window.scrollTo(0, (layout.starts[index] ?? 0) + scrollMargin);
  }, []);

  const [first, last] = rangeOf(layout, viewport, scrollMargin, overscan);
  const lines: VirtualLine[] = [];
  for (let index = first; index <= last; index++) lines.push({ index, key: layout.keys[index], start: layout.starts[index] });

  return { lines, totalSize: layout.starts[count] ?? 0, measureElement, scrollToIndex };
}
