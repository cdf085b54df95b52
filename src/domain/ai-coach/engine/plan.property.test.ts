import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abilityLevels,
  createPlanRequestSchema,
  experienceLevels,
  fitnessFocuses,
  genders,
  raceDistances,
  weekdayNames,
  type PlanForm,
} from '../contract';
import { addDays, isoToPlanDate, planDateToIso } from '../../shared/wire-date';
import { isValidProgram, plannedDistanceKm } from '../../training-plan/training-program';
import { normalisePaceRange } from '../../training-plan/pace';
import { runType } from '../../training-plan/run-types';
import { buildPlan, planContext, planSpan, rebuildRange } from './plan';
import { readWorkout, renderWorkout } from './workout';
import { checkPlan, checkWorkouts, repairPlan } from '../safety/plan-checker';
import { applyAlternative, assessGoal, checkInputs, conservativeForm } from '../safety/feasibility';

const TODAY = '2026-03-02';

const hms = (seconds: number) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(seconds / 3600))}:${p(Math.floor((seconds % 3600) / 60))}:${p(seconds % 60)}`;
};

/** A random valid form: every option list of the contract, dates around a fixed today, typos included. */
export const formArbitrary: fc.Arbitrary<PlanForm> = fc
  .record({
    umur: fc.integer({ min: 10, max: 90 }),
    jenisKelamin: fc.constantFrom(...genders),
    runningExperience: fc.constantFrom(...experienceLevels),
    kemampuanLari: fc.constantFrom(...abilityLevels),
    injured: fc.boolean(),
    personalBests: fc.array(fc.record({ distance: fc.constantFrom(...raceDistances), perKm: fc.integer({ min: 170, max: 600 }) }), { maxLength: 3 }),
    jarakMingguan: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 250 }), fc.integer({ min: 0, max: 40 })),
    lariTerjauh: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 25 })),
    startOffset: fc.integer({ min: 0, max: 30 }),
    race: fc.boolean(),
    raceDays: fc.integer({ min: 0, max: 52 * 7 }),
    kategoriTargetRace: fc.constantFrom(...raceDistances),
    paceFactor: fc.integer({ min: 200, max: 480 }),
    kebugaranFocus: fc.constantFrom(...fitnessFocuses),
    days: fc.subarray([...weekdayNames], { minLength: 1 }),
    longPick: fc.nat(),
    aksesTrek: fc.constantFrom('Ya', 'Tidak'),
  })
  .map((f) => {
    const start = addDays(TODAY, f.startOffset);
    const raceKm = { '5K': 5, '10K': 10, 'Half Marathon': 21.0975, 'Full Marathon': 42.195 }[f.kategoriTargetRace];
    return createPlanRequestSchema.parse({
      umur: f.umur,
      jenisKelamin: f.jenisKelamin,
      runningExperience: f.runningExperience,
      kemampuanLari: f.kemampuanLari,
      riwayatCidera: f.injured ? 'Cedera lutut tahun lalu' : '',
      personalBests: f.personalBests.map((pb) => {
        const km = { '5K': 5, '10K': 10, 'Half Marathon': 21.0975, 'Full Marathon': 42.195 }[pb.distance];
        return { distance: pb.distance, time: hms(Math.round(pb.perKm * km)) };
      }),
      jarakMingguan: f.jarakMingguan,
      lariTerjauh: f.lariTerjauh,
      tanggalMulai: isoToPlanDate(start),
      targetLatihan: f.race ? 'Race Selanjutnya' : 'Menjaga Kebugaran',
      tanggalRace: f.race ? isoToPlanDate(addDays(start, f.raceDays)) : null,
      kategoriTargetRace: f.race ? f.kategoriTargetRace : null,
      targetWaktu: f.race ? hms(Math.round(raceKm * f.paceFactor)) : null,
      hariLatihan: f.days,
      hariLongRun: f.days[f.longPick % f.days.length],
      aksesTrek: f.aksesTrek,
      kebugaranFocus: f.race ? null : f.kebugaranFocus,
    });
  });

/** What createplan does before the engine: contradictory inputs, once confirmed, become cautious ones. */
const confirmed = (form: PlanForm) => (checkInputs(form).length > 0 ? conservativeForm(form).form : form);

function expectWellFormed(runs: ReturnType<typeof buildPlan>['runs'], span: { startDay: string; endDay: string }) {
  for (const run of runs) {
    const day = planDateToIso(run.date)!;
    expect(day >= span.startDay && day <= span.endDay).toBe(true);
    expect(isValidProgram(run.program) && plannedDistanceKm(run.program)! > 0).toBe(true);
    expect(normalisePaceRange(run.paceRange)).toBe(run.paceRange);
    expect(runType(run.title)).not.toBe('other');
  }
}

describe('buildPlan on random forms (fast-check)', () => {
  it('never asks too much: every plan keeps every rule that limits load, feasible goal or not', () => {
    fc.assert(
      fc.property(formArbitrary, (raw) => {
        const form = confirmed(raw);
        const span = planSpan(form);
        const plan = buildPlan(form, span);
        expect(checkWorkouts(plan.workouts, form, span, [], 'change')).toEqual([]);
        expectWellFormed(plan.runs, span);
      }),
      { numRuns: 250, seed: 11 },
    );
  }, 180_000);

  it('a goal it accepts gets a plan that keeps every rule; a goal it refuses has alternatives that each do', () => {
    fc.assert(
      fc.property(formArbitrary, (raw) => {
        const form = confirmed(raw);
        const verdict = assessGoal(form);
        const forms = verdict.ok ? [form] : (verdict.refusal.alternatives ?? []).map((a) => applyAlternative(form, a));
        if (!verdict.ok) {
          expect(verdict.refusal.code).toBe('GOAL_NOT_SAFE');
          expect(verdict.refusal.message.length).toBeGreaterThan(20);
        }
        for (const f of forms) {
          const span = planSpan(f);
          const plan = buildPlan(f, span);
          expect(plan.complete).toBe(true);
          // Read back from the wire strings, the plan passes the same checker as an adapter's plan.
          expect(checkPlan(plan.runs, f, span)).toEqual([]);
        }
      }),
      { numRuns: 150, seed: 21 },
    );
  }, 240_000);

  it('what is written reads back as the same workout (title, program and pace carry kind, distance, structure)', () => {
    fc.assert(
      fc.property(formArbitrary, (raw) => {
        const form = confirmed(raw);
        const span = planSpan(form);
        const ctx = planContext(form, span);
        for (const w of buildPlan(form, span).workouts) {
          const read = readWorkout(renderWorkout(w), ctx.easyPace, ctx.distance);
          expect(read.ok).toBe(true);
          if (!read.ok) continue;
          expect(read.workout.kind).toBe(w.kind);
          if (w.kind !== 'race') expect(read.workout.km).toBeCloseTo(w.km, 5);
          expect(read.workout.work?.reps).toBe(w.work?.reps);
          expect(read.workout.work?.km ?? null).toBeCloseTo(w.work?.km ?? 0, 5);
          expect(read.workout.pace).toEqual(w.pace);
        }
      }),
      { numRuns: 150, seed: 31 },
    );
  }, 120_000);

  it('rebuilding a two-week range from the runs before it (the re-evaluation, a chat change) keeps the limits', () => {
    fc.assert(
      fc.property(formArbitrary, fc.constantFrom(0.75, 0.85, 1, 1.1, 1.3), fc.boolean(), fc.integer({ min: 7, max: 60 }), (raw, volumeFactor, easyOnly, offset) => {
        const form = confirmed(raw);
        const span = planSpan(form);
        const plan = buildPlan(form, span);
        const mid = addDays(span.startDay, offset);
        if (mid > span.endDay) return;
        const range = { startDay: mid, endDay: addDays(mid, 13) < span.endDay ? addDays(mid, 13) : span.endDay };
        const history = plan.runs.filter((r) => planDateToIso(r.date)! < mid);
        const runs = rebuildRange(form, span, range, { volumeFactor, easyOnly }, history);
        expect(checkPlan(runs, form, range, history, 'change')).toEqual([]);
        for (const run of runs) {
          const day = planDateToIso(run.date)!;
          expect(day >= range.startDay && day <= range.endDay).toBe(true);
          if (easyOnly) expect(['recovery', 'race']).toContain(runType(run.title));
        }
      }),
      { numRuns: 150, seed: 12 },
    );
  }, 180_000);

  it('a plan pushed too hard (every run 1.6× longer, every easy run an unstructured tempo) is repaired down to the limits', () => {
    fc.assert(
      fc.property(formArbitrary, (raw) => {
        const form = confirmed(raw);
        const span = planSpan(form);
        const pushed = buildPlan(form, span).runs.map((r) => {
          const km = plannedDistanceKm(r.program)!;
          if (runType(r.title) === 'race') return r;
          const title = runType(r.title) === 'recovery' ? 'Tempo Run' : r.title;
          return { ...r, title, program: `(${Math.round(km * 1.6)}k)` };
        });
        const repaired = repairPlan(pushed, form, span, [], 'change');
        expect(repaired).not.toBeNull();
        expect(checkPlan(repaired!.runs, form, span, [], 'change')).toEqual([]);
      }),
      { numRuns: 120, seed: 13 },
    );
  }, 180_000);
});
