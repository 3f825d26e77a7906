import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the built SPA served
 * by the real API on a fresh database; global-setup starts both and exports E2E_BASE_URL.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  globalSetup: './support/global-setup.ts',
  // A journey's timeout catches a hang, not slowness (speed is bench/'s): CI is two cores running
  // two browsers, the API and PostgreSQL, where the longest journeys take most of a minute.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
