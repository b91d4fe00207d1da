import type { Router, RequestHandler } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { MESSAGES } from '@zaytoon/contract';
import { forbidden, unauthenticated, type Core } from '@zaytoon/core';

export const BULL_BOARD_PATH = '/ops/queues';

const adminsOnly: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthenticated(MESSAGES.notAuthenticated));
  if (!req.user.is_admin) return next(forbidden(MESSAGES.adminOnly));
  next();
};

/** bull-board over every queue, for admins only. */
export function bullBoardRouter(core: Core): [RequestHandler, Router] {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: Object.values(core.jobs.queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
  });
  return [adminsOnly, serverAdapter.getRouter() as Router];
}
