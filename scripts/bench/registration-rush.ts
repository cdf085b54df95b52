/**
 * Registration rush: N runners register at once for one category over real HTTP (a listening
 * server on 127.0.0.1), with `concurrency` requests in flight. Prints registrations/s, p50/p99
 * latency, the 5xx count and the oversold count. Bounded: at most 5000 requests, 120 s.
 *
 *   npm run bench:registrations -- [requests=300] [slots=2/3 of requests] [concurrency=50]
 *       [--gateway-delay MS]  payments through a local Midtrans fake (the real adapter, over HTTP)
 *                             whose Snap call answers MS late; without it, the built-in sandbox
 *       [--postgres [URL]]    on PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres,
 *                             or DATABASE_URL); creates and drops its own database. Else PGlite.
 *       [--instances N]       N servers on the one PostgreSQL database (needs --postgres), each
 *                             listening on its own port; requests alternate between them (issue 12
 *                             item 6: a rush split across servers never oversells)
 *   DATABASE_POOL_MAX sizes the pool, as for the server.
 *
 * With a gateway delay D, c requests in flight cannot go faster than c/D registrations/s (every
 * successful one waits D for its checkout): printed as the ceiling, to show the gateway call does
 * not serialise the rush (it did while it ran inside the reservation transaction).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { eventCategories, runnerRegistrations } from '../../src/server/db/schema';
import { startFakeMidtrans, type FakeMidtrans } from '../../src/server/test/fixtures/fake-midtrans';
import { benchRegistration, insertBenchEvent } from './rush-event';

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
const instancesFlag = flag('--instances');
const instanceCount = Math.max(1, Math.min(Number(instancesFlag === true || instancesFlag === undefined ? 1 : instancesFlag), 8));
const pgFlag = flag('--postgres');
const postgresUrl = pgFlag === undefined ? process.env.DATABASE_URL : pgFlag === true ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : pgFlag;

const requests = Math.min(Number(args[0] ?? 300), 5000);
const slots = Number(args[1] ?? Math.ceil((requests * 2) / 3));
const concurrency = Math.max(1, Math.min(Number(args[2] ?? 50), 500));
const deadline = Date.now() + 120_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (instanceCount > 1 && !postgresUrl) {
  console.error('--instances needs --postgres: one embedded database cannot be shared by several servers');
  process.exit(2);
}
if (postgresUrl) {
  const name = `derap_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.href;
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: postgresUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
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
});
const database = await openDatabase(config.database);
// Every server has its own pool and process state, as separate machines would; they share only the database.
const servers: { app: Awaited<ReturnType<typeof buildApp>>; database: Awaited<ReturnType<typeof openDatabase>>; base: string }[] = [];
for (let n = 0; n < instanceCount; n++) {
  const own = n === 0 ? database : await openDatabase(config.database);
  const app = await buildApp({ config, database: own });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  servers.push({ app, database: own, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
}

const db = database.db;
const category = await insertBenchEvent(db, slots);

const payload = benchRegistration;

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 0;
async function worker() {
  while (next < requests && Date.now() < deadline) {
    const i = next++;
    const started = performance.now();
    const res = await fetch(`${servers[i % servers.length]!.base}/api/runner-registrations`, {
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
const [after] = await db.select().from(eventCategories).where(eq(eventCategories.id, category.id));

const live = await db
  .select({ id: runnerRegistrations.id })
  .from(runnerRegistrations)
  .where(and(eq(runnerRegistrations.categoryRef, category.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])));

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
const created = statuses.get(201) ?? 0;
const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
const oversold = Math.max(0, after!.sold - slots, created - slots, live.length - slots);
const gatewayText = gatewayDelay === null ? 'sandbox gateway' : `Midtrans fake, ${gatewayDelay} ms per checkout`;
const poolText = config.database.kind === 'postgres' ? `, pool ${config.database.max}` : '';
console.log(`database: ${database.kind}${poolText}; ${gatewayText}; ${servers.length} server(s); ${latencies.length} requests, ${slots} slots, ${concurrency} in flight`);
console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
const regPerSecond = created / seconds;
console.log(`registrations/s: ${regPerSecond.toFixed(1)} (requests/s ${(latencies.length / seconds).toFixed(1)}) in ${seconds.toFixed(2)} s`);
if (gatewayDelay) {
  const ceiling = concurrency / (gatewayDelay / 1000);
  console.log(`ceiling with this gateway: ${ceiling.toFixed(1)} registrations/s (${concurrency} in flight / ${gatewayDelay} ms); reached ${((regPerSecond / ceiling) * 100).toFixed(0)} %`);
}
console.log(`latency ms: p50 ${pct(50)}, p99 ${pct(99)}, max ${latencies[latencies.length - 1]!.toFixed(1)}`);
console.log(`5xx: ${fiveXx}; oversold: ${oversold} (sold ${after!.sold}/${slots}, live registrations ${live.length})`);

for (const server of servers) {
  await server.app.close();
  await server.database.close();
}
await midtrans?.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (oversold > 0) process.exit(1);
