import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { pagedAnswer, setPageHeaders } from '../http/page-headers';

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
      return page.body;
    },
    directorySummary: ({ query }) => directory.summary(query),
    cityGroups: ({ query }) => directory.cityGroups(query),
    mapView: ({ query }) => directory.mapView(query),
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
    categories: () => businesses.categories(),
    cities: () => businesses.cities(),
    businessHistory: pagedAnswer(({ id, query }) => revisions.history(id, query)),
  };
}
