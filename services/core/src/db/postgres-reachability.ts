import type pg from 'pg';
import type { Logger } from '../logging/logger';

const RETRY_MS = 2_000;

function where(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/**
 * At boot, says in the log whether Postgres can be reached, and keeps asking until it can: the process runs
 * either way (its /readyz answers 503), so the line is what tells an operator why.
 */
export function reportPostgresReachability(db: pg.Pool, databaseUrl: string, log: Logger): void {
  let failedBefore = false;
  const probe = () => {
    db.query('SELECT 1').then(
      () => {
        if (failedBefore) log.info(`Postgres at ${where(databaseUrl)} is reachable`);
      },
      (error: Error) => {
        if (!failedBefore)
          log.error(`cannot reach Postgres at ${where(databaseUrl)}: ${error.message}; requests that need it answer 503 until it is there`);
        failedBefore = true;
        setTimeout(probe, RETRY_MS).unref();
      },
    );
  };
  probe();
}
