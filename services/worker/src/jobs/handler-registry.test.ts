import { describe, expect, it } from 'vitest';
import { loadConfig, type JobName } from '@zaytoon/core';
import { bootWorker } from '../worker';
import { loadWorkerSettings } from '../worker.config';
import { HANDLERS } from '../handlers/index';
import { buildHandlerRegistry, type JobHandlers } from './handler-registry';

/** HANDLERS without some jobs' handlers: what the types refuse, for the boot check behind them. */
function handlersWithout(...jobs: JobName[]): Partial<JobHandlers> {
  return Object.fromEntries(Object.entries(HANDLERS).filter(([job]) => !jobs.includes(job as JobName)));
}

describe('handler registry', () => {
  it('groups one handler per job by queue', () => {
    const registry = buildHandlerRegistry(HANDLERS);
    expect([...registry.keys()].sort()).toEqual(['emails', 'geocoding', 'images', 'links', 'moderation', 'statistics']);
    expect([...registry.get('emails')!.keys()].sort()).toEqual([
      'send-account-deleted',
      'send-alert-digest',
      'send-alert-mails',
      'send-email-confirmation',
      'send-freshness-reminder',
      'send-freshness-reminders',
      'send-password-changed',
      'send-pause-notice',
      'send-reset-code',
    ]);
    expect(registry.get('geocoding')!.get('geocode-business')).toBe(HANDLERS.geocodeBusiness);
  });

  it('refuses to build when a job has no handler, naming it', () => {
    // @ts-expect-error a job without its handler does not compile
    expect(() => buildHandlerRegistry(handlersWithout('geocodeBusiness'))).toThrow(/no handler for job: geocode-business/);
  });

  it('refuses a handler under another job with the same payload type, which compiles', () => {
    const swapped = { ...HANDLERS, sendPasswordChanged: HANDLERS.sendAccountDeleted, sendAccountDeleted: HANDLERS.sendPasswordChanged };
    expect(() => buildHandlerRegistry(swapped)).toThrow(
      'Worker cannot start: the handler under "sendPasswordChanged" is for job "send-account-deleted"; the handler under "sendAccountDeleted" is for job "send-password-changed"',
    );
  });

  it('boot fails before connecting anywhere when a handler is missing', async () => {
    const handlers = handlersWithout('sendResetCode', 'sendPasswordChanged', 'sendAccountDeleted');
    // Unreachable servers: the check must throw before any connection is attempted.
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1' });
    // @ts-expect-error a job without its handler does not compile
    await expect(bootWorker({ config, settings: loadWorkerSettings(config, {}), handlers })).rejects.toThrow(
      'Worker cannot start: no handler for jobs: send-reset-code, send-password-changed, send-account-deleted',
    );
  });
});
