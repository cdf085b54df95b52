/**
 * A running coach's rule set (issue 25 §2), written apart from the engine and its checker and read
 * off the API's wire format only (title, program, paceRange), so a blind spot the two share shows
 * here. Used by `npm run eval:coach` and the plan-judge API test.
 */
import type { CreatePlanRequest, PlanDraftResponse } from '../../src/domain/ai-coach/contract';

type Day = string; // YYYY-MM-DD

const toIso = (ddmmyyyy: string): Day => {
  const [d, m, y] = ddmmyyyy.split('-');
  return `${y}-${m}-${d}`;
};
const dayNumber = (iso: Day) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const fromNumber = (n: number): Day => new Date(n * 86_400_000).toISOString().slice(0, 10);
const monday = (iso: Day) => {
  const n = dayNumber(iso);
  const weekday = (new Date(n * 86_400_000).getUTCDay() + 6) % 7;
  return fromNumber(n - weekday);
};
const WEEKDAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];
const weekdayOf = (iso: Day) => (new Date(dayNumber(iso) * 86_400_000).getUTCDay() + 6) % 7;

function paceSeconds(text: string): [number, number] | null {
  const parts = text.split('-').map((p) => /(\d+)'(\d{2})/.exec(p.trim()));
  if (parts.some((p) => !p) || parts.length === 0) return null;
  const s = parts.map((p) => Number(p![1]) * 60 + Number(p![2]));
  return [Math.min(...s), Math.max(...s)];
}

function programKm(program: string): number {
  if (/\bFM\b/.test(program)) return 42.2;
  if (/\bHM\b/.test(program)) return 21.1;
  const m = /(\d+(?:[.,]\d+)?)\s*k/i.exec(program);
  return m ? Number(m[1]!.replace(',', '.')) : NaN;
}

type Kind = 'race' | 'long' | 'tempo' | 'interval' | 'steady' | 'easy';
function kindOf(title: string): Kind {
  if (/race\s*day/i.test(title)) return 'race';
  if (/long|endurance/i.test(title)) return 'long';
  if (/tempo|threshold/i.test(title)) return 'tempo';
  if (/interval|repetition/i.test(title)) return 'interval';
  if (/steady|marathon pace/i.test(title)) return 'steady';
  return 'easy';
}

/** The fast part a quality title states, in km (minutes at the pace's middle), or null when it states none. */
function fastKm(title: string, pace: [number, number]): number | null {
  const mid = (pace[0] + pace[1]) / 2;
  const reps = /(\d+)\s*[x×]\s*(\d+(?:[.,]\d+)?)\s*(km|m|menit)\b/i.exec(title);
  const one = /(\d+(?:[.,]\d+)?)\s*(km|m|menit)\b/i.exec(title);
  const [n, size, unit] = reps ? [Number(reps[1]), Number(reps[2]!.replace(',', '.')), reps[3]!.toLowerCase()] : one ? [1, Number(one[1]!.replace(',', '.')), one[2]!.toLowerCase()] : [0, 0, ''];
  if (!unit) return null;
  if (unit === 'km') return n * size;
  if (unit === 'm') return (n * size) / 1000;
  return (n * size * 60) / mid;
}

const TAPER_WEEKS: Record<string, number> = { '5K': 1, '10K': 1, 'Half Marathon': 2, 'Full Marathon': 3 };

/** What a coach would refuse to sign in this plan (empty: they would sign it). */
export function judgePlan(form: CreatePlanRequest, plan: Pick<PlanDraftResponse, 'trainingPlan' | 'endDate'>, today?: Day): string[] {
  const problems: string[] = [];
  const start = toIso(form.tanggalMulai);
  const end = toIso(plan.endDate);
  const race = form.targetLatihan === 'Race Selanjutnya' && form.tanggalRace ? toIso(form.tanggalRace) : null;
  const distance = race ? form.kategoriTargetRace! : null;
  const beginner = form.kemampuanLari === 'Pemula';
  const share = beginner ? 0.4 : 0.35;
  const trainingDays = new Set(form.hariLatihan.map((d) => WEEKDAYS.indexOf(d)));
  const runs = plan.trainingPlan.map((r) => ({ ...r, day: toIso(r.date), km: programKm(r.program), kind: kindOf(r.title), pace: paceSeconds(r.paceRange) }));
  runs.sort((a, b) => (a.day < b.day ? -1 : 1));
  if (runs.length === 0) return ['no runs at all'];

  const seen = new Set<Day>();
  for (const r of runs) {
    if (r.day < start || r.day > end) problems.push(`${r.date} outside the plan`);
    if (today && r.day < today) problems.push(`${r.date} in the past`);
    if (seen.has(r.day)) problems.push(`${r.date} two runs on one day`);
    seen.add(r.day);
    if (r.kind !== 'race' && !trainingDays.has(weekdayOf(r.day))) problems.push(`${r.date} not a training day`);
    if (!r.pace) problems.push(`${r.date} no pace range`);
    if (!Number.isFinite(r.km) || r.km <= 0) problems.push(`${r.date} no distance`);
  }
  // Hard days apart.
  const hard = runs.filter((r) => r.kind !== 'easy');
  for (let i = 1; i < hard.length; i++) if (dayNumber(hard[i]!.day) - dayNumber(hard[i - 1]!.day) <= 1) problems.push(`${hard[i - 1]!.date} ${hard[i - 1]!.title} then ${hard[i]!.date} ${hard[i]!.title}`);
  // Easy slower than tempo.
  const easyPaces = runs.filter((r) => r.kind === 'easy' && r.pace).map((r) => r.pace![0]);
  const tempoPaces = runs.filter((r) => r.kind === 'tempo' && r.pace).map((r) => r.pace![1]);
  if (easyPaces.length && tempoPaces.length && Math.min(...easyPaces) <= Math.max(...tempoPaces)) problems.push('easy pace not slower than tempo pace');

  // Weeks.
  const weeks = new Map<Day, typeof runs>();
  for (const r of runs) if (r.kind !== 'race') weeks.set(monday(r.day), [...(weeks.get(monday(r.day)) ?? []), r]);
  const weekKm = (w: Day) => (weeks.get(w) ?? []).reduce((s, r) => s + r.km, 0);
  const firstMonday = monday(start);
  const lastMonday = monday(end);
  const allWeeks: Day[] = [];
  for (let n = dayNumber(firstMonday); n <= dayNumber(lastMonday); n += 7) allWeeks.push(fromNumber(n));
  const taperFrom = race ? fromNumber(dayNumber(race) - 7 * TAPER_WEEKS[distance!]!) : null;
  let prevLoad = Math.max(form.jarakMingguan, 10);
  let streak = 0;
  const loading: number[] = [];
  for (const w of allWeeks) {
    const km = weekKm(w);
    if (km > prevLoad * 1.1 + 0.1) problems.push(`week ${w}: ${km.toFixed(1)} km after a loading week of ${prevLoad.toFixed(1)} km (more than +10 %)`);
    if (km > 0.9 * prevLoad) {
      prevLoad = km;
      streak++;
      if (!taperFrom || fromNumber(dayNumber(w) + 6) < taperFrom) loading.push(km);
    } else streak = 0;
    if (streak >= 5 && (!taperFrom || fromNumber(dayNumber(w) + 6) < taperFrom)) problems.push(`week ${w}: ${streak} loading weeks without a cut-back`);
    const inWeek = weeks.get(w) ?? [];
    const long = inWeek.filter((r) => r.kind === 'long');
    if (inWeek.length >= 3) {
      for (const l of long) {
        if (inWeek.some((r) => r !== l && r.km >= l.km)) problems.push(`${l.date} long run ${l.km} km not the longest of its week`);
        if (l.km > share * km + 0.1) problems.push(`${l.date} long run ${l.km} km is ${Math.round((100 * l.km) / km)} % of its week`);
      }
    }
    for (const l of long) if (l.pace && (l.km * (l.pace[0] + l.pace[1])) / 2 / 60 > 190) problems.push(`${l.date} long run over 3 hours`);
    for (const q of inWeek.filter((r) => r.kind === 'tempo' || r.kind === 'interval' || r.kind === 'steady')) {
      const fast = q.pace ? fastKm(q.title, q.pace) : null;
      if (fast === null) {
        problems.push(`${q.date} "${q.title}" does not say its structure`);
        continue;
      }
      const mid = (q.pace![0] + q.pace![1]) / 2;
      if (q.kind === 'tempo' && fast > Math.max(0.1 * km, 1200 / mid) + 0.1) problems.push(`${q.date} "${q.title}": ${fast.toFixed(1)} km at threshold in a ${km.toFixed(1)} km week`);
      if (q.kind === 'interval' && fast > Math.min(0.08 * km, 10) + 0.1) problems.push(`${q.date} "${q.title}": ${fast.toFixed(1)} km of intervals in a ${km.toFixed(1)} km week`);
      if (fast > q.km) problems.push(`${q.date} "${q.title}" longer than its program ${q.program}`);
    }
  }
  // Plans of 8+ weeks grow.
  if (race && taperFrom && (dayNumber(taperFrom) - dayNumber(start)) / 7 >= 8) {
    const build = allWeeks.filter((w) => w >= start && fromNumber(dayNumber(w) + 6) < taperFrom).map(weekKm);
    const first = build[0] ?? 0;
    // A runner already at the volume a race of this distance usually peaks at may hold it.
    const typicalPeak = { '5K': 18, '10K': 30, 'Half Marathon': 40, 'Full Marathon': 55 }[distance!]!;
    if (build.length > 0 && Math.max(...build) < first * 1.05 && first < typicalPeak) problems.push(`flat plan: biggest week ${Math.max(...build).toFixed(1)} km vs first ${first.toFixed(1)} km`);
  }

  if (race) {
    const raceRun = runs.find((r) => r.day === race);
    if (!raceRun || raceRun.kind !== 'race') problems.push('no Race Day on the race date');
    const longsBefore = runs.filter((r) => r.kind === 'long' && (!taperFrom || r.day < taperFrom));
    const peakLong = Math.max(0, ...longsBefore.map((r) => r.km));
    const buildWeeks = taperFrom ? (dayNumber(taperFrom) - dayNumber(start)) / 7 : 0;
    const easyPace = longsBefore[0]?.pace ? (longsBefore[0].pace[0] + longsBefore[0].pace[1]) / 2 : 420;
    const threeHours = (180 * 60) / easyPace;
    const peak = { '5K': [0, 16], '10K': [0, 20], 'Half Marathon': [16, 22], 'Full Marathon': [Math.min(28, threeHours - 0.5), 35] }[distance!]!;
    if (buildWeeks >= 1 && peakLong < peak[0]!) problems.push(`long run peaks at ${peakLong} km before the taper (${distance} needs ${peak[0]!.toFixed(0)}+)`);
    if (Math.max(0, ...runs.filter((r) => r.kind === 'long').map((r) => r.km)) > peak[1]!) problems.push(`long run over ${peak[1]} km`);
    // Taper: the 7 days before the race 20–60 % below the peak week, with at least 2 short runs.
    const windowRuns = runs.filter((r) => r.kind !== 'race' && dayNumber(r.day) >= dayNumber(race) - 7 && dayNumber(r.day) < dayNumber(race));
    if (dayNumber(race) - 7 >= dayNumber(start)) {
      const peakWeek = Math.max(form.jarakMingguan, ...allWeeks.map(weekKm));
      const windowKm = windowRuns.reduce((s, r) => s + r.km, 0);
      if (windowKm > 0.8 * peakWeek + 0.1) problems.push(`no taper: ${windowKm.toFixed(1)} km in the last 7 days after a ${peakWeek.toFixed(1)} km peak`);
      if (windowKm < 0.4 * Math.min(peakWeek, Math.max(...allWeeks.map(weekKm))) - 0.1) problems.push(`taper too deep: ${windowKm.toFixed(1)} km in the last 7 days after a ${peakWeek.toFixed(1)} km peak`);
      if (windowRuns.filter((r) => r.kind !== 'long').length < 2) problems.push(`${windowRuns.length} run(s) in the last 7 days before the race`);
    }
  }
  return problems;
}
