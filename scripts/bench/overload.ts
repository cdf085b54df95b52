/**
 * Overload (issue 12 item 4, decision 018): far more registrations at once than one server admits.
 * Fires `requests` registrations with `inFlight` requests open at a time at a server whose
 * admission gate is small, and prints how many got 201, 503 (with Retry-After) and 5xx other than
 * 503, the latency of each kind, and sold vs live registrations. Nothing here may be a 500 and
 * nothing may be oversold. Bounded: at most 5000 requests, 120 s.
 *
 *   node --import tsx scripts/bench/overload.ts [requests=3000] [inFlight=500]
 *       [--concurrency N=4] [--queue M=50] [--wait MS=10000]   REGISTRATION_CONCURRENCY, _QUEUE_MAX, _QUEUE_WAIT_MS
 *       [--gateway-delay MS]  payments through the local Midtrans fake answering MS late
 *       [--postgres [URL]]    on PostgreSQL (own database, dropped after); else PGlite
 *   npm run bench:overload -- …
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { eventCategories } from '../../src/server/db/schema/events';
import { runnerRegistrations } from '../../src/server/db/schema/registrations';
import { startFakeMidtrans, type FakeMidtrans } from '../../src/server/test/fixtures/fake-midtrans';
import { benchRegistration, insertBenchEvent, scratchDatabase } from './rush-event';

const args = process.argv.slice(2);
function flag(name: string): string | true | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  const hasValue = value !== undefined && !value.startsWith('--');
  args.splice(i, hasValue ? 2 : 1);
  return hasValue ? value : true;
}
const delayFlag = flag('--gateway-delay');
const gatewayDelay = delayFlag === undefined ? null : Math.max(0, Number(delayFlag === true ? 300 : delayFlag));
const pgFlag = flag('--postgres');
const numberFlag = (name: string, fallback: number) => {
  const value = flag(name);
  return value === undefined || value === true ? fallback : Number(value);
};
const gateConcurrency = numberFlag('--concurrency', 4);
const gateQueue = numberFlag('--queue', 50);
const gateWait = numberFlag('--wait', 10_000);
const postgresUrl = pgFlag === undefined ? process.env.DATABASE_URL : pgFlag === true ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : pgFlag;

const requests = Math.min(Number(args[0] ?? 3000), 5000);
// Enough slots for everyone: what is refused here is refused by the gate, not by 'Slot Habis'.
const slots = requests;
const concurrency = Math.max(1, Math.min(Number(args[1] ?? 500), 1000));
const deadline = Date.now() + 120_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (postgresUrl) {
  const scratch = await scratchDatabase(postgresUrl, 'derap_bench');
  databaseUrl = scratch.url;
  dropDatabase = scratch.drop;
}

let midtrans: FakeMidtrans | null = null;
if (gatewayDelay !== null) {
  midtrans = await startFakeMidtrans();
  midtrans.setTransactionDelay(gatewayDelay);
}

const config = loadConfig({
  ...process.env,
  ...(midtrans ? { MIDTRANS_SERVER_KEY: midtrans.serverKey, MIDTRANS_SNAP_URL: midtrans.url, MIDTRANS_API_URL: midtrans.url } : {}),
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
  REGISTRATION_CONCURRENCY: String(gateConcurrency),
  REGISTRATION_QUEUE_MAX: String(gateQueue),
  REGISTRATION_QUEUE_WAIT_MS: String(gateWait),
});
const database = await openDatabase(config.database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const db = database.db;
const category = await insertBenchEvent(db, slots);

const payload = benchRegistration;

const latencies: number[] = [];
const byStatus = new Map<number, number[]>();
const statuses = new Map<number, number>();
let withoutRetryAfter = 0;
let networkErrors = 0;
let next = 0;
async function worker() {
  while (next < requests && Date.now() < deadline) {
    const i = next++;
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${base}/api/runner-registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload(i),
      });
      await res.arrayBuffer();
    } catch {
      networkErrors++;
      continue;
    }
    const ms = performance.now() - started;
    latencies.push(ms);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (!byStatus.has(res.status)) byStatus.set(res.status, []);
    byStatus.get(res.status)!.push(ms);
    if (res.status === 503 && !res.headers.get('retry-after')) withoutRetryAfter++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
const [after] = await db.select().from(eventCategories).where(eq(eventCategories.id, category.id));

const live = await db
  .select({ id: runnerRegistrations.id })
  .from(runnerRegistrations)
  .where(and(eq(runnerRegistrations.categoryRef, category.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])));

latencies.sort((a, b) => a - b);
const pctOf = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1) : '-';
};
const created = statuses.get(201) ?? 0;
const busy = statuses.get(503) ?? 0;
const other5xx = [...statuses].filter(([s]) => s >= 500 && s !== 503).reduce((n, [, c]) => n + c, 0);
const oversold = Math.max(0, after!.sold - slots, created - slots, live.length - slots);
const gatewayText = gatewayDelay === null ? 'sandbox gateway' : `Midtrans fake, ${gatewayDelay} ms per checkout`;
const poolText = config.database.kind === 'postgres' ? `, pool ${config.database.max}` : '';
console.log(
  `database: ${database.kind}${poolText}; ${gatewayText}; gate ${gateConcurrency} at once, ${gateQueue} waiting, ${gateWait} ms wait; ${requests} requests, ${concurrency} in flight`,
);
console.log(`statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(', ')}${networkErrors ? `; network errors ${networkErrors}` : ''}`);
console.log(`201: ${created}; 503: ${busy} (${withoutRetryAfter} without Retry-After); other 5xx: ${other5xx}`);
console.log(`in ${seconds.toFixed(2)} s: ${(created / seconds).toFixed(1)} registrations/s, ${(latencies.length / seconds).toFixed(1)} answers/s`);
console.log(`latency ms, all: p50 ${pctOf(latencies, 50)}, p99 ${pctOf(latencies, 99)}, max ${latencies.length ? latencies[latencies.length - 1]!.toFixed(1) : '-'}`);
for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
  console.log(`latency ms, ${status}: p50 ${pctOf(list, 50)}, p99 ${pctOf(list, 99)}`);
}
console.log(`oversold: ${oversold} (sold ${after!.sold}, live registrations ${live.length}, 201s ${created})`);

await app.close();
await database.close();
await midtrans?.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (oversold > 0 || other5xx > 0 || after!.sold !== live.length) process.exitCode = 1;
