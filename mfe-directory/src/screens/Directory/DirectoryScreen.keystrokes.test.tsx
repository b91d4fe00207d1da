import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeHost, renderScreen, routeFake } from '../../test/harness';
import { summary } from '../../test/directoryFakes';
import { DirectoryScreen } from './DirectoryScreen';

const renders = vi.hoisted(() => ({ locations: 0 }));

// Not memoised on purpose: any render of the screen shows up here.
vi.mock('./LocationsView', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./LocationsView')>();
  const Actual = actual.LocationsView;
  return {
    LocationsView: (props: Parameters<typeof Actual>[0]) => {
      renders.locations += 1;
      return <Actual {...props} />;
    },
  };
});

describe('directory while the user types', () => {
  it('re-renders the filters only, and asks the server once, for the whole word, 300 ms after the last key', async () => {
    const groups = Array.from({ length: 40 }, (_, index) => ({ city: `City ${String(index).padStart(2, '0')}`, count: 50 }));
    const api = fakeApi({
      directorySummary: async () => summary({ total: 2000, cities: 40 }),
      cityGroups: async () => ({ groups }),
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('city-group');
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('2000 businesses found'));
    const rendersBefore = renders.locations;
    expect(rendersBefore).toBeGreaterThan(0);
    const callsBefore = routeFake(api, 'directorySummary').mock.calls.length;

    vi.useFakeTimers();
    try {
      const search = screen.getByPlaceholderText('Search businesses...');
      for (const text of ['o', 'ol', 'oli', 'oliv', 'olive']) {
        fireEvent.change(search, { target: { value: text } });
        act(() => vi.advanceTimersByTime(100));
      }
      expect(screen.getByTestId('chip-search').textContent).toBe('Search: olive ×');
      expect(renders.locations).toBe(rendersBefore);
      expect(routeFake(api, 'directorySummary').mock.calls.length).toBe(callsBefore);
      expect(routeFake(api, 'cityGroups')).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(300));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(routeFake(api, 'directorySummary').mock.calls.length).toBe(callsBefore + 1));
    const searches = routeFake(api, 'directorySummary')
      .mock.calls.slice(callsBefore)
      .map(([{ query }]) => query.search);
    expect(searches).toEqual(['olive']);
    expect(routeFake(api, 'cityGroups')).toHaveBeenLastCalledWith({ query: { search: 'olive' } }, expect.anything());
    // the rows in view were asked for the filters in effect only: nothing for 'o', 'ol', ...
    const rowSearches = routeFake(api, 'listBusinesses').mock.calls.map(([{ query }]) => query.search);
    expect(rowSearches.filter((search) => search !== undefined && search !== 'olive')).toEqual([]);
    expect(renders.locations).toBeGreaterThan(rendersBefore); // the counter does see the screen's renders
  });
});
