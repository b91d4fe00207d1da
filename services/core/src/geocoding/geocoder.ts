import type { Coordinates } from '../geo/outcodes';
import { lookupOutcode } from '../geo/outcodes';
import { componentLogger, type Logger } from '../logging/logger';

/** Postcode → coordinates. Null means "this geocoder does not know the postcode". */
export interface Geocoder {
  geocode(postcode: string): Promise<Coordinates | null>;
}

/** Offline: the centre of the postcode district, from the bundled outcode table. */
export class OutcodeGeocoder implements Geocoder {
  async geocode(postcode: string): Promise<Coordinates | null> {
    return lookupOutcode(postcode);
  }
}

/**
 * An online geocoder for precise coordinates. GEOCODER_URL is a template with `{postcode}`
 * (URL-encoded in), e.g. `https://api.postcodes.io/postcodes/{postcode}`; the answer must be
 * JSON with numeric `latitude` and `longitude` at the top level or under `result`. A 404 means
 * unknown; other failures throw, and the caller decides what to fall back to.
 */
export class HttpGeocoder implements Geocoder {
  constructor(
    private readonly urlTemplate: string,
    private readonly timeoutMs = 5_000,
  ) {
    if (!urlTemplate.includes('{postcode}')) throw new Error('GEOCODER_URL must contain {postcode}');
  }

  async geocode(postcode: string): Promise<Coordinates | null> {
    const url = this.urlTemplate.replace('{postcode}', encodeURIComponent(postcode.trim()));
    const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    const source = (body.result && typeof body.result === 'object' ? body.result : body) as Record<string, unknown>;
    const latitude = Number(source.latitude);
    const longitude = Number(source.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  }
}

/** The first geocoder that knows the postcode wins; one that fails is logged and skipped. */
export class FallbackGeocoder implements Geocoder {
  constructor(
    private readonly geocoders: Geocoder[],
    private readonly log: Logger = componentLogger('geocoding'),
  ) {}

  async geocode(postcode: string): Promise<Coordinates | null> {
    for (const geocoder of this.geocoders) {
      try {
        const found = await geocoder.geocode(postcode);
        if (found) return found;
      } catch (error) {
        this.log.warn({ err: error }, `${geocoder.constructor.name} failed, falling back: ${(error as Error).message}`);
      }
    }
    return null;
  }
}

/** Offline by default; with GEOCODER_URL the online geocoder is asked first and the district centre backs it up. */
export function createGeocoder(geocoderUrl?: string, log?: Logger): Geocoder {
  const offline = new OutcodeGeocoder();
  return geocoderUrl ? new FallbackGeocoder([new HttpGeocoder(geocoderUrl), offline], log) : offline;
}
