import type { Request } from 'express';
import { LIST_PAGE_HEADERS } from '@zaytoon/contract';
import type { CachedAnswer, Core } from '@zaytoon/core';
import type { RouteName } from '@zaytoon/contract';
import type { RouteContext, RouteHandler, RouteHandlers } from '../http/route-table';
import { sendCachedAnswer } from '../http/send-cached';

/** The same request with another cursor: the `Link: <…>; rel="next"` target (relative, so it holds behind any proxy). */
function nextPageUrl(req: Request, cursor: string): string {
  const url = new URL(req.originalUrl, 'http://relative.invalid');
  url.searchParams.set('cursor', cursor);
  return url.pathname + url.search;
}

/** A handler whose answer comes pre-serialized from the answer cache. */
const cachedAnswer =
  <Name extends RouteName>(answer: (context: RouteContext<Name>) => Promise<CachedAnswer>): RouteHandler<Name> =>
  async (context) => {
    sendCachedAnswer(context.req, context.res, await answer(context));
    return undefined;
  };

export function businessesController(
  core: Core,
): Pick<
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
    listBusinesses: async ({ req, res, query, user }) => {
      const page = await businesses.listPage(query, user);
      res.setHeader(LIST_PAGE_HEADERS.totalCount, String(page.total));
      if (page.nextCursor) res.setHeader(LIST_PAGE_HEADERS.link, `<${nextPageUrl(req, page.nextCursor)}>; rel="next"`);
      sendCachedAnswer(req, res, page.body);
      return undefined;
    },
    directorySummary: cachedAnswer(({ query }) => directory.summary(query)),
    cityGroups: cachedAnswer(({ query }) => directory.cityGroups(query)),
    mapView: cachedAnswer(({ query }) => directory.mapView(query)),
    getBusiness: ({ id, user }) => businesses.get(id, user),
    createBusiness: async ({ body, res, user }) => {
      const created = await businesses.create(body, user!);
      res.status(201);
      return created;
    },
    updateBusiness: ({ body, id, user }) => businesses.update(id, body, user!),
    canEdit: ({ id, user }) => businesses.canEdit(id, user),
    categories: cachedAnswer(() => businesses.categories()),
    cities: cachedAnswer(() => businesses.cities()),
  };
}
