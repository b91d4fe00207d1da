import { MESSAGES } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table.js';

/** Votes, comments, suggestions and reports: what members add to a business. */
export function communityController(core: Core): Pick<
  RouteHandlers,
  'getVotes' | 'vote' | 'listComments' | 'addComment' | 'deleteComment' | 'listSuggestions' | 'addSuggestion' | 'addReport'
> {
  const { votes, comments, suggestions, reports } = core.services;
  return {
    getVotes: ({ id, user }) => votes.summary(id, user),
    vote: ({ req, id, user }) => votes.vote(id, req.body, user!),
    listComments: ({ id }) => comments.list(id),
    addComment: async ({ req, res, id, user }) => {
      const comment = await comments.add(id, req.body, user!);
      res.status(201);
      return comment;
    },
    deleteComment: async ({ id, user }) => {
      await comments.delete(id, user!);
      return { message: MESSAGES.commentDeleted };
    },
    listSuggestions: ({ id }) => suggestions.listForBusiness(id),
    addSuggestion: async ({ req, res, id, user }) => {
      const suggestion = await suggestions.create(id, req.body, user!);
      res.status(201);
      return suggestion;
    },
    addReport: async ({ req, res, user }) => {
      const report = await reports.create(req.body, user!);
      res.status(201);
      return report;
    },
  };
}
