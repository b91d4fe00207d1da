import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, FIRST_LOAD_MESSAGES, MESSAGES } from '@zaytoon/contract/client';
import { admin, business, descriptions, fakeApi, fakeHost, fakeSession, member, renderScreen, routeFake } from '../../test/harness';
import { page, pendingUntilAborted, summary } from '../../test/directoryFakes';
import { CITY_PAGE_SIZE } from '../../features/directory/api/get-city-businesses';
import { DirectoryScreen } from './DirectoryScreen';

const leeds = [
  business({ id: 1, name: 'Olive Tree Cafe', city: 'Leeds', vote_score: 3 }),
  business({ id: 3, name: 'Gaza Kitchen', city: 'Leeds', description: 'x'.repeat(130), report_count: 2 }),
];
const groups = [
  { city: 'Leeds', count: 2 },
  { city: 'Manchester', count: 1 },
  { city: 'Unknown City', count: 1 },
];
const fourInThreeCities = summary({
  total: 4,
  cities: 3,
  on_map: 2,
  not_on_map: 2,
  coverage: 50,
  cities_on_map: 1,
  most_active: [
    { city: 'Leeds', count: 2 },
    { city: 'Manchester', count: 1 },
    { city: 'Unknown City', count: 1 },
  ],
});

function directoryApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    directorySummary: async () => fourInThreeCities,
    cityGroups: async () => ({ groups }),
    listBusinesses: async ({ query }) => page(query?.city === 'Leeds' ? leeds : [], 2),
    categories: async () => ({ categories: ['Books', 'Cafe'] }),
    cities: async () => ({ cities: ['Leeds', 'Manchester'] }),
    ...overrides,
  });
}

const urlSearch = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');
const cityCard = async (city: string) => (await screen.findAllByTestId('city-group')).find((card) => card.dataset.city === city)!;

describe('directory screen (SPEC §2)', () => {
  it("shows the heading, tagline and 'Loading...', then the count from the summary; rows without a click, a page per city", async () => {
    let answer: (value: unknown) => void = () => {};
    const api = directoryApi({
      directorySummary: () => new Promise((resolve) => (answer = resolve)),
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Zaytoon' })).toBeTruthy();
    expect(screen.getByText('Discover and support pro-Palestinian businesses across the UK')).toBeTruthy();
    expect(screen.getByTestId('business-count').textContent).toBe('Loading...');
    await act(async () => answer(summary({ total: 100_000, cities: 1500 })));
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('100000 businesses found'));
    await screen.findAllByTestId('city-group');
    // Locations view by default, with the first cities' rows in view: one page of one city per request.
    expect(screen.getByRole('button', { name: 'Locations View' }).getAttribute('aria-pressed')).toBe('true');
    const rows = await screen.findAllByTestId('business-row');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual(['Olive Tree Cafe', 'Gaza Kitchen']);
    for (const [{ query }] of routeFake(api, 'listBusinesses').mock.calls)
      expect(query).toEqual({ city: expect.any(String), limit: CITY_PAGE_SIZE, cursor: undefined });
  });

  it('shows a card per city with its count badge, and the Location Summary from the summary', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api: directoryApi() }) });
    const cards = await screen.findAllByTestId('city-group');
    expect(cards.map((card) => card.dataset.city)).toEqual(['Leeds', 'Manchester', 'Unknown City']);
    expect(within(cards[0]).getByTestId('city-count').textContent).toBe('2 businesses');
    expect(within(cards[1]).getByTestId('city-count').textContent).toBe('1 business');
    expect(within(cards[0]).getByRole('heading', { level: 2, name: 'Leeds' })).toBeTruthy();
    const box = await screen.findByTestId('location-summary');
    expect(within(box).getByRole('heading', { name: 'Location Summary' })).toBeTruthy();
    expect(box.textContent).toContain('Showing 4 businesses across 3 cities in the UK.');
    expect(box.textContent).toContain('Most active cities');
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Leeds: 2 businesses',
      'Manchester: 1 business',
      'Unknown City: 1 business',
    ]);
  });

  it("lists each city's rows in SPEC's form without a click; the next page loads by the cursor when the list reaches it", async () => {
    const first = Array.from({ length: 3 }, (_, i) =>
      business({ id: 10 + i, name: `Leeds ${i}`, city: 'Leeds', vote_score: i === 0 ? 3 : 0, description: i === 1 ? 'x'.repeat(130) : 'short' }),
    );
    const second = [business({ id: 20, name: 'Leeds last', city: 'Leeds' })];
    const api = directoryApi({
      cityGroups: async () => ({ groups: [{ city: 'Leeds', count: 4 }] }),
      listBusinesses: async ({ query }) => (query?.cursor === 'page-2' ? page(second, 4, null) : page(first, 4, 'page-2')),
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const card = await cityCard('Leeds');
    expect(within(card).getByRole('heading', { level: 2, name: 'Leeds' })).toBeTruthy();

    // the fourth row is a placeholder until its page is in; the list reaches it at once here, so it loads
    await screen.findByRole('heading', { name: 'Leeds last' });
    const rows = screen.getAllByTestId('business-row');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Leeds 0', 'Leeds 1', 'Leeds 2', 'Leeds last']);
    expect(screen.queryByTestId('business-placeholder')).toBeNull();
    expect(routeFake(api, 'listBusinesses').mock.calls.map(([{ query }]) => query)).toEqual([
      { city: 'Leeds', limit: CITY_PAGE_SIZE, cursor: undefined },
      { city: 'Leeds', limit: CITY_PAGE_SIZE, cursor: 'page-2' },
    ]);
    expect(routeFake(api, 'listBusinesses').mock.calls[0][1]?.signal).toBeInstanceOf(AbortSignal);
    expect(within(rows[0]).getByText('+3')).toBeTruthy();
    expect(within(rows[1]).getByText('x'.repeat(120) + '...')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/business/10');
    expect(within(rows[0]).getByRole('link', { name: 'Website' }).getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(within(rows[0]).getByRole('link', { name: '0113 000 0000' }).getAttribute('href')).toBe('tel:0113 000 0000');
    expect(within(rows[0]).getByText('1 High Street, LS1 1AA')).toBeTruthy();
    expect(within(rows[0]).getByTestId('business-category').textContent).toBe('Cafe');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows report counts to admins only', async () => {
    const api = directoryApi();
    renderScreen(<DirectoryScreen />, { path: '/browse?open=Leeds', host: fakeHost({ api, session: fakeSession(member) }) });
    await screen.findAllByTestId('business-row');
    expect(screen.queryByTestId('report-count')).toBeNull();

    document.body.innerHTML = '';
    renderScreen(<DirectoryScreen />, { path: '/browse?open=Leeds', host: fakeHost({ api, session: fakeSession(admin) }) });
    expect((await screen.findByTestId('report-count')).textContent).toBe('2 reports');
  });

  it('shows the empty state when nothing is found', async () => {
    const api = directoryApi({ directorySummary: async () => summary(), cityGroups: async () => ({ groups: [] }) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    expect(await screen.findByText('No businesses found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search filters to find businesses in different areas.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('0 businesses found'));
    expect(screen.queryByTestId('location-summary')).toBeNull();
  });

  it('when the API is down: the failure is logged, no toast, and the screen says it could not load (not empty, not 0)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = async () => Promise.reject(new Error('502'));
    const api = directoryApi({ directorySummary: down, cityGroups: down });
    const { host } = renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    expect(await screen.findByText(FIRST_LOAD_MESSAGES.directoryLoadFailed)).toBeTruthy();
    expect(screen.queryByText('No businesses found')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe(''));
    expect(logged).toHaveBeenCalled();
    expect(host.toast.error).not.toHaveBeenCalled();
  });

  it('filters with chips that remove themselves; the debounced filters go to the server and the URL', async () => {
    const api = directoryApi();
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('city-group');
    await userEvent.type(screen.getByPlaceholderText('Search businesses...'), 'olive');
    await screen.findByRole('option', { name: 'Books' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Books');
    expect(screen.getByTestId('chip-search').textContent).toBe('Search: olive ×');
    expect(screen.getByTestId('chip-category').textContent).toBe('Category: Books ×');
    await waitFor(() =>
      expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { search: 'olive', category: 'Books' } }, expect.anything()),
    );
    expect(routeFake(api, 'cityGroups')).toHaveBeenLastCalledWith({ query: { search: 'olive', category: 'Books' } }, expect.anything());
    await waitFor(() => expect(urlSearch().get('search')).toBe('olive'));
    expect(urlSearch().get('category')).toBe('Books');
    // one request for the whole word: none for 'o', 'ol', ...
    const searches = routeFake(api, 'directorySummary').mock.calls.map(([{ query }]) => query.search);
    expect(searches.filter((search) => search && search !== 'olive')).toEqual([]);

    await userEvent.click(screen.getByTestId('chip-search'));
    expect(screen.queryByTestId('chip-search')).toBeNull();
    await waitFor(() => expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { category: 'Books' } }, expect.anything()));
    await waitFor(() => expect(urlSearch().get('search')).toBeNull());
    expect((screen.getByPlaceholderText('Search businesses...') as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['Verified only', 'verified', 'verified'],
    ['Open now', 'openNow', 'open_now'],
  ])("'%s' asks the server for those businesses only, shows a chip, and goes into the URL and back out", async (label, chip, parameter) => {
    const api = directoryApi();
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('city-group');
    await userEvent.click(screen.getByRole('checkbox', { name: label }));
    expect(screen.getByTestId(`chip-${chip}`).textContent).toBe(`Show: ${label} ×`);
    await waitFor(() => expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { [parameter]: 'true' } }, expect.anything()));
    expect(routeFake(api, 'cityGroups')).toHaveBeenLastCalledWith({ query: { [parameter]: 'true' } }, expect.anything());
    await waitFor(() => expect(urlSearch().get(parameter)).toBe('true'));
    await userEvent.click(screen.getByTestId(`chip-${chip}`));
    expect((screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(urlSearch().get(parameter)).toBeNull());
    expect(screen.queryByTestId(`chip-${chip}`)).toBeNull();
  });

  it("'Open now' comes back from a copied link, with the open city", async () => {
    const api = directoryApi();
    renderScreen(<DirectoryScreen />, { path: '/browse?open_now=true&open=Leeds', host: fakeHost({ api }) });
    await waitFor(() => expect(routeFake(api, 'directorySummary')).toHaveBeenLastCalledWith({ query: { open_now: 'true' } }, expect.anything()));
    expect((screen.getByRole('checkbox', { name: 'Open now' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('chip-openNow').textContent).toBe('Show: Open now ×');
  });

  it("'Email me new businesses like these' saves every filter of the list, 'Verified only', 'Open now', 'Alternative to…' and 'Palestinian products' among them", async () => {
    const api = directoryApi({
      createAlert: async () => ({
        id: 1,
        city: 'Leeds',
        category: null,
        search: 'cafe',
        verified: true,
        open_now: true,
        alternative_to: 'examplebucks',
        alternative_to_name: 'Examplebucks',
        palestinian_product: 'olive-oil',
        palestinian_product_name: 'Olive oil',
        created_at: '2026-11-29T00:00:00.000Z',
      }),
    });
    renderScreen(<DirectoryScreen />, {
      path: '/browse?search=cafe&city=Leeds&verified=true&open_now=true&alternative_to=examplebucks&palestinian_product=olive-oil',
      host: fakeHost({ api, session: fakeSession(member) }),
    });
    const button = await screen.findByTestId('save-alert', {}, { timeout: 10_000 });
    // A daily mail has no 'now': the button says what 'Open now' means in one.
    expect(descriptions(button)).toEqual(["In an alert's daily email, 'Open now' means businesses whose hours say when they open."]);
    await userEvent.click(button);
    await waitFor(() =>
      expect(routeFake(api, 'createAlert')).toHaveBeenCalledWith({
        body: {
          city: 'Leeds',
          category: undefined,
          search: 'cafe',
          verified: 'true',
          open_now: 'true',
          alternative_to: 'examplebucks',
          palestinian_product: 'olive-oil',
        },
      }),
    );
  });

  it('restores filters, view and the open city from the URL (a copied link)', async () => {
    const api = directoryApi();
    renderScreen(<DirectoryScreen />, {
      path: '/browse?search=olive&category=Cafe&city=Leeds&open=Leeds',
      host: fakeHost({ api }),
    });
    expect((screen.getByPlaceholderText('Search businesses...') as HTMLInputElement).value).toBe('olive');
    await screen.findByRole('option', { name: 'Cafe' });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Cafe');
    expect((screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Leeds');
    expect(screen.getByTestId('chip-city').textContent).toBe('City: Leeds ×');
    const rows = await screen.findAllByTestId('business-row');
    expect(rows).toHaveLength(2);
    const filter = { search: 'olive', category: 'Cafe', city: 'Leeds' };
    expect(routeFake(api, 'directorySummary')).toHaveBeenCalledWith({ query: filter }, expect.anything());
    expect(routeFake(api, 'listBusinesses')).toHaveBeenCalledWith(
      { query: { ...filter, limit: CITY_PAGE_SIZE, cursor: undefined } },
      expect.anything(),
    );
    // the first answer is already for these filters: nothing was fetched for an unfiltered directory
    expect(routeFake(api, 'directorySummary').mock.calls.every(([{ query }]) => JSON.stringify(query) === JSON.stringify(filter))).toBe(true);
  });

  it('restores the Map view from the URL', async () => {
    const api = directoryApi();
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map&category=Cafe', host: fakeHost({ api }) });
    await screen.findByTestId('map-view', {}, { timeout: 10_000 }); // the map is a lazy chunk
    expect(screen.getByRole('button', { name: 'Map View' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('locations-view')).toBeNull();
    await waitFor(() => expect(routeFake(api, 'mapTile')).toHaveBeenCalled());
    expect(routeFake(api, 'mapTile').mock.calls[0][0].params.z).toBe(6);
    expect(routeFake(api, 'mapTile').mock.calls[0][0].query).toMatchObject({ category: 'Cafe' });

    await userEvent.click(screen.getByRole('button', { name: 'Locations View' }));
    await screen.findByTestId('locations-view');
    expect(urlSearch().get('view')).toBeNull();
    expect(urlSearch().get('category')).toBe('Cafe');
  });

  it("aborts a superseded search's request", async () => {
    const seen: Array<{ search?: string; signal?: AbortSignal }> = [];
    const api = directoryApi({
      directorySummary: ({ query: filter }, options) => {
        seen.push({ search: filter?.search, signal: options?.signal });
        return filter?.search === 'ol' ? pendingUntilAborted(options?.signal) : Promise.resolve(fourInThreeCities);
      },
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    await screen.findAllByTestId('city-group');
    const box = screen.getByPlaceholderText('Search businesses...');
    await userEvent.type(box, 'ol');
    await waitFor(() => expect(seen.some((call) => call.search === 'ol')).toBe(true));
    const superseded = seen.find((call) => call.search === 'ol')!;
    expect(superseded.signal?.aborted).toBe(false);
    expect(screen.getByTestId('business-count').textContent).toBe('Loading...');

    await userEvent.type(box, 'ive');
    await waitFor(() => expect(seen.some((call) => call.search === 'olive')).toBe(true));
    expect(superseded.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('4 businesses found'));
  });

  it('top bar: logged out shows Login and its hint', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse' });
    expect(screen.getByText('Login to add businesses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Add Business' })).toBeNull();
    await screen.findByText('No businesses found');
  });

  it('top bar: logged in shows the member actions, admins get Admin Panel and (Admin)', async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ session: fakeSession(member) }) });
    expect(screen.getByRole('link', { name: 'Add Business' }).getAttribute('href')).toBe('/add-business');
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Sami');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/account-settings');
    await screen.findByText('No businesses found');

    document.body.innerHTML = '';
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ session: fakeSession(admin) }) });
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Amal (Admin)');
    await screen.findByText('No businesses found');
  });

  it("logs out with 'Successfully logged out!' and goes to /", async () => {
    const host = fakeHost({ session: fakeSession(member) });
    renderScreen(<DirectoryScreen />, { path: '/browse', host });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Successfully logged out!'));
    expect(host.session.getState().user).toBeNull();
  });
});

describe("directory screen: 'could not load' is not 'nothing found'", () => {
  /** Answers fail (`failing` times) until the server is back, then the directory answers. */
  function flakyApi(failing: { count: number }, error: ApiError) {
    const once =
      <T,>(answer: () => Promise<T>) =>
      async () => {
        if (failing.count > 0) throw error;
        return answer();
      };
    return directoryApi({
      directorySummary: once(async () => fourInThreeCities),
      cityGroups: once(async () => ({ groups })),
    });
  }

  it.each([
    ['a server error', new ApiError(503, MESSAGES.serviceUnavailable)],
    ['a network failure', new ApiError(0, null)],
  ])("%s says 'Could not load businesses' with Try again, which asks again", async (_, error) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = { count: 1 };
    const api = flakyApi(failing, error);
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const alert = await screen.findByTestId('directory-load-failed');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(within(alert).getByText(FIRST_LOAD_MESSAGES.directoryLoadFailed)).toBeTruthy();
    expect(screen.queryByText('No businesses found')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe(''));

    failing.count = 0;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findAllByTestId('city-group');
    await waitFor(() => expect(screen.getByTestId('business-count').textContent).toBe('4 businesses found'));
    expect(screen.queryByTestId('directory-load-failed')).toBeNull();
    expect(routeFake(api, 'cityGroups')).toHaveBeenCalledTimes(2);
    expect(routeFake(api, 'directorySummary')).toHaveBeenCalledTimes(2);
  });

  it("an empty answer keeps SPEC's 'No businesses found' and no Try again", async () => {
    renderScreen(<DirectoryScreen />, { path: '/browse' });
    await screen.findByText('No businesses found');
    expect(screen.getByText('Try adjusting your search filters to find businesses in different areas.')).toBeTruthy();
    expect(screen.queryByTestId('directory-load-failed')).toBeNull();
    expect(screen.getByTestId('business-count').textContent).toBe('0 businesses found');
  });

  it('a city whose businesses could not be read says so in its card, and Try again reads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const api = directoryApi({
      listBusinesses: async ({ query }) => {
        if (query?.city !== 'Leeds') return page([], 0);
        if (down) throw new ApiError(502, null);
        return page(leeds, 2);
      },
    });
    renderScreen(<DirectoryScreen />, { path: '/browse', host: fakeHost({ api }) });
    const failed = await waitFor(() => screen.getAllByTestId('city-load-failed').find((line) => line.dataset.city === 'Leeds')!);
    const alert = within(failed).getByTestId('directory-load-failed');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('business-row')).toHaveLength(2);
    expect(screen.queryByTestId('directory-load-failed')).toBeNull();
  });
});
