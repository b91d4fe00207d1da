import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { captureLogs } from './log-capture';
import { createLogger } from './logger';
import { withRequestId } from './request-context';

const required = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x' };

describe('logger', () => {
  it('is at warn under test and info elsewhere unless LOG_LEVEL says otherwise', () => {
    expect(createLogger({ nodeEnv: 'test', format: 'json' }).level).toBe('warn');
    expect(createLogger({ nodeEnv: 'production' }).level).toBe('info');
    expect(createLogger({ nodeEnv: 'development', format: 'json' }).level).toBe('info');
    expect(createLogger({ nodeEnv: 'test', level: 'DEBUG', format: 'json' }).level).toBe('debug');
    expect(createLogger({ nodeEnv: 'production', level: 'loud' }).level).toBe('info');
  });

  it('adds the current request id to every line written in its context, once, and none outside it', async () => {
    const { logger, lines } = captureLogs();
    const raw: string[] = [];
    const rawLogger = createLogger({ level: 'info', destination: { write: (line: string) => void raw.push(line) } });
    await withRequestId('r-1', async () => {
      logger.child({ component: 'pg' }).info('before a wait');
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info({ requestId: 'r-1' }, 'after a wait, naming it too');
      rawLogger.info({ requestId: 'r-1' }, 'raw');
    });
    logger.info('outside');
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['before a wait', 'r-1'],
      ['after a wait, naming it too', 'r-1'],
      ['outside', undefined],
    ]);
    expect(raw[0].match(/"requestId"/g)).toHaveLength(1);
  });

  it('LOG_LEVEL and LOG_FORMAT are settings a typo stops the boot on', () => {
    expect(loadConfig({ ...required, LOG_LEVEL: 'Debug', LOG_FORMAT: 'JSON' })).toMatchObject({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    expect(loadConfig({ ...required, LOG_LEVEL: '' }).LOG_LEVEL).toBeUndefined();
    expect(() => loadConfig({ ...required, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ ...required, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
