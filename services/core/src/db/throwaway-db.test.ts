import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createThrowawayDatabase, testServerUrl } from './throwaway-db';

const CONNECTIONS = 4;

async function askServer(sql: string, values: unknown[]): Promise<boolean> {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    return Boolean((await admin.query(sql, values)).rowCount);
  } finally {
    await admin.end();
  }
}

const exists = (name: string) => askServer('SELECT 1 FROM pg_database WHERE datname = $1', [name]);

/** A DROP DATABASE of `name` is running, waiting for the database's other sessions to go. */
const dropIsWaiting = (name: string) =>
  askServer("SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query ILIKE 'DROP DATABASE%' AND strpos(query, $1) > 0", [name]);

/** Resolves once the pool has closed `count` connections (it emits 'remove' when a connection's socket has closed). */
function closedConnections(pool: pg.Pool, count: number): Promise<void> {
  return new Promise((resolve) => {
    let closed = 0;
    pool.on('remove', () => {
      if (++closed === count) resolve();
    });
  });
}

describe("a throwaway database's drop()", () => {
  it('lets a pool that is closing finish closing instead of terminating its connections', async () => {
    const database = await createThrowawayDatabase(testServerUrl(), 'drop_while_closing');
    const pool = new pg.Pool({ connectionString: database.url, max: CONNECTIONS });
    const errors: Error[] = [];
    pool.on('error', (error) => errors.push(error));
    await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query('SELECT pg_sleep(0.01)')));
    expect(pool.idleCount).toBe(CONNECTIONS);
    const closed = closedConnections(pool, CONNECTIONS);

    // pg's Pool.end() resolves before its connections have closed, so a drop that follows it meets sessions still
    // closing. Here they are open when the drop starts and close while it runs, so a drop that forces them out at
    // once always loses, where after Pool.end() it loses only when the server is slow to read the goodbye.
    let dropped = false;
    const dropping = database.drop().then(() => (dropped = true));
    await vi.waitFor(async () => expect(dropped || (await dropIsWaiting(database.name))).toBe(true), { timeout: 10_000 });
    await pool.end();
    await dropping;
    await closed;

    expect(errors.map((error) => error.message)).toEqual([]);
    expect(await exists(database.name)).toBe(false);
  });

  it('still drops a database whose session was never closed', async () => {
    const database = await createThrowawayDatabase(testServerUrl(), 'drop_left_open');
    const leftOpen = new pg.Client({ connectionString: database.url });
    await leftOpen.connect();
    const errors: Array<Error & { code?: string }> = [];
    leftOpen.on('error', (error) => errors.push(error));
    // Not events.once: it rejects on the 'error' this test expects.
    const ended = new Promise((resolve) => leftOpen.once('end', resolve));

    await database.drop();

    expect(await exists(database.name)).toBe(false);
    await ended;
    expect(errors[0]?.code).toBe('57P01');
  });
});
