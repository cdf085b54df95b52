/**
 * Lighthouse (mobile preset: Moto G–class phone, simulated slow 4G, 4× CPU) on the public pages,
 * served by the real server from the production build on a fresh database with the demo data, as
 * the browser tests do (playwright.config.ts). Debian's Chromium, never a downloaded browser.
 * Prints performance and accessibility per page; exit 1 under the targets (performance ≥ 95,
 * accessibility 100).
 *
 *   npx vite build && npm run lighthouse:public [-- --port 4398] [-- --json /tmp/lh] [-- --runs 3] [-- --only /register]
 *
 * `--runs N` runs each page N times and reports the run with the median performance score, as
 * Lighthouse's own docs advise against its run-to-run variance (docs/variability.md); `--only`
 * keeps the pages whose path starts with the given prefix.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { chromiumPath } from './chromium-path.mjs';
import { demoServerEnv } from './demo-server-env';

const TARGETS = { performance: 95, accessibility: 100 } as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

const { values: args } = parseArgs({ options: { port: { type: 'string', default: '4398' }, json: { type: 'string' }, runs: { type: 'string', default: '1' }, only: { type: 'string' } } });
const runs = Math.max(1, Math.min(Number(args.runs) || 1, 9));
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'derap-lighthouse-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, ...demoServerEnv(port, dataDir) },
});

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/health within 60 s');
}

/**
 * A real accepted event for /register/{code}, from the public list: one whose registration is open,
 * the page a runner meets in a rush (the form included), else any accepted one.
 */
async function acceptedEventCode(): Promise<string> {
  const res = await fetch(`${base}/api/events/status?status=diterima`);
  const body = (await res.json()) as unknown;
  const list = (Array.isArray(body) ? body : ((body as { events?: unknown[] }).events ?? [])) as Array<{ code?: string; regOpen?: string; regClose?: string }>;
  const now = Date.now();
  const open = list.find((e) => e.code && e.regOpen && e.regClose && Date.parse(e.regOpen) <= now && now < Date.parse(e.regClose));
  const code = (open ?? list.find((e) => e.code))?.code;
  if (!code) throw new Error('no accepted event in the demo data');
  return code;
}

type Row = { page: string; performance: number | null; accessibility: number | null; note: string };

let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitForServer();
  const code = await acceptedEventCode();
  const pages = ['/', '/coaching', '/registration', `/register/${code}`, '/calendar'].filter((p) => !args.only || p.startsWith(args.only));
  // /calendar comes with issue 16; until then the SPA answers it with the home page (never a 404),
  // so whether it exists is read from the routes.
  const calendarExists = readFileSync('src/web/app/router.tsx', 'utf8').includes('path="/calendar"');

  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath() ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Row[] = [];
  for (const page of pages) {
    if (page === '/calendar' && !calendarExists) {
      rows.push({ page, performance: null, accessibility: null, note: 'N/A: no calendar page yet (issue 16)' });
      continue;
    }
    const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      results.push(result);
    }
    const perf = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
    const result = [...results].sort((a, b) => perf(a) - perf(b))[Math.floor(results.length / 2)]!;
    const spread = runs > 1 ? ` (${runs} runs: ${results.map((r) => Math.round(perf(r) * 100)).join(', ')})` : '';
    const { categories, audits } = result.lhr;
    const score = (id: string) => (categories[id]?.score == null ? null : Math.round(categories[id]!.score! * 100));
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings') && categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    const metrics = Object.entries(METRICS)
      .map(([short, id]) => `${short} ${audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    rows.push({ page, performance: score('performance'), accessibility: score('accessibility'), note: [metrics + spread, failing.length ? `a11y: ${failing.join(' ')}` : ''].filter(Boolean).join('; ') });
    if (args.json) {
      mkdirSync(args.json, { recursive: true });
      writeFileSync(path.join(args.json, `${page.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result.lhr));
    }
  }

  console.log(`\npage                              | perf (≥${TARGETS.performance}) | a11y (=${TARGETS.accessibility}) | notes`);
  for (const row of rows) {
    const bad = (row.performance !== null && row.performance < TARGETS.performance) || (row.accessibility !== null && row.accessibility < TARGETS.accessibility);
    failed ||= bad;
    const cell = (n: number | null) => (n === null ? 'N/A' : String(n)).padStart(9);
    console.log(`${row.page.padEnd(33)} | ${cell(row.performance)} | ${cell(row.accessibility)} | ${bad ? 'UNDER TARGET; ' : ''}${row.note}`);
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
