import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abilityLevels,
  experienceLevels,
  fitnessFocuses,
  raceDistances,
  weekdayNames,
  type CreatePlanRequest,
  type PlanDraftResponse,
} from '../../../domain/ai-coach/contract';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso, startOfWeek, weekdayIndex } from '../../../domain/shared/wire-date';
import { parsePaceRange } from '../../../domain/training-plan/pace';
import { plannedDistanceKm } from '../../../domain/training-plan/training-program';
import { users } from '../../db/schema';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';

const DAY = 24 * 60 * 60 * 1000;
const today = jakartaToday();

/**
 * A second opinion on the plans the API hands out, written apart from the engine's own checker
 * (src/domain/ai-coach/safety/plan-checker.ts) and with a coach's rules of thumb, so a shared blind spot shows:
 * many runner profiles through POST /api/ai/createplan, each plan judged as a coach would.
 */
function judge(form: CreatePlanRequest, plan: PlanDraftResponse): string[] {
  const problems: string[] = [];
  const start = planDateToIso(form.tanggalMulai)!;
  const end = planDateToIso(plan.endDate)!;
  const raceDay = form.targetLatihan === 'Race Selanjutnya' ? planDateToIso(form.tanggalRace!)! : null;
  const trainingDays = new Set(form.hariLatihan.map((d) => weekdayNames.indexOf(d)));
  const runs = plan.trainingPlan.map((run) => ({ ...run, day: planDateToIso(run.date)!, km: plannedDistanceKm(run.program) ?? 0 }));
  const heavy = (title: string) => /tempo|steady|fartlek|endurance|interval|speed|long|race/i.test(title);

  const seen = new Set<string>();
  for (const run of runs) {
    if (run.day < start || run.day > end) problems.push(`${run.date} outside the plan`);
    if (run.day < today) problems.push(`${run.date} in the past`);
    if (seen.has(run.day)) problems.push(`${run.date} has two runs`);
    seen.add(run.day);
    if (run.day !== raceDay && !trainingDays.has(weekdayIndex(run.day))) problems.push(`${run.date} is not a training day`);
    if (run.generatedby !== 'ai') problems.push(`${run.date} not made by the AI`);
    if (run.km > 43) problems.push(`${run.date} ${run.km} km in one run`);
    const pace = parsePaceRange(run.paceRange);
    if (!pace) problems.push(`${run.date} has no pace range`);
  }
  // Hard days apart: never two heavy sessions on the same or consecutive days.
  const sorted = [...runs].sort((a, b) => a.day.localeCompare(b.day));
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (heavy(a.title) && heavy(b.title) && addDays(a.day, 1) >= b.day) problems.push(`${a.date} ${a.title} then ${b.date} ${b.title}`);
  }
  // Easy runs are slower than tempo runs.
  const slowest = (re: RegExp) => runs.filter((r) => re.test(r.title)).map((r) => parsePaceRange(r.paceRange)?.[0] ?? 0);
  const easy = slowest(/recovery|easy/i);
  const tempo = slowest(/tempo/i);
  if (easy.length && tempo.length && Math.min(...easy) <= Math.max(...tempo)) problems.push('easy pace not slower than tempo pace');

  // Weekly volume (race run left out): at most +10 % (or +3 km) over the highest week before, from the runner's weekly km.
  const weeks = new Map<string, number>();
  for (const run of runs) if (run.day !== raceDay) weeks.set(startOfWeek(run.day), (weeks.get(startOfWeek(run.day)) ?? 0) + run.km);
  let highest = Math.max(form.jarakMingguan, 12);
  for (const [week, km] of [...weeks].sort()) {
    if (km > Math.max(highest * 1.1, highest + 3) + 0.5) problems.push(`week of ${week}: ${km.toFixed(1)} km after at most ${highest.toFixed(1)} km`);
    highest = Math.max(highest, km);
  }
  if (raceDay) {
    const race = runs.find((r) => r.day === raceDay);
    if (!race || !/race/i.test(race.title)) problems.push('no Race Day on the race date');
    const distance = form.kategoriTargetRace!;
    if ((distance === 'Half Marathon' || distance === 'Full Marathon') && weeks.size >= 6) {
      const peak = Math.max(...weeks.values());
      const lastWeek = weeks.get(startOfWeek(addDays(raceDay, -1))) ?? 0;
      if (lastWeek > peak * 0.85) problems.push(`no taper: ${lastWeek.toFixed(1)} km in the race week after a ${peak.toFixed(1)} km peak`);
    }
  }
  return problems;
}

const profile = fc.record({
  umur: fc.integer({ min: 14, max: 75 }),
  jenisKelamin: fc.constantFrom('Laki-laki' as const, 'Perempuan' as const),
  runningExperience: fc.constantFrom(...experienceLevels),
  kemampuanLari: fc.constantFrom(...abilityLevels),
  riwayatCidera: fc.constantFrom('', 'Cedera lutut tahun lalu'),
  personalBests: fc.oneof(
    fc.constant([] as { distance: (typeof raceDistances)[number]; time: string }[]),
    fc.tuple(fc.constantFrom(...raceDistances), fc.double({ min: 0.9, max: 1.6, noNaN: true })).map(([distance, slow]) => {
      const base = { '5K': 1500, '10K': 3100, 'Half Marathon': 6900, 'Full Marathon': 14400 }[distance];
      const s = Math.round(base * slow);
      const pad = (n: number) => String(n).padStart(2, '0');
      return [{ distance, time: `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` }];
    }),
  ),
  jarakMingguan: fc.integer({ min: 0, max: 90 }),
  lariTerjauh: fc.integer({ min: 0, max: 32 }),
  startIn: fc.integer({ min: 0, max: 20 }),
  race: fc.option(fc.record({ weeks: fc.integer({ min: 0, max: 30 }), extraDays: fc.integer({ min: 0, max: 6 }), distance: fc.constantFrom(...raceDistances) }), { nil: null }),
  days: fc.uniqueArray(fc.constantFrom(...weekdayNames), { minLength: 1, maxLength: 7 }),
  longRunPick: fc.nat(),
  focus: fc.constantFrom(...fitnessFocuses),
});

function formOf(p: fc.Arbitrary<unknown> extends never ? never : typeof profile extends fc.Arbitrary<infer T> ? T : never): CreatePlanRequest {
  const start = addDays(today, p.startIn);
  return {
    umur: p.umur,
    jenisKelamin: p.jenisKelamin,
    runningExperience: p.runningExperience,
    kemampuanLari: p.kemampuanLari,
    riwayatCidera: p.riwayatCidera,
    personalBests: p.personalBests,
    jarakMingguan: p.jarakMingguan,
    lariTerjauh: p.lariTerjauh,
    tanggalMulai: isoToPlanDate(start),
    targetLatihan: p.race ? 'Race Selanjutnya' : 'Menjaga Kebugaran',
    tanggalRace: p.race ? isoToPlanDate(addDays(start, p.race.weeks * 7 + p.race.extraDays)) : null,
    kategoriTargetRace: p.race?.distance ?? null,
    targetWaktu: p.race ? '01:00:00' : null,
    hariLatihan: p.days,
    hariLongRun: p.days[p.longRunPick % p.days.length]!,
    aksesTrek: 'Tidak',
    kebugaranFocus: p.race ? null : p.focus,
    catatanLainnya: '',
  };
}

describe('plans from the API, judged by a coach’s rules on many runner profiles', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ env: { AI_DAILY_QUOTA: '100000', AI_RATE_LIMIT_PER_MINUTE: '1000' } });
    const who = await t.login('juri@contoh.id');
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 400 * DAY) }).where(eq(users.id, who.userId));
    headers = who.headers;
  });
  afterAll(() => t.close());

  it('every plan is one a coach would hand out', async () => {
    const samples = fc.sample(profile, { numRuns: 60, seed: 20261124 });
    for (const p of samples) {
      const form = formOf(p);
      const res = await t.app.inject({ method: 'POST', url: '/api/ai/createplan', headers, payload: form as object });
      expect(res.statusCode, `${JSON.stringify(form)}\n${res.body}`).toBe(200);
      const plan = json<PlanDraftResponse>(res);
      expect(judge(form, plan), JSON.stringify(form)).toEqual([]);
      expect(plan.trainingPlan.length, JSON.stringify(form)).toBeGreaterThan(0);
    }
  });
});
