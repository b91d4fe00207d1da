import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../logging/log-capture';
import { createPool, inTransaction } from './pool';
import { createThrowawayDatabase, testServerUrl, type ThrowawayDatabase } from './throwaway-db';

const TERMINATED = 'terminating connection due to administrator command';

let database: ThrowawayDatabase;
beforeAll(async () => {
  database = await createThrowawayDatabase(testServerUrl(), 'pool_terminated');
});
afterAll(async () => {
  await database?.drop();
});

/** As a Postgres restart or an administrator does: ends every other session on the test database. */
async function terminateOtherSessions(): Promise<number> {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Resolves once the pool has closed `count` connections (it emits 'remove' when a connection's socket has closed). */
function closedConnections(pool: pg.Pool, count: number): Promise<void> {
  return new Promise((resolve) => {
    let closed = 0;
    pool.on('remove', () => {
      if (++closed === count) resolve();
    });
  });
}

describe('a pool whose connections the server ends', () => {
  it('logs the idle connections it loses and serves the next query on a new one', async () => {
    const { logger, lines } = captureLogs();
    const pool = createPool(database.url, 3, { log: logger });
    try {
      await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.01)')));
      expect(pool.idleCount).toBe(3);
      const closed = closedConnections(pool, 3);

      expect(await terminateOtherSessions()).toBe(3);
      await closed;

      expect(lines.map(({ level, code, msg }) => ({ level, code, msg }))).toEqual(
        Array(3).fill({ level: 50, code: '57P01', msg: `idle client error: ${TERMINATED}` }),
      );
      expect(pool.totalCount).toBe(0);
      expect((await pool.query<{ answer: number }>('SELECT 1 AS answer')).rows).toEqual([{ answer: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('fails a transaction whose connection is ended between two statements, and the pool carries on', async () => {
    const pool = createPool(database.url, 2, { log: captureLogs().logger });
    try {
      const transaction = inTransaction(pool, async (client) => {
        await client.query('SELECT 1');
        const ended = new Promise((resolve) => client.once('end', resolve));
        expect(await terminateOtherSessions()).toBe(1);
        await ended;
        await client.query('SELECT 2');
      });

      await expect(transaction).rejects.toThrow(/not queryable/);
      expect((await pool.query<{ answer: number }>('SELECT 1 AS answer')).rows).toEqual([{ answer: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
