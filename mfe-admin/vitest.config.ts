import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs, injectedCssModules } from '@zaytoon/build-kit';
import { adminBuildDefines, adminBuildInfo } from './build-info';

export default defineConfig({
  plugins: [react(), compiledCatalogs(), injectedCssModules()],
  define: adminBuildDefines(adminBuildInfo()),
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A hang still fails; 5 s (the default) failed screen tests on a 2-core machine under other suites' load.
    testTimeout: 20_000,
  },
});
