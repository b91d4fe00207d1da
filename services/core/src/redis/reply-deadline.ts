import { TimeoutError } from 'redis';

/** Client methods that manage the connection rather than send a command: never raced. */
const CONNECTION_METHODS = new Set([
  'connect',
  'quit',
  'close',
  'destroy',
  'disconnect',
  'duplicate',
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'emit',
  'ref',
  'unref',
  'subscribe',
  'unsubscribe',
  'pSubscribe',
  'pUnsubscribe',
  'sSubscribe',
  'sUnsubscribe',
]);
const TRANSACTION_METHODS = new Set(['multi', 'MULTI']);
const TRANSACTION_RUNS = new Set(['exec', 'execAsPipeline', 'execTyped', 'execAsPipelineTyped']);

function race<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
  });
  // The reply may still come (or fail) after the deadline; nobody waits for it then.
  reply.catch(() => {});
  return Promise.race([reply, deadline]).finally(() => clearTimeout(timer));
}

/** A transaction whose exec gets the deadline; its chained calls return the wrapper, not the original. */
function transactionWithDeadline<M extends object>(transaction: M, ms: number): M {
  const wrapper: M = new Proxy(transaction, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (typeof property === 'string' && TRANSACTION_RUNS.has(property)) return race(result as Promise<unknown>, ms);
        return result === target ? wrapper : result;
      };
    },
  });
  return wrapper;
}

/**
 * Every command through the returned client fails with redis's TimeoutError when its reply has not come within
 * `ms`. node-redis's own command timeout stops counting once the command is written, so a Redis that is frozen
 * (SIGSTOP, a stalled VM) would otherwise hang each request until it wakes up.
 */
export function withReplyDeadline<C extends object>(client: C, ms: number): C {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property !== 'string' || CONNECTION_METHODS.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (TRANSACTION_METHODS.has(property)) return transactionWithDeadline(result as object, ms);
        return result instanceof Promise ? race(result, ms) : result;
      };
    },
  });
}
