import type { Request } from 'express';
import { LIST_PAGE_HEADERS } from '@zaytoon/contract';
import type { CachedAnswer, Core } from '@zaytoon/core';
import type { RouteHandler, RouteHandlers } from '../http/route-table.js';
import { sendCachedAnswer } from '../http/send-cached.js';

/** The same request with another cursor: the `Link: <…>; rel="next"` target (relative, so it holds behind any proxy). */
function nextPageUrl(req: Request, cursor: string): string {
  const url = new URL(req.originalUrl, 'http://relative.invalid');
  url.searchParams.set('cursor', cursor);
  return url.pathname + url.search;
}

/** A handler whose answer comes pre-serialized from the answer cache. */
const cachedAnswer =
  (answer: (req: Request) => Promise<CachedAnswer>): RouteHandler =>
  async ({ req, res }) => {
    sendCachedAnswer(req, res, await answer(req));
    return undefined;
  };

export function businessesController(core: Core): Pick<
  RouteHandlers,
  | 'listBusinesses'
  | 'directorySummary'
  | 'cityGroups'
  | 'mapView'
  | 'getBusiness'
  | 'createBusiness'
  | 'updateBusiness'
  | 'canEdit'
  | 'categories'
  | 'cities'
> {
  const { businesses, directory } = core.services;
  return {
    listBusinesses: async ({ req, res, user }) => {
      const page = await businesses.listPage(req.query, user);
      res.setHeader(LIST_PAGE_HEADERS.totalCount, String(page.total));
      if (page.nextCursor) res.setHeader(LIST_PAGE_HEADERS.link, `<${nextPageUrl(req, page.nextCursor)}>; rel="next"`);
      sendCachedAnswer(req, res, page.body);
      return undefined;
    },
    directorySummary: cachedAnswer((req) => directory.summary(req.query)),
    cityGroups: cachedAnswer((req) => directory.cityGroups(req.query)),
    mapView: cachedAnswer((req) => directory.mapView(req.query)),
    getBusiness: ({ id, user }) => businesses.get(id, user),
    createBusiness: async ({ req, res, user }) => {
      const created = await businesses.create(req.body, user!);
      res.status(201);
      return created;
    },
    updateBusiness: ({ req, id, user }) => businesses.update(id, req.body, user!),
    canEdit: ({ id, user }) => businesses.canEdit(id, user),
    categories: cachedAnswer(() => businesses.categories()),
    cities: cachedAnswer(() => businesses.cities()),
  };
}
