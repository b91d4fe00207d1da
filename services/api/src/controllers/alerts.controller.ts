import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';

/** The page of the site that ends an alert from its mail. */
const UNSUBSCRIBE_PAGE = '/unsubscribe-alert';

/** Members' alerts, 'Email me new businesses like these', and their mails' one-click unsubscribe. */
export function alertsController(
  core: Core,
): Pick<RouteHandlers, 'listAlerts' | 'createAlert' | 'deleteAlert' | 'unsubscribeAlert' | 'unsubscribeAlertPage'> {
  const { alerts } = core.services;
  return {
    listAlerts: ({ user }) => alerts.list(user),
    createAlert: ({ body, user }) => alerts.create(body, user),
    deleteAlert: ({ id, user }) => alerts.delete(id, user),
    unsubscribeAlert: ({ query }) => alerts.unsubscribe(query.token),
    unsubscribeAlertPage: ({ query, res }) => {
      alerts.checkUnsubscribeToken(query.token);
      res.redirect(301, `${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(query.token)}`);
      return undefined;
    },
  };
}
