import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_BOT_TOKEN, E2E_DEMO_PASSWORD } from './env';

/**
 * End-to-end tests: the built server (`server/dist/main.mjs`) on a fresh temporary database (demo
 * data seeded), serving the built web app (`npm run test:e2e` builds both first), driven by the SYSTEM Chromium — Playwright
 * never downloads a browser here.
 */
const root = path.resolve(import.meta.dirname, '..');

// The runner and every worker read this file: choose the port and the data folder once and hand
// them on through the environment.
function freePort(): string {
  const probe = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', probe]).toString().trim();
}
process.env.E2E_PORT ??= freePort();
// the local fake Telegram Bot API the server calls (savePreparedInlineMessage); real Telegram is unreachable here
process.env.E2E_BOT_API_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-e2e-'));
// the demo data, seeded once and copied for each server (e2e/server.ts)
process.env.E2E_SEED_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-e2e-seed-'));
// the server of the specs that move its clock by hours (see `projects`)
process.env.E2E_CLOCK_PORT ??= freePort();
process.env.E2E_CLOCK_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-e2e-clock-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const clockBaseURL = `http://127.0.0.1:${process.env.E2E_CLOCK_PORT}`;
// specs that sign in as the seeded demo accounts read the password from here
process.env.DEMO_PASSWORD = E2E_DEMO_PASSWORD;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Specs that move the server clock far ahead (see `projects`). */
const CLOCK_MOVERS = /greeting-life\.spec\.ts$/;

/**
 * The bundle that production runs (`npm run test:e2e` builds it; a defect of the bundler fails here
 * too), on a copy of the seeded demo data (e2e/server.ts).
 */
function appServer(port: string, url: string, dataDir: string) {
  return {
    command: `${path.join(root, 'node_modules', '.bin', 'tsx')} e2e/server.ts`,
    cwd: root,
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      E2E_SEED_DIR: process.env.E2E_SEED_DIR!,
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(root, 'web', 'dist'),
      SEED_DEMO: 'true',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      ENABLE_TEST_HOOKS: 'true',
      BOT_TOKEN: E2E_BOT_TOKEN,
      BOT_USERNAME: '',
      BOT_POLLING: 'false',
      // the bot by webhook: the fake Bot API posts Telegram's updates (a pre-checkout, a payment) to it
      BOT_WEBHOOK_SECRET: 'e2e-webhook-secret',
      BOT_API_ROOT: `http://127.0.0.1:${process.env.E2E_BOT_API_PORT}`,
      // every spec signs up its own users from one address
      AUTH_RATE_LIMIT: '100000',
      // test accounts: a cheap password hash (refused with NODE_ENV=production)
      PASSWORD_HASH_COST: 'fast',
      LOG_LEVEL: 'warn',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/test-results',
  globalTeardown: './global-teardown.ts',
  // two cores: two workers; files run side by side, each file's tests in order
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // one retry in CI: a 2-core machine under a full run can starve a timing-sensitive step
  retries: process.env.CI ? 1 : 0,
  // generous: the machines these run on are often busy (other suites run beside this one in CI)
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // in CI: failures in full and one summary line (e2e/summary-reporter.ts), and the HTML report to browse
  reporter: process.env.CI ? [['./summary-reporter.ts'], ['html', { open: 'never', outputFolder: './.artifacts/report' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // the offline service worker is tested on its own (pwa.spec.ts); elsewhere every request goes to the server
    serviceWorkers: 'block',
    // recording a trace costs every test (the browser snapshots the page at each step): in CI only a
    // retry records one, so a failure comes with the trace of its second attempt
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // the greeting that opens on a date moves the server clock by hours, which would break every spec
  // that counts regenerating energy or a date while it runs: those specs have a server of their own
  projects: [
    { name: 'app', testIgnore: CLOCK_MOVERS },
    { name: 'clock', testMatch: CLOCK_MOVERS, use: { baseURL: clockBaseURL } },
  ],
  webServer: [
    {
      command: `${path.join(root, 'node_modules', '.bin', 'tsx')} server/test/fakes/bot-api.ts ${process.env.E2E_BOT_API_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${process.env.E2E_BOT_API_PORT}/__calls`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    appServer(process.env.E2E_PORT!, baseURL, process.env.E2E_DATA_DIR!),
    appServer(process.env.E2E_CLOCK_PORT!, clockBaseURL, process.env.E2E_CLOCK_DATA_DIR!),
  ],
});
