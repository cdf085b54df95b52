// `npm test`: unit + API tests (Vitest), then browser tests (Playwright in Debian's Chromium)
// against a fresh production build (built only when the one in dist/web is stale:
// scripts/web-build.mjs). Ends with the time of each stage and one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { ensureWebBuild } from './web-build.mjs';

const stages = [];
const timed = (name, fn) => {
  const t0 = Date.now();
  const status = fn();
  stages.push({ name, seconds: Math.round((Date.now() - t0) / 1000), status });
  return status;
};
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync('test-results', { recursive: true });
let failedStep = false;

if (run('node', ['scripts/ensure-chromium.mjs']) !== 0) process.exit(1);

const unit = timed('vitest', () => run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit-results.json']));
failedStep ||= unit !== 0;

const build = timed('web build', ensureWebBuild);
let e2e = 1;
if (build === 0) e2e = timed('playwright', () => run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
failedStep ||= build !== 0 || e2e !== 0;

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/unit-results.json')) {
  const r = JSON.parse(readFileSync('test-results/unit-results.json', 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync('test-results/e2e-results.json')) {
  const s = JSON.parse(readFileSync('test-results/e2e-results.json', 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
if (failedStep && failed === 0) failed = 1; // a step that crashed before reporting still fails the run
console.log(`\n${stages.map((s) => `${s.name} ${s.seconds}s${s.status === 0 ? '' : ' (gagal)'}`).join(' · ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || failedStep ? 1 : 0);
