import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive the system Chromium (Playwright cannot download browsers here)
 * against the production build, served by `vite preview`. `npm run test:e2e` builds first.
 * CHROMIUM_PATH overrides the browser, for machines that have Playwright's own.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** E2E_PORT moves the preview server, for running two checkouts' suites side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);
/** The Messages API stand-in live mode's specs call, one port up (see e2e/stand-in.ts). */
const standInPort = port + 1;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // No retries: a spec that fails under load is a defect to fix at its root.
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  forbidOnly: !!process.env.CI,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    // A service worker would serve later visits from its cache, hiding requests from
    // page.route and carrying state between a spec's steps; the specs that test it allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite preview --port ${port} --strictPort --bypass-lock`,
      url: `http://localhost:${port}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx tsx scripts/api-stand-in/main.ts --port ${standInPort}`,
      url: `http://127.0.0.1:${standInPort}/__stand-in/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
