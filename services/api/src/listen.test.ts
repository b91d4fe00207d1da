import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@zaytoon/core';
import { listenOn } from './listen';

const env = { DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x', API_PORT: '0' };

async function boundAddress(config: ReturnType<typeof loadConfig>): Promise<string> {
  const app = express() as unknown as Parameters<typeof listenOn>[0];
  const server = await new Promise<ReturnType<typeof listenOn>>((resolve) => {
    const listening = listenOn(app, config, () => resolve(listening));
  });
  const address = (server.server.address() as AddressInfo).address;
  await server.drain(1_000);
  return address;
}

describe('the API bind address', () => {
  it('is 127.0.0.1 by default', async () => {
    expect(loadConfig(env).API_HOST).toBe('127.0.0.1');
    expect(await boundAddress(loadConfig(env))).toBe('127.0.0.1');
  });

  it('is API_HOST when set (containers: 0.0.0.0)', async () => {
    expect(await boundAddress(loadConfig({ ...env, API_HOST: '0.0.0.0' }))).toBe('0.0.0.0');
  });
});
