import { z } from 'zod';
import { MAP_ZOOM } from '../directory-limits';
import { PAGING } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { inputText } from './common.schema';

/** The directory's filters (CONTRACT.md): empty or 'all' means no filter. Every directory answer takes them. */
export const directoryFilterSchema = z.object({
  search: inputText().trim().max(200).optional(),
  category: inputText().trim().max(100).optional(),
  city: inputText().trim().max(100).optional(),
  verified: z
    .enum(['true', 'false'])
    .optional()
    .describe("true: only businesses whose verification is current ('Verified only'); false: only the others"),
  open_now: z
    .enum(['true'], { error: issueMessage('openNowInvalid') })
    .optional()
    .describe("true: only businesses open at the moment of the request, London time ('Open now')"),
  alternative_to: inputText()
    .trim()
    .max(120)
    .optional()
    .describe("a brand's slug: only businesses tagged 'Alternative to' it ('Alternative to…'); an unknown slug matches none"),
  palestinian_product: inputText()
    .trim()
    .max(120)
    .optional()
    .describe("a product type's slug: only businesses that stock it ('Palestinian products'); 'any': those that stock any"),
});
export type DirectoryFilter = z.infer<typeof directoryFilterSchema>;

/** 'Near me': a point as `latitude,longitude` in degrees, up to 6 decimals each. */
const NEAR_POINT = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/;
export const nearPointSchema = inputText({ error: issueMessage('nearInvalid') })
  .trim()
  .regex(NEAR_POINT, issueMessage('nearInvalid'))
  .transform((text) => {
    const [latitude, longitude] = text.split(',').map(Number);
    return { latitude, longitude };
  })
  .refine(({ latitude, longitude }) => Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180, issueMessage('nearInvalid'));
export type NearPoint = z.output<typeof nearPointSchema>;

export const businessListQuerySchema = directoryFilterSchema.extend({
  near: nearPointSchema
    .optional()
    .describe(
      "'Near me': latitude,longitude in degrees (e.g. 51.51,-0.13). The page lists mapped businesses nearest first (then by id), each with distance_miles; the other filters still apply",
    ),
  on_map: z.enum(['true', 'false']).optional().describe('true: only businesses with coordinates; false: only those without'),
  limit: inputText({ error: issueMessage('limitOutOfRange') })
    .regex(/^\d{1,3}$/, issueMessage('limitOutOfRange'))
    .transform(Number)
    .pipe(z.number().min(1, issueMessage('limitOutOfRange')).max(PAGING.maxLimit, issueMessage('limitOutOfRange')))
    .optional()
    .describe(`page size, default ${PAGING.defaultLimit}, at most ${PAGING.maxLimit}`),
  cursor: inputText().max(2000, issueMessage('invalidCursor')).optional().describe('opaque; taken from the Link header of the previous page'),
});
export type BusinessListQuery = DirectoryFilter & { on_map?: 'true' | 'false'; near?: string; limit?: number; cursor?: string };

/**
 * The cities in use (GET /api/cities): all of them as SPEC has it, or, for the city filter's list, the first `limit`
 * holding `search`, those that start with it first.
 */
export const cityListQuerySchema = businessListQuerySchema.pick({ limit: true }).extend({
  search: inputText().trim().max(100).optional().describe('only cities holding this text (any case), those that start with it first'),
});
export type CityListQuery = { search?: string; limit?: number };

/** Any other paged list (CONTRACT.md's paging): `limit` and an opaque `cursor`. */
export const pageQuerySchema = businessListQuerySchema.pick({ limit: true, cursor: true });

/** 'Near me' from a typed postcode: the centre of its district, from the offline outcode table. */
export const postcodeCentreQuerySchema = z.object({
  postcode: inputText({ error: issueMessage('postcodeUnknown') })
    .trim()
    .max(10, issueMessage('postcodeUnknown')),
});
export const postcodeCentreSchema = z.object({
  outcode: z.string().describe('the postcode district (outward code)'),
  latitude: z.number(),
  longitude: z.number(),
});
export type PostcodeCentre = z.infer<typeof postcodeCentreSchema>;

/** Headers of a list page (CONTRACT.md). */
export const LIST_PAGE_HEADERS = {
  totalCount: 'X-Total-Count',
  link: 'Link',
} as const;

/**
 * What a route paged as CONTRACT.md pages lists declares: the `limit` and `cursor` query and the two headers of its
 * answer, `X-Total-Count` counting `totalOf`.
 */
export const pagedList = (totalOf: string) => ({
  query: pageQuerySchema,
  responseHeaders: { [LIST_PAGE_HEADERS.totalCount]: totalOf, [LIST_PAGE_HEADERS.link]: '<url>; rel="next" while more pages remain' },
});

export const cityCountSchema = z.object({ city: z.string(), count: z.number().int() });
export type CityCount = z.infer<typeof cityCountSchema>;

/** Everything the directory's count line, stat tiles and Location Summary show, for the current filters. */
export const directorySummarySchema = z.object({
  total: z.number().int().describe('businesses matching the filters'),
  on_map: z.number().int().describe('of those, with latitude and longitude'),
  not_on_map: z.number().int(),
  coverage: z.number().int().describe('on_map / total as a rounded percent (0 when total is 0)'),
  cities: z.number().int().describe('cities of the matches (case-insensitive)'),
  cities_on_map: z.number().int().describe('cities with at least one mapped match'),
  most_active: z.array(cityCountSchema).describe('the top 3 cities by matches, ties A-Z'),
  bounds: z
    .tuple([z.number(), z.number(), z.number(), z.number()])
    .nullable()
    .describe('west, south, east, north of the mapped matches; null when none'),
});
export type DirectorySummary = z.infer<typeof directorySummarySchema>;

/** Locations view: each city with its count, A-Z (a city is required, so SPEC's 'Unknown City' never occurs). */
export const cityGroupsSchema = z.object({ groups: z.array(cityCountSchema) });
export type CityGroups = z.infer<typeof cityGroupsSchema>;

const wholeNumber = (message: 'invalidZoom' | 'invalidTile') =>
  inputText({ error: issueMessage(message) })
    .regex(/^\d{1,7}$/, issueMessage(message))
    .transform(Number);

/** The path of one XYZ map tile (Web Mercator, 256 px): zoom z within MAP_ZOOM, x and y from 0 to 2^z - 1. */
export const mapTileParamsSchema = z
  .object({
    z: wholeNumber('invalidZoom').pipe(z.number().min(MAP_ZOOM.min, issueMessage('invalidZoom')).max(MAP_ZOOM.max, issueMessage('invalidZoom'))),
    x: wholeNumber('invalidTile'),
    y: wholeNumber('invalidTile'),
  })
  .superRefine(({ z: zoom, x, y }, ctx) => {
    for (const [axis, value] of [
      ['x', x],
      ['y', y],
    ] as const) {
      if (value >= 2 ** zoom) ctx.addIssue({ code: 'custom', path: [axis], message: issueMessage('invalidTile') });
    }
  });
export type MapTileParams = z.output<typeof mapTileParamsSchema>;

export const mapTileQuerySchema = directoryFilterSchema.extend({
  v: inputText({ error: issueMessage('invalidMapVersion') })
    .regex(/^\d{1,15}$/, issueMessage('invalidMapVersion'))
    .transform(Number)
    .optional()
    .describe('the map version (GET /api/businesses/map/version): a tile of the current version may be kept for good'),
});
export type MapTileQuery = DirectoryFilter & { v?: number };

export const mapClusterSchema = z.object({
  kind: z.literal('cluster'),
  id: z.number().int().describe("the cell's number at this zoom"),
  lat: z.number().describe("the mean position of the cell's businesses"),
  lng: z.number(),
  count: z.number().int(),
  expansion_zoom: z.number().int().describe('the zoom at which this cluster splits: clicking it zooms there'),
});
export const mapBusinessSchema = z.object({
  kind: z.literal('business'),
  id: z.number().int(),
  lat: z.number().describe('where the marker stands (spread apart from others at the same point at the deepest zooms)'),
  lng: z.number(),
  name: z.string(),
});
export const mapMoreSchema = z.object({
  kind: z.literal('more'),
  lat: z.number().describe('the mean position of the businesses the tile does not list'),
  lng: z.number(),
  count: z.number().int().describe('businesses of this tile beyond the ones it lists'),
});
export const mapTileSchema = z.object({
  z: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  version: z.number().int().describe('the map version this tile was read at'),
  items: z.array(z.discriminatedUnion('kind', [mapClusterSchema, mapBusinessSchema, mapMoreSchema])),
});
export const mapVersionSchema = z.object({
  version: z.number().int().describe('bumped by every change that can alter a tile; tile URLs carry it as v'),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;
export type MapBusiness = z.infer<typeof mapBusinessSchema>;
export type MapMore = z.infer<typeof mapMoreSchema>;
export type MapTile = z.infer<typeof mapTileSchema>;
export type MapVersion = z.infer<typeof mapVersionSchema>;
