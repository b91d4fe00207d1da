/**
 * Type test, checked by the workspace's `tsc` (npm run typecheck): a handler's `user` follows its route's access in the
 * contract. Each `@ts-expect-error` fails the check the day the line it marks compiles.
 */
import type { User } from '@zaytoon/contract';
import type { RouteContext, RouteHandler, RouteHandlers } from './route-table';

const needsUser = (user: User) => user.id;

// A signed-in route ('user'): the user is there, no `!` needed.
export const vote: RouteHandler<'vote'> = ({ user }) => needsUser(user);
// An admin route: the same.
export const approveClaim: RouteHandler<'approveClaim'> = ({ user }) => needsUser(user);

// A public route: nobody may be signed in, so the user may be null.
// @ts-expect-error -- 'getVotes' is public: its user is User | null
export const getVotes: RouteHandler<'getVotes'> = ({ user }) => needsUser(user);

// Whether a route's user may be missing, as a type: false for every member or admin route, true for a public one.
type MayBeMissing<Name extends keyof RouteHandlers> = null extends RouteContext<Name>['user']
  ? true
  : undefined extends RouteContext<Name>['user']
    ? true
    : false;
export const memberRoute: MayBeMissing<'createBusiness'> = false;
export const adminRoute: MayBeMissing<'revertRevision'> = false;
export const publicRoute: MayBeMissing<'listBusinesses'> = true;
