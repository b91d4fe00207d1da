// Browser end-to-end tests against a running stack (npm test starts it; see infra/e2e/README.md).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['infra/e2e/**/*.test.ts'],
    // One browser, one file at a time: the tests share one seeded database.
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
