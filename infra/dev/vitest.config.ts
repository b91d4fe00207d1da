// Unit tests of the dev/test orchestration itself (mail catcher, MIME, config, supervisor), of the seed, and the docs check.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'infra/dev/**/*.test.ts',
      'infra/seed/**/*.test.ts',
      'infra/frontdoor/**/*.test.ts',
      'infra/docker/**/*.test.ts',
      'infra/k8s/**/*.test.ts',
      'infra/i18n/**/*.test.ts',
      'infra/observability/**/*.test.ts',
      'infra/docs/**/*.test.ts',
    ],
    root: new URL('../..', import.meta.url).pathname,
    testTimeout: 30_000,
  },
});
