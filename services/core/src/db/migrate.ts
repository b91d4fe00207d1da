import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

// Beside this module: src/db/ from source, dist/ in a bundle (services/tsup.config.ts copies it there).
const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies every pending versioned SQL migration (or the first `count` of them, for tests of a migration's data
 * changes); safe to call on each start (it takes an advisory lock).
 */
export async function runMigrations(databaseUrl: string, log: (message: string) => void = () => {}, count = Infinity): Promise<void> {
  await runner({
    databaseUrl,
    dir: migrationsDir,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    count,
    log,
    logger: { debug: () => {}, info: log, warn: log, error: log },
    verbose: false,
  });
}
