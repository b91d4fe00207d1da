import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { admin, business, fakeHost, fakeSession, renderScreen } from '../test/harness';
import { HostProvider } from '../host';
import { BusinessPopup } from './BusinessPopup';
import { buildIndex, clustersIn } from './clusters';
import MapView from './MapView';

const mapped = (id: number, city: string, lat: number, lng: number) => business({ id, name: `B${id}`, city, latitude: lat, longitude: lng });

describe('map view (SPEC §2)', () => {
  it('shows the three tiles and up to 3 unmapped businesses, then "... and N more"', () => {
    const list = [
      mapped(1, 'Leeds', 53.8, -1.55),
      mapped(2, 'Leeds', 53.79, -1.54),
      mapped(3, 'London', 51.5, -0.12),
      business({ id: 4, name: 'No Geo 1', city: 'York' }),
      business({ id: 5, name: 'No Geo 2', city: '' }),
      business({ id: 6, name: 'No Geo 3', city: 'Bath' }),
      business({ id: 7, name: 'No Geo 4', city: 'Hull', latitude: 53.7 }),
    ];
    renderScreen(<MapView businesses={list} />, { path: '/browse' });
    expect(screen.getByTestId('stat-on-map').textContent).toBe('3');
    expect(screen.getByTestId('stat-cities').textContent).toBe('2');
    expect(screen.getByTestId('stat-coverage').textContent).toBe('43%');
    const box = screen.getByTestId('unmapped');
    expect(box.textContent).toContain('Businesses Not on Map');
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'No Geo 1 (York)',
      'No Geo 2 (Unknown City)',
      'No Geo 3 (Bath)',
    ]);
    expect(box.textContent).toContain('... and 1 more');
    expect(screen.getByTestId('map').style.height).toBe('500px');
    expect(document.querySelector('.leaflet-container')).toBeTruthy();
  });

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
  });

  it('clusters nearby businesses and splits them when zoomed in', () => {
    const list = Array.from({ length: 50 }, (_, i) => mapped(i + 1, 'Leeds', 53.8 + i * 0.0001, -1.55));
    list.push(mapped(99, 'London', 51.5, -0.12));
    const index = buildIndex(list);
    const uk: [number, number, number, number] = [-11, 49, 2, 61];
    const wide = clustersIn(index, uk, 6);
    expect(wide).toHaveLength(2);
    expect(wide.find((item) => item.kind === 'cluster')).toMatchObject({ count: 50 });
    expect(clustersIn(index, uk, 18).filter((item) => item.kind === 'business')).toHaveLength(51);
  });
});

describe('map frame', () => {
  it('keeps SPEC\'s centre and zoom without filters, and frames the results with one', async () => {
    const { mapFrame } = await import('./FitToResults');
    const exeter = [mapped(1, 'Exeter', 50.72, -3.53), mapped(2, 'Exeter', 50.73, -3.52)];
    expect(mapFrame(exeter, false)).toEqual({ kind: 'default', center: [54.7023545, -3.2765753], zoom: 6 });
    expect(mapFrame(exeter, true)).toEqual({ kind: 'bounds', points: [[50.72, -3.53], [50.73, -3.52]] });
    expect(mapFrame([], true).kind).toBe('default');
  });

  it('renders with a filter on without errors', () => {
    renderScreen(<MapView businesses={[mapped(1, 'Exeter', 50.72, -3.53)]} filtered />, { path: '/browse' });
    expect(screen.getByTestId('stat-on-map').textContent).toBe('1');
  });
});
