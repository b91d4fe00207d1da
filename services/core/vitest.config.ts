import { defineConfig } from 'vitest/config';

// Real Postgres: a hang still fails, but 5 s (the default) is too short for a database test while npm test's other lanes run.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
