/**
 * The offline racepack desk at scale (issue 13 item 6, decision 022), in a real Chromium: seeds an
 * event of 20 000 registrations into a fresh embedded database (or DATABASE_URL), serves the built
 * web app from a listening server on 127.0.0.1, and through the desk's own screen measures
 *   1. 'Unduh data untuk offline': the check-in list fetched over HTTP (gzip) and stored in IndexedDB
 *      — target < 5 s;
 *   2. offline (the context set offline), scans typed into the desk's scanner input: the lookup on
 *      the device (digest + IndexedDB, measured in the page) and the whole scan → card and
 *      'Racepack Diambil' → queued, as the test driver sees them — target < 100 ms.
 *
 *   npm run bench:desk                 # 20 000 registrations, 200 scans
 *   npm run bench:desk -- 50000 300    # another size and number of scans
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../playwright.config';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from '../chromium-path.mjs';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { runnerRegistrations } from '../../src/server/db/schema/registrations';
import { users } from '../../src/server/db/schema/users';
import { insertCategory, insertEvent, insertRegistrations } from '../../src/server/test/fixtures/registration-data';

const total = Number(process.argv[2] ?? 20_000);
const scans = Number(process.argv[3] ?? 200);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-desk-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web' });
const database = await openDatabase(config.database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const figures = (label: string, values: number[]) =>
  console.log(`${label}: median ${ms(quantile(values, 0.5))}, p99 ${ms(quantile(values, 0.99))}, max ${ms(Math.max(...values))} (${values.length} scans)`);

const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: chromiumArgs });
try {
  const email = `bench.desk.${Date.now()}@contoh.id`;
  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 740 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const login = await context.request.post('/api/auth/dev-login', { data: { email, name: 'Penyelenggara Bench', role: 'organizer' } });
  if (!login.ok()) throw new Error(`dev-login → ${login.status()} ${await login.text()}`);
  const [organizer] = await database.db.select().from(users).where(eq(users.email, email));
  const event = await insertEvent(database.db, organizer!.id, { name: 'Jakarta Marathon Meja Bench' });
  const category = await insertCategory(database.db, event.id, { name: '42K Full Marathon', slots: total + 1 });
  let t0 = performance.now();
  await insertRegistrations(database.db, event, category, total, { batch: 500 });
  console.log(`seeded ${total.toLocaleString('id-ID')} registrations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const plain = await context.request.get(`/api/runner-registrations/event/${event.id}/checkin-list`, { headers: { 'accept-encoding': 'identity' } });
  const zipped = await fetch(`${base}/api/runner-registrations/event/${event.id}/checkin-list`, {
    headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; '), 'accept-encoding': 'gzip' },
  });
  const wire = Number(zipped.headers.get('content-length') ?? 0) || (await zipped.arrayBuffer()).byteLength;
  console.log(`check-in list: ${((await plain.body()).length / 1024).toFixed(0)} KB of JSON, ${(wire / 1024).toFixed(0)} KB gzip on the wire`);

  const page = await context.newPage();
  await page.goto(`/desk/${event.id}`);
  const download = page.getByRole('button', { name: 'Unduh data untuk offline' });
  await download.waitFor();
  t0 = performance.now();
  await download.click();
  await page.getByText(`Data ${total.toLocaleString('id-ID')} pelari tersimpan di perangkat.`).waitFor({ timeout: 120_000 });
  const seconds = (performance.now() - t0) / 1000;
  const http = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/checkin-list')) as PerformanceResourceTiming | undefined;
    return entry ? { duration: entry.duration, transfer: entry.transferSize, body: entry.decodedBodySize } : null;
  });
  console.log(
    `download + store of ${total.toLocaleString('id-ID')} runners on the device: ${seconds.toFixed(2)} s ` +
      `(HTTP ${http ? `${http.duration.toFixed(0)} ms, ${(http.transfer / 1024).toFixed(0)} KB transferred` : 'n/a'}, ` +
      `the rest parsing and IndexedDB) — target < 5 s: ${seconds < 5 ? 'met' : 'NOT met'}`,
  );
  await page.getByText('Meja Racepack tersimpan di perangkat').waitFor({ timeout: 30_000 });

  // Offline: the device alone answers.
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('desk-connection').getByText('Offline').waitFor();
  const sample = await database.db
    .select({ token: runnerRegistrations.qrToken, name: runnerRegistrations.fullName, id: runnerRegistrations.registrationId })
    .from(runnerRegistrations)
    .where(eq(runnerRegistrations.eventRef, event.id))
    .limit(total);
  const picks = Array.from({ length: Math.min(scans, sample.length) }, (_, i) => sample[Math.floor(((i + 0.5) * sample.length) / scans)]!);
  const input = page.getByLabel('Nilai QR code');
  const card = page.getByTestId('runner-card');
  const lookups: number[] = [];
  const answered: number[] = [];
  const scanToCard: number[] = [];
  const marked: number[] = [];
  const answeredMs = () => page.evaluate(() => document.querySelector('[data-testid="runner-card"]')?.getAttribute('data-answered-ms') ?? null);
  for (const [i, pick] of picks.entries()) {
    await input.fill(pick.token);
    t0 = performance.now();
    await input.press('Enter');
    await page.locator(`[data-testid="runner-card"][data-scan-seq="${i + 1}"][data-answered-ms]`).waitFor();
    scanToCard.push(performance.now() - t0);
    lookups.push(Number(await card.getAttribute('data-lookup-ms')));
    answered.push(Number(await answeredMs()));
    const answer = await card.getAttribute('data-answer');
    await card.getByRole('button', { name: 'Racepack Diambil' }).click();
    // The hand-over asks first (issue 28 §6); the mark is timed from the confirmation.
    await page.getByRole('dialog', { name: 'Serahkan racepack?' }).getByRole('button', { name: 'Ya, Serahkan' }).click();
    await card.getByText('Racepack berhasil diambil.').waitFor();
    await page.waitForFunction((before) => {
      const now = document.querySelector('[data-testid="runner-card"]')?.getAttribute('data-answer');
      return now != null && now !== before;
    }, answer);
    marked.push(Number(await answeredMs()));
  }
  console.log(`machine load while measuring: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) on ${os.cpus().length} cores`);
  figures('offline lookup on the device (digest + IndexedDB)', lookups);
  figures('offline scan → racepack card painted (Enter to the frame that shows it)', answered);
  figures("offline 'Racepack Diambil' → taken, queued and painted", marked);
  figures('offline scan → card, as the test driver sees it (plus its own round trips)', scanToCard);
  const worst = quantile(answered, 0.99);
  console.log(`target: a scan answered in < 100 ms offline: ${worst < 100 ? 'met' : 'NOT met'} (p99 ${ms(worst)}, median ${ms(quantile(answered, 0.5))})`);
  const pending = await page.getByTestId('desk-pending').textContent();
  console.log(`queue: ${pending}`);

  // Back online: the queue syncs.
  t0 = performance.now();
  await context.setOffline(false);
  await page.getByTestId('desk-pending').getByText('Semua tanda sudah tersinkron').waitFor({ timeout: 60_000 });
  console.log(`back online: ${picks.length} marks synced in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  if (seconds >= 5 || worst >= 100) process.exitCode = 1;
} finally {
  await browser.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
