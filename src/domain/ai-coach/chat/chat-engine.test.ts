/** The chat and modify on plans the engine built, judged by the engine's own safety checker. */
import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema, type PlanForm, type PlannedRun } from '../contract';
import type { Run } from '../../training-plan/contract';
import { isSpecialRun } from '../../training-plan/run-types';
import { addDays, isoToPlanDate, planDateToIso, weekdayIndex } from '../../shared/wire-date';
import { coachChat } from './coach-chat';
import { applyModifications, type ApplyResult } from './modify';
import { buildPlan, planSpan } from '../engine/plan';
import { checkPlan } from '../safety/plan-checker';

const START = '2026-12-07'; // a Monday
const form = (extra: Record<string, unknown> = {}): PlanForm =>
  createPlanRequestSchema.parse({
    umur: 32,
    jenisKelamin: 'Perempuan',
    runningExperience: '1-3 Tahun',
    kemampuanLari: 'Menengah',
    jarakMingguan: 25,
    lariTerjauh: 12,
    tanggalMulai: isoToPlanDate(START),
    targetLatihan: 'Race Selanjutnya',
    tanggalRace: '07-03-2027',
    kategoriTargetRace: 'Half Marathon',
    targetWaktu: '02:10:00',
    hariLatihan: ['Selasa', 'Kamis', 'Sabtu'],
    hariLongRun: 'Sabtu',
    aksesTrek: 'Tidak',
    ...extra,
  });

function asPlan(runs: PlannedRun[]): Run[] {
  return runs.map((run, i) => ({ ...run, _id: `p${i}`, trainingdistance: null, trainingtime: null, trainingpace: null, traininghr: null, source: null, locked: false }));
}

/** The plan as the server would store it after replacing the range's unlogged AI runs. */
function replaced(plan: Run[], result: ApplyResult): Pick<Run, 'date' | 'title'>[] {
  const outside = plan.filter((run) => {
    const day = planDateToIso(run.date)!;
    return day < result.startDay || day > result.endDay;
  });
  return [...outside, ...result.runs].sort((a, b) => planDateToIso(a.date)!.localeCompare(planDateToIso(b.date)!));
}

/**
 * The range as the server checks it: its runs after the runs before it. The checker wants the
 * Race Day among the runs it is given, so a race day after the range joins them.
 */
function check(plan: Run[], result: ApplyResult) {
  const f = result.checkForm!;
  const history = plan.filter((run) => planDateToIso(run.date)! < result.startDay);
  const laterRace = plan
    .filter((run) => run.title === 'Race Day' && planDateToIso(run.date)! > result.endDay)
    .map(({ date, title, program, paceRange, color, periodization }): PlannedRun => ({ date, title, program, paceRange, color, periodization, generatedby: 'ai' }));
  return checkPlan([...result.runs, ...laterRace], f, planSpan(f), history, 'change');
}

function chatAndApply(message: string, f: PlanForm, plan: Run[], today: string) {
  const reply = coachChat({ form: f, maingoal: f.targetLatihan, chathistory: [], usermessage: message, plan, today });
  expect(reply.status, reply.clarification_question ?? '').toBe('COMPLETE');
  return applyModifications({ form: f, plan, modifications: reply.modifications, today });
}

describe('chat on an engine plan', () => {
  const f = form();
  const plan = asPlan(buildPlan(f).runs);
  const today = '2026-12-10'; // Thursday of the first week

  it('the plan is what the checker accepts to begin with', () => {
    expect(checkPlan(buildPlan(f).runs, f, planSpan(f))).toEqual([]);
  });

  it("'pindahkan long run ke hari Minggu': the long run moves to Sunday, and the result passes the checker", () => {
    const longRun = plan.find((run) => /long/i.test(run.title) && planDateToIso(run.date)! >= today)!;
    const result = chatAndApply('pindahkan long run ke hari Minggu', f, plan, today);
    const sunday = isoToPlanDate(addDays(planDateToIso(longRun.date)!, 1));
    expect(result.runs.find((run) => run.date === sunday)).toMatchObject({ title: longRun.title, program: longRun.program });
    expect(weekdayIndex(planDateToIso(sunday)!)).toBe(6);
    expect(result.runs.some((run) => run.date === longRun.date)).toBe(false);
    expect(check(plan, result)).toEqual([]);
  });

  it.each(['kurangi volume minggu ini', 'kurangi jarak minggu depan 25%', 'lutut saya sakit', 'saya sakit flu', 'saya demam', 'saya terlalu capek', 'minggu ini saya sibuk'])(
    '%s: the result passes the checker, no run before today',
    (message) => {
      const result = chatAndApply(message, f, plan, today);
      expect(check(plan, result)).toEqual([]);
      expect(result.runs.every((run) => planDateToIso(run.date)! >= today)).toBe(true);
    },
  );

  it('injury: easy paces from the runner’s fitness, no special run in the range', () => {
    const result = chatAndApply('cedera hamstring', f, plan, today);
    expect(result.runs.filter((run) => isSpecialRun(run.title))).toEqual([]);
    const easyPace = plan.find((run) => /^(Easy|Recovery) Run/.test(run.title))!.paceRange;
    expect(result.runs.every((run) => run.paceRange === easyPace)).toBe(true);
  });

  it('race moved later: the plan is rebuilt from today to the new race day and passes the checker', () => {
    const result = chatAndApply('race saya diundur ke 21-03-2027', f, plan, today);
    expect(result.form).toMatchObject({ tanggalRace: '21-03-2027', kategoriTargetRace: 'Half Marathon' });
    expect([result.startDay, result.endDay]).toEqual([today, '2027-03-21']);
    expect(result.runs.at(-1)).toMatchObject({ date: '21-03-2027', title: 'Race Day' });
    expect(check(plan, result)).toEqual([]);
  });

  it('race moved earlier: the old runs after the new race are cleared', () => {
    const result = chatAndApply('lombanya dimajukan ke 21-02-2027', f, plan, today);
    expect(result.endDay).toBe('2027-03-07');
    expect(result.runs.every((run) => planDateToIso(run.date)! <= '2027-02-21')).toBe(true);
    expect(replaced(plan, result).filter((run) => run.title === 'Race Day').map((run) => run.date)).toEqual(['21-02-2027']);
    expect(check(plan, result)).toEqual([]);
  });

  it('a new target distance and time', () => {
    const reply = coachChat({ form: f, maingoal: '', chathistory: [], usermessage: 'ganti target ke 10K dengan target waktu 0:55:00', plan, today });
    expect(reply.modifications[0]!.action).toEqual({ type: 'race', raceDate: '07-03-2027', raceDistance: '10K', targetTime: '00:55:00' });
    const result = applyModifications({ form: f, plan, modifications: reply.modifications, today });
    expect(result.form).toMatchObject({ kategoriTargetRace: '10K', targetWaktu: '00:55:00' });
    expect(check(plan, result)).toEqual([]);
  });

  it('a fitness programme turned into a race asks for what is missing', () => {
    const fitness = form({ targetLatihan: 'Menjaga Kebugaran', tanggalRace: null, kategoriTargetRace: null, targetWaktu: null, kebugaranFocus: 'Jaga Kebugaran Umum' });
    const fitnessPlan = asPlan(buildPlan(fitness).runs);
    const reply = coachChat({ form: fitness, maingoal: '', chathistory: [], usermessage: 'ganti target ke half marathon', plan: fitnessPlan, today });
    expect(reply.clarification_question).toBe('Kapan tanggal race yang baru? Tulis tanggalnya, misalnya 15 Maret 2027.');
  });
});
