// Browser and stack tests against a running stack (`npm test` starts it and sets E2E_*; see infra/README.md).
// Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium): Playwright's own browsers are never downloaded.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/chromium';
import { e2e } from './support/env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  // One browser, one file at a time: the tests share one seeded database and one mail catcher.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: `${repoRoot}test-results/e2e`,
  // `npm test` names a JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) and counts its results in its summary.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: e2e.baseUrl,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: e2e.chromium, args: CHROMIUM_ARGS },
    serviceWorkers: 'block',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: { mode: 'only-on-failure', fullPage: true },
  },
});
