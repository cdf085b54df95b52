import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema, type PlannedRun } from '../contract';
import { addDays, isoToPlanDate, planDateToIso, weekdayIndex } from '../../shared/wire-date';
import { runColor, runType } from '../../training-plan/run-types';
import { buildPlan, planSpan } from '../engine/plan';
import { checkPlan, repairPlan, type SafetyRule } from './plan-checker';

const raceForm = (date: string, category: string, extra: Record<string, unknown> = {}) =>
  createPlanRequestSchema.parse({
    umur: 30,
    jenisKelamin: 'Perempuan',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    personalBests: [{ distance: '10K', time: '00:50:00' }],
    jarakMingguan: 25,
    lariTerjauh: 12,
    tanggalMulai: '02-03-2026',
    targetLatihan: 'Race Selanjutnya',
    tanggalRace: date,
    kategoriTargetRace: category,
    targetWaktu: '00:48:00',
    hariLatihan: ['Selasa', 'Rabu', 'Jumat', 'Minggu'],
    hariLongRun: 'Minggu',
    aksesTrek: 'Ya',
    ...extra,
  });

const form = raceForm('10-05-2026', '10K');
const span = planSpan(form);
const plan = buildPlan(form).runs;
const day = (r: PlannedRun) => planDateToIso(r.date)!;
const rulesOf = (runs: readonly PlannedRun[], f = form, s = span, history: readonly PlannedRun[] = []) => new Set(checkPlan(runs, f, s, history).map((v) => v.rule));
/** The plan with the run at `index` changed. */
const edit = (index: number, change: Partial<PlannedRun>, runs = plan) => runs.map((r, i) => (i === index ? { ...r, ...change } : r));
const indexOf = (pred: (r: PlannedRun) => boolean, runs = plan) => runs.findIndex(pred);
const firstEasy = indexOf((r) => r.title === 'Recovery Run');
const firstLong = indexOf((r) => runType(r.title) === 'endurance');
const retitle = (title: string) => ({ title, color: runColor(title) });

const broken: [SafetyRule, PlannedRun[]][] = [
  ['date', edit(firstEasy, { date: '31-02-2026' })],
  ['span', edit(firstEasy, { date: '23-02-2026' })],
  ['training-day', edit(firstEasy, { date: isoToPlanDate(addDays('2026-03-02', 3)) })], // a Thursday
  ['duplicate-day', [...plan, { ...plan[firstEasy]! }]],
  ['long-run-day', edit(firstEasy, retitle('Endurance Long Run'))],
  ['weekly-growth', plan.map((r) => (day(r) >= '2026-03-09' && day(r) <= '2026-03-15' ? { ...r, program: '(9k)' } : r))],
  ['long-run-share', edit(firstLong, { program: '(14k)' })],
  ['long-run-growth', edit(firstLong, { program: '(20k)' })],
  ['max-run-distance', edit(firstLong, { program: '(40k)' })],
  ['special-adjacent', edit(indexOf((r) => weekdayIndex(day(r)) === 2), retitle('Tempo Run'), edit(indexOf((r) => weekdayIndex(day(r)) === 1), retitle('Tempo Run')))],
  ['race-day', plan.slice(0, -1)],
  ['race-day', edit(plan.length - 1, { program: '(5k)' })],
  ['race-day', edit(firstEasy, retitle('Race Day'))],
  ['title', edit(firstEasy, retitle('Jalan Kaki'))],
  ['program', edit(firstEasy, { program: '(jauh sekali)' })],
  ['pace', edit(firstEasy, { paceRange: 'cepat' })],
  ['pace-too-fast', edit(indexOf((r) => runType(r.title) === 'interval'), { paceRange: "2'30 - 2'40" })],
  ['pace-too-fast', edit(firstEasy, { paceRange: "4'00 - 4'10" })],
  ['color', edit(firstEasy, { color: 'bg-red-500' })],
  ['generatedby', edit(firstEasy, { generatedby: 'user' as 'ai' })],
];

describe('checkPlan', () => {
  it("passes the engine's own plan", () => {
    expect(checkPlan(plan, form, span)).toEqual([]);
  });

  it.each(broken)('catches %s', (rule, runs) => {
    expect(rulesOf(runs)).toContain(rule);
  });

  it('catches a half marathon without a taper', () => {
    const hm = raceForm('10-05-2026', 'Half Marathon');
    const hmPlan = buildPlan(hm).runs;
    const noTaper = hmPlan.map((r) => (day(r) >= '2026-05-03' && runType(r.title) !== 'race' ? { ...r, program: '(7k)' } : r));
    expect(checkPlan(hmPlan, hm, planSpan(hm))).toEqual([]);
    expect(rulesOf(noTaper, hm, planSpan(hm))).toContain('taper');
  });

  it('counts history: a week after a big history week may be bigger, a heavy run next to history is caught', () => {
    const history = [{ date: '01-03-2026', title: 'Endurance Long Run', program: '(14k)' }];
    const withTempo = edit(0, retitle('Tempo Run'), plan.map((r, i) => (i === 0 ? { ...r, date: '03-03-2026' } : r)));
    expect(rulesOf(withTempo)).not.toContain('special-adjacent');
    const mondayForm = raceForm('10-05-2026', '10K', { hariLatihan: ['Senin', 'Rabu', 'Jumat', 'Minggu'] });
    const mondayTempo = [{ ...plan[0]!, date: '02-03-2026', ...retitle('Tempo Run') }];
    expect(rulesOf(mondayTempo, mondayForm, span, history as PlannedRun[])).toContain('special-adjacent');
  });
});

describe('repairPlan', () => {
  it.each(broken)('repairs %s so that the checker finds nothing', (_rule, runs) => {
    const repaired = repairPlan(runs, form, span);
    expect(repaired).not.toBeNull();
    expect(checkPlan(repaired!.runs, form, span)).toEqual([]);
    expect(repaired!.fixes.length).toBeGreaterThan(0);
  });

  it('repairs an LLM-style plan that is slightly off (vocabulary, paces, colours, clashes)', () => {
    const llm: PlannedRun[] = plan.map((r) => {
      const type = runType(r.title);
      const title = type === 'recovery' ? 'Easy Run' : type === 'endurance' ? 'Long Run' : type === 'race' ? 'Race Day' : 'Speed Work';
      return { ...r, title, color: 'bg-gray-500', paceRange: type === 'recovery' ? '5:30-6:00/km' : r.paceRange };
    });
    const repaired = repairPlan(llm, form, span)!;
    expect(checkPlan(repaired.runs, form, span)).toEqual([]);
    expect(repaired.runs.filter((r) => runType(r.title) === 'endurance').length).toBeGreaterThan(5);
    expect(repaired.runs.every((r) => runType(r.title) !== 'other')).toBe(true);
  });

  it('gives up (null) when the race itself clashes with a heavy run in the history', () => {
    const history = [{ date: '09-05-2026', title: 'Tempo Run', program: '(8k)' }];
    const raceWeek = { startDay: '2026-05-10', endDay: '2026-05-10' };
    expect(repairPlan(plan.slice(-1), form, raceWeek, history)).toBeNull();
  });
});
