import { CACHE_CONTROL } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { pagedAnswer, setPageHeaders } from '../http/page-headers';

const MAP_TILE_IMMUTABLE_SECONDS = 31_536_000;

/**
 * A tile asked for at the current map version never changes: a CDN and the browser may keep it for good. Any other
 * (no v, an old one, or filters that move with the clock: 'Open now' and 'Verified only') is kept a few seconds.
 */
function mapTileCacheControl(query: { v?: number; open_now?: string; verified?: string }, version: number): string {
  const timeless = query.open_now === undefined && query.verified === undefined;
  return query.v === version && timeless ? `public, max-age=${MAP_TILE_IMMUTABLE_SECONDS}, immutable` : CACHE_CONTROL.publicAnswer;
}

export function businessesController(
  core: Core,
): Pick<
  RouteHandlers,
  | 'listBusinesses'
  | 'directorySummary'
  | 'cityGroups'
  | 'mapVersion'
  | 'mapTile'
  | 'duplicateCheck'
  | 'getBusiness'
  | 'mergedBusinessPage'
  | 'createBusiness'
  | 'updateBusiness'
  | 'setSpecialHours'
  | 'canEdit'
  | 'categories'
  | 'cities'
  | 'postcodeCentre'
  | 'businessHistory'
> {
  const { businesses, directory, revisions, duplicates } = core.services;
  return {
    listBusinesses: async ({ req, res, query, user }) => {
      const page = await businesses.listPage(query, user);
      setPageHeaders(req, res, page);
      return page.body;
    },
    directorySummary: ({ query }) => directory.summary(query),
    cityGroups: ({ query }) => directory.cityGroups(query),
    mapVersion: () => directory.mapVersion(),
    mapTile: async ({ params, query, res }) => {
      const tile = await directory.mapTile(params, query);
      res.setHeader('Cache-Control', mapTileCacheControl(query, tile.version));
      return tile;
    },
    duplicateCheck: ({ query }) => duplicates.check(query),
    getBusiness: ({ id, user }) => businesses.get(id, user),
    mergedBusinessPage: async ({ id, res }) => {
      res.redirect(301, await duplicates.survivorPage(id));
      return undefined;
    },
    createBusiness: ({ body, user }) => businesses.create(body, user),
    updateBusiness: ({ body, id, user }) => businesses.update(id, body, user),
    setSpecialHours: ({ body, id, user }) => businesses.setSpecialHours(id, body, user),
    canEdit: ({ id, user }) => businesses.canEdit(id, user),
    categories: () => businesses.categories(),
    cities: ({ query }) => businesses.cities(query),
    postcodeCentre: ({ query }) => businesses.postcodeCentre(query),
    businessHistory: pagedAnswer(({ id, query }) => revisions.history(id, query)),
  };
}
