import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HostProvider } from '@zaytoon/web-kit';
import { business, fakeApi, fakeHost, routeFake, testQueryClient } from '../../test/harness';
import { page, summary } from '../../test/directoryFakes';
import { CITY_PAGE_SIZE } from '../../features/directory/api/get-city-businesses';
import { NavBar } from '../../ui/NavBar';
import { DirectoryScreen } from './DirectoryScreen';

function DetailStub() {
  return <p data-testid="detail-stub">{useLocation().pathname}</p>;
}

/** The browser's Back button, and the URL. */
function Browser() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button type="button" data-testid="history-back" onClick={() => navigate(-1)} />
      <output data-testid="path">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
      <output data-testid="entry">{location.key}</output>
    </>
  );
}

describe('directory history', () => {
  it('Back from a business returns to the same filters and rows, from the cache; typing added no entries', async () => {
    const api = fakeApi({
      directorySummary: async () => summary({ total: 2, cities: 1 }),
      cityGroups: async () => ({ groups: [{ city: 'Leeds', count: 2 }] }),
      listBusinesses: async ({ query }) => page(query?.city === 'Leeds' ? [business({ id: 10, name: 'Olive Grove', city: 'Leeds' })] : []),
      categories: async () => ({ categories: ['Cafe'] }),
    });
    render(
      <HostProvider value={fakeHost({ api })}>
        <QueryClientProvider client={testQueryClient()}>
          <MemoryRouter initialEntries={['/browse']}>
            <Routes>
              <Route path="/browse" element={<DirectoryScreen />} />
              <Route path="/business/:id" element={<DetailStub />} />
            </Routes>
            <Browser />
          </MemoryRouter>
        </QueryClientProvider>
      </HostProvider>,
    );
    const params = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    await screen.findAllByTestId('city-group');

    await userEvent.type(screen.getByPlaceholderText('Search businesses...'), 'olive');
    await waitFor(() => expect(params().get('search')).toBe('olive'));
    await screen.findByRole('option', { name: 'Cafe' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Cafe');
    await waitFor(() => expect(params().get('category')).toBe('Cafe'));
    // the rows of these filters (the last ones stay on screen until they are in)
    await waitFor(() =>
      expect(routeFake(api, 'listBusinesses')).toHaveBeenLastCalledWith(
        { query: { search: 'olive', category: 'Cafe', city: 'Leeds', limit: CITY_PAGE_SIZE } },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('locations-view').getAttribute('aria-busy')).toBe('false'));
    await userEvent.click(await screen.findByRole('link', { name: 'View Details' }));
    const listCalls = routeFake(api, 'listBusinesses').mock.calls.length;

    await screen.findByTestId('detail-stub');
    const back = () => userEvent.click(screen.getByTestId('history-back'));

    await back();
    expect(screen.getByTestId('path').textContent).toBe('/browse');
    expect((screen.getByPlaceholderText('Search businesses...') as HTMLInputElement).value).toBe('olive');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Cafe');
    // the city's page comes from the cache: on screen at once, not fetched again
    expect(screen.getAllByTestId('business-row')).toHaveLength(1);
    expect(routeFake(api, 'listBusinesses').mock.calls.length).toBe(listCalls);

    // Back again undoes one choice at a time: the category; then the search as typed is the first entry (each
    // keystroke replaced the entry instead of adding one).
    await back();
    expect(params().get('category')).toBeNull();
    expect(params().get('search')).toBe('olive');
    await waitFor(() => expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('all'));
    expect((screen.getByPlaceholderText('Search businesses...') as HTMLInputElement).value).toBe('olive');
    await back(); // nothing before the first entry: the search stays
    expect(params().get('search')).toBe('olive');
  }, 20_000);

  function renderApp(entry: string) {
    const api = fakeApi({
      directorySummary: async () => summary({ total: 1, cities: 1 }),
      cityGroups: async () => ({ groups: [{ city: 'Leeds', count: 1 }] }),
      listBusinesses: async ({ query }) => page(query?.city === 'Leeds' ? [business({ id: 10, name: 'Olive Grove', city: 'Leeds' })] : []),
      categories: async () => ({ categories: ['Cafe'] }),
    });
    render(
      <HostProvider value={fakeHost({ api })}>
        <QueryClientProvider client={testQueryClient()}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/browse" element={<DirectoryScreen />} />
              <Route path="/dashboard" element={<DirectoryScreen />} />
              <Route
                path="/business/:id"
                element={
                  <>
                    <NavBar variant="detail" />
                    <DetailStub />
                  </>
                }
              />
            </Routes>
            <Browser />
          </MemoryRouter>
        </QueryClientProvider>
      </HostProvider>,
    );
  }

  it("'Back to Directory' from a business opened in the directory is the browser's Back: the same entry, filters and view", async () => {
    renderApp('/browse?search=olive&category=Cafe&view=locations');
    await screen.findAllByTestId('city-group');
    const directoryEntry = screen.getByTestId('entry').textContent;
    const search = screen.getByTestId('search').textContent;
    await userEvent.click(await screen.findByRole('link', { name: 'View Details' }));
    await screen.findByTestId('detail-stub');

    const link = screen.getByTestId('back-to-directory');
    expect(link.getAttribute('href')).toBe(`/browse${search}`);
    await userEvent.click(link);
    await screen.findAllByTestId('city-group');
    expect(screen.getByTestId('path').textContent).toBe('/browse');
    expect(screen.getByTestId('search').textContent).toBe(search);
    // The very history entry the visitor left (its scroll position is remembered by its key), not a new one.
    expect(screen.getByTestId('entry').textContent).toBe(directoryEntry);
    expect((screen.getByPlaceholderText('Search businesses...') as HTMLInputElement).value).toBe('olive');
  });

  it("'Back to Directory' on a business the visitor opened directly is the plain directory", async () => {
    renderApp('/business/10');
    const link = await screen.findByTestId('back-to-directory');
    expect(link.getAttribute('href')).toBe('/dashboard');
    await userEvent.click(link);
    expect(screen.getByTestId('path').textContent).toBe('/dashboard');
    expect(screen.getByTestId('search').textContent).toBe('');
  });
});
