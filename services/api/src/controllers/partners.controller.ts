import { LIST_PAGE_HEADERS } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import { nextPageUrl, pagedAnswer } from '../http/page-headers';
import type { RouteHandlers } from '../http/route-table';

/** The calls for partner apps under /api/v1 (docs/decisions/0060-partner-feed.md), and the admins' keys for them. */
export function partnersController(
  core: Core,
): Pick<
  RouteHandlers,
  | 'partnerChanges'
  | 'partnerKeyStatus'
  | 'submitBusiness'
  | 'partnerSubmission'
  | 'partnerKeys'
  | 'issuePartnerKey'
  | 'revokePartnerKey'
  | 'pendingSubmissions'
  | 'approveSubmission'
  | 'rejectSubmission'
> {
  const { partnerFeed, partnerKeys, partnerSubmissions } = core.services;
  return {
    partnerChanges: async ({ req, res, query }) => {
      const page = await partnerFeed.page(query);
      if (page.has_more) res.setHeader(LIST_PAGE_HEADERS.link, `<${nextPageUrl(req, page.next_cursor, 'since')}>; rel="next"`);
      return page;
    },
    // requireAccess('partner') lets only a call with a valid key through.
    partnerKeyStatus: ({ req }) => partnerKeys.status(req.partner!),
    submitBusiness: ({ req, body }) => partnerSubmissions.submit(req.partner!, body),
    partnerSubmission: ({ req, id }) => partnerSubmissions.get(req.partner!, id),
    partnerKeys: pagedAnswer(({ query }) => partnerKeys.list(query)),
    issuePartnerKey: ({ body, user }) => partnerKeys.issue(body, user),
    revokePartnerKey: ({ id, user }) => partnerKeys.revoke(id, user),
    pendingSubmissions: pagedAnswer(({ query }) => partnerSubmissions.pending(query)),
    approveSubmission: ({ id, user }) => partnerSubmissions.approve(id, user),
    rejectSubmission: ({ id, user }) => partnerSubmissions.reject(id, user),
  };
}
