import { memo } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';
import { LIMITS, MAP_DEFAULTS, type Business } from '@zaytoon/client';
import { useSession } from '../host';
import { mapStats, UNKNOWN_CITY } from '../screens/Directory/directoryModel';
import { ClusteredMarkers } from './ClusteredMarkers';
import { FitToResults } from './FitToResults';
import './leafletSetup';

/** Map view (SPEC §2): clustered markers, three stat tiles and the 'Businesses Not on Map' box. */
function MapView({ businesses, filtered = false }: { businesses: Business[]; filtered?: boolean }) {
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const stats = mapStats(businesses);
  const listed = stats.unmapped.slice(0, LIMITS.unmappedBusinessesListed);
  const more = stats.unmapped.length - listed.length;

  return (
    <section className="zd-card zd-mapview" aria-label="Map view" data-testid="map-view">
      <div className="zd-map" data-testid="map" style={{ height: MAP_DEFAULTS.heightPx }}>
        <MapContainer
          center={MAP_DEFAULTS.center}
          zoom={MAP_DEFAULTS.zoom}
          style={{ height: '100%', width: '100%' }}
          scrollWheelZoom
        >
          <TileLayer
            url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
            maxZoom={19}
          />
          <ClusteredMarkers businesses={stats.mapped} isAdmin={isAdmin} />
          <FitToResults businesses={stats.mapped} filtered={filtered} />
        </MapContainer>
      </div>

      <div className="zd-tiles" data-testid="map-stats">
        <p className="zd-card zd-tile">
          <span className="zd-tile__value" data-testid="stat-on-map">
            {stats.onMap}
          </span>
          Businesses on map
        </p>
        <p className="zd-card zd-tile">
          <span className="zd-tile__value" data-testid="stat-cities">
            {stats.cities}
          </span>
          Cities
        </p>
        <p className="zd-card zd-tile">
          <span className="zd-tile__value" data-testid="stat-coverage">
            {stats.coverage}%
          </span>
          Coverage
        </p>
      </div>

      {stats.unmapped.length > 0 && (
        <div className="zd-unmapped" data-testid="unmapped">
          <h2>Businesses Not on Map</h2>
          <p className="zd-hint">These businesses have no location yet.</p>
          <ul>
            {listed.map((business) => (
              <li key={business.id}>
                {business.name} ({business.city?.trim() || UNKNOWN_CITY})
              </li>
            ))}
          </ul>
          {more > 0 && <p>... and {more} more</p>}
        </div>
      )}
    </section>
  );
}

// Memoised: typing in the search box must not redraw thousands of markers.
export default memo(MapView);
