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
 *       [--processes]         the servers run as their own processes (`node src/server/main.ts`),
 *                             as in production, instead of inside this one: N servers can then use
 *                             N cores; the CPU they used per request is read from /proc
 *   DATABASE_POOL_MAX sizes the pool, as for the server. BENCH_NODE_ARGS adds Node options to
 *   the server processes, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' for a CPU profile of each.
 *
 * With a gateway delay D, c requests in flight cannot go faster than c/D registrations/s (every
 * successful one waits D for its checkout): printed as the ceiling, to show the gateway call does
 * not serialise the rush (it did while it ran inside the reservation transaction).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
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
import { benchRegistration, insertBenchEvent, postJson, processCpuMs, startServerProcess, stopServerProcess, scratchDatabase } from './rush-event';

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
const separateProcesses = flag('--processes') !== undefined;
const pgFlag = flag('--postgres');
const postgresUrl = pgFlag === undefined ? process.env.DATABASE_URL : pgFlag === true ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : pgFlag;

const requests = Math.min(Number(args[0] ?? 300), 5000);
const slots = Number(args[1] ?? Math.ceil((requests * 2) / 3));
const concurrency = Math.max(1, Math.min(Number(args[2] ?? 50), 500));
const deadline = Date.now() + 120_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if ((instanceCount > 1 || separateProcesses) && !postgresUrl) {
  console.error('--instances and --processes need --postgres: one embedded database cannot be shared by several servers');
  process.exit(2);
}
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

const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
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
};
const config = loadConfig(env);
const database = await openDatabase(config.database);
// Every server has its own pool and process state, as separate machines would; they share only the database.
type Server = { base: string; close(): Promise<void>; pid: number | null };
const servers: Server[] = [];
for (let n = 0; n < instanceCount; n++) {
  if (separateProcesses) {
    const { child, base } = await startServerProcess(env, 4800 + (process.pid % 100) * 2 + n);
    servers.push({ base, pid: child.pid ?? null, close: () => stopServerProcess(child) });
    continue;
  }
  const own = n === 0 ? database : await openDatabase(config.database);
  const app = await buildApp({ config, database: own });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  servers.push({ base, pid: null, close: async () => { await app.close(); if (own !== database) await own.close(); } });
}

const db = database.db;
const category = await insertBenchEvent(db, slots);

const payload = benchRegistration;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 0;
async function worker() {
  while (next < requests && Date.now() < deadline) {
    const i = next++;
    const started = performance.now();
    const res = await postJson(agent, servers[i % servers.length]!.base, '/api/runner-registrations', payload(i));
    latencies.push(performance.now() - started);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

const started = performance.now();
const cpuBefore = process.cpuUsage();
const serverCpuBefore = servers.map((x) => (x.pid ? processCpuMs(x.pid) : 0));
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
// CPU of this process (servers and the load loop) per request: what load on a shared machine barely changes.
const cpu = process.cpuUsage(cpuBefore);
const serverCpuMs = servers.reduce((sum, x, n) => sum + (x.pid ? processCpuMs(x.pid) - serverCpuBefore[n]! : 0), 0);
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
console.log(`database: ${database.kind}${poolText}; ${gatewayText}; ${servers.length} server(s)${separateProcesses ? ' in their own processes' : ' in this process'}; ${latencies.length} requests, ${slots} slots, ${concurrency} in flight`);
console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
const regPerSecond = created / seconds;
console.log(`registrations/s: ${regPerSecond.toFixed(1)} (requests/s ${(latencies.length / seconds).toFixed(1)}) in ${seconds.toFixed(2)} s`);
if (gatewayDelay) {
  const ceiling = concurrency / (gatewayDelay / 1000);
  console.log(`ceiling with this gateway: ${ceiling.toFixed(1)} registrations/s (${concurrency} in flight / ${gatewayDelay} ms); reached ${((regPerSecond / ceiling) * 100).toFixed(0)} %`);
}
const perRequest = (ms: number) => (ms / latencies.length).toFixed(2);
console.log(
  separateProcesses
    ? `CPU per request: servers ${perRequest(serverCpuMs)} ms, this process (the load) ${perRequest((cpu.user + cpu.system) / 1000)} ms`
    : `CPU of this process (servers and load) per request: ${perRequest((cpu.user + cpu.system) / 1000)} ms`,
);
console.log(`latency ms: p50 ${pct(50)}, p99 ${pct(99)}, max ${latencies[latencies.length - 1]!.toFixed(1)}`);
console.log(`5xx: ${fiveXx}; oversold: ${oversold} (sold ${after!.sold}/${slots}, live registrations ${live.length})`);

agent.destroy();
for (const server of servers) await server.close();
await database.close();
await midtrans?.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (oversold > 0) process.exit(1);
