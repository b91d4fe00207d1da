import { z } from 'zod';
import {
  adminStatusSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  pictureResponseSchema,
  resetPasswordInputSchema,
  signupInputSchema,
  userSchema,
} from './schemas/auth.schema.js';
import { adminStatisticsSchema } from './schemas/admin.schema.js';
import {
  businessInputSchema,
  businessSchema,
  canEditSchema,
  categoriesSchema,
  citiesSchema,
} from './schemas/business.schema.js';
import { commentInputSchema, commentSchema } from './schemas/comment.schema.js';
import {
  businessListQuerySchema,
  cityGroupsSchema,
  directoryFilterSchema,
  directorySummarySchema,
  mapAnswerSchema,
  mapQuerySchema,
} from './schemas/directory.schema.js';
import { okResponse } from './schemas/common.schema.js';
import { reportInputSchema, reportSchema, reviewActionSchema } from './schemas/report.schema.js';
import { suggestionInputSchema, suggestionSchema } from './schemas/suggestion.schema.js';
import { voteInputSchema, voteResultSchema, voteSummarySchema } from './schemas/vote.schema.js';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'delete';

/** The groups the routes fall into, in reading order; OpenAPI lists them as its tags. */
export const API_TAGS = {
  auth: 'Accounts and sessions: sign up, sign in and out, the current user, passwords, profile picture, account deletion.',
  businesses: 'The directory: list, search and filters, totals, cities, the map, categories, business detail, adding and editing a business.',
  community: 'What people add to a business: votes, comments, suggested edits and reports.',
  admin: 'Admins only: statistics, pending reports and suggestions and their review, deleting a business.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface RouteDefinition {
  method: Method;
  /** Express-style path below /api, e.g. `/businesses/:id`. */
  path: string;
  access: Access;
  tag: ApiTag;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  multipart?: boolean;
  response: z.ZodType;
  /** Headers the answer carries besides the body (OpenAPI says so). */
  responseHeaders?: Record<string, string>;
  /** Public reads whose answers carry an ETag (304 on If-None-Match). */
  cacheable?: boolean;
}

const route = (definition: RouteDefinition) => definition;

/** Every call of SPEC §7. The API mounts a handler for each; OpenAPI and the admin-route test read this list. */
export const API_ROUTES = {
  me: route({ method: 'get', path: '/auth/me', access: 'user', tag: 'auth', summary: 'Current user', response: userSchema }),
  login: route({ method: 'post', path: '/auth/login', access: 'public', tag: 'auth', summary: 'Sign in', body: loginInputSchema, response: userSchema }),
  signup: route({ method: 'post', path: '/auth/signup', access: 'public', tag: 'auth', summary: 'Create an account and sign in', body: signupInputSchema, response: userSchema }),
  logout: route({ method: 'post', path: '/auth/logout', access: 'public', tag: 'auth', summary: 'Sign out', response: okResponse }),
  adminStatus: route({ method: 'get', path: '/auth/admin-status', access: 'public', tag: 'auth', summary: 'Whether the caller is an admin', response: adminStatusSchema }),
  forgotPassword: route({ method: 'post', path: '/auth/forgot-password', access: 'public', tag: 'auth', summary: 'Mail a reset code (same answer whether or not the account exists)', body: forgotPasswordInputSchema, response: okResponse }),
  resetPassword: route({ method: 'post', path: '/auth/reset-password', access: 'public', tag: 'auth', summary: 'Reset the password with a mailed code', body: resetPasswordInputSchema, response: okResponse }),
  changePassword: route({ method: 'post', path: '/auth/change-password', access: 'user', tag: 'auth', summary: 'Change the password', body: changePasswordInputSchema, response: okResponse }),
  uploadProfilePicture: route({ method: 'post', path: '/auth/upload-profile-picture', access: 'user', tag: 'auth', summary: 'Upload a profile picture (multipart field `file`)', multipart: true, response: pictureResponseSchema }),
  deleteAccount: route({ method: 'post', path: '/auth/delete-account', access: 'user', tag: 'auth', summary: 'Delete the own account', response: okResponse }),

  listBusinesses: route({
    method: 'get', path: '/businesses', access: 'public', tag: 'businesses', cacheable: true,
    summary: 'One page of businesses: ranked when searching (relevance, name, id), else by name then id. Follow Link rel="next" for the next page.',
    query: businessListQuerySchema, response: z.array(businessSchema),
    responseHeaders: {
      'X-Total-Count': 'all businesses matching the filters',
      Link: '<url>; rel="next" while more pages remain (keyset cursor: deep pages cost the same as the first)',
    },
  }),
  // Registered before /businesses/:id so that these names are never read as ids.
  directorySummary: route({ method: 'get', path: '/businesses/summary', access: 'public', tag: 'businesses', cacheable: true, summary: 'Totals for the count line, stat tiles and Location Summary, for the filters', query: directoryFilterSchema, response: directorySummarySchema }),
  cityGroups: route({ method: 'get', path: '/businesses/by-city', access: 'public', tag: 'businesses', cacheable: true, summary: "Each city and its count for the filters (A-Z, case-insensitive); a city's businesses come from the list with city=", query: directoryFilterSchema, response: cityGroupsSchema }),
  mapView: route({ method: 'get', path: '/businesses/map', access: 'public', tag: 'businesses', cacheable: true, summary: 'Map markers for a viewport and zoom: server-side clusters, single businesses (spread apart when they share a point at the deepest zooms)', query: mapQuerySchema, response: mapAnswerSchema }),
  categories: route({ method: 'get', path: '/categories', access: 'public', tag: 'businesses', cacheable: true, summary: 'Categories in use', response: categoriesSchema }),
  cities: route({ method: 'get', path: '/cities', access: 'public', tag: 'businesses', cacheable: true, summary: 'Cities in use', response: citiesSchema }),
  getBusiness: route({ method: 'get', path: '/businesses/:id', access: 'public', tag: 'businesses', cacheable: true, summary: 'Business detail', response: businessSchema }),
  createBusiness: route({ method: 'post', path: '/businesses', access: 'user', tag: 'businesses', summary: 'Add a business', body: businessInputSchema, response: businessSchema }),
  updateBusiness: route({ method: 'put', path: '/businesses/:id', access: 'user', tag: 'businesses', summary: 'Edit a business (owner or admin)', body: businessInputSchema, response: businessSchema }),
  canEdit: route({ method: 'get', path: '/businesses/:id/can-edit', access: 'public', tag: 'businesses', summary: 'Whether the caller may edit', response: canEditSchema }),
  getVotes: route({ method: 'get', path: '/businesses/:id/votes', access: 'public', tag: 'community', summary: 'Vote totals and the caller\'s vote', response: voteSummarySchema }),
  vote: route({ method: 'post', path: '/businesses/:id/vote', access: 'user', tag: 'community', summary: 'Vote; the same vote again removes it', body: voteInputSchema, response: voteResultSchema }),
  listComments: route({ method: 'get', path: '/businesses/:id/comments', access: 'public', tag: 'community', summary: 'Comments, newest first', response: z.array(commentSchema) }),
  addComment: route({ method: 'post', path: '/businesses/:id/comments', access: 'user', tag: 'community', summary: 'Add a comment', body: commentInputSchema, response: commentSchema }),
  deleteComment: route({ method: 'delete', path: '/comments/:commentId', access: 'user', tag: 'community', summary: 'Delete a comment (author or admin)', response: okResponse }),
  listSuggestions: route({ method: 'get', path: '/businesses/:id/suggestions', access: 'public', tag: 'community', summary: 'Pending suggestions of a business', response: z.array(suggestionSchema) }),
  addSuggestion: route({ method: 'post', path: '/businesses/:id/suggestions', access: 'user', tag: 'community', summary: 'Suggest an edit', body: suggestionInputSchema, response: suggestionSchema }),
  addReport: route({ method: 'post', path: '/reports', access: 'user', tag: 'community', summary: 'Report a business', body: reportInputSchema, response: reportSchema }),

  statistics: route({ method: 'get', path: '/admin/statistics', access: 'admin', tag: 'admin', summary: 'Site statistics', response: adminStatisticsSchema }),
  pendingReports: route({ method: 'get', path: '/admin/reports/pending', access: 'admin', tag: 'admin', summary: 'Pending reports', response: z.array(reportSchema) }),
  reportedBusinesses: route({ method: 'get', path: '/admin/businesses/reported', access: 'admin', tag: 'admin', summary: 'Businesses with pending reports', response: z.array(businessSchema) }),
  reviewReport: route({ method: 'post', path: '/admin/reports/:id/review', access: 'admin', tag: 'admin', summary: 'Approve (remove the business) or reject a report', query: reviewActionSchema, response: okResponse }),
  pendingSuggestions: route({ method: 'get', path: '/admin/suggestions/pending', access: 'admin', tag: 'admin', summary: 'Pending suggestions', response: z.array(suggestionSchema) }),
  reviewSuggestion: route({ method: 'post', path: '/admin/suggestions/:id/review', access: 'admin', tag: 'admin', summary: 'Approve (update the business) or reject a suggestion', query: reviewActionSchema, response: okResponse }),
  deleteBusiness: route({ method: 'delete', path: '/admin/businesses/:id', access: 'admin', tag: 'admin', summary: 'Delete a business', response: okResponse }),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof API_ROUTES;
