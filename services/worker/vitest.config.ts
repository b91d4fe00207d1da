import { defineConfig } from 'vitest/config';

// Every suite runs against real Postgres, Redis and SMTP: each file a database of its own, each test worker a Redis
// database (the queues have fixed names: src/test/test-context.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
