import { describe, expect, it } from 'vitest';
import { createPlanRequestSchema } from '../contract';
import { addDays, daysBetween, startOfWeek, weekdayIndex } from '../../shared/wire-date';
import { buildPlan, planSpan, rebuildRange } from './plan';
import { workKm, type Workout } from './workout';
import { checkPlan } from '../safety/plan-checker';
import { LONG_RUN_MAX_MINUTES } from '../safety/rules';

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
const race = (date: string, category: string, targetWaktu: string, extra: Record<string, unknown> = {}) =>
  form({ targetLatihan: 'Race Selanjutnya', tanggalRace: date, kategoriTargetRace: category, targetWaktu, kebugaranFocus: null, ...extra });

/** Calendar weeks of a plan: km (race left out) and its runs. */
function weeks(workouts: readonly Workout[]) {
  const map = new Map<string, Workout[]>();
  for (const w of workouts) if (w.kind !== 'race') map.set(startOfWeek(w.day), [...(map.get(startOfWeek(w.day)) ?? []), w]);
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([week, runs]) => ({ week, runs, km: runs.reduce((s, r) => s + r.km, 0) }));
}
const longest = (runs: readonly Workout[]) => Math.max(0, ...runs.filter((r) => r.kind === 'long').map((r) => r.km));

describe('planSpan', () => {
  it('is 4 weeks for fitness and start..race for a race', () => {
    expect(planSpan(form())).toEqual({ startDay: '2026-03-02', endDay: '2026-03-29' });
    expect(planSpan(race('10-05-2026', '10K', '00:55:00'))).toEqual({ startDay: '2026-03-02', endDay: '2026-05-10' });
  });
});

describe('a marathon plan a coach would sign (was: long runs peaking at 14 km)', () => {
  // 20 weeks, an intermediate runner at 40 km/week, 5 days.
  const f = race('19-07-2026', 'Full Marathon', '04:00:00', {
    jarakMingguan: 40,
    lariTerjauh: 18,
    personalBests: [{ distance: 'Half Marathon', time: '01:42:00' }],
    hariLatihan: ['Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'],
  });
  const plan = buildPlan(f);
  const w = weeks(plan.workouts);
  const taperFrom = addDays('2026-07-19', -21);

  it('builds the long run to 28–35 km before the taper, never past 3 hours at easy pace', () => {
    expect(plan.requiredLongKm).toBe(28);
    const peak = longest(plan.workouts.filter((r) => r.day < taperFrom));
    expect(peak).toBeGreaterThanOrEqual(28);
    expect(peak).toBeLessThanOrEqual(35);
    const easy = (plan.workouts.find((r) => r.kind === 'long')!.pace.fast + plan.workouts.find((r) => r.kind === 'long')!.pace.slow) / 2;
    expect((peak * easy) / 60).toBeLessThanOrEqual(LONG_RUN_MAX_MINUTES + 6);
    expect(plan.complete).toBe(true);
  });

  it('grows each loading week by at most 10 % and cuts back at least every 4th week', () => {
    let prev = 40;
    let streak = 0;
    for (const week of w.filter((x) => addDays(x.week, 6) < taperFrom)) {
      expect(week.km).toBeLessThanOrEqual(prev * 1.1 + 0.05);
      if (week.km > 0.9 * prev) {
        prev = week.km;
        streak += 1;
      } else streak = 0;
      expect(streak).toBeLessThanOrEqual(3);
    }
    expect(Math.max(...w.map((x) => x.km))).toBeGreaterThan(40 * 1.5);
  });

  it('keeps the long run the longest run of its week and within 35 % of it', () => {
    for (const week of w) {
      const long = week.runs.find((r) => r.kind === 'long');
      if (!long || week.runs.length < 3) continue;
      for (const other of week.runs.filter((r) => r !== long)) expect(other.km).toBeLessThan(long.km);
      expect(long.km).toBeLessThanOrEqual(0.35 * week.km + 0.05);
    }
  });

  it('tapers: the last 7 days hold 40–80 % of the peak week with at least 2 short runs', () => {
    const peak = Math.max(...w.map((x) => x.km));
    const last = plan.workouts.filter((r) => r.kind !== 'race' && daysBetween(r.day, '2026-07-19') >= 1 && daysBetween(r.day, '2026-07-19') <= 7);
    const km = last.reduce((s, r) => s + r.km, 0);
    expect(km).toBeGreaterThanOrEqual(0.4 * peak);
    expect(km).toBeLessThanOrEqual(0.8 * peak);
    expect(last.filter((r) => r.kind !== 'long').length).toBeGreaterThanOrEqual(2);
    expect(plan.runs.at(-1)).toMatchObject({ date: '19-07-2026', title: 'Race Day', program: '(FM)' });
  });

  it('writes structured quality sessions within Daniels’ limits, the program holding warm-up and cool-down', () => {
    const quality = plan.workouts.filter((r) => r.kind === 'tempo' || r.kind === 'interval' || r.kind === 'steady');
    expect(quality.length).toBeGreaterThan(10);
    for (const q of quality) {
      const run = plan.runs.find((r) => r.date.split('-').reverse().join('-') === q.day)!;
      expect(run.title).toMatch(/^(Tempo|Interval|Steady) (\d+ × )?\d+(,\d+)? (km|m|menit)$/);
      const week = w.find((x) => x.week === startOfWeek(q.day))!.km;
      const fast = workKm(q.work, q.pace);
      if (q.kind === 'tempo') expect(fast).toBeLessThanOrEqual(Math.max(0.1 * week, (20 * 60) / ((q.pace.fast + q.pace.slow) / 2)) + 0.05);
      if (q.kind === 'interval') expect(fast).toBeLessThanOrEqual(Math.min(0.08 * week, 10) + 0.05);
      expect(q.km).toBeGreaterThanOrEqual(fast + 1.5);
    }
    expect(plan.runs.some((r) => /^Tempo \d+ × 1,6 km$/.test(r.title) || /^Tempo \d+ menit$/.test(r.title))).toBe(true);
  });

  it('passes the checker from its wire strings', () => {
    expect(checkPlan(plan.runs, f, planSpan(f))).toEqual([]);
  });
});

describe('beginners and injury histories grow more slowly, but they grow (was: flat for 10–20 weeks)', () => {
  it('a beginner from nothing to a 10K in 24 weeks: volume and long run grow in half-km steps', () => {
    const f = race('16-08-2026', '10K', '01:15:00', { kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', jarakMingguan: 0, lariTerjauh: 0, hariLatihan: ['Selasa', 'Kamis', 'Minggu'] });
    const plan = buildPlan(f);
    const w = weeks(plan.workouts);
    expect(w[0]!.km).toBeLessThanOrEqual(6.6);
    const build = w.filter((x) => addDays(x.week, 6) < '2026-08-09').map((x) => x.km);
    expect(Math.max(...build)).toBeGreaterThanOrEqual(w[0]!.km * 1.8);
    expect(longest(plan.workouts)).toBeGreaterThanOrEqual(6);
    // No whole-km rounding: some run lengths are half km.
    expect(plan.workouts.some((r) => r.km % 1 === 0.5)).toBe(true);
    // A cut-back every 3rd week for a beginner.
    let prev = 6;
    let streak = 0;
    for (const km of build) {
      if (km > 0.9 * prev) [prev, streak] = [km, streak + 1];
      else streak = 0;
      expect(streak).toBeLessThanOrEqual(2);
    }
    expect(plan.complete).toBe(true);
  });

  it('an injury history: slower growth, one hard session a week at most, no intervals, and says so', () => {
    const f = race('05-07-2026', 'Half Marathon', '02:10:00', { riwayatCidera: 'Cedera lutut tahun lalu, sudah pulih', jarakMingguan: 30, lariTerjauh: 14 });
    const plan = buildPlan(f);
    expect(plan.workouts.some((r) => r.kind === 'interval')).toBe(false);
    for (const week of weeks(plan.workouts)) expect(week.runs.filter((r) => r.kind === 'tempo' || r.kind === 'steady').length).toBeLessThanOrEqual(1);
    expect(plan.notes.join(' ')).toMatch(/riwayat cedera/);
    expect(plan.notes.join(' ')).toMatch(/naik paling banyak 7%/);
  });

  it('every beginner race plan has runs in the last 7 days (was: 6 of 12 had none)', () => {
    for (const days of [['Rabu', 'Minggu'], ['Selasa', 'Kamis', 'Minggu'], ['Senin', 'Sabtu']]) {
      const f = race('07-06-2026', '5K', '00:40:00', { kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', jarakMingguan: 8, lariTerjauh: 3, hariLatihan: days, hariLongRun: days.at(-1) });
      const last = buildPlan(f).workouts.filter((r) => r.kind !== 'race' && daysBetween(r.day, '2026-06-07') <= 7);
      expect(last.length, days.join(',')).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('other shapes', () => {
  it('a race in 3 days: a couple of short easy runs, then Race Day', () => {
    const f = race('05-03-2026', '10K', '00:55:00', { tanggalMulai: '02-03-2026', hariLatihan: ['Senin', 'Selasa', 'Rabu'], hariLongRun: 'Senin', lariTerjauh: 12 });
    const plan = buildPlan(f);
    expect(plan.runs.at(-1)!.title).toBe('Race Day');
    expect(plan.workouts.filter((r) => r.kind !== 'race').every((r) => r.kind === 'easy' && r.km <= 8)).toBe(true);
  });

  it('a slower marathoner’s long run stops at about 3 hours, and that is the peak the race asks of them', () => {
    const slow = buildPlan(race('19-07-2026', 'Full Marathon', '05:30:00', { jarakMingguan: 40, lariTerjauh: 18, personalBests: [{ distance: 'Half Marathon', time: '02:35:00' }], hariLatihan: ['Selasa', 'Rabu', 'Kamis', 'Sabtu', 'Minggu'] }));
    expect(slow.requiredLongKm).toBeLessThan(28);
    const long = slow.workouts.filter((r) => r.kind === 'long');
    const peak = longest(long);
    expect(peak).toBeGreaterThanOrEqual(slow.requiredLongKm!);
    for (const r of long) expect((r.km * (r.pace.fast + r.pace.slow)) / 2 / 60).toBeLessThanOrEqual(LONG_RUN_MAX_MINUTES + 6);
  });

  it('a fitness programme: 4 weeks on the chosen days, long run on the long-run day', () => {
    const plan = buildPlan(form({ kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', jarakMingguan: 0, lariTerjauh: 0, hariLatihan: ['Rabu', 'Sabtu'], hariLongRun: 'Sabtu' }));
    expect(plan.workouts.every((r) => [2, 5].includes(weekdayIndex(r.day)))).toBe(true);
    expect(plan.workouts.filter((r) => r.kind === 'long').every((r) => weekdayIndex(r.day) === 5)).toBe(true);
    expect(plan.workouts.length).toBeGreaterThan(4);
  });

  it('a runner who picks 7 days as a beginner runs at most 5 of them, and is told why', () => {
    const plan = buildPlan(form({ kemampuanLari: 'Pemula', jarakMingguan: 20, lariTerjauh: 8, hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] }));
    for (const week of weeks(plan.workouts)) expect(week.runs.length).toBeLessThanOrEqual(5);
    expect(plan.notes.join(' ')).toMatch(/paling banyak 5 hari lari/);
  });

  it('is deterministic', () => {
    const f = race('19-07-2026', 'Half Marathon', '02:00:00');
    expect(buildPlan(f)).toEqual(buildPlan(f));
  });
});

describe('rebuildRange', () => {
  const f = race('19-07-2026', 'Half Marathon', '02:00:00');
  const span = planSpan(f);
  const plan = buildPlan(f, span);
  const range = { startDay: '2026-04-06', endDay: '2026-04-19' };
  const history = plan.runs.filter((r) => r.date.split('-').reverse().join('-') < range.startDay);

  it('without adjustment gives the plan’s own runs for the range', () => {
    const inRange = plan.runs.filter((r) => {
      const iso = r.date.split('-').reverse().join('-');
      return iso >= range.startDay && iso <= range.endDay;
    });
    expect(rebuildRange(f, span, range, {}, history)).toEqual(inRange);
  });

  it('applies a lighter fortnight, easy-only days and rest days, within the range only', () => {
    const km = (runs: { program: string }[]) => runs.reduce((s, r) => s + Number(/([\d.]+)k/.exec(r.program)?.[1] ?? 0), 0);
    const normal = rebuildRange(f, span, range, {}, history);
    const lighter = rebuildRange(f, span, range, { volumeFactor: 0.75 }, history);
    expect(km(lighter)).toBeLessThan(km(normal) * 0.85);
    const easy = rebuildRange(f, span, range, { easyOnly: true }, history);
    expect(easy.every((r) => /^(Easy|Recovery) Run/.test(r.title))).toBe(true);
    const rested = rebuildRange(f, span, range, { restDays: ['2026-04-07', '2026-04-08'] }, history);
    expect(rested.some((r) => ['07-04-2026', '08-04-2026'].includes(r.date))).toBe(false);
  });

  it('a good fortnight (×1.1) still grows at most 10 % over the last loading week', () => {
    const more = rebuildRange(f, span, range, { volumeFactor: 1.1 }, history);
    expect(checkPlan(more, f, range, history, 'change')).toEqual([]);
  });
});
