import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { adminBuildDefines, adminBuildInfo } from './build-info';

export default defineConfig({
  plugins: [react()],
  define: adminBuildDefines(adminBuildInfo()),
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
