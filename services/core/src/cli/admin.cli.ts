import { withSecretFiles } from '../config/config';
import { createPool } from '../db/pool';
import { runAdminCli } from './admin';

/** `npm run admin -- promote <email-or-username>` (root script). Uses DATABASE_URL (or DATABASE_URL_FILE). */
let env: NodeJS.ProcessEnv;
try {
  env = withSecretFiles(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const code = await runAdminCli(process.argv.slice(2), env, { out: (line) => console.log(line), err: (line) => console.error(line) }, (databaseUrl) =>
  createPool(databaseUrl, 1),
);
process.exit(code);
