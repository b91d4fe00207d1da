import type { Coordinates } from '../geo/outcodes';
import type { Geocoder } from './geocoder';
import type { GeocodingRepository } from './geocoding.repository';

export type GeocodeOutcome = { status: 'located'; coordinates: Coordinates } | { status: 'unknown-postcode' } | { status: 'stale' };

export class GeocodingService {
  constructor(
    private readonly geocoding: GeocodingRepository,
    private readonly geocoder: Geocoder,
  ) {}

  /**
   * Places a business on the map from its postcode. An unknown postcode is an answer, not a
   * failure: nothing is set and nothing is retried.
   */
  async geocodeBusiness(input: { businessId: number; postcode: string }): Promise<GeocodeOutcome> {
    const coordinates = await this.geocoder.geocode(input.postcode);
    if (!coordinates) return { status: 'unknown-postcode' };
    const updated = await this.geocoding.setCoordinatesIfPostcode(input.businessId, input.postcode, coordinates);
    return updated ? { status: 'located', coordinates } : { status: 'stale' };
  }
}
