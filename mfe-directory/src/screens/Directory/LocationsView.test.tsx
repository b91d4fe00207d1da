import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BusinessListQuery } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, renderScreen, routeFake } from '../../test/harness';
import { page, summary } from '../../test/directoryFakes';
import { CITY_PAGE_SIZE } from '../../features/directory/api/get-city-businesses';
import { DirectoryScreen } from './DirectoryScreen';
import { PLACEHOLDER_ROWS } from './LocationsView';

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
  // the list keeps the line in view in place when lines above it change height or come in: it scrolls the window
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: ScrollToOptions | number, y?: number) => {
    scrollY = typeof x === 'object' ? (x.top ?? scrollY) : (y ?? scrollY);
  }) as typeof window.scrollTo);
});

afterEach(async () => {
  // back at the top before the screen goes, so the next test's first visit is not restored to this one's position
  await scrollTo(0);
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  vi.restoreAllMocks();
  if (descriptors.offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', descriptors.offsetHeight);
  Element.prototype.getBoundingClientRect = descriptors.getBoundingClientRect;
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0, writable: true });
});

const CITIES = 1500;
const PER_CITY = 667; // 1,500 cities of 667: about 1,000,000 businesses
const cityName = (index: number) => `City ${String(index).padStart(4, '0')}`;
const groups = Array.from({ length: CITIES }, (_, index) => ({ city: cityName(index), count: PER_CITY }));

/** Pages of `limit` fictional businesses; the cursor is the position of the next row. `held` cities never answer. */
function bigApi(held: (city: string) => boolean = () => false, cityCount = CITIES) {
  return fakeApi({
    directorySummary: async () => summary({ total: cityCount * PER_CITY, cities: cityCount }),
    cityGroups: async () => ({ groups: groups.slice(0, cityCount) }),
    listBusinesses: async ({ query = {} }) => {
      if (held(query.city!)) return new Promise(() => {});
      const start = Number(query.cursor ?? 0);
      const rows = Array.from({ length: Math.min(Number(query.limit ?? 50), PER_CITY - start) }, (_, i) =>
        business({ id: 1_000_000 + start + i, name: `${query.city} business ${start + i}`, city: query.city }),
      );
      const end = start + rows.length;
      return page(rows, PER_CITY, end < PER_CITY ? String(end) : null);
    },
  });
}

const scrollTo = async (y: number) => {
  scrollY = y;
  await act(async () => {
    fireEvent.scroll(window);
  });
};
const cities = (lines: HTMLElement[]) => new Set(lines.map((line) => line.closest<HTMLElement>('[data-city]')!.dataset.city!));

describe('Locations view at 1,000,000 businesses in 1,500 cities', () => {
  it("opens on the first city's rows, keeps a window of lines in the page, and fetches a city's page only when the list reaches it", async () => {
    // from the 500th city on, pages never come: their rows stay placeholders
    const api = bigApi((city) => city >= cityName(500));
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const first = await screen.findAllByTestId('business-row');
    expect(first[0].dataset.businessId).toBe('1000000');
    expect(within(first[0]).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/business/1000000');
    expect(screen.getAllByTestId('city-group').map((card) => card.dataset.city)).toEqual([cityName(0)]);
    expect(first.length).toBeLessThan(30);
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);
    // one request per city on the first screen (before the first city's rows filled it), none further
    const firstAsked = routeFake(api, 'listBusinesses').mock.calls.map(([{ query }]) => query.city);
    expect(firstAsked.length).toBeLessThan(6);
    expect(firstAsked).toEqual(groups.slice(0, firstAsked.length).map((group) => group.city));
    // the list holds every city with a few lines each (loaded or not), so the page scrolls through every city
    const height = parseInt((screen.getByTestId('locations-view').firstElementChild as HTMLElement).style.height, 10);
    expect(height).toBeGreaterThan(CITIES * (1 + PLACEHOLDER_ROWS) * LINE_HEIGHT * 0.9);

    // two thirds down (rows never shown are placed by their estimated height): cards of cities there, their rows as
    // placeholders while their pages load, and nothing from the top
    await scrollTo(Math.round(height * 0.66));
    const shownCities = [...cities(screen.getAllByTestId('city-group'))];
    expect(shownCities.length).toBeGreaterThan(0);
    expect(shownCities.every((city) => city > cityName(900) && city < cityName(1100))).toBe(true);
    expect(screen.queryByText(`${cityName(0)} business 0`)).toBeNull();
    const placeholders = await screen.findAllByTestId('business-placeholder');
    expect(placeholders.length).toBeGreaterThan(3);
    expect(placeholders.every((line) => line.getAttribute('aria-hidden') === 'true')).toBe(true);
    // once the scrolling stops, the pages of the cities in view are asked for, and only theirs
    await waitFor(() => expect(routeFake(api, 'listBusinesses').mock.calls.length).toBeGreaterThan(firstAsked.length));
    const asked = routeFake(api, 'listBusinesses')
      .mock.calls.slice(firstAsked.length)
      .map(([{ query }]) => query.city as string);
    expect(asked.every((city) => cities(screen.getAllByTestId('business-placeholder')).has(city))).toBe(true);
    expect(asked.length).toBeLessThan(8);
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);
  });

  it('scrolling through a city loads its next pages by the cursor, and only the rows in view are in the page', async () => {
    // The list asks for a page once the scrolling has stopped for a moment: fake timers move that moment on at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const api = bigApi(() => false, 3);
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('business-row');
    // the last row of the fourth page (role queries are slow in jsdom: the loop looks rows up by id)
    const lastRow = `[data-testid="business-row"][data-business-id="${1_000_000 + 4 * CITY_PAGE_SIZE - 1}"]`;
    for (let step = 0; step < 200 && !document.querySelector(lastRow); step++) {
      await scrollTo(scrollY + 4 * LINE_HEIGHT);
      // placeholders in view: their page is asked for once the scrolling stops
      if (document.querySelector('[data-testid="business-placeholder"]')) await act(() => vi.advanceTimersByTimeAsync(200));
    }
    expect(within(document.querySelector<HTMLElement>(lastRow)!).getByRole('heading').textContent).toBe(
      `${cityName(0)} business ${4 * CITY_PAGE_SIZE - 1}`,
    );
    const calls: BusinessListQuery[] = routeFake(api, 'listBusinesses').mock.calls.map(([{ query }]) => query);
    expect(
      calls
        .filter((query) => query.city === cityName(0))
        .map((query) => query.cursor)
        .slice(0, 4),
    ).toEqual([undefined, ...[1, 2, 3].map((n) => String(n * CITY_PAGE_SIZE))]);
    expect(calls.every((query) => query.limit === CITY_PAGE_SIZE)).toBe(true);
    // 80 rows loaded; a window's worth in the page
    expect(screen.getAllByTestId('business-row').length).toBeLessThan(30);
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);
  }, 30_000);

  it('a page arriving above the screen leaves the line in view where it was', async () => {
    let releaseFirst: () => void = () => {};
    const api = fakeApi({
      directorySummary: async () => summary({ total: 80, cities: 2 }),
      cityGroups: async () => ({
        groups: [
          { city: 'Aberdeen', count: 40 },
          { city: 'Bath', count: 40 },
        ],
      }),
      listBusinesses: ({ query = {} }) => {
        const rows = Array.from({ length: CITY_PAGE_SIZE }, (_, i) =>
          business({ id: (query.city === 'Aberdeen' ? 1000 : 2000) + i, name: `${query.city} ${i}` }),
        );
        const answer = page(rows, 40, 'next');
        return query.city === 'Aberdeen' ? new Promise((resolve) => (releaseFirst = () => resolve(answer))) : Promise.resolve(answer);
      },
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('business-placeholder');
    // Bath's card at the top of the screen, Aberdeen's placeholders just above it (in the overscan), still loading
    await scrollTo((1 + PLACEHOLDER_ROWS) * LINE_HEIGHT);
    const bath = () => screen.getAllByTestId('city-group').find((card) => card.dataset.city === 'Bath')!;
    const onScreen = () => parseFloat(/translateY\(([-\d.]+)px\)/.exec((bath().parentElement as HTMLElement).style.transform)![1]) - scrollY;
    const before = onScreen();
    expect(before).toBe(0);

    await act(async () => releaseFirst());
    await screen.findByRole('heading', { name: 'Aberdeen 19' });
    // 20 rows and the next page's placeholders came in above Bath: the window moved down by as much
    expect(scrollY).toBeGreaterThan((1 + PLACEHOLDER_ROWS + CITY_PAGE_SIZE) * LINE_HEIGHT);
    expect(onScreen()).toBe(before);
  });
});
