import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema, type PlannedRun } from '../contract';
import { addDays, isoToPlanDate, planDateToIso, startOfWeek, weekdayIndex } from '../../shared/wire-date';
import { runColor, runType } from '../../training-plan/run-types';
import { plannedDistanceKm } from '../../training-plan/training-program';
import { buildPlan, planSpan } from '../engine/plan';
import { checkPlan, repairPlan, safetyRules, type SafetyRule } from './plan-checker';

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

// A 10-week 10K plan: the engine's own, the base every broken variant is made from.
const form = raceForm('10-05-2026', '10K');
const span = planSpan(form);
const plan = buildPlan(form).runs;
const day = (r: PlannedRun) => planDateToIso(r.date)!;
const km = (r: PlannedRun) => plannedDistanceKm(r.program) ?? 0;
const rulesOf = (runs: readonly PlannedRun[], f = form, s = span, history: readonly PlannedRun[] = []) => new Set(checkPlan(runs, f, s, history).map((v) => v.rule));
/** The plan with the run at `index` changed. */
const edit = (index: number, change: Partial<PlannedRun>, runs = plan) => runs.map((r, i) => (i === index ? { ...r, ...change } : r));
const indexOf = (pred: (r: PlannedRun) => boolean, runs = plan) => runs.findIndex(pred);
const retitle = (title: string) => ({ title, color: runColor(title) });
const firstEasy = indexOf((r) => r.title.startsWith('Easy Run') && day(r) < '2026-04-20');
const firstLong = indexOf((r) => runType(r.title) === 'endurance');
const lastLong = plan.reduce((last, r, i) => (runType(r.title) === 'endurance' && day(r) < '2026-05-03' ? i : last), -1);
const aTempo = indexOf((r) => r.title.startsWith('Tempo') || r.title.startsWith('Interval') || r.title.startsWith('Steady'));
const weekOf = (index: number) => startOfWeek(day(plan[index]!));
const scaleWeek = (week: string, factor: number) => plan.map((r) => (startOfWeek(day(r)) === week && runType(r.title) !== 'race' ? { ...r, program: `(${Math.round(km(r) * factor * 2) / 2}k)` } : r));

const broken: [SafetyRule, PlannedRun[]][] = [
  ['date', edit(firstEasy, { date: '31-02-2026' })],
  ['span', edit(firstEasy, { date: '23-02-2026' })],
  ['training-day', edit(firstEasy, { date: isoToPlanDate(addDays(weekOf(firstEasy), 3)) })], // a Thursday
  ['duplicate-day', [...plan, { ...plan[firstEasy]! }]],
  ['long-run-day', edit(firstEasy, retitle('Endurance Long Run'))],
  ['title', edit(firstEasy, retitle('Jalan Kaki'))],
  ['structure', edit(firstEasy, retitle('Tempo Run'))],
  ['program', edit(firstEasy, { program: '(jauh sekali)' })],
  ['pace', edit(firstEasy, { paceRange: 'cepat' })],
  ['pace-too-fast', edit(firstEasy, { paceRange: "4'00 - 4'10" })],
  ['pace-too-fast', edit(aTempo, { paceRange: "2'30 - 2'40" })],
  ['color', edit(firstEasy, { color: 'bg-red-500' })],
  ['generatedby', edit(firstEasy, { generatedby: 'user' as 'ai' })],
  ['run-growth', edit(firstLong, { program: '(20k)' })],
  ['run-length', edit(firstEasy, { program: '(1k)' })],
  ['weekly-growth', scaleWeek(weekOf(firstLong), 1.25)],
  ['long-run-share', edit(firstLong, { program: `(${km(plan[firstLong]!) + 2}k)` })],
  ['long-run-longest', edit(firstEasy, { program: `(${km(plan.find((r) => runType(r.title) === 'endurance' && startOfWeek(day(r)) === weekOf(firstEasy))!) + 0.5}k)` })],
  ['long-run-peak', edit(lastLong, { program: '(25k)' })],
  ['quality-volume', edit(aTempo, retitle('Tempo 8 × 1,6 km'))],
  ['hard-adjacent', edit(indexOf((r) => weekdayIndex(day(r)) === 2), retitle('Tempo 20 menit'), edit(indexOf((r) => weekdayIndex(day(r)) === 1), retitle('Tempo 20 menit')))],
  ['taper', plan.map((r) => (day(r) >= '2026-05-03' && runType(r.title) !== 'race' ? { ...r, program: '(12k)', ...retitle('Easy Run') } : r))],
  ['race-day', plan.slice(0, -1)],
  ['race-day', edit(firstEasy, retitle('Race Day'))],
];

describe('checkPlan', () => {
  it("passes the engine's own plan", () => {
    expect(checkPlan(plan, form, span)).toEqual([]);
  });

  it.each(broken)('catches %s', (rule, runs) => {
    expect(rulesOf(runs)).toContain(rule);
  });

  it('names every rule it checks, and the tests above and below break each one', () => {
    const covered = new Set<SafetyRule>([...broken.map(([rule]) => rule), 'runs-per-week', 'cutback', 'plan-growth', 'long-run-duration', 'quality-count']);
    expect([...safetyRules].filter((r) => !covered.has(r))).toEqual([]);
  });

  it('catches a beginner running 6 days a week, and 3 hard sessions in one week', () => {
    const beginner = raceForm('10-05-2026', '10K', { kemampuanLari: 'Pemula', hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] });
    const week = ['03-03-2026', '04-03-2026', '05-03-2026', '06-03-2026', '07-03-2026', '08-03-2026'].map((date) => ({ ...plan[firstEasy]!, date, program: '(2k)' }));
    expect(rulesOf(week, beginner, planSpan(beginner))).toContain('runs-per-week');
    const hard = ['02-03-2026', '04-03-2026', '06-03-2026'].map((date) => ({ ...plan[aTempo]!, date, ...retitle('Tempo 10 menit'), program: '(5k)' }));
    expect(rulesOf(hard, raceForm('10-05-2026', '10K', { hariLatihan: ['Senin', 'Rabu', 'Jumat', 'Minggu'] }))).toContain('quality-count');
  });

  it('catches four loading weeks in a row, and a long plan that stays flat', () => {
    const flat = (weeks: number) =>
      Array.from({ length: weeks * 3 }, (_, i) => {
        const week = addDays('2026-03-02', 7 * Math.floor(i / 3));
        const d = [1, 3, 6][i % 3]!;
        return { ...plan[firstEasy]!, date: isoToPlanDate(addDays(week, d)), program: d === 6 ? '(9k)' : '(8k)', ...(d === 6 ? retitle('Endurance Long Run') : retitle('Easy Run')) };
      });
    const long = raceForm('26-07-2026', '10K', { hariLatihan: ['Selasa', 'Kamis', 'Minggu'] });
    const rules = rulesOf(flat(20), long, planSpan(long));
    expect(rules).toContain('cutback');
    expect(rules).toContain('plan-growth');
  });

  it('catches a long run of more than about 3 hours at the runner’s easy pace', () => {
    const slow = raceForm('19-07-2026', 'Full Marathon', { personalBests: [{ distance: 'Half Marathon', time: '02:40:00' }], jarakMingguan: 80, lariTerjauh: 30 });
    const run = { ...plan[firstLong]!, date: '08-03-2026', program: '(30k)', paceRange: "7'45 - 8'40" };
    expect(rulesOf([run], slow, planSpan(slow), [])).toContain('long-run-duration');
  });

  it('counts history: a heavy run next to a history long run is caught', () => {
    const history = [{ date: '01-03-2026', title: 'Endurance Long Run', program: '(10k)' }] as PlannedRun[];
    const mondayForm = raceForm('10-05-2026', '10K', { hariLatihan: ['Senin', 'Rabu', 'Jumat', 'Minggu'] });
    const mondayTempo = [{ ...plan[aTempo]!, date: '02-03-2026', ...retitle('Tempo 20 menit'), program: '(7k)' }];
    expect(rulesOf(mondayTempo, mondayForm, span, history)).toContain('hard-adjacent');
  });

  it("in 'change' scope (a runner's own lighter change) asks nothing of the rules that want more", () => {
    const rested = plan.filter((r) => day(r) < '2026-05-03' || runType(r.title) === 'race');
    expect(rulesOf(rested)).toContain('taper');
    expect(checkPlan(rested, form, span, [], 'change')).toEqual([]);
  });
});

describe('repairPlan', () => {
  const fieldLevel = broken.filter(([rule]) => ['date', 'span', 'training-day', 'duplicate-day', 'long-run-day', 'title', 'structure', 'pace', 'pace-too-fast', 'color', 'generatedby', 'run-growth', 'long-run-share', 'quality-volume', 'hard-adjacent', 'taper'].includes(rule));
  it.each(fieldLevel)('repairs %s so that the checker finds nothing', (_rule, runs) => {
    const repaired = repairPlan(runs, form, span);
    expect(repaired).not.toBeNull();
    expect(checkPlan(repaired!.runs, form, span)).toEqual([]);
    expect(repaired!.fixes.length).toBeGreaterThan(0);
  });

  it('repairs an LLM-style plan that is slightly off (vocabulary, paces, colours, unstructured sessions)', () => {
    const llm: PlannedRun[] = plan.map((r) => {
      const type = runType(r.title);
      const title = type === 'endurance' ? 'Long Run' : type === 'race' ? 'Race Day' : type === 'recovery' ? 'Easy Run' : 'Speed Work';
      return { ...r, title, color: 'bg-gray-500', paceRange: type === 'recovery' ? '5:30-6:00/km' : r.paceRange };
    });
    const repaired = repairPlan(llm, form, span)!;
    expect(repaired).not.toBeNull();
    expect(checkPlan(repaired.runs, form, span)).toEqual([]);
    expect(repaired.runs.filter((r) => runType(r.title) === 'endurance').length).toBeGreaterThan(5);
    expect(repaired.runs.every((r) => runType(r.title) !== 'other')).toBe(true);
  });

  it('gives up (null) when what is missing cannot be made by shortening: no long run ever reaches the race’s peak', () => {
    const hm = raceForm('10-05-2026', 'Half Marathon', { jarakMingguan: 35, lariTerjauh: 14 });
    const short = buildPlan(hm).runs.map((r) => (runType(r.title) === 'endurance' ? { ...r, program: '(9k)' } : r));
    expect(repairPlan(short, hm, planSpan(hm))).toBeNull();
  });
});
