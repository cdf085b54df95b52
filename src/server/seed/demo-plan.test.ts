import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../domain/ai-coach/safety/plan-checker';
import { daysBetween, planDateToIso } from '../../domain/shared/wire-date';
import { runColor as colourOf, runType, specialRunConflict } from '../../domain/training-plan/run-types';
import { runInputSchema } from '../../domain/training-plan/contract';
import { buildDemoPlan } from './demo-plan';

describe('demo plan', () => {
  const today = '2026-11-25'; // a Wednesday
  const { runs, form, span } = buildDemoPlan(today);
  const days = runs.map((r) => planDateToIso(r.date)!);
  const ai = runs.filter((r) => r.generatedby === 'ai');

  it('spans eight Monday-first weeks around today, every run valid for the API', () => {
    expect(span).toEqual({ startDay: '2026-10-26', endDay: '2026-12-20' }); // Monday four weeks back → race Sunday
    const sorted = [...days].sort();
    expect(sorted[0]! >= span.startDay).toBe(true);
    expect(sorted.at(-1)).toBe(span.endDay);
    expect(daysBetween(sorted[0]!, sorted.at(-1)!)).toBeGreaterThan(50);
    for (const run of runs) expect(runInputSchema.safeParse(run).success, run.title).toBe(true);
  });

  it('is the engine’s plan: it passes the safety checker, colours every run and ends with a taper to race day', () => {
    const planned = ai.map((r) => ({ date: r.date, title: r.title, program: r.program ?? '', paceRange: r.paceRange ?? '', color: '', periodization: r.periodization ?? null, generatedby: 'ai' as const }));
    expect(checkPlan(planned.map((r) => ({ ...r, color: colourOf(r.title) })), form, span)).toEqual([]);
    expect(ai.every((r) => runType(r.title) !== 'other')).toBe(true);
    expect(ai.filter((r) => r.periodization === 'Taper').map((r) => runType(r.title))).toContain('race');
    expect(new Set(ai.map((r) => r.periodization))).toEqual(new Set(['Base', 'Build', 'Taper']));
    const dated = ai.map((r, i) => ({ _id: String(i), title: r.title, day: planDateToIso(r.date)! }));
    for (const run of dated) expect(specialRunConflict(dated, run, run.day), `${run.title} ${run.day}`).toBeNull();
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
      expect(r.trainingtime! / r.trainingdistance!).toBeLessThan(600);
      expect(r.traininghr).toBeGreaterThan(110);
    }
  });
});
