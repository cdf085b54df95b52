/**
 * Issue 30: the registration rush against the least a registration can cost on this machine, side
 * by side in one run, same loader, same database server.
 *
 * - least-cost: the product's Fastify and database driver (pg pool of 10, or the same PGlite), one
 *   transaction: `UPDATE … SET sold = sold + 1 WHERE sold < slots RETURNING` and one INSERT of the
 *   runner as a JSON row with a unique (category, email); 201, or 409 when full or a repeat.
 * - product: `POST /api/runner-registrations` with the sandbox gateway, proof of work off, limits
 *   raised, everything else as in production (validation, hoarding rules, order, hold, mail outbox,
 *   cache versions, the admission gate).
 *
 * Both servers listen in this process (as `bench:registrations` does), so the loader's CPU weighs on
 * both alike. Rounds alternate least-cost / product on fresh rows; the median round of each is
 * compared. Prints registrations/s, p50/p99, 5xx, sold vs live rows, and the ratios.
 *
 *   node --import tsx scripts/bench/rush-vs-least-cost.ts [requests=1000] [slots=600] [concurrency=100]
 *       [--postgres [URL]]   on PostgreSQL (a scratch database created and dropped); else PGlite
 *       [--rounds N]         rounds per side (default 3)
 *       [--only product|least-cost]  one side only (e.g. under --cpu-prof)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { eventCategories } from '../../src/server/db/schema/events';
import { runnerRegistrations } from '../../src/server/db/schema/registrations';
import { benchRegistration, insertBenchEvent, postJson, scratchDatabase } from './rush-event';

const args = process.argv.slice(2);
function flag(name: string): string | true | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  const hasValue = value !== undefined && !value.startsWith('--');
  args.splice(i, hasValue ? 2 : 1);
  return hasValue ? value : true;
}
const pgFlag = flag('--postgres');
const postgresUrl = pgFlag === undefined ? undefined : pgFlag === true ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : pgFlag;
const roundsFlag = flag('--rounds');
const rounds = Math.max(1, Math.min(Number(roundsFlag === undefined || roundsFlag === true ? 3 : roundsFlag), 9));
const onlyFlag = flag('--only');
const only = onlyFlag === 'product' || onlyFlag === 'least-cost' ? onlyFlag : null;
const requests = Math.min(Number(args[0] ?? 1000), 5000);
const slots = Number(args[1] ?? 600);
const concurrency = Math.max(1, Math.min(Number(args[2] ?? 100), 500));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-leastcost-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (postgresUrl) {
  const scratch = await scratchDatabase(postgresUrl, 'derap_leastcost');
  databaseUrl = scratch.url;
  dropDatabase = scratch.drop;
}

const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DATABASE_URL: databaseUrl ?? '',
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  PAYMENT_EXPIRY_SWEEP_SECONDS: '0',
  REGISTRATION_RATE_LIMIT_PER_MINUTE: String((requests + 100) * (rounds + 1)),
  REGISTRATION_CHALLENGE: 'false',
};
const config = loadConfig(env);
const database = await openDatabase(config.database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

// ---- the least-cost handler --------------------------------------------------------------------
const DDL = [
  'create table if not exists least_cost_categories (id text primary key, sold integer not null default 0, slots integer not null)',
  'create table if not exists least_cost_runners (id bigserial primary key, category_id text not null, email text not null, data jsonb not null, unique (category_id, email))',
];
const RESERVE = 'update least_cost_categories set sold = sold + 1 where id = $1 and sold < slots returning id';
const INSERT = 'insert into least_cost_runners (category_id, email, data) values ($1, $2, $3) returning id';
type Register = (category: string, email: string, data: string) => Promise<'created' | 'full' | 'repeat'>;

let register: Register;
let leastCostQuery: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
let closeLeastCost = async () => {};
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

if (postgresUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  leastCostQuery = (text, params) => pool.query(text, params);
  closeLeastCost = () => pool.end();
  register = async (category, email, data) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const reserved = await client.query(RESERVE, [category]);
      if (reserved.rowCount === 0) {
        await client.query('rollback');
        return 'full';
      }
      await client.query(INSERT, [category, email, data]);
      await client.query('commit');
      return 'created';
    } catch (err) {
      await client.query('rollback').catch(() => {});
      if (isUniqueViolation(err)) return 'repeat';
      throw err;
    } finally {
      client.release();
    }
  };
} else {
  // The same embedded database the product uses: PGlite has one connection, shared by both.
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  leastCostQuery = (text, params) => pglite.query(text, params);
  register = async (category, email, data) => {
    try {
      return await pglite.transaction(async (tx: Transaction) => {
        const reserved = await tx.query(RESERVE, [category]);
        if (reserved.rows.length === 0) return 'full' as const;
        await tx.query(INSERT, [category, email, data]);
        return 'created' as const;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return 'repeat';
      throw err;
    }
  };
}
for (const ddl of DDL) await leastCostQuery(ddl);

const leastCost = Fastify({ logger: false, bodyLimit: 32 * 1024 });
leastCost.post('/register', async (request, reply) => {
  const body = request.body as { categoryId?: string; runnerData?: { email?: string } } & Record<string, unknown>;
  const category = String(body.categoryId);
  const email = String(body.runnerData?.email ?? '');
  if (!email) return reply.status(400).send({ code: 'BAD', message: 'email' });
  const outcome = await register(category, email, JSON.stringify(body));
  if (outcome === 'created') return reply.status(201).send({ ok: true });
  return reply.status(409).send({ code: outcome === 'full' ? 'SLOT_FULL' : 'REPEAT' });
});
await leastCost.listen({ port: 0, host: '127.0.0.1' });

const baseOf = (server: Pick<http.Server, 'address'>) => {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};
const productBase = baseOf(app.server);
const leastCostBase = baseOf(leastCost.server);

// ---- the loader --------------------------------------------------------------------------------
// Statements sent to PostgreSQL, counted on every `pg` client of this process (both sides use `pg`).
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...queryArgs: unknown[]) {
  statements++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, queryArgs);
} as typeof clientQuery;

interface Round {
  side: 'least-cost' | 'product';
  cpuMsPerRequest: number;
  statementsPerRequest: number;
  regPerSecond: number;
  p50: number;
  p99: number;
  fiveXx: number;
  created: number;
  sold: number;
  live: number;
  statuses: string;
}

async function load(base: string, pathname: string, body: (i: number) => string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const statementsBefore = statements;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const started = performance.now();
      const res = await postJson(agent, base, pathname, body(i));
      latencies.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const statementsSent = statements - statementsBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const created = statuses.get(201) ?? 0;
  return {
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / requests,
    statementsPerRequest: statementsSent / requests,
    regPerSecond: created / seconds,
    p50: pct(50),
    p99: pct(99),
    fiveXx: [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
    created,
    statuses: [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' '),
  };
}

async function leastCostRound(n: number): Promise<Round> {
  const category = `lc-${n}`;
  await leastCostQuery('insert into least_cost_categories (id, slots) values ($1, $2)', [category, slots]);
  const result = await load(leastCostBase, '/register', (i) => benchRegistration(i, category).replace('"categoryId":"10k"', `"categoryId":"${category}"`));
  const [row] = (await leastCostQuery('select sold from least_cost_categories where id = $1', [category])).rows;
  const [count] = (await leastCostQuery('select count(*)::int as n from least_cost_runners where category_id = $1', [category])).rows;
  return { side: 'least-cost', ...result, sold: Number(row!.sold), live: Number(count!.n) };
}

async function productRound(n: number): Promise<Round> {
  const code = `bench-run-${n}`;
  const category = await insertBenchEvent(database.db, slots, code);
  const result = await load(productBase, '/api/runner-registrations', (i) => benchRegistration(i, code));
  const [after] = await database.db.select().from(eventCategories).where(eq(eventCategories.id, category.id));
  const live = await database.db
    .select({ id: runnerRegistrations.id })
    .from(runnerRegistrations)
    .where(and(eq(runnerRegistrations.categoryRef, category.id), inArray(runnerRegistrations.status, ['pending', 'confirmed'])));
  return { side: 'product', ...result, sold: after!.sold, live: live.length };
}

// A short warm-up of both (JIT, pools, prepared caches) that is not counted.
{
  const warm = async (base: string, pathname: string, body: (i: number) => string) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    await Promise.all(Array.from({ length: 50 }, (_, i) => postJson(agent, base, pathname, body(1_000_000 + i))));
    agent.destroy();
  };
  await leastCostQuery('insert into least_cost_categories (id, slots) values ($1, $2)', ['warm', 1000]);
  await warm(leastCostBase, '/register', (i) => benchRegistration(i).replace('"categoryId":"10k"', '"categoryId":"warm"'));
  await insertBenchEvent(database.db, 1000, 'bench-warm');
  await warm(productBase, '/api/runner-registrations', (i) => benchRegistration(i, 'bench-warm'));
}

const results: Round[] = [];
for (let n = 0; n < rounds; n++) {
  if (only !== 'product') results.push(await leastCostRound(n));
  if (only !== 'least-cost') results.push(await productRound(n));
}

const fmt = (r: Round) =>
  `${r.side.padEnd(10)} ${r.regPerSecond.toFixed(1).padStart(7)} reg/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  5xx ${r.fiveXx}  sold ${r.sold}/${slots}  live rows ${r.live}  [${r.statuses}]  CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request${postgresUrl ? `  statements ${r.statementsPerRequest.toFixed(2)}/request` : ''}`;
console.log(`database: ${database.kind}${postgresUrl ? ', pool 10 each' : ' (one connection, shared)'}; ${requests} requests for ${slots} slots, ${concurrency} in flight; ${rounds} round(s) per side, alternating`);
for (const r of results) console.log(fmt(r));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const side = (s: Round['side']) => results.filter((r) => r.side === s);
const lcRate = median(side('least-cost').map((r) => r.regPerSecond));
const prRate = median(side('product').map((r) => r.regPerSecond));
const lcP99 = median(side('least-cost').map((r) => r.p99));
const prP99 = median(side('product').map((r) => r.p99));
console.log(`median least-cost: ${lcRate.toFixed(1)} reg/s, p99 ${lcP99.toFixed(1)} ms`);
console.log(`median product:    ${prRate.toFixed(1)} reg/s, p99 ${prP99.toFixed(1)} ms`);
console.log(`ratio: product/least-cost registrations/s ${((prRate / lcRate) * 100).toFixed(0)} % (target ≥ 75 %); p99 ${(prP99 / lcP99).toFixed(2)}× (target ≤ 2×)`);
const wrong = results.filter((r) => r.sold !== Math.min(slots, requests) || r.live !== r.sold || r.created !== r.sold || r.fiveXx > 0);
if (wrong.length > 0) console.log(`NOT EXACT: ${wrong.map((r) => r.side).join(', ')} — sold, live rows and 201s must all equal the slots, with 0 5xx`);

await leastCost.close();
await app.close();
await closeLeastCost();
await database.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
if (wrong.length > 0) process.exit(1);
