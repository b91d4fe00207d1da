import type { StackConfig } from './config';
import { migrate, provisionInfra, sessionSecret, startMailCatcher, type Infra } from './stack';
import type { Supervisor } from './supervisor';

/** What `npm start` and `npm test` begin with: Postgres and Redis, the mail catcher, the database migrated; and the applications' session secret. */
export async function startInfra(config: StackConfig, supervisor: Supervisor): Promise<{ infra: Infra; secret: string }> {
  const infra = await provisionInfra(config, supervisor);
  const secret = sessionSecret(config);
  await startMailCatcher(config, supervisor);
  await migrate(infra.databaseUrl);
  return { infra, secret };
}
