/**
 * The built-in coach's speed: builds a 24-week full-marathon plan (6 days a week) many times and
 * prints p50/p95 per plan, and the same for the safety checker on that plan. Target: plan < 10 ms.
 *
 *   npm run bench:coach [-- iterations=500]
 *   npx tsx scripts/bench/coach-plan.ts 500
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createPlanRequestSchema } from '../../src/domain/ai-coach/contract';
import { buildPlan, planSpan } from '../../src/domain/ai-coach/engine/plan';
import { checkPlan } from '../../src/domain/ai-coach/safety/plan-checker';
import { addDays, isoToPlanDate } from '../../src/domain/shared/wire-date';

const iterations = Number(process.argv[2] ?? 500);
const start = '2026-03-02';
const form = createPlanRequestSchema.parse({
  umur: 35,
  jenisKelamin: 'Laki-laki',
  runningExperience: '3+ Tahun',
  kemampuanLari: 'Mahir',
  personalBests: [{ distance: 'Half Marathon', time: '01:35:00' }, { distance: '10K', time: '00:43:00' }],
  jarakMingguan: 40,
  lariTerjauh: 18,
  tanggalMulai: isoToPlanDate(start),
  targetLatihan: 'Race Selanjutnya',
  tanggalRace: isoToPlanDate(addDays(start, 24 * 7 - 1)),
  kategoriTargetRace: 'Full Marathon',
  targetWaktu: '03:30:00',
  hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'],
  hariLongRun: 'Minggu',
  aksesTrek: 'Ya',
});
const span = planSpan(form);

function measure(fn: () => unknown): number[] {
  for (let i = 0; i < 20; i++) fn(); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const line = (label: string, sorted: number[]) => console.log(`${label.padEnd(12)} p50 ${pct(sorted, 50).toFixed(2)} ms   p95 ${pct(sorted, 95).toFixed(2)} ms   max ${sorted.at(-1)!.toFixed(2)} ms`);

const plan = buildPlan(form, span);
const violations = checkPlan(plan.runs, form, span);
console.log(`24-week full-marathon plan: ${plan.runs.length} runs, ${plan.weeks.length} weeks, peak ${Math.max(...plan.weeks.map((w) => w.plannedKm))} km/week, ${violations.length} violations; ${iterations} iterations`);
const build = measure(() => buildPlan(form, span));
line('buildPlan', build);
line('checkPlan', measure(() => checkPlan(plan.runs, form, span)));
// The p95 on a shared 2-core machine mostly measures the scheduler; the median is the plan's own cost.
console.log(`target < 10 ms per plan: p50 ${pct(build, 50) < 10 ? 'OK' : 'SLOW'}, p95 ${pct(build, 95) < 10 ? 'OK' : 'SLOW'} (load average ${os.loadavg()[0]!.toFixed(1)})`);
if (pct(build, 50) >= 10 || violations.length > 0) process.exitCode = 1;
