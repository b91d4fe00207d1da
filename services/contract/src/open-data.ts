import { ROUTE_PATHS } from './route-paths';

/**
 * Issue #16 point 1: the directory's open data. The licence and attribution every file and the 'Open data' page
 * state; no zod here, so the screens import it too.
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

/** The files' URLs (same origin), the OpenAPI document and its rendered reference, which the front door serves. */
export const OPEN_DATA_LINKS = {
  csv: `/api${ROUTE_PATHS.exportBusinessesCsv.path}`,
  geojson: `/api${ROUTE_PATHS.exportBusinessesGeoJson.path}`,
  openApi: '/api/openapi.json',
  apiReference: '/api-reference/',
} as const;

export type OpenDataFormat = 'csv' | 'geojson';

export const OPEN_DATA_MEDIA_TYPES: Record<OpenDataFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  geojson: 'application/geo+json',
};
