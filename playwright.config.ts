import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from './scripts/chromium-path.mjs';
import { demoServerEnv } from './scripts/demo-server-env';

const port = Number(process.env.E2E_PORT ?? 4317);
/** The fake Strava (scripts/fake-strava.ts) the product server talks to, 1000 ports up. */
export const fakeStravaPort = port + 1000;
export const fakeStrava = {
  url: `http://127.0.0.1:${fakeStravaPort}`,
  clientId: 'derap-e2e',
  clientSecret: 'derap-e2e-secret',
  webhookVerifyToken: 'derap-e2e-webhook',
};
const dataDir = path.join(os.tmpdir(), `derap-e2e-${process.pid}`);

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser tests run against the production build served by the real server on a fresh embedded
 * database with demo data, in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e-artifacts',
  fullyParallel: false,
  // Two spec files at a time against the one server (each spec makes its own users and events):
  // about 10.5 instead of 13.5 minutes on the 2-core CI machine.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two Chromium workers on 2 cores starve each other's pages at times ('Memuat…' past 8 s while the
  // server answers in milliseconds): patient waits, not weaker assertions (decision 047).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: chromiumArgs },
  },
  projects: [
    // Every journey runs at 1280 px. The 360 px pass runs only what is about layout (decision 047):
    // tests tagged @layout (checked at both widths: overflow, what sits where, phone-specific views)
    // and @phone-only (layouts that exist only below the lg breakpoint).
    { name: 'desktop', grepInvert: /@phone-only/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    {
      name: 'phone',
      grep: /@layout|@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, isMobile: false, hasTouch: true, channel: undefined },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx scripts/fake-strava.ts',
      url: `${fakeStrava.url}/_fake/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(fakeStravaPort), STRAVA_CLIENT_ID: fakeStrava.clientId, STRAVA_CLIENT_SECRET: fakeStrava.clientSecret },
    },
    {
      command: 'node --import tsx src/server/main.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...demoServerEnv(port, dataDir),
        // Strava configured against the fake: every browser test runs with the Strava card live.
        STRAVA_CLIENT_ID: fakeStrava.clientId,
        STRAVA_CLIENT_SECRET: fakeStrava.clientSecret,
        STRAVA_WEBHOOK_VERIFY_TOKEN: fakeStrava.webhookVerifyToken,
        // The fake Strava's events carry subscription 999 (adapters/strava/testing/fake-strava.ts).
        STRAVA_WEBHOOK_SUBSCRIPTION_ID: '999',
        STRAVA_API_URL: fakeStrava.url,
        // Fixtures register many runners of one event through the API from this one machine; each
        // sends its own X-Forwarded-For (e2e/registration-challenge.ts), as distinct phones would, so
        // the proof of work that grows per address (decision 031) stays at its base cost for them.
        TRUST_PROXY: '127.0.0.1',
        // The help dialog's WhatsApp line (hidden when unset), written as people type it.
        SUPPORT_WHATSAPP: '0812-3456-7890',
      },
    },
  ],
});
