import type { Coordinates } from '../geo/outcodes';
import type { Geocoder } from './geocoder';
import type { GeocodingRepository } from './geocoding.repository';

export type GeocodeOutcome = { status: 'located'; coordinates: Coordinates } | { status: 'unknown-postcode' } | { status: 'stale' };

/** What the service needs from the business answer cache: cached lists must not keep the old position. */
export interface BusinessAnswers {
  dropAnswers(): Promise<void>;
}

export class GeocodingService {
  constructor(
    private readonly geocoding: GeocodingRepository,
    private readonly geocoder: Geocoder,
    private readonly answers: BusinessAnswers,
  ) {}

  /**
   * Places a business on the map from its postcode. An unknown postcode is an answer, not a
   * failure: nothing is set and nothing is retried. Once the coordinates are stored, cached
   * business answers are dropped, or the list (and so the map) would show the business without
   * them until the cache expires.
   */
  async geocodeBusiness(input: { businessId: number; postcode: string }): Promise<GeocodeOutcome> {
    const coordinates = await this.geocoder.geocode(input.postcode);
    if (!coordinates) return { status: 'unknown-postcode' };
    const updated = await this.geocoding.setCoordinatesIfPostcode(input.businessId, input.postcode, coordinates);
    if (updated) await this.answers.dropAnswers();
    return updated ? { status: 'located', coordinates } : { status: 'stale' };
  }
}
