import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@zaytoon/core';
import { createWorkerContainer } from '../worker.container';
import { createTestContext, type TestContext } from './test-context';

// The database's statement timeout is the API's (5 s); the worker's batch jobs read whole tables
// and run under their own, WORKER_STATEMENT_TIMEOUT_MS.
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

async function workerStatementTimeout(env: Record<string, string>): Promise<string> {
  const container = createWorkerContainer(loadConfig({ ...process.env, DATABASE_URL: context.config.DATABASE_URL, ...env }));
  try {
    const { rows } = await container.db.query<{ timeout: string }>("SELECT current_setting('statement_timeout') AS timeout");
    return rows[0].timeout;
  } finally {
    await container.close();
  }
}

describe('the worker’s statement timeout', () => {
  it('is WORKER_STATEMENT_TIMEOUT_MS (2 minutes by default), not the database’s 5 s', async () => {
    const { rows } = await context.db.query<{ timeout: string }>("SELECT current_setting('statement_timeout') AS timeout");
    expect(rows[0].timeout).toBe('5s');
    expect(await workerStatementTimeout({})).toBe('2min');
    expect(await workerStatementTimeout({ WORKER_STATEMENT_TIMEOUT_MS: '30000' })).toBe('30s');
    expect(await workerStatementTimeout({ WORKER_STATEMENT_TIMEOUT_MS: '0' })).toBe('0');
  });
});
