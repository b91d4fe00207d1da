import { createLogger, type Logger } from './logger';

/** One line as pino wrote it, parsed. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** For tests: a logger at `level` whose lines are kept in memory, parsed, instead of written out. */
export function captureLogs(level = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  return { logger, lines };
}
