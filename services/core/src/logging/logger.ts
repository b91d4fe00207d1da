import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';
export const LOG_FORMATS = ['json', 'pretty'] as const;

export interface LogSettings {
  nodeEnv?: string;
  /**
   * LOG_FORMAT. json: one JSON object a line, the default in production. pretty: readable lines through
   * pino-pretty (when it is installed, else json), the default elsewhere; it costs far more CPU a line.
   */
  format?: string;
  /** LOG_LEVEL; unset or unknown: `warn` under NODE_ENV=test (test output stays readable), `info` otherwise. */
  level?: string;
  /** Where the lines go instead of stdout, always as JSON (tests read them back). */
  destination?: DestinationStream;
}

function levelFor(settings: LogSettings): LogLevel {
  const wanted = settings.level?.trim().toLowerCase();
  if (wanted && (LOG_LEVELS as readonly string[]).includes(wanted)) return wanted as LogLevel;
  return settings.nodeEnv === 'test' ? 'warn' : 'info';
}

type PrettyFactory = (options: Record<string, unknown>) => DestinationStream;

/** pino-pretty is a root devDependency: production images do not have it, and JSON is the answer there anyway. */
function loadPrettyPrinter(): PrettyFactory | undefined {
  try {
    const loaded = createRequire(import.meta.url)('pino-pretty') as PrettyFactory | { default: PrettyFactory };
    return typeof loaded === 'function' ? loaded : loaded.default;
  } catch {
    return undefined;
  }
}

function readableStdout(): DestinationStream | undefined {
  return loadPrettyPrinter()?.({
    // Synchronous, so lines keep their order with anything else the process prints and none is lost at exit.
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // An access line reads `[api] GET /api/x 200 3 ms (request <id>)`: its fields are all in the message.
    ignore: 'pid,hostname,component,requestId,req,res,responseTime',
    messageFormat: '{if component}[{component}] {end}{msg}{if requestId} (request {requestId}){end}',
  });
}

/**
 * A root logger. Every line written while a request id is current (see withRequestId) carries it as
 * `requestId`; callers never bind it themselves, so it appears once per line.
 */
export function createLogger(settings: LogSettings = {}): Logger {
  const options: LoggerOptions = {
    level: levelFor(settings),
    // A fresh object each call: pino merges the line's own fields into it.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  const format = settings.format?.trim().toLowerCase() || (settings.nodeEnv === 'production' ? 'json' : 'pretty');
  const destination = settings.destination ?? (format === 'pretty' ? readableStdout() : undefined);
  return destination ? pino(options, destination) : pino(options);
}

let processWide: Logger | undefined;

/** The process's logger, made on first use from NODE_ENV, LOG_LEVEL and LOG_FORMAT (which loadConfig checks at boot). */
export function processLogger(): Logger {
  const { NODE_ENV, LOG_LEVEL, LOG_FORMAT } = process.env;
  return (processWide ??= createLogger({ nodeEnv: NODE_ENV, level: LOG_LEVEL, format: LOG_FORMAT }));
}

/** A part of the process (api, worker, pg, redis, cache …): its lines say which in `component`. */
export function componentLogger(component: string, base: Logger = processLogger()): Logger {
  return base.child({ component });
}
