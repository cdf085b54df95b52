/**
 * Latency of loading a month of a 52-week plan, over real HTTP, on the embedded database (PGlite
 * on disk, as `npm start` runs it). Prints p50/p95/p99 per request kind; target: month p99 < 20 ms.
 *
 *   node --import tsx scripts/bench/plan-month.ts [iterations=500]
 *   DATABASE_URL=postgres://... node --import tsx scripts/bench/plan-month.ts   # same on PostgreSQL
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { addDays, isoToPlanDate, jakartaToday, startOfWeek } from '../../src/domain/shared/wire-date';
import { formatPlanPace } from '../../src/domain/training-plan/pace';
import { monthGrid } from '../../src/domain/training-plan/month-grid';
import type { RunInput } from '../../src/domain/training-plan/contract';

const iterations = Number(process.argv[2] ?? 500);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const database = await openDatabase(config.database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function call(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

// A runner with 52 weeks × 6 runs, the first half logged — larger than any real plan.
const login = await fetch(`${base}/api/auth/dev-login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench.${Date.now()}@contoh.id`, name: 'Pelari Bench', role: 'runner' }),
});
const { token } = (await login.json()) as { token: string };
const today = jakartaToday();
const start = addDays(startOfWeek(today), -26 * 7);
const titles = ['Interval', 'Recovery Run', 'Tempo Run', 'Easy Run', 'Steady Run', 'Long Run'];
const runs: RunInput[] = [];
for (let week = 0; week < 52; week++) {
  titles.forEach((title, i) => {
    const day = addDays(start, week * 7 + i + (i === 5 ? 1 : 0));
    const logged = day < today;
    runs.push({
      date: isoToPlanDate(day),
      title,
      program: `${6 + (week % 10)}k`,
      paceRange: `${formatPlanPace(330)} - ${formatPlanPace(345)}`,
      periodization: 'Build',
      ...(logged ? { trainingdistance: 8, trainingtime: 2700, traininghr: 150 } : {}),
    });
  });
}
// An AI plan of a subscribed runner (so nothing is locked), through the development stand-in for the AI.
await call('POST', '/api/dev/training-plans/ai-runs', token, { trainingPlan: runs, accessDays: 365 });

const [y, m] = today.split('-').map(Number) as [number, number];
const grid = monthGrid(y, m);
const monthUrl = `/api/training-plans/range?from=${isoToPlanDate(grid[0]!.iso)}&to=${isoToPlanDate(grid.at(-1)!.iso)}`;
const weekUrl = `/api/training-plans/range?from=${isoToPlanDate(startOfWeek(today))}&to=${isoToPlanDate(addDays(startOfWeek(today), 6))}`;

async function measure(label: string, url: string, n: number) {
  for (let i = 0; i < 30; i++) await call('GET', url, token); // warm-up: JIT, query plans, caches
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const body = (await call('GET', url, token)) as { trainingPlans: { trainingPlan: unknown[] }[] };
    times.push(performance.now() - t0);
    items = body.trainingPlans[0]?.trainingPlan.length ?? 0;
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(2);
  console.log(`${label.padEnd(38)} runs=${String(items).padStart(3)}  p50=${q(50)} ms  p95=${q(95)} ms  p99=${q(99)} ms  (n=${n})`);
  return Number(q(99));
}

console.log(`Derap plan bench — ${database.kind}, ${runs.length} runs in plan, node ${process.version}`);
const monthP99 = await measure('month grid (42 days, range)', monthUrl, iterations);
await measure('week widget (7 days, range)', weekUrl, iterations);
await measure('whole plan (GET /api/training-plans)', '/api/training-plans', Math.max(50, Math.floor(iterations / 5)));
console.log(`target month p99 < 20 ms: ${monthP99 < 20 ? 'MET' : 'NOT MET'}`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
