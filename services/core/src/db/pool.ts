import pg from 'pg';
import { componentLogger, type Logger } from '../logging/logger';

// Postgres returns bigint counts as strings; every count here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Database = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

export interface PoolOptions {
  /** Waiting longer for a connection (Postgres down or every connection busy) fails the query instead. */
  connectTimeoutMs?: number;
  /**
   * Batch work only (worker, seeds, benches): this statement_timeout instead of the database's (0: none), sent as a
   * startup option, so such a pool must reach Postgres directly or through a session-mode pooler (PgBouncer in
   * transaction mode refuses startup options). The API sends none: it runs on the database's settings.
   */
  statementTimeoutMs?: number;
  /** Where the error of an idle connection goes (a server restart or an administrator ends it); by default the process's log. */
  log?: Logger;
}

export function createPool(databaseUrl: string, max = 10, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    // Session settings live in the database (applyDatabaseSettings, run by every migrate), never in startup
    // options: a transaction-mode pooler such as PgBouncer passes none on.
    ...(options.statementTimeoutMs === undefined ? {} : { options: `-c statement_timeout=${Math.max(0, Math.round(options.statementTimeoutMs))}` }),
  });
  // An idle connection the server ends (a restart, pg_terminate_backend) has already left the pool when this runs, and
  // the next query opens another; without a listener the 'error' event would end the process. Only the code is kept:
  // pg-pool hangs the whole client on the error, kilobytes of its internal state a line.
  pool.on('error', (error: Error & { code?: string }) =>
    (options.log ?? componentLogger('pg')).error({ code: error.code }, `idle client error: ${error.message}`),
  );
  return pool;
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // pg-pool listens for errors only on idle clients: a server that goes away between two statements of this
  // transaction would otherwise crash the process with an unhandled 'error' event. The next statement fails instead.
  const ignoreUntilNextQuery = () => {};
  client.on('error', ignoreUntilNextQuery);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.off('error', ignoreUntilNextQuery);
    client.release();
  }
}
