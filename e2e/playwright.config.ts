import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';

/**
 * Browser tests against the production build: the global setup runs `node scripts/start.mjs` on a free
 * port with a fresh data directory (build the web app first: `npm run build`).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results/artifacts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous caps on conditions waited for: on a busy two-core machine a page and its first queries can take
  // several seconds (the caps only bound a wait; a passing step never waits for them).
  timeout: 150_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  // The JSON report feeds the one-line summary of `npm test` (scripts/test-summary.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: fileURLToPath(new URL('../test-results/playwright.json', import.meta.url)) }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
