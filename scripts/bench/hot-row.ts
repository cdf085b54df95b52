/**
 * How long a registration may hold the hot category row (docs/decisions/014-registration-rush.md):
 * the reservation transaction's statements alone, on PostgreSQL, with no HTTP in front, in three
 * orders. `clients` connections run transactions for `seconds` each variant against one category
 * with room for all of them; prints transactions/s and p99 per variant, and checks sold = rows.
 *
 *   node --import tsx scripts/bench/hot-row.ts [clients=20] [seconds=3] [--postgres URL]
 *     (creates and drops its own database; default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--postgres');
const serverUrl = urlAt >= 0 ? args.splice(urlAt, 2)[1]! : (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const clients = Math.max(1, Math.min(Number(args[0] ?? 20), 100));
const seconds = Math.max(1, Math.min(Number(args[1] ?? 3), 30));

const name = `derap_hotrow_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.href, max: clients });
pool.on('error', () => {});
await pool.query(`
  create table category (id int primary key, sold int not null, slots int not null);
  create table orders (id bigserial primary key, ref text not null, amount int not null, created_at timestamptz not null default now());
  create table registrations (id bigserial primary key, order_id bigint not null, category int not null, name text not null);
`);

type Step = (c: pg.PoolClient, i: number) => Promise<void>;
const reserve: Step = async (c) => {
  const r = await c.query('update category set sold = sold + 1 where id = 1 and sold < slots returning id');
  if (r.rowCount === 0) throw new Error('full');
};
const insertBoth: Step = async (c, i) => {
  const o = await c.query('insert into orders (ref, amount) values ($1, 150000) returning id', [`REG-${i}`]);
  await c.query('insert into registrations (order_id, category, name) values ($1, 1, $2)', [o.rows[0].id, `Pelari ${i}`]);
};
const variants: Record<string, Step[]> = {
  'conditional UPDATE first, then the inserts': [reserve, insertBoth],
  'inserts first, conditional UPDATE last (chosen)': [insertBoth, reserve],
  'SELECT … FOR UPDATE, inserts, UPDATE': [
    async (c) => {
      const r = await c.query('select sold, slots from category where id = 1 for update');
      if (r.rows[0].sold >= r.rows[0].slots) throw new Error('full');
    },
    insertBoth,
    async (c) => void (await c.query('update category set sold = sold + 1 where id = 1')),
  ],
};

let n = 0;
// A short unprinted warm-up, so the first variant printed does not pay for cold caches and connections.
const runs: [string, Step[], boolean][] = [['warm-up', variants['inserts first, conditional UPDATE last (chosen)']!, false], ...Object.entries(variants).map(([l, s]): [string, Step[], boolean] => [l, s, true])];
for (const [label, steps, print] of runs) {
  await pool.query('truncate orders, registrations; delete from category; insert into category values (1, 0, 100000000)');
  const latencies: number[] = [];
  const until = performance.now() + (print ? seconds : 1) * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = await pool.connect();
      try {
        while (performance.now() < until) {
          const i = n++;
          const started = performance.now();
          await c.query('begin');
          for (const step of steps) await step(c, i);
          await c.query('commit');
          latencies.push(performance.now() - started);
        }
      } finally {
        c.release();
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const { rows } = await pool.query('select (select sold from category) as sold, (select count(*)::int from registrations) as regs');
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  if (print) console.log(`${label}: ${(latencies.length / seconds).toFixed(0)} tx/s, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms (${clients} clients; sold ${rows[0].sold} = rows ${rows[0].regs})`);
}

await pool.end();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
