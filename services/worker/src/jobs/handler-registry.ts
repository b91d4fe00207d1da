import { JOBS, type JobName, type QueueName } from '@zaytoon/core';
import type { JobHandler } from './job-handler';

/** Every job's handler under the job's key in JOBS: a job left without one does not compile. */
export type JobHandlers = { [N in JobName]: JobHandler<(typeof JOBS)[N]> };

export type HandlerRegistry = Map<QueueName, Map<string, JobHandler>>;

/**
 * Groups the handlers by queue, as each queue's worker dispatches its jobs by name. Throws, naming them, when
 * a job has no handler (a caller that got past the types) or a handler sits under another job's key, which
 * the types cannot see when two jobs carry the same payload: the worker must not boot and silently leave a
 * queue's jobs waiting forever, or run the wrong code for them.
 */
export function buildHandlerRegistry(handlers: JobHandlers): HandlerRegistry {
  const jobNames = Object.keys(JOBS) as JobName[];
  const problems = jobNames
    .filter((name) => handlers[name] && handlers[name].definition !== JOBS[name])
    .map((name) => `the handler under "${name}" is for job "${handlers[name].definition.name}"`);
  const missing = jobNames.filter((name) => !handlers[name]).map((name) => JOBS[name].name);
  if (missing.length) problems.unshift(`no handler for job${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (problems.length) throw new Error(`Worker cannot start: ${problems.join('; ')}`);

  const registry: HandlerRegistry = new Map();
  for (const handler of Object.values(handlers) as JobHandler[]) {
    const { queue, name } = handler.definition;
    if (!registry.has(queue)) registry.set(queue, new Map());
    registry.get(queue)!.set(name, handler);
  }
  return registry;
}
