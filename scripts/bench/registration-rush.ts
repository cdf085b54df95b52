/**
 * Registration rush: N runners register at once for one category over real HTTP (a listening
 * server on 127.0.0.1), with `concurrency` requests in flight. Prints registrations/s and p50/p99
 * latency, and checks that the category never oversold. Bounded: at most 5000 requests, 120 s.
 *
 *   node --import tsx scripts/bench/registration-rush.ts [requests=300] [slots=200] [concurrency=50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench/registration-rush.ts
 *     (creates and drops its own database on that server)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { eventCategories, events, users } from '../../src/server/db/schema';

const requests = Math.min(Number(process.argv[2] ?? 300), 5000);
const slots = Number(process.argv[3] ?? Math.ceil((requests * 2) / 3));
const concurrency = Math.max(1, Math.min(Number(process.argv[4] ?? 50), 500));
const deadline = Date.now() + 120_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `derap_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.href;
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl ?? '',
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  PAYMENT_EXPIRY_SWEEP_SECONDS: '0',
  // Every runner comes from 127.0.0.1 here; lift the per-address limit instead of forging addresses.
  REGISTRATION_RATE_LIMIT_PER_MINUTE: String(requests + 1),
  // The proof of work costs each runner's browser about a second; this measures the server only.
  REGISTRATION_CHALLENGE: 'false',
});
const database = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, max: 20 } : config.database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const db = database.db;
const [owner] = await db.insert(users).values({ name: 'Bench Organizer', email: `bench.${Date.now()}@contoh.id`, role: 'organizer' }).returning();
const [event] = await db
  .insert(events)
  .values({
    eventId: 'bench-run',
    code: 'bench-run',
    name: 'Bench Run',
    description: 'Benchmark',
    location: 'Jakarta',
    eventDate: new Date(Date.now() + 30 * 86_400_000),
    regOpen: new Date(Date.now() - 86_400_000),
    regClose: new Date(Date.now() + 10 * 86_400_000),
    paymentType: 'platform',
    paymentOptions: ['bni_va', 'gopay'],
    status: 'diterima',
    createdBy: owner!.id,
  })
  .returning();
const [category] = await db
  .insert(eventCategories)
  .values({ eventRef: event!.id, categoryId: '10k', name: '10K', price: 150_000, slots })
  .returning();

const payload = (i: number) =>
  JSON.stringify({
    eventId: 'bench-run',
    categoryId: '10k',
    paymentMethod: 'bni_va',
    runnerData: {
      fullName: `Pelari ${i}`,
      email: `pelari${i}@gmail.com`,
      phone: '081234567890',
      bibName: `P${i}`.slice(0, 10),
      bloodType: 'O+',
      tshirtSize: 'M',
      sex: 'Laki-laki',
      dob: '01-01-1990',
      identityType: 'KTP',
      identityNo: `3174${String(i).padStart(12, '0')}`,
      emergencyName: 'Keluarga',
      emergencyContact: '081298765432',
    },
  });

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 0;
async function worker() {
  while (next < requests && Date.now() < deadline) {
    const i = next++;
    const started = performance.now();
    const res = await fetch(`${base}/api/runner-registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload(i),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
const [after] = await db.select().from(eventCategories).where(eq(eventCategories.id, category!.id));

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
const created = statuses.get(201) ?? 0;
console.log(`database: ${database.kind}; ${latencies.length} requests, ${slots} slots, ${concurrency} in flight`);
console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(`registrations/s: ${(created / seconds).toFixed(1)} (requests/s ${(latencies.length / seconds).toFixed(1)}) in ${seconds.toFixed(2)} s`);
console.log(`latency ms: p50 ${pct(50)}, p99 ${pct(99)}, max ${latencies[latencies.length - 1]!.toFixed(1)}`);
const oversold = after!.sold > slots || created > slots;
console.log(`sold ${after!.sold}/${slots}${oversold ? '  OVERSOLD!' : ' (never oversold)'}`);

await app.close();
await database.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (oversold) process.exit(1);
