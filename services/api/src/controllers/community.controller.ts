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
    vote: ({ body, id, user }) => votes.vote(id, body, user!),
    listComments: pagedAnswer(({ id, query }) => comments.list(id, query)),
    addComment: async ({ body, res, id, user }) => {
      const comment = await comments.add(id, body, user!);
      res.status(201);
      return comment;
    },
    deleteComment: async ({ id, user }) => {
      await comments.delete(id, user!);
      return { message: MESSAGES.commentDeleted };
    },
    listSuggestions: ({ id }) => suggestions.listForBusiness(id),
    addSuggestion: async ({ body, res, id, user }) => {
      const suggestion = await suggestions.create(id, body, user!);
      res.status(201);
      return suggestion;
    },
    addReport: async ({ body, res, user }) => {
      const report = await reports.create(body, user!);
      res.status(201);
      return report;
    },
    confirmationSummary: ({ id, user }) => confirmations.summary(id, user),
    confirmBusiness: async ({ body, res, id, user }) => {
      const summary = await confirmations.answer(id, body, user!);
      res.status(201);
      return summary;
    },
    claimBusiness: async ({ body, res, id, user }) => {
      const receipt = await claims.claim(id, body, user!);
      res.status(201);
      return receipt;
    },
    confirmListing: ({ body }) => freshness.confirm(body),
  };
}
