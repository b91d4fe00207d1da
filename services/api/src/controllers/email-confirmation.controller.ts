import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { languageOf } from '../http/request-language';

/** The mailed link's confirmation (its token, no session) and the signed-in member's 'Resend'. */
export function emailConfirmationController(core: Core): Pick<RouteHandlers, 'confirmEmail' | 'resendEmailConfirmation'> {
  const { emailConfirmation } = core.services;
  return {
    confirmEmail: ({ body }) => emailConfirmation.confirm(body),
    resendEmailConfirmation: ({ req, user }) => emailConfirmation.sendLink(user.id, languageOf(req)),
  };
}
