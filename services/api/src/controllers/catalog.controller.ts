import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table.js';

export function catalogController(core: Core): Pick<RouteHandlers, 'categories' | 'cities'> {
  return {
    categories: async () => ({ categories: await core.repositories.businesses.listCategories() }),
    cities: async () => ({ cities: await core.repositories.businesses.listCities() }),
  };
}
