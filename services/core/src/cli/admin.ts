import type pg from 'pg';
import { AdminRightsService } from '../users/admin-rights.service';

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- promote <email-or-username>

Commands:
  promote <email-or-username>   give an existing user admin rights (case-insensitive match)

Environment:
  DATABASE_URL                  Postgres connection string (required)`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs the admin command line; returns the exit code (0 ok, 1 failure or unknown user, 2 usage error). */
export async function runAdminCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  connect: (databaseUrl: string) => pg.Pool,
): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    (command ? io.out : io.err)(ADMIN_CLI_USAGE);
    return command ? 0 : 2;
  }
  if (command !== 'promote') {
    io.err(`Unknown command "${command}".\n\n${ADMIN_CLI_USAGE}`);
    return 2;
  }
  if (rest.length !== 1 || !rest[0].trim()) {
    io.err(`promote needs exactly one email or username.\n\n${ADMIN_CLI_USAGE}`);
    return 2;
  }
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    io.err('DATABASE_URL is required (the Postgres the API uses).');
    return 1;
  }
  const pool = connect(databaseUrl);
  try {
    const result = await new AdminRightsService(pool).promote(rest[0]);
    switch (result.status) {
      case 'promoted':
        io.out(`User "${result.user.username}" <${result.user.email}> is now an admin.`);
        return 0;
      case 'already_admin':
        io.out(`User "${result.user.username}" <${result.user.email}> is already an admin; nothing changed.`);
        return 0;
      case 'not_found':
        io.err(`No user with email or username "${rest[0].trim()}". They must sign up first.`);
        return 1;
    }
  } catch (error) {
    io.err(`Could not promote "${rest[0].trim()}": ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await pool.end();
  }
}
