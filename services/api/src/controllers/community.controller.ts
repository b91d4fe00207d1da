import { MESSAGES } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { pagedAnswer } from '../http/page-headers';

/** Votes, comments, suggestions, reports and owner claims: what members add to a business; owners' one-click confirmations. */
export function communityController(
  core: Core,
): Pick<
  RouteHandlers,
  | 'getVotes'
  | 'vote'
  | 'listComments'
  | 'addComment'
  | 'deleteComment'
  | 'listSuggestions'
  | 'addSuggestion'
  | 'addReport'
  | 'confirmationSummary'
  | 'confirmBusiness'
  | 'claimBusiness'
  | 'confirmListing'
> {
  const { votes, comments, suggestions, reports, confirmations, claims, freshness } = core.services;
  return {
    getVotes: ({ id, user }) => votes.summary(id, user),
    vote: ({ body, id, user }) => votes.vote(id, body, user),
    listComments: pagedAnswer(({ id, query }) => comments.list(id, query)),
    addComment: ({ body, id, user }) => comments.add(id, body, user),
    deleteComment: async ({ id, user }) => {
      await comments.delete(id, user);
      return { message: MESSAGES.commentDeleted };
    },
    listSuggestions: ({ id }) => suggestions.listForBusiness(id),
    addSuggestion: ({ body, id, user }) => suggestions.create(id, body, user),
    addReport: ({ body, user }) => reports.create(body, user),
    confirmationSummary: ({ id, user }) => confirmations.summary(id, user),
    confirmBusiness: ({ body, id, user }) => confirmations.answer(id, body, user),
    claimBusiness: ({ body, id, user }) => claims.claim(id, body, user),
    confirmListing: ({ body }) => freshness.confirm(body),
  };
}
