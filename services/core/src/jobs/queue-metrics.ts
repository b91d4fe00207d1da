import type { Queue } from 'bullmq';

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

/**
 * Job counts per queue, for /metrics. `waiting` includes prioritized jobs (both wait for a
 * worker). `completed`/`failed` count what is still kept under removeOnComplete/removeOnFail.
 */
export async function readQueueCounts(queues: Record<string, Queue>): Promise<Record<string, QueueCounts>> {
  const entries = await Promise.all(
    Object.entries(queues).map(async ([name, queue]) => {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
      const result: QueueCounts = {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
      };
      return [name, result] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The `bullmq_jobs` gauge of the API's and the worker's /metrics: one value per queue and state, read when scraped. */
export async function setQueueCounts(
  queues: Record<string, Queue>,
  set: (labels: { queue: string; state: string }, value: number) => void,
): Promise<void> {
  const counts = await readQueueCounts(queues).catch(() => ({}));
  for (const [queue, states] of Object.entries(counts)) {
    for (const [state, value] of Object.entries(states)) set({ queue, state }, value);
  }
}
