import type { Router } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Core } from '@zaytoon/core';

export const BULL_BOARD_PATH = '/ops/queues';

/** bull-board over every queue; app.ts puts it behind the admin check of every /ops route. */
export function bullBoardRouter(core: Core): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: Object.values(core.jobs.queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
  });
  return serverAdapter.getRouter() as Router;
}
