import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, tilesCovering, type RequestOptions } from '@zaytoon/contract/client';
import { HostProvider } from '@zaytoon/web-kit';
import { admin, business, fakeApi, fakeHost, fakeSession, renderScreen, routeFake } from '../test/harness';
import { page, summary } from '../test/directoryFakes';
import { DirectoryScreen } from '../screens/Directory/DirectoryScreen';
import { BusinessPopup } from './BusinessPopup';
import { MAP_VERSION_FRESH_MS } from '../features/directory/api/get-map-tiles';
import { MOVE_DEBOUNCE_MS } from './MapController';
import MapView from './MapView';
import mapStyles from './MapView.module.css';
import { withMapSize } from '../test/mapSize';

/** The map's cluster markers: Leaflet's marker icon with the view's (scoped) cluster class. */
const CLUSTER = `.leaflet-marker-icon.${mapStyles.cluster}`;

withMapSize();

const urlSearch = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');
// Fake timers that also follow the real clock (the map's loads settle by themselves); settle() moves them on at once.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The map rests for as long as the controller waits before writing a move. */
const settle = () => act(async () => vi.advanceTimersByTime(MOVE_DEBOUNCE_MS));

/** Clicks the first cluster marker once the map has drawn one, then lets the move settle. */
async function clickFirstCluster() {
  const cluster = await waitFor(
    () => {
      const element = document.querySelector<HTMLElement>(CLUSTER);
      if (!element) throw new Error('no cluster yet');
      return element;
    },
    { timeout: 10_000 },
  );
  fireEvent.click(cluster);
  await settle();
}

const leedsCluster = { kind: 'cluster' as const, id: 7, lat: 53.8, lng: -1.55, count: 50, expansion_zoom: 11 };
const olive = { kind: 'business' as const, id: 9, lat: 51.5, lng: -0.12, name: 'Olive' };
const VERSION = 3;

/** Every tile answers the same items: the map draws each marker once whichever tiles carry it. */
const tileAnswer = (tile: { z: number | string; x: number | string; y: number | string }) => ({
  ...tile,
  version: VERSION,
  items: Number(tile.z) < 11 ? [leedsCluster, olive] : [olive],
});
/** The tile holding a point at a zoom. */
const tileOf = (lat: number, lng: number, z: number) => tilesCovering({ west: lng, south: lat, east: lng, north: lat }, z)[0];

function mapApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    directorySummary: async () => summary({ total: 7, on_map: 3, not_on_map: 4, cities_on_map: 2, coverage: 43, bounds: [-1.6, 51.5, -0.1, 53.8] }),
    listBusinesses: async ({ query }) =>
      query?.on_map === 'false'
        ? page(
            [
              business({ id: 4, name: 'No Geo 1', city: 'York' }),
              business({ id: 5, name: 'No Geo 2', city: '' }),
              business({ id: 6, name: 'No Geo 3', city: 'Bath' }),
            ],
            4,
            'next',
          )
        : page([]),
    mapVersion: async () => ({ version: VERSION }),
    mapTile: async ({ params }) => tileAnswer(params),
    getBusiness: async ({ id }) =>
      business({ id: Number(id), name: 'Olive', vote_score: 4, description: 'd'.repeat(90), address: '1 High St', city: 'London', postcode: 'E1' }),
    ...overrides,
  });
}

const noop = () => {};

describe('map view (SPEC §2)', () => {
  it('shows the three tiles from the summary and up to 3 unmapped businesses, then "... and N more"', async () => {
    const api = mapApi();
    renderScreen(<MapView filter={{}} viewport={null} onViewportChange={noop} />, { path: '/browse', host: fakeHost({ api }) });
    await waitFor(() => expect(screen.getByTestId('stat-on-map').textContent).toBe('3'));
    expect(screen.getByTestId('stat-cities').textContent).toBe('2');
    expect(screen.getByTestId('stat-coverage').textContent).toBe('43%');
    const box = await screen.findByTestId('unmapped');
    expect(box.textContent).toContain('Businesses Not on Map');
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['No Geo 1 (York)', 'No Geo 2 (Unknown City)', 'No Geo 3 (Bath)']);
    expect(box.textContent).toContain('... and 1 more');
    expect(routeFake(api, 'listBusinesses')).toHaveBeenCalledWith({ query: { on_map: 'false', limit: 3 } }, expect.anything());
    expect(screen.getByTestId('map').style.height).toBe('500px');
    expect(document.querySelector('.leaflet-container')).toBeTruthy();
  });

  it("draws the deployment's tile source with its attribution (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)", async () => {
    const mapTiles = { url: 'https://tiles.example.net/{z}/{x}/{y}.png', attribution: '© <a href="https://tiles.example.net">Tiles Ltd</a>' };
    renderScreen(<MapView filter={{}} viewport={null} onViewportChange={noop} />, { path: '/browse', host: fakeHost({ api: mapApi(), mapTiles }) });
    await waitFor(() => expect(document.querySelector('.leaflet-control-attribution')?.textContent).toContain('Tiles Ltd'));
    expect(document.querySelector('.leaflet-control-attribution')?.textContent).not.toContain('OpenStreetMap');
  });

  it('has no yellow box when every business is on the map', async () => {
    const api = mapApi({ listBusinesses: async () => page([], 0) });
    renderScreen(<MapView filter={{}} viewport={null} onViewportChange={noop} />, { path: '/browse', host: fakeHost({ api }) });
    await waitFor(() => expect(screen.getByTestId('stat-on-map').textContent).toBe('3'));
    await waitFor(() => expect(routeFake(api, 'listBusinesses')).toHaveBeenCalled());
    expect(screen.queryByTestId('unmapped')).toBeNull();
  });

  it("draws the server's clusters (with their count) and businesses for the view; SPEC's centre and zoom without filters", async () => {
    const api = mapApi();
    renderScreen(<MapView filter={{}} viewport={null} onViewportChange={noop} />, { path: '/browse', host: fakeHost({ api }) });
    const cluster = await waitFor(() => {
      const element = document.querySelector<HTMLElement>(CLUSTER);
      if (!element) throw new Error('no cluster yet');
      return element;
    });
    expect(cluster.textContent).toBe('50');
    expect(cluster.getAttribute('title')).toBe('50 businesses');
    expect(document.querySelector('img.leaflet-marker-icon[title="Olive"]')).toBeTruthy();
    // One request a tile in view, at the map's zoom and the current version: the centre's tile among them.
    const calls = routeFake(api, 'mapTile').mock.calls;
    expect(calls.every(([{ params, query }]) => params.z === 6 && query.v === VERSION)).toBe(true);
    expect(calls.map(([{ params }]) => params)).toContainEqual(tileOf(54.7, -3.28, 6));
    expect(new Set(calls.map(([{ params }]) => `${params.x}/${params.y}`)).size).toBe(calls.length);
    expect(calls.length).toBeLessThanOrEqual(12);
    expect((calls[0][1] as RequestOptions).signal).toBeInstanceOf(AbortSignal);
    expect(document.querySelectorAll(CLUSTER)).toHaveLength(1);
    expect(document.querySelectorAll('img.leaflet-marker-icon[title="Olive"]')).toHaveLength(1);
  });

  it('a cluster click zooms to its expansion_zoom; the markers of the new view are fetched and the URL keeps the viewport', async () => {
    const api = mapApi();
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map', host: fakeHost({ api }) });
    await clickFirstCluster();
    await waitFor(() => expect(routeFake(api, 'mapTile').mock.lastCall?.[0].params.z).toBe(11));
    expect(urlSearch().get('zoom')).toBe('11');
    expect(Number(urlSearch().get('lat'))).toBeCloseTo(53.8, 3);
    expect(Number(urlSearch().get('lng'))).toBeCloseTo(-1.55, 3);
    expect(urlSearch().get('view')).toBe('map');
    await waitFor(() => expect(document.querySelector(CLUSTER)).toBeNull());
    expect(document.querySelector('img.leaflet-marker-icon[title="Olive"]')).toBeTruthy();
  });

  it('keeps the previous markers on the map while the next view loads', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = mapApi({
      mapTile: async ({ params }) => {
        if (Number(params.z) >= 11) await held;
        return tileAnswer(params);
      },
    });
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map', host: fakeHost({ api }) });
    await clickFirstCluster();
    await waitFor(() => expect(routeFake(api, 'mapTile').mock.lastCall?.[0].params.z).toBe(11));
    expect(document.querySelector(CLUSTER)).toBeTruthy();
    await act(async () => release());
    await waitFor(() => expect(document.querySelector(CLUSTER)).toBeNull());
  });

  it('a business marker opens its popup and only then fetches the business', async () => {
    const api = mapApi();
    renderScreen(<MapView filter={{}} viewport={null} onViewportChange={noop} />, { path: '/browse', host: fakeHost({ api }) });
    const marker = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('img.leaflet-marker-icon[title="Olive"]');
      if (!element) throw new Error('no marker yet');
      return element;
    });
    expect(routeFake(api, 'getBusiness')).not.toHaveBeenCalled();
    fireEvent.click(marker);
    const popup = await screen.findByTestId('map-popup');
    expect(routeFake(api, 'getBusiness')).toHaveBeenCalledWith({ id: 9 }, expect.anything());
    expect(popup.textContent).toContain('+4');
    expect(popup.textContent).toContain('London E1');
    expect(popup.textContent).toContain('d'.repeat(80) + '...');
    expect(screen.getByRole('link', { name: 'View Full Details' }).getAttribute('href')).toBe('/business/9');
  });

  it('with a filter on, frames the results (summary.bounds, at most zoom 13) and writes the viewport to the URL', async () => {
    const api = mapApi({
      directorySummary: async () => summary({ total: 2, on_map: 2, cities_on_map: 1, coverage: 100, bounds: [-3.54, 50.71, -3.52, 50.73] }),
    });
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map&city=Exeter', host: fakeHost({ api }) });
    await screen.findByTestId('map-view', {}, { timeout: 10_000 });
    await settle();
    await waitFor(() => expect(urlSearch().get('zoom')).toBe('13'));
    expect(Number(urlSearch().get('lat'))).toBeCloseTo(50.72, 2);
    expect(Number(urlSearch().get('lng'))).toBeCloseTo(-3.53, 2);
    await waitFor(() => expect(routeFake(api, 'mapTile').mock.lastCall?.[0].params.z).toBe(13));
    expect(routeFake(api, 'mapTile').mock.lastCall?.[0].query).toEqual({ city: 'Exeter', v: VERSION });
  });

  it('a viewport in the URL wins over framing (a copied link shows the same view)', async () => {
    const api = mapApi();
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map&city=Exeter&lat=51.5&lng=-0.12&zoom=9', host: fakeHost({ api }) });
    await screen.findByTestId('map-view', {}, { timeout: 10_000 });
    await waitFor(() => expect(routeFake(api, 'mapTile')).toHaveBeenCalled());
    await settle();
    const tiles = routeFake(api, 'mapTile').mock.calls.map(([{ params }]) => params);
    expect(tiles.every((tile) => tile.z === 9)).toBe(true);
    expect(tiles).toContainEqual(tileOf(51.5, -0.12, 9));
    expect(urlSearch().get('zoom')).toBe('9');
  });

  it("asks for tiles at the map's version again once it changes, and a tile's 'more' marker zooms in", async () => {
    let version = VERSION;
    const more = { kind: 'more' as const, lat: 54.7, lng: -3.28, count: 30 };
    const api = mapApi({
      mapVersion: async () => ({ version }),
      mapTile: async ({ params, query }) => ({ ...params, version: Number(query?.v), items: Number(params.z) === 6 ? [more] : [] }),
    });
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map', host: fakeHost({ api }) });
    const badge = await waitFor(() => {
      const element = document.querySelector<HTMLElement>(CLUSTER);
      if (!element) throw new Error('no marker yet');
      return element;
    });
    expect(badge.textContent).toBe('30');
    version = VERSION + 1;
    // The clock moves past the time the map trusts the version it read.
    vi.setSystemTime(Date.now() + MAP_VERSION_FRESH_MS + 1);
    fireEvent.click(badge);
    await settle();
    expect(urlSearch().get('zoom')).toBe('7');
    await waitFor(() => expect(routeFake(api, 'mapTile').mock.lastCall?.[0].query.v).toBe(VERSION + 1));
  });
});

describe('marker popup', () => {
  it('popup: name, category, score, address, 80-char description, phone, admin report count, details link', () => {
    const b = business({
      id: 9,
      name: 'Olive',
      vote_score: 4,
      description: 'd'.repeat(90),
      report_count: 2,
      address: '1 High St',
      city: 'Leeds',
      postcode: 'LS1',
    });
    const show = (isAdmin: boolean) =>
      render(
        <HostProvider value={fakeHost({ session: fakeSession(admin) })}>
          <MemoryRouter>
            <BusinessPopup business={b} isAdmin={isAdmin} />
          </MemoryRouter>
        </HostProvider>,
      );
    show(true);
    const popup = screen.getByTestId('map-popup');
    expect(popup.textContent).toContain('+4');
    expect(popup.textContent).toContain('Leeds LS1');
    expect(popup.textContent).toContain('d'.repeat(80) + '...');
    expect(popup.textContent).toContain('2 reports');
    expect(screen.getByRole('link', { name: 'View Full Details' }).getAttribute('href')).toBe('/business/9');
    document.body.innerHTML = '';
    show(false);
    expect(screen.getByTestId('map-popup').textContent).not.toContain('reports');
    expect(screen.queryByTestId('approximate-location')).toBeNull();
  });

  it("an 'area' business's popup reads 'Approximate location'", () => {
    render(
      <HostProvider value={fakeHost({ session: fakeSession(null) })}>
        <MemoryRouter>
          <BusinessPopup business={business({ id: 9, location_precision: 'area', address: '', postcode: 'LS1' })} isAdmin={false} />
        </MemoryRouter>
      </HostProvider>,
    );
    expect(screen.getByTestId('approximate-location').textContent).toBe('Approximate location');
  });
});

describe("map view: 'could not load' with Try again, as the Locations view", () => {
  it.each([
    ['the summary', 'directorySummary'],
    ["the map's version", 'mapVersion'],
    ['a tile', 'mapTile'],
  ] as const)("%s failing says 'Could not load businesses'; Try again asks again and draws the map", async (_, failing) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const healthy = mapApi();
    const api = mapApi({
      [failing]: async (...args: unknown[]) => {
        if (down) throw new ApiError(0, null);
        return (routeFake(healthy, failing) as unknown as (...a: unknown[]) => unknown)(...args);
      },
    });
    renderScreen(<DirectoryScreen />, { path: '/browse?view=map', host: fakeHost({ api }) });
    const alert = await screen.findByTestId('directory-load-failed', undefined, { timeout: 10_000 });
    expect(within(screen.getByTestId('map-view')).getByText('Could not load businesses')).toBeTruthy();
    expect(screen.queryByTestId('map-stats')).toBeNull();

    down = false;
    const tryAgain = within(alert).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(tryAgain.hasAttribute('disabled')).toBe(false));
    await userEvent.click(tryAgain);
    await waitFor(() => expect(screen.getByTestId('stat-on-map').textContent).toBe('3'), { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('img.leaflet-marker-icon[title="Olive"]')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByTestId('directory-load-failed')).toBeNull();
    expect(screen.getByTestId('business-count').textContent).toBe('7 businesses found');
  });
});
