import { withSecretFiles } from '../config/config';
import { componentLogger } from '../logging/logger';
import { runMigrations, waitForMigrations } from './migrate';

// Deployments run this as a step of their own, so it logs like the servers (JSON in production).
const log = componentLogger('migrate');
let databaseUrl: string | undefined;
try {
  databaseUrl = withSecretFiles(process.env).DATABASE_URL;
} catch (error) {
  log.fatal((error as Error).message);
  process.exit(1);
}
if (!databaseUrl) {
  log.fatal('DATABASE_URL (or DATABASE_URL_FILE) is required');
  process.exit(1);
}
// `--wait` applies nothing: it returns once another run (the Kubernetes migrate Job) has applied this code's migrations.
if (process.argv.includes('--wait')) await waitForMigrations(databaseUrl, (message) => log.info(message));
else await runMigrations(databaseUrl, (message) => log.info(message.trim()));
