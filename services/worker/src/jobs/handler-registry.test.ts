import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '@zaytoon/core/config/config.ts';
import { JOBS } from '@zaytoon/core/jobs/job-definitions.ts';
import { bootWorker } from '../worker.ts';
import { loadWorkerSettings } from '../worker.config.ts';
import { HANDLERS } from '../handlers/index.ts';
import { buildHandlerRegistry } from './handler-registry.ts';
import { defineHandler } from './job-handler.ts';

describe('handler registry', () => {
  it('lists one handler per job definition, grouped by queue', () => {
    expect(HANDLERS.map((handler) => handler.definition.name).sort()).toEqual(Object.values(JOBS).map((job) => job.name).sort());
    const registry = buildHandlerRegistry(JOBS, HANDLERS);
    expect([...registry.keys()].sort()).toEqual(['emails', 'geocoding', 'images', 'moderation', 'statistics']);
    expect([...registry.get('emails')!.keys()].sort()).toEqual(['send-account-deleted', 'send-password-changed', 'send-reset-code']);
  });

  it('lists every handlers/*.handler.ts file', async () => {
    const dir = new URL('../handlers/', import.meta.url);
    const files = readdirSync(dir).filter((file) => file.endsWith('.handler.ts'));
    expect(files.length).toBe(HANDLERS.length);
    for (const file of files) {
      const module = (await import(new URL(file, dir).href)) as { default?: unknown };
      expect(HANDLERS, `${file} is missing from handlers/index.ts`).toContain(module.default);
    }
  });

  it('refuses to build when a job has no handler, naming it', () => {
    const handlers = HANDLERS.filter((handler) => handler.definition.name !== 'geocode-business');
    expect(() => buildHandlerRegistry(JOBS, handlers)).toThrow(/no handler for job: geocode-business/);
  });

  it('refuses duplicate handlers and handlers for unknown jobs', () => {
    const twice = defineHandler(JOBS.geocodeBusiness, async () => null);
    expect(() => buildHandlerRegistry(JOBS, [...HANDLERS, twice])).toThrow(/two handlers for job "geocode-business"/);
    const stray = defineHandler({ queue: 'geocoding', name: 'does-not-exist', payload: z.object({}) }, async () => null);
    expect(() => buildHandlerRegistry(JOBS, [...HANDLERS, stray])).toThrow(/unknown job "does-not-exist"/);
  });

  it('boot fails before connecting anywhere when a handler is missing', async () => {
    const handlers = HANDLERS.filter((handler) => !handler.definition.name.startsWith('send-'));
    // Unreachable servers: the check must throw before any connection is attempted.
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(bootWorker({ config, settings: loadWorkerSettings(config, {}), handlers })).rejects.toThrow(
      'Worker cannot start: no handler for jobs: send-reset-code, send-password-changed, send-account-deleted',
    );
  });
});
