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
import { buildPlan, planSpan, rebuildRange } from './plan';
import { checkPlan, repairPlan } from '../safety/plan-checker';

const TODAY = '2026-03-02';

const hms = (seconds: number) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(seconds / 3600))}:${p(Math.floor((seconds % 3600) / 60))}:${p(seconds % 60)}`;
};

/** A random valid form: every option list of the contract, dates around a fixed today. */
export const formArbitrary: fc.Arbitrary<PlanForm> = fc
  .record({
    umur: fc.integer({ min: 10, max: 90 }),
    jenisKelamin: fc.constantFrom(...genders),
    runningExperience: fc.constantFrom(...experienceLevels),
    kemampuanLari: fc.constantFrom(...abilityLevels),
    injured: fc.boolean(),
    personalBests: fc.array(
      fc.record({ distance: fc.constantFrom(...raceDistances), perKm: fc.integer({ min: 170, max: 600 }) }),
      { maxLength: 3 },
    ),
    jarakMingguan: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 250 }), fc.integer({ min: 0, max: 40 })),
    lariTerjauh: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 25 })),
    startOffset: fc.integer({ min: 0, max: 30 }),
    race: fc.boolean(),
    raceDays: fc.integer({ min: 0, max: 52 * 7 }),
    kategoriTargetRace: fc.constantFrom(...raceDistances),
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
      targetWaktu: f.race ? hms(Math.round(raceKm * 360)) : null,
      hariLatihan: f.days,
      hariLongRun: f.days[f.longPick % f.days.length],
      aksesTrek: f.aksesTrek,
      kebugaranFocus: f.race ? null : f.kebugaranFocus,
    });
  });

describe('buildPlan on random forms', () => {
  it('passes the safety checker, with every run well-formed and inside the span', () => {
    fc.assert(
      fc.property(formArbitrary, (form) => {
        const span = planSpan(form);
        const plan = buildPlan(form, span);
        expect(checkPlan(plan.runs, form, span)).toEqual([]);
        for (const run of plan.runs) {
          const day = planDateToIso(run.date)!;
          expect(day >= span.startDay && day <= span.endDay).toBe(true);
          expect(isValidProgram(run.program) && plannedDistanceKm(run.program)! > 0).toBe(true);
          expect(normalisePaceRange(run.paceRange)).toBe(run.paceRange);
          expect(runType(run.title)).not.toBe('other');
        }
      }),
      { numRuns: 1000, seed: 11 },
    );
  }, 120_000);

  it('rebuilding the second half from the first half passes the checker with that history', () => {
    fc.assert(
      fc.property(formArbitrary, fc.constantFrom(0.5, 0.8, 1, 1.3), fc.boolean(), (form, volumeFactor, easyOnly) => {
        const span = planSpan(form);
        const plan = buildPlan(form, span);
        const mid = addDays(span.startDay, 14);
        const range = { startDay: mid, endDay: addDays(mid, 13) < span.endDay ? addDays(mid, 13) : span.endDay };
        const history = plan.runs.filter((r) => planDateToIso(r.date)! < mid);
        const runs = rebuildRange(form, span, range, { volumeFactor, easyOnly }, history);
        expect(checkPlan(runs, form, range, history)).toEqual([]);
        for (const run of runs) {
          const day = planDateToIso(run.date)!;
          expect(day >= range.startDay && day <= range.endDay).toBe(true);
          if (easyOnly) expect(['recovery', 'race']).toContain(runType(run.title));
        }
      }),
      { numRuns: 300, seed: 12 },
    );
  }, 120_000);

  it('a plan pushed too hard (every run 1.6× longer, every easy run a tempo) is repaired to pass the checker', () => {
    fc.assert(
      fc.property(formArbitrary, (form) => {
        const span = planSpan(form);
        const pushed = buildPlan(form, span).runs.map((r) => {
          const km = plannedDistanceKm(r.program)!;
          if (runType(r.title) === 'race') return r;
          const title = runType(r.title) === 'recovery' ? 'Tempo Run' : r.title;
          return { ...r, title, program: `(${Math.round(km * 1.6)}k)` };
        });
        const repaired = repairPlan(pushed, form, span);
        expect(repaired).not.toBeNull();
        expect(checkPlan(repaired!.runs, form, span)).toEqual([]);
      }),
      { numRuns: 300, seed: 13 },
    );
  }, 120_000);
});
