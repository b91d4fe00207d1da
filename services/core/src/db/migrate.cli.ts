import { componentLogger } from '../logging/logger';
import { runMigrations } from './migrate';

// Deployments run this as a step of their own, so it logs like the servers (JSON in production).
const log = componentLogger('migrate');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  log.fatal('DATABASE_URL is required');
  process.exit(1);
}
await runMigrations(databaseUrl, (message) => log.info(message.trim()));
