import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from '@zaytoon/build-kit';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react(), compiledCatalogs()],
  resolve: {
    alias: {
      // Federated runtime does not exist under vitest: a fake registry stands in for it.
      '@module-federation/runtime': here('./src/test/fake-federation-runtime.ts'),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'build-*.test.ts'],
    restoreMocks: true,
    // A hang still fails; 5 s (the default) failed screen tests on a 2-core machine under other suites' load.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
