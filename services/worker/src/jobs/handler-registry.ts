import type { JobDefinition, QueueName } from '@zaytoon/core/jobs/job-definitions.ts';
import type { JobHandler } from './job-handler.ts';

export type HandlerRegistry = Map<QueueName, Map<string, JobHandler>>;

/**
 * Pairs each job definition with exactly one handler, grouped by queue. Throws, naming them,
 * when a job has no handler, a handler has no job, or a job has two handlers: the worker must
 * not boot and silently leave a queue's jobs waiting forever.
 */
export function buildHandlerRegistry(definitions: Record<string, JobDefinition>, handlers: readonly JobHandler[]): HandlerRegistry {
  const known = new Map(Object.values(definitions).map((definition) => [definition.name, definition]));
  const byName = new Map<string, JobHandler>();
  const problems: string[] = [];

  for (const handler of handlers) {
    const name = handler.definition.name;
    const definition = known.get(name);
    if (!definition) problems.push(`handler for unknown job "${name}"`);
    else if (definition.queue !== handler.definition.queue) problems.push(`handler for "${name}" names queue "${handler.definition.queue}", JOBS says "${definition.queue}"`);
    else if (byName.has(name)) problems.push(`two handlers for job "${name}"`);
    else byName.set(name, handler);
  }
  const missing = [...known.keys()].filter((name) => !byName.has(name));
  if (missing.length) problems.unshift(`no handler for job${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (problems.length) throw new Error(`Worker cannot start: ${problems.join('; ')}`);

  const registry: HandlerRegistry = new Map();
  for (const handler of byName.values()) {
    const queue = handler.definition.queue;
    if (!registry.has(queue)) registry.set(queue, new Map());
    registry.get(queue)!.set(handler.definition.name, handler);
  }
  return registry;
}
