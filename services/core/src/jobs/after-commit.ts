import { componentLogger } from '../logging/logger';

/**
 * Runs a side effect of a write that has already committed (drop cached answers, queue a statistics refresh).
 * The answer must report the write, so a failure here (Redis away) is logged instead of turning it into a 503
 * for a row that is stored: the member's retry would then make a duplicate. Cached answers are not used while
 * Redis is away, and statistics refresh on their schedule as well.
 */
export async function afterCommit(what: string, effect: () => Promise<unknown>): Promise<void> {
  try {
    await effect();
  } catch (error) {
    componentLogger('after-commit').warn({ err: error }, `${what} failed after the write was stored: ${(error as Error).message}`);
  }
}
