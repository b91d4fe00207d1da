import { lookupOutcode } from './outcodes';

const METERS_PER_DEGREE = 111_320;

/**
 * Where the geocoding job leaves a business (tests): at its postcode district's centre, or `northMeters` north of it;
 * `located: false` leaves it off the map.
 */
export function geocodedPosition(postcode: string, options: { at?: string; northMeters?: number; located?: boolean } = {}) {
  if (options.located === false) return {};
  const centre = lookupOutcode(options.at ?? postcode)!;
  return { latitude: centre.latitude + (options.northMeters ?? 0) / METERS_PER_DEGREE, longitude: centre.longitude };
}
