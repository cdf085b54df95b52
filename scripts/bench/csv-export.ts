/**
 * The runner data exports at scale, over real HTTP: seeds registrations into a fresh embedded
 * database (or DATABASE_URL), streams `/api/runner-registrations/event/{id}/csv` and `/xlsx` from a
 * listening server on 127.0.0.1 and prints rows, bytes, seconds and the peak RSS / heap sampled
 * during each download. It exports twice, at 10 % and at 100 % of the rows: memory that stays flat
 * while the file grows tenfold is what "streamed" means. The .xlsx (exceljs' streaming writer,
 * zipped on the fly) is checked the same way.
 *
 *   npm run bench:csv                 # 100 000 registrations
 *   npm run bench:csv -- 20000        # another size (the .xlsx figure of issue 13 is for 20 000)
 *   DATABASE_URL=postgres://... npm run bench:csv
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema/users';
import { insertCategory, insertEvent, insertRegistrations } from '../../src/server/test/fixtures/registration-data';
import { eq } from 'drizzle-orm';

const total = Number(process.argv[2] ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-csv-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const database = await openDatabase(config.database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const login = await fetch(`${base}/api/auth/dev-login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench.organizer.${Date.now()}@contoh.id`, name: 'Penyelenggara Bench', role: 'organizer' }),
});
if (!login.ok) throw new Error(`dev-login → ${login.status} ${await login.text()}`);
const { token } = (await login.json()) as { token: string };
const [organizer] = await database.db.select().from(users).where(eq(users.role, 'organizer'));
const event = await insertEvent(database.db, organizer!.id, { name: 'Jakarta Marathon Bench' });
const category = await insertCategory(database.db, event.id, { name: '42K Full Marathon', slots: total + 1 });

let seeded = 0;
async function seed(from: number, count: number) {
  const t0 = performance.now();
  await insertRegistrations(database.db, event, category, count, { batch: 500, from });
  seeded += count;
  console.log(`seeded ${count.toLocaleString('id-ID')} registrations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

// With --expose-gc (npm run bench:csv) every sample first collects garbage, so the heap figure is
// what the export really holds, not garbage waiting for the next collection.
const gc = (globalThis as { gc?: () => void }).gc;

type Format = 'csv' | 'xlsx';

/**
 * One download. With `sample` the memory is sampled every 100 ms (each sample a full collection
 * under --expose-gc, which slows the export itself, the .xlsx most); the time printed comes from a
 * second download without sampling.
 */
async function download(format: Format, sample: boolean) {
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    if (!sample) return;
    gc?.();
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/runner-registrations/event/${event.eventId}/${format}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`export → ${res.status}`);
  let bytes = 0;
  let lines = 0;
  // Count as it arrives and keep nothing: the client must not be what holds the file.
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  // A zip has no line count: the .xlsx's rows are what was seeded (the API tests read the files).
  const rows = format === 'csv' ? lines - 1 : seeded;
  return { rows, bytes, seconds, rssGrowth: peakRss - before.rss, peakRss, heapGrowth: peakHeap - before.heapUsed, peakHeap };
}

async function exportOnce(format: Format) {
  const measured = await download(format, true);
  const timed = await download(format, false);
  return { ...measured, seconds: timed.seconds };
}

function report(label: string, r: Awaited<ReturnType<typeof exportOnce>>) {
  console.log(
    `${label}: ${r.rows.toLocaleString('id-ID')} rows, ${mb(r.bytes)} in ${r.seconds.toFixed(2)} s ` +
      `(${Math.round(r.rows / r.seconds).toLocaleString('id-ID')} rows/s); peak RSS ${mb(r.peakRss)} (+${mb(r.rssGrowth)}), ` +
      `peak ${gc ? 'live ' : ''}heap ${mb(r.peakHeap)} (+${mb(r.heapGrowth)})`,
  );
}

/** Exports at 10 % and at 100 % of the rows in `format`; true when memory stayed bounded. */
async function compare(format: Format, first: Awaited<ReturnType<typeof exportOnce>>, second: Awaited<ReturnType<typeof exportOnce>>) {
  // CSV: the heap holds far less than the file. The .xlsx is compressed (its bytes say little of
  // what was written), so there: ten times the rows may not hold much more heap than a tenth did.
  const bounded =
    format === 'csv' ? second.heapGrowth < second.bytes / 4 : second.heapGrowth < 2 * first.heapGrowth + 16 * 1024 * 1024;
  console.log(
    `${format}: the file grew ×${(second.bytes / first.bytes).toFixed(1)} (${mb(first.bytes)} → ${mb(second.bytes)}); ` +
      `heap held during the export: ${mb(first.heapGrowth)} → ${mb(second.heapGrowth)}` +
      (bounded ? ' — memory stays bounded (one batch at a time).' : ' — memory grows with the file!'),
  );
  return bounded;
}

try {
  const small = Math.max(1, Math.round(total / 10));
  await seed(0, small);
  const firstCsv = await exportOnce('csv');
  report('csv export 10%', firstCsv);
  const firstXlsx = await exportOnce('xlsx');
  report('xlsx export 10%', firstXlsx);
  await seed(small, total - small);
  const secondCsv = await exportOnce('csv');
  report('csv export 100%', secondCsv);
  if (secondCsv.rows !== total) throw new Error(`expected ${total} rows, got ${secondCsv.rows}`);
  const secondXlsx = await exportOnce('xlsx');
  report('xlsx export 100%', secondXlsx);
  const csvBounded = await compare('csv', firstCsv, secondCsv);
  const xlsxBounded = await compare('xlsx', firstXlsx, secondXlsx);
  if (!gc) console.log('(run with node --expose-gc, as npm run bench:csv does, for live-heap figures)');
  if (!csvBounded || !xlsxBounded) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
