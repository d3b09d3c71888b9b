import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, MAINTENANCE_URL, PORT } from './support/urls.ts';
// Headless on a machine without a sandbox, a GPU or the internet; the benchmark launches it alike.
import CHROMIUM_FLAGS from '../scripts/chromium-flags.json' with { type: 'json' };

/**
 * Browser journeys against the production build (built first by `npm run test:e2e` / `npm test`).
 * Two servers, each on a fresh seeded temporary database: the normal site, and one in maintenance mode.
 * Environment: CHROMIUM_PATH (set by npm test from scripts/chromium.mjs; default /usr/bin/chromium), E2E_WORKERS (2), E2E_PORT (4310 and 4311),
 * E2E_OUTPUT_DIR (../test-results), WEB_ROOT (another build of the web app to serve).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    // The backoffice's service worker is the subject of admin/door-offline.spec.ts, which allows it.
    // Elsewhere it would serve the backoffice's code from its cache (out of page.route's reach) and add
    // its precache download to every journey.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${PORT}`,
      cwd: '..',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `node scripts/e2e-server.mjs ${PORT + 1} --maintenance`,
      cwd: '..',
      url: `${MAINTENANCE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
