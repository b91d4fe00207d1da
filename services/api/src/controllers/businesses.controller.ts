import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table.js';
import { sendCachedAnswer } from '../http/send-cached.js';

export function businessesController(core: Core): Pick<
  RouteHandlers,
  'listBusinesses' | 'getBusiness' | 'createBusiness' | 'updateBusiness' | 'canEdit' | 'categories' | 'cities'
> {
  const { businesses } = core.services;
  return {
    listBusinesses: async ({ req, res, user }) => {
      sendCachedAnswer(req, res, await businesses.list(req.query, user));
      return undefined;
    },
    getBusiness: ({ id, user }) => businesses.get(id, user),
    createBusiness: async ({ req, res, user }) => {
      const created = await businesses.create(req.body, user!);
      res.status(201);
      return created;
    },
    updateBusiness: ({ req, id, user }) => businesses.update(id, req.body, user!),
    canEdit: ({ id, user }) => businesses.canEdit(id, user),
    categories: async () => ({ categories: await businesses.categories() }),
    cities: async () => ({ cities: await businesses.cities() }),
  };
}
