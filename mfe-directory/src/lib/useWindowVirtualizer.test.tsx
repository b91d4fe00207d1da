import { useRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWindowVirtualizer } from './useWindowVirtualizer';

// jsdom lays nothing out: every line measures `height`, the list starts at the top of the page, and
// the window scrolls where the test says.
let height = 100;
let scrollY = 0;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
const getBoundingClientRect = Element.prototype.getBoundingClientRect;

beforeEach(() => {
  height = 100;
  scrollY = 0;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => height });
  Element.prototype.getBoundingClientRect = () => ({ top: -scrollY }) as DOMRect;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 500 });
});

afterEach(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  Element.prototype.getBoundingClientRect = getBoundingClientRect;
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0, writable: true });
});

const estimate = () => 50;
const key = (index: number) => `line-${index}`;

function List({ count }: { count: number }) {
  const list = useRef<HTMLDivElement>(null);
  const { lines, totalSize, measureElement } = useWindowVirtualizer({ count, estimateSize: estimate, getItemKey: key, overscan: 2, list });
  return (
    <div ref={list} data-testid="list" style={{ height: totalSize }}>
      {lines.map((line) => (
        <div key={line.key} ref={measureElement} data-index={line.index} data-testid="line" data-start={line.start} />
      ))}
    </div>
  );
}

const shown = () => screen.getAllByTestId('line').map((line) => Number(line.dataset.index));

describe('useWindowVirtualizer', () => {
  it('puts the lines on screen and a few around them in the page, placed by their measured heights', () => {
    render(<List count={1000} />);
    // 500 px of screen: lines 0-5 (the last starts at its bottom edge) measured at 100 px, and 2 more
    expect(shown()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(screen.getAllByTestId('line').map((line) => Number(line.dataset.start))).toEqual([0, 100, 200, 300, 400, 500, 600, 700]);
    // at 50 px (estimated) lines 0-12 were in the page and measured; the 987 others are still estimates
    expect(screen.getByTestId('list').style.height).toBe(`${13 * 100 + 987 * 50}px`);
  });

  it('follows the window as it scrolls', async () => {
    render(<List count={1000} />);
    scrollY = 20_000;
    await act(async () => {
      fireEvent.scroll(window);
    });
    const lines = shown();
    expect(lines.length).toBeLessThan(20);
    // 1,300 measured px then 50 px a line: line 387 starts at 20,000
    expect(Math.min(...lines)).toBeGreaterThan(370);
    expect(Math.max(...lines)).toBeLessThan(410);
  });

  it('keeps what is on screen in place when a line above it turns out taller than estimated', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    render(<List count={1000} />);
    scrollY = 20_000;
    await act(async () => {
      fireEvent.scroll(window);
    });
    // the overscan lines above the screen were estimated at 50 px and measured at 100: scrolled by the difference each
    const above = scrollBy.mock.calls.map(([, delta]) => delta);
    expect(above.length).toBeGreaterThan(0);
    expect(above.every((delta) => delta === 50)).toBe(true);
  });

  it('renders nothing for an empty list', () => {
    render(<List count={0} />);
    expect(screen.queryAllByTestId('line')).toEqual([]);
    expect(screen.getByTestId('list').style.height).toBe('0px');
  });
});
