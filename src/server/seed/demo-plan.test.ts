import { describe, expect, it } from 'vitest';
import { daysBetween, planDateToIso } from '../../domain/shared/wire-date';
import { specialRunConflict } from '../../domain/training-plan/run-types';
import { runInputSchema } from '../../domain/training-plan/contract';
import { buildDemoPlan } from './demo-plan';

describe('demo plan', () => {
  const today = '2026-11-25'; // a Wednesday
  const runs = buildDemoPlan(today);
  const days = runs.map((r) => planDateToIso(r.date)!);

  it('spans eight Monday-first weeks around today, every run valid for the API', () => {
    const sorted = [...days].sort();
    expect(sorted[0]! >= '2026-10-26').toBe(true); // Monday four weeks before this week
    expect(sorted.at(-1)! <= '2026-12-20').toBe(true);
    expect(daysBetween(sorted[0]!, sorted.at(-1)!)).toBeGreaterThan(50);
    for (const run of runs) expect(runInputSchema.safeParse(run).success, run.title).toBe(true);
  });

  it('has results on most past runs and none on future runs', () => {
    const past = runs.filter((_, i) => days[i]! < today);
    const future = runs.filter((_, i) => days[i]! >= today);
    const logged = past.filter((r) => r.trainingdistance != null);
    expect(logged.length).toBeGreaterThan(past.length * 0.8);
    expect(logged.length).toBeLessThan(past.length); // a skipped session or two, like real training
    expect(future.every((r) => r.trainingdistance == null)).toBe(true);
    for (const r of logged) {
      expect(r.trainingtime! / r.trainingdistance!).toBeGreaterThan(240);
      expect(r.trainingtime! / r.trainingdistance!).toBeLessThan(480);
      expect(r.traininghr).toBeGreaterThan(110);
    }
  });

  it('never puts two of its heavy AI sessions on the same or adjacent days, and ends with a taper to race day', () => {
    const ai = runs.map((r, i) => ({ _id: String(i), title: r.title, day: days[i]!, ai: r.generatedby === 'ai' })).filter((r) => r.ai);
    for (const run of ai) expect(specialRunConflict(ai, run, run.day), `${run.title} ${run.day}`).toBeNull();
    expect(runs.filter((r) => r.periodization === 'Taper').map((r) => r.title)).toContain('Race Day');
    expect(new Set(runs.map((r) => r.periodization))).toEqual(new Set(['Base', 'Build', 'Taper', undefined]));
  });
});
