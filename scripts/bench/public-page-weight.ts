/**
 * What a phone downloads for the public pages, and how soon it paints, served by the real server
 * from the production build (`npm run build` first) — compressed as browsers ask (brotli) against
 * the same pages fetched uncompressed in the same run (the ceiling the precompression removes).
 * Chromium with a mobile profile: 4× CPU slowdown and a "fast 3G"-like link (1.6 Mbit/s, 150 ms).
 *
 *   npm run build && node --import tsx scripts/bench/public-page-weight.ts
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/seed/seed';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from '../chromium-path.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-weight-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: '' });
const database = await openDatabase(config.database);
await seedDemoData(database.db);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function measure(page: Page, url: string, compressed: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (!compressed) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': 'identity' } });
  let jsBytes = 0;
  let transferred = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    transferred += e.encodedDataLength;
  });
  const jsRequests = new Set<string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
    if (e.type === 'Script') jsRequests.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (jsRequests.has(e.requestId)) jsBytes += e.encodedDataLength;
  });
  await page.goto(base + url, { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 5000);
      }),
  );
  await cdp.detach();
  return { jsKiB: jsBytes / 1024, totalKiB: transferred / 1024, fcpMs: fcp };
}

console.log('page                 | JS over the wire (KiB)   | all bytes (KiB)          | first contentful paint (ms)');
console.log('                     | identity → brotli        | identity → brotli        | identity → brotli');
for (const url of ['/', '/coaching', '/registration', '/register/jakarta-sunrise-run-2027', '/login']) {
  const rows = [];
  for (const compressed of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    rows.push(await measure(await context.newPage(), url, compressed));
    await context.close();
  }
  const [plain, br] = rows as [Awaited<ReturnType<typeof measure>>, Awaited<ReturnType<typeof measure>>];
  const f = (a: number, b: number) => `${a.toFixed(0).padStart(6)} → ${b.toFixed(0).padStart(6)}`.padEnd(24);
  console.log(`${url.slice(0, 20).padEnd(20)} | ${f(plain.jsKiB, br.jsKiB)} | ${f(plain.totalKiB, br.totalKiB)} | ${f(plain.fcpMs, br.fcpMs)}`);
}
await browser.close();
await app.close();
await database.close();
