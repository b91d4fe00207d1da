import { LIST_PAGE_HEADERS } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import { nextPageUrl } from '../http/page-headers';
import type { RouteHandlers } from '../http/route-table';

/** The calls for partner apps under /api/v1 (docs/decisions/0060-partner-feed.md). */
export function partnersController(core: Core): Pick<RouteHandlers, 'partnerChanges'> {
  const { partnerFeed } = core.services;
  return {
    partnerChanges: async ({ req, res, query }) => {
      const page = await partnerFeed.page(query);
      if (page.has_more) res.setHeader(LIST_PAGE_HEADERS.link, `<${nextPageUrl(req, page.next_cursor, 'since')}>; rel="next"`);
      return page;
    },
  };
}
