import type pg from 'pg';
import { inTransaction } from '../db/pool.js';

export interface AdminCliUser {
  id: number;
  username: string;
  email: string;
}

export type PromoteResult =
  | { status: 'promoted'; user: AdminCliUser }
  | { status: 'already_admin'; user: AdminCliUser }
  | { status: 'not_found' };

/**
 * Makes the user whose email or username matches `identifier` (case-insensitive) an admin, and writes an audit
 * entry (actor: none, via the command line). Changes nothing for an unknown user or one who is already an admin.
 */
export async function promoteUser(pool: pg.Pool, identifier: string): Promise<PromoteResult> {
  const wanted = identifier.trim();
  if (!wanted) return { status: 'not_found' };
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<AdminCliUser & { is_admin: boolean; by_email: boolean }>(
      `SELECT id, username, email, is_admin, lower(email) = lower($1) AS by_email
         FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($1)
         FOR UPDATE`,
      [wanted],
    );
    if (rows.length === 0) return { status: 'not_found' };
    // An email match wins when the value looks like an email, a username match otherwise.
    const looksLikeEmail = wanted.includes('@');
    const row = rows.find((r) => r.by_email === looksLikeEmail) ?? rows[0];
    const user: AdminCliUser = { id: row.id, username: row.username, email: row.email };
    if (row.is_admin) return { status: 'already_admin', user };
    await client.query('UPDATE users SET is_admin = true WHERE id = $1', [row.id]);
    await client.query(
      `INSERT INTO audit_log (actor_id, action, target_type, target_id, details) VALUES (NULL, 'user.promoted', 'user', $1, $2)`,
      [row.id, JSON.stringify({ via: 'cli', identifier: wanted })],
    );
    return { status: 'promoted', user };
  });
}

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
    const result = await promoteUser(pool, rest[0]);
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
