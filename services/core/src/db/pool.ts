import pg from 'pg';
import { componentLogger } from '../logging/logger';

// Postgres returns bigint counts as strings; every count here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Database = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

export interface PoolOptions {
  /** Waiting longer for a connection (Postgres down or every connection busy) fails the query instead. */
  connectTimeoutMs?: number;
}

export function createPool(databaseUrl: string, max = 10, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    // Typo tolerance of the directory search: how close a dictionary word must be (pg_trgm's 0.3 lets in unrelated words).
    // random_page_cost: the tables live in memory or on SSD; at the default 4 the planner scans 100,000 businesses
    // for a search matching 5% of them (218 ms) instead of reading the matches through its indexes (56 ms).
    options: '-c pg_trgm.similarity_threshold=0.4 -c random_page_cost=1.1',
  });
  pool.on('error', (error) => componentLogger('pg').error({ err: error }, `idle client error: ${error.message}`));
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
