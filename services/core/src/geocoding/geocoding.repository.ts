import type { Coordinates } from '../geo/outcodes';
import type { Queryable } from '../db/pool';

export class GeocodingRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Sets the coordinates only while the business still has the postcode they were computed
   * for (compared without spaces or case); false when it is gone or its postcode changed since.
   */
  async setCoordinatesIfPostcode(businessId: number, postcode: string, coordinates: Coordinates): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE businesses SET latitude = $3, longitude = $4, updated_at = now()
        WHERE id = $1 AND upper(replace(postcode, ' ', '')) = upper(replace($2, ' ', ''))`,
      [businessId, postcode, coordinates.latitude, coordinates.longitude],
    );
    return (rowCount ?? 0) > 0;
  }
}
