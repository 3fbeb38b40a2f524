import { defineConfig } from '@playwright/test';
import os from 'node:os';

/**
 * Workers: E2E_WORKERS, else two where the machine has two cores (one on a single core). Each worker
 * starts its own server with its own port, data folder and database (support/worker-server), and every
 * test resets that database first, so tests are independent and spread over the workers one by one.
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.min(2, os.availableParallelism()));

// Browser tests against the real server and the built web app, in Debian's Chromium (never a
// downloaded browser).
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers,
  retries: 0,
  // Upper bounds for a loaded 2-core machine running two workers, never speed claims.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    // baseURL comes from the worker's server (support/fixtures).
    browserName: 'chromium',
    trace: 'off',
    // The app's service worker would cache the app between tests and hide requests from page.route;
    // only the installable-app test lets it run (it turns this back on).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // Every context asks for reduced motion: the app then draws no colour transitions, so an axe
    // scan right after a click never sees a button halfway between two colours.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
