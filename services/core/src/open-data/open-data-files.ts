import { stringify } from 'csv-stringify/sync';
import { businessSchema, OPEN_DATA_LICENCE, SOCIAL_NETWORKS, WEEKDAYS, type Business } from '@zaytoon/contract';

/**
 * The public business fields the open data leaves out: members' votes, report data (admins' only anyway), and the
 * location's precision (files built before it would lack the column; an 'area' business's row already holds only its
 * district's postcode and centre).
 */
const LEFT_OUT = ['vote_score', 'upvotes', 'downvotes', 'report_count', 'latest_reports', 'location_precision'] as const;

/** What a business is in the open data: the public detail's fields, without votes or report data (docs/decisions/0024-open-data.md). */
export type OpenDataBusiness = Omit<Business, (typeof LEFT_OUT)[number]> & {
  /** The slugs of the Palestinian product types it stocks (GET /api/product-types names them). */
  palestinian_products?: string[];
};

/** Fields that are objects become a column per member in the CSV. */
const CSV_EXPANDED: Record<string, readonly string[]> = {
  business_hours: WEEKDAYS.map((day) => `hours_${day}`),
  social_media: SOCIAL_NETWORKS,
  verification: ['verification_status', 'verification_method', 'verification_date', 'verification_due_date'],
  cover: ['cover_photo_url', 'cover_photo_credit', 'cover_photo_licence'],
};

/** The CSV's columns, in order: the contract's public business fields, then the business's page. */
export const OPEN_DATA_CSV_COLUMNS: readonly string[] = [
  ...Object.keys(businessSchema.shape)
    .filter((field) => !(LEFT_OUT as readonly string[]).includes(field))
    .flatMap((field) => CSV_EXPANDED[field] ?? [field]),
  'palestinian_products',
  'page_url',
];

export interface OpenDataOrigin {
  productName: string;
  /** The site's public origin: each business's page link and the attribution name it. */
  publicOrigin: string;
  attribution: string;
}

const pageUrl = (origin: OpenDataOrigin, id: number) => `${origin.publicOrigin}/business/${id}`;

/**
 * Separators of any common spreadsheet locale: comma, semicolon (most of Europe), tab, and line breaks. A spreadsheet
 * opened with another separator than the file's, or a parser that ignores quotes, starts a cell after any of them, so
 * a cell holding one is quoted.
 */
const CSV_SEPARATORS = /[",;\t\r\n]/;
// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection), at the text's start or after
// any separator: each gets a leading apostrophe. csv-stringify's escape_formulas sees the start only.
const FORMULA_STARTS = /(?<=^|[,;\t\r\n])[=+\-@\t\r]/g;

/** One CSV line (RFC 4180, CRLF): numbers and booleans as they are, null empty. */
const csvLine = (cells: (string | number | boolean | null)[]) =>
  stringify([cells], {
    record_delimiter: 'windows',
    quoted_match: CSV_SEPARATORS,
    cast: { string: (text) => text.replace(FORMULA_STARTS, "'$&"), boolean: String },
  });

export const csvHeader = () => csvLine([...OPEN_DATA_CSV_COLUMNS]);

/** The fields of a business in the open data: toBusiness's answer without what the files leave out. */
export function toOpenDataBusiness(business: Business): OpenDataBusiness {
  const open: Partial<Business> = { ...business };
  for (const field of LEFT_OUT) delete open[field];
  return open as OpenDataBusiness;
}

/** The cover photo's absolute URL with its credit (the uploader's username) and licence, the columns and properties of both files. */
const coverFields = (cover: OpenDataBusiness['cover'], origin: OpenDataOrigin) => ({
  cover_photo_url: cover ? origin.publicOrigin + cover.url : null,
  cover_photo_credit: cover?.username ?? null,
  cover_photo_licence: cover?.licence ?? null,
});

export function csvRecord(business: OpenDataBusiness, origin: OpenDataOrigin): string {
  const {
    business_hours: hours,
    social_media: links,
    verification,
    special_hours: special,
    cover,
    alternatives,
    palestinian_products: products,
    ...fields
  } = business;
  const cells: Record<string, string | number | boolean | null> = {
    ...fields,
    special_hours: special.length ? JSON.stringify(special) : '',
    ...coverFields(cover, origin),
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, links[network] ?? ''])),
    ...Object.fromEntries(WEEKDAYS.map((day) => [`hours_${day}`, hours[day] ?? ''])),
    name_latin: business.name_latin ?? '',
    verification_status: verification.status,
    verification_method: verification.method,
    verification_date: verification.date,
    verification_due_date: verification.due_date,
    // Lists of slugs, which hold no spaces: space-separated in one cell.
    alternatives: (alternatives ?? []).map((brand) => brand.slug).join(' '),
    palestinian_products: (products ?? []).join(' '),
    page_url: pageUrl(origin, business.id),
  };
  return csvLine(OPEN_DATA_CSV_COLUMNS.map((column) => cells[column] ?? null));
}

/** The FeatureCollection's opening, up to its features' '[': the licence and attribution are top-level members. */
export function geoJsonOpening(origin: OpenDataOrigin, generatedAt: string): string {
  const members = {
    type: 'FeatureCollection',
    name: `${origin.productName} businesses`,
    license: OPEN_DATA_LICENCE,
    attribution: origin.attribution,
    generated_at: generatedAt,
  };
  return JSON.stringify(members).slice(0, -1) + ',"features":[\n';
}

export const GEOJSON_CLOSING = '\n]}\n';

/** One Feature: a Point at [longitude, latitude] (RFC 7946), or a null geometry for a business without coordinates. */
export function geoJsonFeature(business: OpenDataBusiness, origin: OpenDataOrigin): string {
  const { id, latitude, longitude, cover, ...properties } = business;
  const geometry = latitude !== null && longitude !== null ? { type: 'Point', coordinates: [longitude, latitude] } : null;
  return JSON.stringify({
    type: 'Feature',
    id,
    geometry,
    properties: { id, ...properties, ...coverFields(cover, origin), page_url: pageUrl(origin, id) },
  });
}
