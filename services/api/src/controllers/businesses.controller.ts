import type { CachedAnswer, Core } from '@zaytoon/core';
import type { RouteName } from '@zaytoon/contract';
import type { RouteContext, RouteHandler, RouteHandlers } from '../http/route-table';
import { sendCachedAnswer } from '../http/send-cached';
import { pagedAnswer, setPageHeaders } from '../http/page-headers';

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
  | 'duplicateCheck'
  | 'getBusiness'
  | 'mergedBusinessPage'
  | 'createBusiness'
  | 'updateBusiness'
  | 'canEdit'
  | 'categories'
  | 'cities'
  | 'businessHistory'
> {
  const { businesses, directory, revisions, duplicates } = core.services;
  return {
    listBusinesses: async ({ req, res, query, user }) => {
      const page = await businesses.listPage(query, user);
      setPageHeaders(req, res, page);
      sendCachedAnswer(req, res, page.body);
      return undefined;
    },
    directorySummary: cachedAnswer(({ query }) => directory.summary(query)),
    cityGroups: cachedAnswer(({ query }) => directory.cityGroups(query)),
    mapView: cachedAnswer(({ query }) => directory.mapView(query)),
    duplicateCheck: ({ query }) => duplicates.check(query),
    getBusiness: ({ id, user }) => businesses.get(id, user),
    mergedBusinessPage: async ({ id, res }) => {
      res.redirect(301, await duplicates.survivorPage(id));
      return undefined;
    },
    createBusiness: async ({ body, res, user }) => {
      const created = await businesses.create(body, user!);
      res.status(201);
      return created;
    },
    updateBusiness: ({ body, id, user }) => businesses.update(id, body, user!),
    canEdit: ({ id, user }) => businesses.canEdit(id, user),
    categories: cachedAnswer(() => businesses.categories()),
    cities: cachedAnswer(() => businesses.cities()),
    businessHistory: pagedAnswer(({ id, query }) => revisions.history(id, query)),
  };
}
