import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema, type PlannedRun } from '../contract';
import { addDays, daysBetween, planDateToIso, weekdayIndex } from '../../shared/wire-date';
import { isSpecialRun, runColor, runType } from '../../training-plan/run-types';
import { plannedDistanceKm } from '../../training-plan/training-program';
import { buildPlan, planSpan, rebuildRange } from './plan';
import { checkPlan } from '../safety/plan-checker';

const form = (extra: Record<string, unknown> = {}) =>
  createPlanRequestSchema.parse({
    umur: 32,
    jenisKelamin: 'Laki-laki',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    jarakMingguan: 25,
    lariTerjauh: 12,
    tanggalMulai: '02-03-2026', // a Monday
    targetLatihan: 'Menjaga Kebugaran',
    kebugaranFocus: 'Jaga Kebugaran Umum',
    hariLatihan: ['Selasa', 'Kamis', 'Sabtu', 'Minggu'],
    hariLongRun: 'Minggu',
    aksesTrek: 'Tidak',
    ...extra,
  });
const race = (date: string, category: string, extra: Record<string, unknown> = {}) =>
  form({ targetLatihan: 'Race Selanjutnya', tanggalRace: date, kategoriTargetRace: category, targetWaktu: '01:00:00', kebugaranFocus: null, ...extra });

const day = (run: PlannedRun) => planDateToIso(run.date)!;
const km = (run: PlannedRun) => plannedDistanceKm(run.program) ?? 0;

describe('planSpan', () => {
  it('is 4 weeks for fitness and start..race for a race', () => {
    expect(planSpan(form())).toEqual({ startDay: '2026-03-02', endDay: '2026-03-29' });
    expect(planSpan(race('10-05-2026', '10K'))).toEqual({ startDay: '2026-03-02', endDay: '2026-05-10' });
  });
});

describe('buildPlan', () => {
  it('beginner, fitness, 2 days a week: easy runs and a long run on the chosen days only', () => {
    const f = form({ kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', jarakMingguan: 0, lariTerjauh: 0, hariLatihan: ['Rabu', 'Sabtu'], hariLongRun: 'Sabtu' });
    const plan = buildPlan(f);
    expect(checkPlan(plan.runs, f, planSpan(f))).toEqual([]);
    expect(plan.runs.length).toBeGreaterThanOrEqual(6);
    expect(new Set(plan.runs.map((r) => weekdayIndex(day(r))))).toEqual(new Set([2, 5]));
    expect(plan.runs.filter((r) => isSpecialRun(r.title)).every((r) => runType(r.title) === 'endurance')).toBe(true);
    expect(plan.weeks.filter((w) => !w.recovery).every((w) => w.plannedKm >= 6 && w.plannedKm <= 13)).toBe(true);
    expect(plan.weeks.filter((w) => w.recovery)).toHaveLength(1);
    expect(plan.notes.join(' ')).toMatch(/pemula/i);
    expect(plan.runs.every((r) => r.generatedby === 'ai' && r.color === runColor(r.title))).toBe(true);
  });

  it('10K race in 10 weeks: Base → Build → Taper, intervals in Build, Race Day (10k) on the race date', () => {
    const f = race('10-05-2026', '10K', { personalBests: [{ distance: '5K', time: '00:25:00' }], hariLatihan: ['Selasa', 'Rabu', 'Jumat', 'Minggu'] });
    const plan = buildPlan(f);
    expect(checkPlan(plan.runs, f, planSpan(f))).toEqual([]);
    const last = plan.runs.at(-1)!;
    expect(last).toMatchObject({ date: '10-05-2026', title: 'Race Day', program: '(10k)', color: 'bg-pink-700', periodization: 'Taper' });
    expect(plan.weeks.map((w) => w.phase)).toEqual(['Base', 'Base', 'Base', 'Build', 'Build', 'Build', 'Build', 'Build', 'Build', 'Taper']);
    expect(plan.runs.some((r) => runType(r.title) === 'interval' && r.periodization === 'Build')).toBe(true);
    expect(plan.weeks.filter((w) => w.recovery).length).toBeGreaterThanOrEqual(2);
    expect(plan.fitness.source).toBe('personal-best');
  });

  it('full marathon in 20 weeks with 5 days: volume grows, long run grows, three weeks of taper', () => {
    const f = race('19-07-2026', 'Full Marathon', {
      jarakMingguan: 35,
      lariTerjauh: 16,
      hariLatihan: ['Senin', 'Selasa', 'Kamis', 'Sabtu', 'Minggu'],
      hariLongRun: 'Minggu',
      targetWaktu: '04:15:00',
    });
    const plan = buildPlan(f);
    expect(checkPlan(plan.runs, f, planSpan(f))).toEqual([]);
    expect(plan.weeks).toHaveLength(20);
    expect(plan.weeks.slice(-3).every((w) => w.phase === 'Taper')).toBe(true);
    const peak = Math.max(...plan.weeks.map((w) => w.plannedKm));
    expect(peak).toBeGreaterThan(50);
    expect(Math.max(...plan.weeks.map((w) => w.longRunKm))).toBeGreaterThan(18);
    expect(plan.runs.at(-1)).toMatchObject({ title: 'Race Day', program: '(FM)' });
    expect(plan.notes.join(' ')).toMatch(/tapering/);
  });

  it('a race in 3 days: a couple of easy runs, then Race Day', () => {
    const f = race('05-03-2026', 'Half Marathon', { jarakMingguan: 30, hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis'], hariLongRun: 'Rabu' });
    const plan = buildPlan(f);
    expect(checkPlan(plan.runs, f, planSpan(f))).toEqual([]);
    expect(plan.runs.map((r) => r.title)).toEqual(['Recovery Run', 'Recovery Run', 'Recovery Run', 'Race Day']);
    expect(plan.runs.slice(0, 3).every((r) => km(r) <= 6)).toBe(true);
    expect(plan.runs.at(-1)).toMatchObject({ date: '05-03-2026', program: '(HM)' });
  });

  it('injury history: gentler growth, at most one hard session a week, no intervals, and says so', () => {
    const base = race('07-06-2026', 'Half Marathon', { hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'] });
    const hurt = race('07-06-2026', 'Half Marathon', { hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'], riwayatCidera: 'Cedera lutut' });
    const healthy = buildPlan(base);
    const injured = buildPlan(hurt);
    expect(checkPlan(injured.runs, hurt, planSpan(hurt))).toEqual([]);
    expect(injured.runs.some((r) => runType(r.title) === 'interval')).toBe(false);
    expect(healthy.runs.some((r) => runType(r.title) === 'interval')).toBe(true);
    for (const w of injured.weeks) {
      const hard = injured.runs.filter((r) => ['tempo', 'steady', 'interval'].includes(runType(r.title)) && daysBetween(w.weekStart, day(r)) >= 0 && daysBetween(w.weekStart, day(r)) < 7);
      expect(hard.length).toBeLessThanOrEqual(1);
    }
    expect(injured.weeks[4]!.plannedKm).toBeLessThan(healthy.weeks[4]!.plannedKm);
    expect(injured.notes.join(' ')).toMatch(/cedera/i);
  });

  it('fitness focus shapes the content: speed gets intervals/strides, distance grows the long run', () => {
    const speed = buildPlan(form({ kebugaranFocus: 'Tingkatkan Kecepatan Dasar', kemampuanLari: 'Mahir', jarakMingguan: 40, hariLatihan: ['Senin', 'Rabu', 'Jumat', 'Minggu'] }));
    expect(speed.runs.some((r) => runType(r.title) === 'interval')).toBe(true);
    expect(speed.runs.some((r) => /Strides/.test(r.title))).toBe(true);
    const distance = buildPlan(form({ kebugaranFocus: 'Tambah Jarak Lari', jarakMingguan: 40 }));
    const longs = distance.weeks.map((w) => w.longRunKm);
    expect(longs[2]!).toBeGreaterThan(longs[0]!);
  });

  it('is deterministic', () => {
    const f = race('19-07-2026', 'Full Marathon');
    expect(buildPlan(f)).toEqual(buildPlan(f));
  });

  it('weeks start on Monday and a start mid-week makes the first week partial', () => {
    const f = form({ tanggalMulai: '05-03-2026' }); // Thursday
    const plan = buildPlan(f);
    expect(plan.weeks[0]!.weekStart).toBe('2026-03-02');
    expect(plan.runs.every((r) => day(r) >= '2026-03-05' && day(r) <= addDays('2026-03-05', 27))).toBe(true);
  });
});

describe('rebuildRange', () => {
  const f = race('19-07-2026', 'Full Marathon', { jarakMingguan: 35, lariTerjauh: 16, hariLatihan: ['Selasa', 'Kamis', 'Sabtu', 'Minggu'] });
  const span = planSpan(f);
  const plan = buildPlan(f);
  const range = { startDay: '2026-04-06', endDay: '2026-04-19' };
  const history = plan.runs.filter((r) => day(r) < range.startDay);

  it('without adjustment gives the plan’s own runs for the range', () => {
    const runs = rebuildRange(f, span, range, {}, history);
    expect(runs).toEqual(plan.runs.filter((r) => day(r) >= range.startDay && day(r) <= range.endDay));
  });

  it('applies volume, easy-only and rest days', () => {
    const full = rebuildRange(f, span, range, {}, history);
    const lighter = rebuildRange(f, span, range, { volumeFactor: 0.6, easyOnly: true, restDays: ['2026-04-07'] }, history);
    expect(lighter.reduce((s, r) => s + km(r), 0)).toBeLessThan(full.reduce((s, r) => s + km(r), 0) * 0.75);
    expect(lighter.every((r) => r.title === 'Recovery Run')).toBe(true);
    expect(lighter.some((r) => r.date === '07-04-2026')).toBe(false);
    expect(checkPlan(lighter, f, range, history)).toEqual([]);
  });
});
