/**
 * The directory's open data. The licence and attribution every file and the 'Open data' page
 * state; no zod here, so the screens import it too, as `@zaytoon/contract/open-data` (in the client's barrel, the bundler
 * put it in /browse's first chunk).
 */
export const OPEN_DATA_LICENCE = {
  name: 'Open Database License (ODbL) v1.0',
  id: 'ODbL-1.0',
  url: 'https://opendatacommons.org/licenses/odbl/1-0/',
} as const;

/** Who to credit: the product's contributors, with a link to the directory (the public origin). */
export function openDataAttribution(productName: string, origin: string): string {
  return `© ${productName} contributors, ${origin}`;
}

/** The files' paths below /api (the route list's `exportBusinessesCsv` and `exportBusinessesGeoJson` read them here). */
export const OPEN_DATA_PATHS = { csv: '/export/businesses.csv', geojson: '/export/businesses.geojson' } as const;

/** The files' URLs (same origin), the OpenAPI document and its rendered reference, which the front door serves. */
export const OPEN_DATA_LINKS = {
  csv: `/api${OPEN_DATA_PATHS.csv}`,
  geojson: `/api${OPEN_DATA_PATHS.geojson}`,
  openApi: '/api/openapi.json',
  apiReference: '/api-reference/',
} as const;

export type OpenDataFormat = 'csv' | 'geojson';

export const OPEN_DATA_MEDIA_TYPES: Record<OpenDataFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  geojson: 'application/geo+json',
};
