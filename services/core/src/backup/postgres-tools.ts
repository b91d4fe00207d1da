// The PostgreSQL client programs (pg_dump, pg_restore) and server programs (initdb, pg_ctl) of one major
// version. pg_dump refuses a server newer than itself, so the backup picks the one matching the server.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const run = promisify(execFile);

/** Debian keeps each major's programs in /usr/lib/postgresql/<major>/bin; PG_BIN_DIR overrides. */
export function postgresBinDir(major: number, env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.PG_BIN_DIR || `/usr/lib/postgresql/${major}/bin`;
  try {
    accessSync(join(dir, 'pg_dump'), constants.X_OK);
  } catch {
    throw new Error(
      `pg_dump of PostgreSQL ${major} was not found in ${dir}: install it (Debian: apt-get install -y postgresql-client-${major}) or set PG_BIN_DIR to the folder holding it`,
    );
  }
  return dir;
}

export async function serverMajorVersion(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>("SELECT current_setting('server_version_num') AS version");
    return Math.floor(Number(rows[0].version) / 10000);
  } finally {
    await client.end();
  }
}
