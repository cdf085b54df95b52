/**
 * Public reads against the framework's ceiling (issue 12, decision 015): starts the product with
 * its demo data (PGlite in a temporary folder by default; PostgreSQL with DATABASE_URL, in a
 * database of its own that it drops) and, in the same process, a bare Fastify route answering the
 * same JSON as the event list. Each target gets 100 keep-alive connections for a few seconds;
 * prints req/s, p50/p99 and the ratio to the bare route.
 *
 *   npm run bench:reads                       (PGlite)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reads
 *   node --import tsx scripts/bench/public-reads.ts [seconds=5] [connections=100]
 *
 * The load comes from autocannon when it is installed, otherwise from a built-in HTTP/1.1
 * keep-alive loader in a worker thread (same idea: N connections, one request in flight on each).
 * The product logs as in production (pino JSON at `info`, here into /dev/null).
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { events } from '../../src/server/db/schema/events';
import { seedDemoData } from '../../src/server/seed/seed';

const seconds = Math.max(1, Math.min(Number(process.argv[2] ?? 5), 30));
const connections = Math.max(1, Math.min(Number(process.argv[3] ?? 100), 500));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-reads-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `derap_bench_reads_${process.pid}`;
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
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  SEED_DEMO: 'false',
  JOBS_POLL_SECONDS: '0',
});
const database = await openDatabase(config.database);
await seedDemoData(database.db, new Date());
const logStream = createWriteStream('/dev/null');
const app = await buildApp({ config, database, logger: { level: config.logLevel, stream: logStream } });
await app.listen({ port: 0, host: '127.0.0.1' });
const portOf = (server: { address(): unknown }) => (server.address() as { port: number }).port;
const base = `http://127.0.0.1:${portOf(app.server)}`;

const [accepted] = await database.db.select({ code: events.code }).from(events).where(eq(events.status, 'diterima')).limit(1);
if (!accepted) throw new Error('the demo data has no accepted event');
const listUrl = `${base}/api/events/status?status=diterima`;
const sample = await (await fetch(listUrl)).json();

// The ceiling: bare Fastify, no plugins, no logger, the same JSON, serialised per request (as the
// issue measured it) and pre-serialised (what a cache hit does); the ratio is to the faster one.
const sampleText = JSON.stringify(sample);
const bare = Fastify();
bare.get('/bare', async () => sample);
bare.get('/bare-text', async (_request, reply) => reply.type('application/json; charset=utf-8').send(sampleText));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${portOf(bare.server)}/bare`;

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

let autocannon: ((opts: object) => Promise<{ requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }>) | null = null;
try {
  autocannon = ((await import('autocannon' as string)) as { default: typeof autocannon }).default;
} catch {
  autocannon = null;
}

// The built-in loader: plain JavaScript run in a worker thread (its own event loop).
const loaderSource = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { url, connections, seconds, headers } = workerData;
const target = new URL(url);
const extra = Object.entries(headers).map(([k, v]) => k + ': ' + v + '\\r\\n').join('');
const request = Buffer.from('GET ' + target.pathname + target.search + ' HTTP/1.1\\r\\nHost: ' + target.host + '\\r\\n' + extra + '\\r\\n');
const latencies = [];
let non2xx = 0, errors = 0;
const started = Date.now();
const until = started + seconds * 1000;
// One request in flight per connection (like autocannon without pipelining); responses are read by
// their Content-Length (Fastify sends one on every answer here).
function connection() {
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let sentAt = 0n;
    const send = () => {
      if (Date.now() >= until) { socket.end(); return resolve(); }
      sentAt = process.hrtime.bigint();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('error', () => { errors++; resolve(); });
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const headEnd = buffer.indexOf('\\r\\n\\r\\n');
        if (headEnd < 0) return;
        const head = buffer.subarray(0, headEnd).toString('latin1');
        const m = /content-length: *(\\d+)/i.exec(head);
        const total = headEnd + 4 + (m ? Number(m[1]) : 0);
        if (buffer.length < total) return;
        const status = Number(head.slice(9, 12));
        if (status < 200 || status >= 400) non2xx++;
        latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        buffer = buffer.subarray(total);
        send();
      }
    });
  });
}
Promise.all(Array.from({ length: connections }, connection)).then(() => {
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p / 100 * latencies.length))] : 0;
  parentPort.postMessage({ requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), non2xx, errors });
});
`;

async function load(url: string, duration: number, headers: Record<string, string> = {}): Promise<Result> {
  if (autocannon) {
    const r = await autocannon({ url, connections, duration, headers });
    return { requests: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  }
  const worker = new Worker(loaderSource, { eval: true, workerData: { url, connections, seconds: duration, headers } });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: Result) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

const targets: { name: string; url: string; headers?: Record<string, string> }[] = [
  { name: 'bare Fastify (same JSON, serialised)', url: bareUrl },
  { name: 'bare Fastify (same JSON, pre-serialised)', url: `${bareUrl}-text` },
  { name: 'GET /api/events/status?status=diterima', url: listUrl },
  { name: `GET /api/events/${accepted.code}`, url: `${base}/api/events/${accepted.code}` },
];
const etag = (await fetch(listUrl)).headers.get('etag');
if (etag) targets.push({ name: 'event list with If-None-Match (304)', url: listUrl, headers: { 'if-none-match': etag } });

console.log(
  `database: ${database.kind}; list body ${sampleText.length} bytes; ${connections} connections, ${seconds} s each; loader: ${autocannon ? 'autocannon' : 'built-in (autocannon is not installed)'}; PUBLIC_READ_CACHE_SECONDS=${config.publicReadCacheSeconds}`,
);
let ceiling = 0;
try {
  for (const target of targets) {
    await load(target.url, 1, target.headers); // warm-up
    const r = await load(target.url, seconds, target.headers);
    const isBare = target.url.startsWith(bareUrl);
    if (isBare) ceiling = Math.max(ceiling, r.rps);
    const ratio = isBare ? '' : `  ${((r.rps / ceiling) * 100).toFixed(0).padStart(3)} % of bare`;
    console.log(
      `${target.name.padEnd(42)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${ratio}${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
    );
  }
} finally {
  await app.close();
  await bare.close();
  await database.close();
  await dropDatabase();
  logStream.end();
  rmSync(dataDir, { recursive: true, force: true });
}
