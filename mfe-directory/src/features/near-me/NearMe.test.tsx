import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, renderScreen } from '../../test/harness';
import { NearMe } from './NearMe';
import { BusinessRow } from '../../screens/Directory/BusinessRow';
import { BusinessPopup } from '../../map/BusinessPopup';
import { DirectionsLinks } from './DirectionsLinks';
import { Distance } from './Distance';
import { milesBetween, nearParam, parseNear } from './near-point';

describe('the distance', () => {
  it.each([
    [0.4, '0.4 mi'],
    [0.44, '0.4 mi'],
    [0.1, '0.1 mi'],
    [0.09, 'under 0.1 mi'],
    [0, 'under 0.1 mi'],
    [12.35, '12.4 mi'],
    [99.94, '99.9 mi'],
    [134.6, '135 mi'],
  ])('%s miles reads %s', (miles, text) => {
    renderScreen(<Distance miles={miles} />);
    expect(screen.getByTestId('distance').textContent).toMatch(new RegExp(`^${text}$`));
  });

  it("reads in the page's language", async () => {
    renderScreen(<Distance miles={2.5} />, { language: 'cy' });
    expect((await screen.findByText('2.5 mltr')).dataset.testid).toBe('distance');
  });

  it("shows on a list row sorted 'Near me', and not on the others", () => {
    const { unmount } = renderScreen(<BusinessRow business={business({ distance_miles: 0.42 })} isAdmin={false} />);
    expect(within(screen.getByTestId('business-row')).getByTestId('distance').textContent).toMatch('0.4 mi');
    unmount();
    renderScreen(<BusinessRow business={business()} isAdmin={false} />);
    expect(screen.queryByTestId('distance')).toBeNull();
  });

  it("shows in a map popup from the URL's point, and not without one", () => {
    // 0.01° of latitude is 0.69 miles.
    const shop = business({ latitude: 51.53, longitude: -0.07 });
    const { unmount } = renderScreen(<BusinessPopup business={shop} isAdmin={false} />, { path: '/browse?view=map&near=51.52,-0.07' });
    expect(within(screen.getByTestId('map-popup')).getByTestId('distance').textContent).toMatch('0.7 mi');
    unmount();
    renderScreen(<BusinessPopup business={shop} isAdmin={false} />, { path: '/browse?view=map' });
    expect(screen.queryByTestId('distance')).toBeNull();
  });
});

describe('Directions', () => {
  it("links to the phone's maps app, OpenStreetMap and Google Maps at the business's point", () => {
    renderScreen(<DirectionsLinks latitude={53.8} longitude={-1.55} />);
    expect(screen.getByTestId('directions').textContent).toMatch(/^Directions:/);
    expect(screen.getByTestId('directions-geo').getAttribute('href')).toBe('geo:53.8,-1.55?q=53.8,-1.55');
    expect(screen.getByTestId('directions-osm').getAttribute('href')).toBe('https://www.openstreetmap.org/directions?to=53.8%2C-1.55');
    expect(screen.getByTestId('directions-google').getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=53.8%2C-1.55');
    for (const id of ['directions-osm', 'directions-google']) expect(screen.getByTestId(id).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("go to an 'area' business's public point (its district's centre, as the API answers it)", () => {
    const area = business({ location_precision: 'area', latitude: 51.51799, longitude: -0.07026, address: '' });
    renderScreen(<BusinessPopup business={area} isAdmin={false} />);
    const links = within(screen.getByTestId('directions'));
    for (const link of links.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/51\.51799(,|%2C)-0\.07026/);
  });

  it('are left out for a business without a point', () => {
    renderScreen(<DirectionsLinks latitude={null} longitude={null} />);
    expect(screen.queryByTestId('directions')).toBeNull();
  });
});

describe('the point in the URL', () => {
  it('keeps two decimals, and refuses what is not a point', () => {
    expect(nearParam({ lat: 51.523456, lng: -0.071234 })).toBe('51.52,-0.07');
    expect(parseNear('51.523456,-0.071234')).toEqual({ lat: 51.52, lng: -0.07 });
    for (const bad of [null, '', 'abc', '91,0', '51.5', '51.5,-200']) expect(parseNear(bad)).toBeNull();
  });

  it('measures great-circle miles', () => {
    // London to Leeds: about 170 miles.
    expect(milesBetween({ lat: 51.5074, lng: -0.1278 }, { lat: 53.8008, lng: -1.5491 })).toBeCloseTo(169.5, 0);
  });
});

describe("the 'Near me' bar", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sorts from the browser's location, rounded to two decimals before it goes anywhere", async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 51.523456, longitude: -0.071234 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const onNear = vi.fn();
    renderScreen(<NearMe near={null} onNear={onNear} />);
    // /browse's first view has the button alone: the bar downloads on the click, which asks for the location at once
    expect(screen.queryByLabelText('Postcode')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    await vi.waitFor(() => expect(onNear).toHaveBeenCalledWith({ lat: 51.52, lng: -0.07 }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Postcode')).toBeTruthy();
  });

  it('says so when the location cannot be had', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: (_: unknown, failure: () => void) => failure() } });
    const onNear = vi.fn();
    renderScreen(<NearMe near={null} onNear={onNear} />);
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect((await screen.findByTestId('near-me-problem')).textContent).toBe('Could not find your location: enter a postcode instead');
    expect(onNear).not.toHaveBeenCalled();
    // and the postcode, the other way, is there to type
    expect(screen.getByLabelText('Postcode')).toBeTruthy();
  });

  it("sorts from a typed postcode's district centre, and says when the server does not know it", async () => {
    const postcodeCentre = vi.fn(async ({ query }: { query: { postcode: string } }) => {
      if (query.postcode === 'LS1 4AP') return { outcode: 'LS1', latitude: 53.79674, longitude: -1.54754 };
      throw new ApiError(404, null, undefined, undefined, { code: 'postcodeUnknown' });
    });
    const onNear = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: (_: unknown, failure: () => void) => failure() } });
    renderScreen(<NearMe near={null} onNear={onNear} />, { host: fakeHost({ api: fakeApi({ postcodeCentre }) }) });
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    await userEvent.type(await screen.findByLabelText('Postcode'), 'LS1 4AP');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by distance' }));
    expect(onNear).toHaveBeenCalledWith({ lat: 53.8, lng: -1.55 });

    await userEvent.clear(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Postcode'), 'QQ99 9QQ');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by distance' }));
    // The contract's message for the server's code: the one source of these words.
    expect(await screen.findByText(MESSAGES.postcodeUnknown)).toBe(screen.getByTestId('near-me-problem'));
    expect(onNear).toHaveBeenCalledTimes(1);
  });

  it("arriving sorted by distance, shows the bar with 'Clear', without asking for the location", async () => {
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const onNear = vi.fn();
    renderScreen(<NearMe near={{ lat: 53.8, lng: -1.55 }} onNear={onNear} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(onNear).toHaveBeenCalledWith(null);
  });
});
