// `npm start`: provision Postgres + Redis, migrate, seed the demo data and dev admin, build the
// front-ends, then run the mail catcher, API, worker, the remotes' servers and the nginx front door
// until Ctrl-C.
//   npm start -- --infra-only   only Postgres, Redis (migrated) and the mail catcher, for working
//                               on a service with its own dev server.
//   npm run dev                 (--dev) Vite's dev servers with hot reload instead of the built
//                               front-ends behind nginx.
import { loadConfig } from './config';
import { bold, log } from './log';
import { startInfra } from './infra-up';
import { buildFrontends, createSupervisor, mailboxUrl, seed, startApplications } from './stack';

const infraOnly = process.argv.includes('--infra-only');
const dev = process.argv.includes('--dev');
const config = loadConfig('development');
const supervisor = createSupervisor(config);
const started = Date.now();

async function main(): Promise<void> {
  const { infra, secret } = await startInfra(config, supervisor);

  if (infraOnly) {
    log.info(
      [
        bold('Infrastructure is up') + ` (${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.`,
        `  DATABASE_URL=${infra.databaseUrl}`,
        `  REDIS_URL=${infra.redisUrl}`,
        `  SMTP_HOST=localhost SMTP_PORT=${config.ports.mailSmtp}   mailbox: ${mailboxUrl(config)}/messages.json`,
      ].join('\n'),
    );
    return;
  }

  await seed(infra.databaseUrl, config.seedAdminPassword);
  if (!dev && !(await buildFrontends(config, supervisor))) await supervisor.shutdown(1);
  await startApplications(config, supervisor, infra, secret, { frontends: dev ? 'vite-dev' : 'built' });

  log.info(
    [
      '',
      bold(`${config.productName} is running`) + ` (ready in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops everything.`,
      '',
      `  App:          ${bold(config.publicOrigin)}  (${dev ? "Vite's dev servers, hot reload" : 'nginx front door, built front-ends'})`,
      `  Dev admin:    username admin · email admin@example.com · password ${config.seedAdminPassword}`,
      `  Mailbox:      ${mailboxUrl(config)}/  (JSON: ${mailboxUrl(config)}/messages.json)`,
      `  Job queues:   ${config.publicOrigin}/ops/queues  (bull-board, admins only)`,
      `  API:          ${config.apiOrigin}  (/healthz, /readyz, /metrics)`,
      `  Postgres:     ${infra.databaseUrl}`,
      `  Redis:        ${infra.redisUrl}`,
      `  Data:         ${config.dataDir}`,
      '',
    ].join('\n'),
  );
}

main().catch(async (error) => {
  if (supervisor.isStopping) return; // interrupted by Ctrl-C: the supervisor is already exiting
  log.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error) log.error(error.stack ?? '');
  await supervisor.shutdown(1);
});
