// `npm run test:containers` (infra/containers/compose.containers.test.ts): builds every image with podman and
// boots docker-compose.yml. Minutes of image builds: a run of its own, after `npm test`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['infra/containers/**/*.containers.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 45 * 60_000,
  },
});
