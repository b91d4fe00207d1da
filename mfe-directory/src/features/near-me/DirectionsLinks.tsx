import { useMessages } from '../../i18n/messages';
import { directionsLinks } from './near-point';

/** Brand names: the same in every language. */
const MAP_SERVICES = { openStreetMap: 'OpenStreetMap', googleMaps: 'Google Maps' } as const;

/**
 * 'Directions' to a business: the phone's maps app (geo:), OpenStreetMap and Google Maps. Always to its public point:
 * for an 'area' business that is its district's centre, which the API answers in place of the true one.
 */
export function DirectionsLinks({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const t = useMessages();
  if (latitude === null || longitude === null) return null;
  const links = directionsLinks(latitude, longitude);
  return (
    <p data-testid="directions">
      <span>{t('directions.title')}:</span>{' '}
      <a href={links.geo} data-testid="directions-geo">
        {t('directions.mapsApp')}
      </a>
      {' · '}
      <a href={links.openStreetMap} target="_blank" rel="noopener noreferrer" data-testid="directions-osm">
        {MAP_SERVICES.openStreetMap}
      </a>
      {' · '}
      <a href={links.googleMaps} target="_blank" rel="noopener noreferrer" data-testid="directions-google">
        {MAP_SERVICES.googleMaps}
      </a>
    </p>
  );
}
