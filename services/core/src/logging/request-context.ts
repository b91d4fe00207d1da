import { AsyncLocalStorage } from 'node:async_hooks';

const requestIds = new AsyncLocalStorage<string>();

/**
 * Runs `work` with `requestId` as the current request id: every log line written and every job
 * enqueued from it, however many awaits later, carries the id. Without an id `work` just runs.
 */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? requestIds.run(requestId, work) : work();
}

/** The id of the request (or of the request behind the job) being served, if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
