import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeHost, renderScreen, routeFake } from '../../test/harness';
import { summary } from '../../test/directoryFakes';
import { CITY_OPTIONS_SHOWN } from './CityCombobox';
import { narrowCities } from './CityOptions';
import { DirectoryScreen } from './DirectoryScreen';

const CITIES = Array.from({ length: 3000 }, (_, index) => `Town ${String(index).padStart(4, '0')}`);
const cities = [...CITIES, 'Leeds', 'Leicester', 'Sleaford'].sort();

/** GET /api/cities as the server answers it: the first `limit` holding `search`, those starting with it first. */
async function citiesHolding({ search = '', limit = Infinity }: { search?: string; limit?: number } = {}) {
  const text = search.toLowerCase();
  const holding = cities.filter((city) => city.toLowerCase().includes(text));
  const starting = holding.filter((city) => city.toLowerCase().startsWith(text));
  return [...starting, ...holding.filter((city) => !starting.includes(city))].slice(0, limit);
}

function cityApi() {
  return fakeApi({
    cities: async ({ query }) => ({
      cities: await citiesHolding({ search: query?.search, limit: query?.limit === undefined ? undefined : Number(query.limit) }),
    }),
    directorySummary: async () => summary(),
  });
}

const urlSearch = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');
const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'City' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('city filter with thousands of cities', () => {
  it("lists 'All Cities' and the first matches only, asked for when first opened", async () => {
    const api = cityApi();
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const box = screen.getByRole('combobox', { name: 'City' });
    expect(box.getAttribute('placeholder')).toBe('All Cities');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(routeFake(api, 'cities')).not.toHaveBeenCalled();

    await userEvent.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(optionNames()).toHaveLength(1 + CITY_OPTIONS_SHOWN));
    expect(optionNames()[0]).toBe('All Cities');
    expect(routeFake(api, 'cities')).toHaveBeenLastCalledWith({ query: { search: undefined, limit: CITY_OPTIONS_SHOWN } }, expect.anything());
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
  });

  it('typing asks the server for that text once typing pauses; arrow keys and Enter choose; the chip and the URL follow', async () => {
    const api = cityApi();
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const box = screen.getByRole('combobox', { name: 'City' });
    await userEvent.type(box, 'le');
    await waitFor(() => expect(optionNames()).toEqual(['All Cities', 'Leeds', 'Leicester', 'Sleaford']));
    await waitFor(() =>
      expect(routeFake(api, 'cities')).toHaveBeenLastCalledWith({ query: { search: 'le', limit: CITY_OPTIONS_SHOWN } }, expect.anything()),
    );
    expect(routeFake(api, 'cities')).not.toHaveBeenCalledWith({ query: { search: 'l', limit: CITY_OPTIONS_SHOWN } }, expect.anything());

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Leeds' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('Leeds');
    expect(screen.getByTestId('chip-city').textContent).toBe('City: Leeds ×');
    await waitFor(() => expect(urlSearch().get('city')).toBe('Leeds'));

    // Escape closes and puts back the city in effect; 'All Cities' by the pointer removes the filter
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    await waitFor(() => expect(optionNames()).toEqual(['All Cities']));
    await userEvent.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('Leeds');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('option', { name: 'All Cities' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('chip-city')).toBeNull();
    await waitFor(() => expect(urlSearch().get('city')).toBeNull());
  });

  it('Enter on a name typed in full chooses it; the chip removes it', async () => {
    const api = cityApi();
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const box = screen.getByRole('combobox', { name: 'City' });
    await userEvent.type(box, 'town 2999');
    await waitFor(() => expect(optionNames()).toEqual(['All Cities', 'Town 2999']));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { city: 'Town 2999' } }, expect.anything()));
    expect(urlSearch().get('city')).toBe('Town 2999');
    await userEvent.click(screen.getByTestId('chip-city'));
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(urlSearch().get('city')).toBeNull());
  });
});

describe('narrowCities', () => {
  it('narrows the last answer at once, those starting with the text first', () => {
    expect(narrowCities(['Aberdeen', 'Sleaford', 'Leeds', 'Leicester'], ' LE ')).toEqual(['Leeds', 'Leicester', 'Sleaford']);
    expect(narrowCities(['Aberdeen', 'Leeds'], '')).toEqual(['Aberdeen', 'Leeds']);
    expect(narrowCities(['Aberdeen', 'Leeds'], 'zzz')).toEqual([]);
  });
});
