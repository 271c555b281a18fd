import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_PORT } from './e2e/support/constants';

/** Real Chromium (Debian's /usr/bin/chromium) against the real built server on a fresh database. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey drives one or two people's sessions through several screens, each a fresh browser context
  // that loads its chunks anew: on a busy two-worker runner the longest took 27–35 s, and up to 90 s
  // on a day the machine ran everything at half speed. The limit is a guard against hangs, not a speed
  // target (those live in bench/).
  timeout: 120_000,
  // As long as the first load of a screen on that runner can take (a fresh context loads the app's
  // chunks anew while the other worker and the server share the two cores): a guard, not a target.
  expect: { timeout: 20_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace costs a quarter of the run's time (Chromium paints every frame for its
    // screencast) and CI keeps none: a failure keeps its screenshot and page snapshot instead. Run
    // with --trace=retain-on-failure to look at one.
    trace: 'off',
    screenshot: 'only-on-failure',
    // A first visit opens in the browser's language: journeys read English unless they ask otherwise.
    locale: 'en-US',
    // As a person who asked their system for less motion: nothing spins or shimmers between checks.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /maintenance\.spec\.ts/ },
    // Maintenance mode is programme-wide, so it runs alone once the other journeys are done.
    {
      name: 'maintenance',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /maintenance\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/v1/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT) },
  },
});
