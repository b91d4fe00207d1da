import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessListQuery } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, renderScreen } from '../../test/harness';
import { page, summary } from '../../test/directoryFakes';
import { DirectoryScreen } from './DirectoryScreen';

// jsdom lays nothing out: give every element a height and the document a scroll position, as a browser would.
const LINE_HEIGHT = 80;
let scrollY = 0;
const descriptors = {
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
  getBoundingClientRect: Element.prototype.getBoundingClientRect,
};

beforeEach(() => {
  scrollY = 0;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => LINE_HEIGHT });
  Element.prototype.getBoundingClientRect = function () {
    return { top: -scrollY, bottom: -scrollY, left: 0, right: 0, width: 0, height: LINE_HEIGHT, x: 0, y: -scrollY, toJSON() {} } as DOMRect;
  };
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
});

afterEach(() => {
  if (descriptors.offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', descriptors.offsetHeight);
  Element.prototype.getBoundingClientRect = descriptors.getBoundingClientRect;
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0, writable: true });
});

const CITIES = 1500;
const groups = Array.from({ length: CITIES }, (_, index) => ({ city: `City ${String(index).padStart(4, '0')}`, count: 67 }));

function bigApi() {
  return fakeApi({
    directorySummary: async () => summary({ total: 100_000, cities: CITIES }),
    cityGroups: async () => ({ groups }),
    listBusinesses: async (query: BusinessListQuery) => {
      const start = Number(query.cursor ?? 0);
      const rows = Array.from({ length: query.limit ?? 50 }, (_, i) =>
        business({ id: 1_000_000 + start + i, name: `${query.city} business ${start + i}`, city: query.city }),
      );
      return page(rows, 100_000, String(start + rows.length));
    },
  });
}

describe('Locations view at 100,000 businesses in 1,500 cities', () => {
  it('puts a screenful of city cards in the page, not 1,500, and follows the scroll', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api: bigApi() }) });
    const cards = await screen.findAllByTestId('city-group');
    expect(cards.length).toBeGreaterThan(5);
    expect(cards.length).toBeLessThan(40);
    expect(cards[0].dataset.city).toBe('City 0000');
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1000);
    // the list is about as tall as all the cards together, so the page scrolls through every city
    expect(parseInt((screen.getByTestId('locations-view').firstElementChild as HTMLElement).style.height, 10)).toBeGreaterThan(
      CITIES * LINE_HEIGHT * 0.9,
    );

    scrollY = 1000 * LINE_HEIGHT;
    await act(async () => {
      fireEvent.scroll(window);
    });
    // cards around the 1,000th (positions of cards never shown are estimates), none from the top
    const shown = screen.getAllByTestId('city-group').map((card) => Number(card.dataset.city!.slice(5)));
    expect(Math.min(...shown)).toBeGreaterThan(950);
    expect(Math.min(...shown)).toBeLessThan(1050);
    expect(shown.length).toBeLessThan(40);
  });

  it('an open city with many pages loaded still renders only the rows in view', async () => {
    const api = bigApi();
    renderScreen(<DirectoryScreen />, { path: '/browse?open=City%200002', host: fakeHost({ api }) });
    await screen.findAllByTestId('business-row');
    const scrollToLoadMore = async () => {
      for (let step = 0; step < 200 && !screen.queryByRole('button', { name: 'Load more' }); step++) {
        scrollY += 8 * LINE_HEIGHT;
        await act(async () => {
          fireEvent.scroll(window);
        });
      }
      return screen.getByRole('button', { name: 'Load more' });
    };
    for (let i = 0; i < 5; i++) {
      fireEvent.click(await scrollToLoadMore());
      // the next page continues where the last one ended
      await screen.findByRole('heading', { name: `City 0002 business ${(i + 1) * 50}` });
    }
    expect(api.listBusinesses).toHaveBeenCalledTimes(6);
    // 300 rows loaded; a window's worth in the page
    expect(screen.getAllByTestId('business-row').length).toBeLessThan(40);
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);
    expect(screen.queryAllByTestId('city-group').length).toBeLessThan(40);
  }, 30_000);
});
