// The fault tests: each file starts its own Postgres, Redis (with AOF), API and worker,
// breaks one of them on purpose, and checks what clients see. `npm run test:faults`; npm test runs them too.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['infra/faults/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
