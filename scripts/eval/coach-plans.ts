/**
 * Plans for seeded random runners, beginner to advanced, 5K to marathon, through the same steps as
 * POST /api/ai/createplan with the built-in engine: contradictory inputs are confirmed (as a runner
 * would after CHECK_INPUT), a refused goal is retried with each alternative, and every plan is
 * judged by the coach's rule set of ./coach-judge.ts (apart from the engine's own checker).
 */
import fc from 'fast-check';
import {
  createPlanRequestSchema,
  raceDistanceKm,
  secondsToHms,
  weekdayNames,
  type CreatePlanRequest,
  type PlanForm,
  type RaceDistance,
} from '../../src/domain/ai-coach/contract';
import { secondsForVdot } from '../../src/domain/ai-coach/engine/fitness';
import { buildPlan, planSpan } from '../../src/domain/ai-coach/engine/plan';
import { applyAlternative, assessGoal, checkInputs, conservativeForm } from '../../src/domain/ai-coach/safety/feasibility';
import { checkPlan } from '../../src/domain/ai-coach/safety/plan-checker';
import { addDays, isoToPlanDate } from '../../src/domain/shared/wire-date';
import { judgePlan } from './coach-judge';

const ability = fc.constantFrom('Pemula', 'Pemula', 'Pemula', 'Menengah', 'Menengah', 'Menengah', 'Mahir', 'Mahir') as fc.Arbitrary<PlanForm['kemampuanLari']>;
const byAbility = <T>(a: PlanForm['kemampuanLari'], values: Record<PlanForm['kemampuanLari'], T>) => values[a];

/** A runner the way they would fill the form: numbers that go with their level, now and then a typo. */
export const runnerProfile = ability.chain((level) =>
  fc.record({
    level: fc.constant(level),
    umur: fc.integer({ min: 16, max: 65 }),
    gender: fc.constantFrom('Laki-laki' as const, 'Perempuan' as const),
    experience: fc.constantFrom(
      ...byAbility(level, {
        Pemula: ['< 6 Bulan', '< 6 Bulan', '6-12 Bulan', '1-3 Tahun'] as const,
        Menengah: ['6-12 Bulan', '1-3 Tahun', '1-3 Tahun', '3+ Tahun'] as const,
        Mahir: ['1-3 Tahun', '3+ Tahun', '3+ Tahun'] as const,
      }),
    ),
    weekly: fc.integer(byAbility(level, { Pemula: { min: 0, max: 25 }, Menengah: { min: 15, max: 50 }, Mahir: { min: 30, max: 90 } })),
    longestShare: fc.double({ min: 0.25, max: 0.6, noNaN: true }),
    vdot: fc.double(byAbility(level, { Pemula: { min: 27, max: 40 }, Menengah: { min: 36, max: 50 }, Mahir: { min: 45, max: 64 } })),
    pb: fc.option(fc.constantFrom<RaceDistance>('5K', '10K', 'Half Marathon', 'Full Marathon'), { nil: null, freq: 2 }),
    injured: fc.constantFrom('', '', '', '', 'Cedera lutut (ITB) tahun lalu, sudah pulih', 'Shin splints 6 bulan lalu'),
    race: fc.option(
      fc.record({
        distance: fc.constantFrom<RaceDistance>(
          ...byAbility(level, {
            Pemula: ['5K', '5K', '10K', '10K', 'Half Marathon', 'Full Marathon'] as RaceDistance[],
            Menengah: ['5K', '10K', '10K', 'Half Marathon', 'Half Marathon', 'Full Marathon'] as RaceDistance[],
            Mahir: ['10K', 'Half Marathon', 'Half Marathon', 'Full Marathon', 'Full Marathon'] as RaceDistance[],
          }),
        ),
        weeks: fc.integer({ min: 2, max: 30 }),
        extraDays: fc.integer({ min: 0, max: 6 }),
        ambition: fc.constantFrom(0.97, 1, 1.02, 1.05, 1.1, 0.85),
      }),
      { nil: null, freq: 6 },
    ),
    days: fc.integer(byAbility(level, { Pemula: { min: 2, max: 5 }, Menengah: { min: 3, max: 6 }, Mahir: { min: 4, max: 7 } })),
    dayOffset: fc.nat(6),
    longPick: fc.nat(),
    focus: fc.constantFrom('Jaga Kebugaran Umum' as const, 'Tingkatkan Kecepatan Dasar' as const, 'Tambah Jarak Lari' as const),
    typo: fc.constantFrom(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, 'pb' as const, 'weekly' as const),
    startIn: fc.integer({ min: 0, max: 14 }),
  }),
);
export type RunnerProfile = typeof runnerProfile extends fc.Arbitrary<infer T> ? T : never;

const hms = (seconds: number) => secondsToHms(Math.round(seconds));

export function profileForm(p: RunnerProfile, today: string): CreatePlanRequest {
  const start = addDays(today, p.startIn);
  const longest = Math.round(Math.max(0, p.weekly * p.longestShare + (p.weekly === 0 ? 2 : 0)));
  const spread = [0, 2, 4, 6, 1, 3, 5].slice(0, p.days).map((d) => (d + p.dayOffset) % 7);
  const days = weekdayNames.filter((_, i) => spread.includes(i));
  const pbs = p.pb ? [{ distance: p.pb, time: hms(secondsForVdot(p.vdot, raceDistanceKm[p.pb] * 1000) * (p.typo === 'pb' ? 0.45 : 1)) }] : [];
  const raceDay = p.race ? addDays(start, p.race.weeks * 7 + p.race.extraDays) : null;
  return {
    umur: p.umur,
    jenisKelamin: p.gender,
    runningExperience: p.experience,
    kemampuanLari: p.level,
    riwayatCidera: p.injured,
    personalBests: pbs,
    jarakMingguan: p.typo === 'weekly' ? 250 : p.weekly,
    lariTerjauh: longest,
    tanggalMulai: isoToPlanDate(start),
    targetLatihan: p.race ? 'Race Selanjutnya' : 'Menjaga Kebugaran',
    tanggalRace: raceDay ? isoToPlanDate(raceDay) : null,
    kategoriTargetRace: p.race?.distance ?? null,
    targetWaktu: p.race ? hms(secondsForVdot(p.vdot, raceDistanceKm[p.race.distance] * 1000) * p.race.ambition) : null,
    hariLatihan: days,
    hariLongRun: days[p.longPick % days.length]!,
    aksesTrek: 'Tidak',
    kebugaranFocus: p.race ? null : p.focus,
    catatanLainnya: '',
  };
}

export type PlanOutcome = 'planned' | 'planned-after-confirm' | 'refused-alternative-passes' | 'refused-no-alternative' | 'failed';

export interface PlanCase {
  form: CreatePlanRequest;
  outcome: PlanOutcome;
  problems: string[];
}

/** One runner through the createplan steps (built-in engine); `problems` are the judge's and the checker's. */
export function planCase(request: CreatePlanRequest): PlanCase {
  let form = createPlanRequestSchema.parse(request);
  let confirmed = false;
  if (checkInputs(form).length > 0) {
    form = conservativeForm(form).form;
    confirmed = true;
  }
  const judged = (f: PlanForm) => {
    const span = planSpan(f);
    const plan = buildPlan(f, span);
    const wire = { ...request, ...f } as CreatePlanRequest;
    return [...judgePlan(wire, { trainingPlan: plan.runs, endDate: isoToPlanDate(span.endDay) }), ...checkPlan(plan.runs, f, span).map((v) => `checker: ${v.rule} ${v.date ?? ''} ${v.message}`)];
  };
  const verdict = assessGoal(form);
  if (!verdict.ok) {
    const alternatives = verdict.refusal.alternatives ?? [];
    if (alternatives.length === 0) return { form: request, outcome: 'refused-no-alternative', problems: [verdict.refusal.message] };
    const results = alternatives.map((a) => ({ a, problems: judged(applyAlternative(form, a)) }));
    const passing = results.filter((r) => r.problems.length === 0);
    if (passing.length === results.length) return { form: request, outcome: 'refused-alternative-passes', problems: [] };
    return { form: request, outcome: 'failed', problems: results.flatMap((r) => r.problems.map((p) => `alternative ${r.a.kind}: ${p}`)) };
  }
  const problems = judged(form);
  return { form: request, outcome: problems.length > 0 ? 'failed' : confirmed ? 'planned-after-confirm' : 'planned', problems };
}

export interface PlanEvaluation {
  total: number;
  passed: number;
  byOutcome: Record<PlanOutcome, number>;
  byGroup: Record<string, { total: number; passed: number }>;
  failures: PlanCase[];
}

export function evaluatePlans({ count = 240, seed = 20261127, today = '2026-12-01' }: { count?: number; seed?: number; today?: string } = {}): PlanEvaluation {
  const profiles = fc.sample(runnerProfile, { numRuns: count, seed });
  const byOutcome: Record<PlanOutcome, number> = { planned: 0, 'planned-after-confirm': 0, 'refused-alternative-passes': 0, 'refused-no-alternative': 0, failed: 0 };
  const byGroup: PlanEvaluation['byGroup'] = {};
  const failures: PlanCase[] = [];
  for (const p of profiles) {
    const result = planCase(profileForm(p, today));
    byOutcome[result.outcome] += 1;
    const ok = result.outcome !== 'failed' && result.outcome !== 'refused-no-alternative';
    const group = `${p.level} ${p.race?.distance ?? 'kebugaran'}`;
    byGroup[group] ??= { total: 0, passed: 0 };
    byGroup[group].total += 1;
    if (ok) byGroup[group].passed += 1;
    else failures.push(result);
  }
  const passed = count - failures.length;
  return { total: count, passed, byOutcome, byGroup, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 240);
  const result = evaluatePlans({ count });
  console.log(JSON.stringify({ total: result.total, passed: result.passed, byOutcome: result.byOutcome, byGroup: result.byGroup }, null, 1));
  for (const f of result.failures.slice(0, Number(process.argv[3] ?? 8))) console.log('\nFAIL', f.outcome, JSON.stringify(f.form), '\n  ' + f.problems.slice(0, 6).join('\n  '));
}
