import { defineConfig } from 'vitest/config';

// Every suite runs against real Postgres, Redis and SMTP; the queues have fixed names, so one file at a time.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
