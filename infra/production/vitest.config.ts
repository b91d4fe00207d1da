// The production-mode boot test: builds the servers and runs the compiled API and worker with plain
// node against the Postgres, Redis and mail catcher named in the environment (see production-boot.test.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['infra/production/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    // The build, the migrations and two process boots.
    hookTimeout: 180_000,
    env: {
      // listMail (infra/e2e/support/mailbox.ts) reads the catcher's address from here.
      E2E_MAILBOX_URL: `http://localhost:${process.env.MAIL_CATCHER_HTTP_PORT ?? 8025}`,
    },
  },
});
