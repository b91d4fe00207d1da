import { createPool } from '../db/pool';
import { runAdminCli } from './admin';

/** `npm run admin -- promote <email-or-username>` (root script). Uses DATABASE_URL. */
const code = await runAdminCli(
  process.argv.slice(2),
  process.env,
  { out: (line) => console.log(line), err: (line) => console.error(line) },
  (databaseUrl) => createPool(databaseUrl, 1),
);
process.exit(code);
