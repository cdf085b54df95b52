/**
 * kill -9 in the middle of a rush (issue 12, "how it will be checked"): two real server processes
 * (`node src/server/main.ts`) on one PostgreSQL database take a registration rush through a Midtrans
 * fake that answers each checkout late; one of them is killed with SIGKILL while requests are in
 * flight (orders stored, checkouts still opening). Then it checks, and exits 1 when one fails:
 *   - every registration that got a 201 exists and is live (pending or confirmed);
 *   - `sold` equals the live registrations, and nothing is oversold;
 *   - after the opening grace, the expiry sweep (run by the surviving side) frees the slots the
 *     dead process held for checkouts it never opened, and `sold` still equals the live count.
 *
 *   npm run bench:kill -- [requests=600] [slots=400] [concurrency=100] [--gateway-delay MS=300]
 *       [--kill-after N=150]   SIGKILL server 1 once N responses have come back
 *   Needs PostgreSQL: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { eventCategories } from '../../src/server/db/schema/events';
import { runnerRegistrations } from '../../src/server/db/schema/registrations';
import { OPENING_GRACE_MINUTES } from '../../src/server/features/payments/service';
import { startFakeMidtrans } from '../../src/server/test/fixtures/fake-midtrans';
import { benchRegistration, insertBenchEvent, scratchDatabase, startServerProcess, stopServerProcess } from './rush-event';

const args = process.argv.slice(2);
function flag(name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  args.splice(i, 2);
  return Number.isFinite(value) ? value : fallback;
}
const gatewayDelay = flag('--gateway-delay', 300);
const killAfter = flag('--kill-after', 150);
const requests = Math.min(Number(args[0] ?? 600), 5000);
const slots = Number(args[1] ?? 400);
const concurrency = Math.max(1, Math.min(Number(args[2] ?? 100), 500));
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const scratch = await scratchDatabase(postgresUrl, 'derap_kill');
const databaseUrl = scratch.url;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-kill-'));

const midtrans = await startFakeMidtrans();
midtrans.setTransactionDelay(gatewayDelay);
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  MIDTRANS_SERVER_KEY: midtrans.serverKey,
  MIDTRANS_SNAP_URL: midtrans.url,
  MIDTRANS_API_URL: midtrans.url,
  // The sweeps stay off in the servers: this script runs the one sweep itself, at a chosen instant.
  PAYMENT_EXPIRY_SWEEP_SECONDS: '0',
  REGISTRATION_RATE_LIMIT_PER_MINUTE: String(requests + 1),
  REGISTRATION_CHALLENGE: 'false',
};

// Migrations and the bench event, from this process (the servers then only open the database).
const config = loadConfig(env);
const database = await openDatabase(config.database);
const category = await insertBenchEvent(database.db, slots);

// In port order, whichever answers first: children[0] (the one killed) must be bases[0]'s process.
const basePort = 4600 + (process.pid % 200);
const servers = await Promise.all([startServerProcess(env, basePort), startServerProcess(env, basePort + 1)]);
const children: ChildProcess[] = servers.map((s) => s.child);
const bases: string[] = servers.map((s) => s.base);

let killed = false;
let answered = 0;
const created = new Set<string>();
const statuses = new Map<string, number>();
const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
let next = 0;
async function worker() {
  while (next < requests) {
    const i = next++;
    // A load balancer stops sending to a dead server: after the kill, everything goes to server 2.
    const base = killed ? bases[1]! : bases[i % 2]!;
    try {
      const res = await fetch(`${base}/api/runner-registrations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: benchRegistration(i) });
      const body = (await res.json().catch(() => null)) as { registration?: { registrationId?: string } } | null;
      count(String(res.status));
      if (res.status === 201 && body?.registration?.registrationId) created.add(body.registration.registrationId);
    } catch {
      count(`connection lost (server ${base === bases[0] ? 1 : 2})`);
    }
    if (++answered === killAfter && !killed) {
      killed = true;
      children[0]!.kill('SIGKILL');
    }
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;

const db = database.db;
async function tally() {
  const [row] = await db.select().from(eventCategories).where(eq(eventCategories.id, category.id));
  const live = await db
    .select({ registrationId: runnerRegistrations.registrationId })
    .from(runnerRegistrations)
    .where(and(eq(runnerRegistrations.categoryRef, category.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])));
  return { sold: row!.sold, live: new Set(live.map((r) => r.registrationId)) };
}

const failures: string[] = [];
const now = await tally();
const lost = [...created].filter((id) => !now.live.has(id));
console.log(`2 servers on PostgreSQL, Midtrans fake ${gatewayDelay} ms per checkout; ${requests} requests, ${slots} slots, ${concurrency} in flight; server 1 killed (SIGKILL) after ${killAfter} answers; ${seconds.toFixed(1)} s`);
console.log(`answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(`201s: ${created.size}; of them missing or not live: ${lost.length}`);
console.log(`right after: sold ${now.sold}, live registrations ${now.live.size} (held by checkouts the dead server never opened: ${now.live.size - created.size})`);
if (lost.length > 0) failures.push(`${lost.length} registrations answered 201 are missing or not live`);
if (now.sold !== now.live.size) failures.push(`sold ${now.sold} ≠ live ${now.live.size}`);
if (now.sold > slots) failures.push(`oversold: ${now.sold} > ${slots}`);

// The surviving side's sweep, once the opening grace has passed: what the dead process held comes back.
const sweeper = await buildApp({ config, database });
const expired = await sweeper.payments.expireStaleOrders(new Date(Date.now() + (OPENING_GRACE_MINUTES + 1) * 60_000));
const after = await tally();
console.log(`after the sweep (+${OPENING_GRACE_MINUTES + 1} min): ${expired.length} orders expired; sold ${after.sold}, live registrations ${after.live.size}; 201s still live: ${[...created].filter((id) => after.live.has(id)).length}/${created.size}`);
if (after.sold !== after.live.size) failures.push(`after the sweep: sold ${after.sold} ≠ live ${after.live.size}`);
if ([...created].some((id) => !after.live.has(id))) failures.push('the sweep ended a registration that had answered 201');

await sweeper.close();
for (const child of children) await stopServerProcess(child, 'SIGKILL');
await database.close();
await midtrans.close();
await scratch.drop();
rmSync(dataDir, { recursive: true, force: true });
console.log(failures.length === 0 ? 'OK: no registration that got a 201 was lost; sold equals the live registrations' : `FAILED: ${failures.join('; ')}`);
process.exit(failures.length === 0 ? 0 : 1);
