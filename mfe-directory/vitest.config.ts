import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md)
import { compiledCatalogs, injectedCssModules } from '../services/contract/src/federation';

export default defineConfig({
  plugins: [react(), compiledCatalogs(), injectedCssModules()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A hang still fails; 5 s (the default) failed screen tests on a 2-core machine under other suites' load.
    testTimeout: 20_000,
  },
});
