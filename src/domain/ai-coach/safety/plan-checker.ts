import type { PlanForm, PlannedRun } from '../contract';
import { isSpecialRun, runColor, runType } from '../../training-plan/run-types';
import { normalisePaceRange, parsePaceRange } from '../../training-plan/pace';
import { isValidProgram, plannedDistanceKm } from '../../training-plan/training-program';
import { addDays, daysBetween, isoToPlanDate, planDateToIso, startOfWeek, weekdayIndex, type IsoDay } from '../../shared/wire-date';
import { assessFitness, type FitnessAssessment } from '../engine/fitness';
import { formatPaceBand, racePaceBand, trainingPaces, type PaceBand, type PaceZone } from '../engine/paces';
import { engineTitles, zoneForTitle, type PlanSpan } from '../engine/plan';
import {
  LONG_RUN_GROWTH,
  LONG_RUN_GROWTH_KM,
  LONG_RUN_SHARE,
  LONG_SHARE_MIN_RUNS,
  longestRunBaseline,
  longRunDayIndex,
  MAX_RUN_KM,
  raceDay,
  raceKm,
  racePrograms,
  runKm,
  TAPER_LAST_WEEK_SHARE,
  TAPER_SECOND_WEEK_SHARE,
  trainingDayIndices,
  allowedWeekKm,
  weeklyBaseline,
  type RunLike,
} from './rules';

export interface SafetyViolation {
  rule: SafetyRule;
  /** DD-MM-YYYY of the run concerned, when one is. */
  date?: string;
  message: string;
}

/** The rules, by id (the log and the tests name them). */
export const safetyRules = [
  'date',
  'span',
  'training-day',
  'duplicate-day',
  'long-run-day',
  'weekly-growth',
  'long-run-share',
  'long-run-growth',
  'max-run-distance',
  'special-adjacent',
  'taper',
  'race-day',
  'title',
  'program',
  'pace',
  'pace-too-fast',
  'color',
  'generatedby',
] as const;
export type SafetyRule = (typeof safetyRules)[number];

/** Rounding slack: plans are written in whole or half km. */
const EPS = 0.05;
/** Pace slack in seconds per km: a second or two of rounding is not a faster workout. */
const PACE_SLACK = 3;

interface Checked {
  run: PlannedRun;
  day: IsoDay;
  /** Monday of its week. */
  week: IsoDay;
  km: number;
  type: ReturnType<typeof runType>;
  special: boolean;
  fromPlan: boolean;
}

interface Rules {
  form: PlanForm;
  span: PlanSpan;
  fitness: FitnessAssessment;
  paces: Record<PaceZone, PaceBand>;
  race: IsoDay | null;
  days: Set<number>;
  longDay: number;
}

function rulesFor(form: PlanForm, span: PlanSpan): Rules {
  const fitness = assessFitness(form);
  return {
    form,
    span,
    fitness,
    paces: trainingPaces(fitness.vdot),
    race: raceDay(form),
    days: new Set(trainingDayIndices(form)),
    longDay: longRunDayIndex(form),
  };
}

const raceProgramOk = (program: string, km: number) => {
  const written = plannedDistanceKm(program);
  return written !== null && Math.abs(written - km) <= 0.5;
};

/** Each run's own fields: date, day, title, colour, program, pace. */
function checkRun(r: Rules, run: PlannedRun, out: SafetyViolation[]): Checked | null {
  const v = (rule: SafetyRule, message: string) => out.push({ rule, date: run.date, message });
  const day = planDateToIso(run.date);
  if (!day) {
    v('date', `Tanggal "${run.date}" bukan tanggal DD-MM-YYYY yang valid.`);
    return null;
  }
  const type = runType(run.title);
  const isRace = type === 'race' && day === r.race;
  if (day < r.span.startDay || day > r.span.endDay) v('span', 'Lari berada di luar rentang tanggal program.');
  if (!r.days.has(weekdayIndex(day)) && !isRace) v('training-day', 'Lari dijadwalkan di luar hari latihan yang dipilih.');
  if (type === 'endurance' && weekdayIndex(day) !== r.longDay) v('long-run-day', 'Long run tidak berada di hari long run yang dipilih.');
  if (run.generatedby !== 'ai') v('generatedby', "generatedby harus 'ai'.");
  if (type === 'other') v('title', `Judul "${run.title}" tidak memakai jenis latihan yang dikenal (Recovery, Endurance, Steady, Tempo, Interval, Race Day).`);
  if (run.color !== runColor(run.title)) v('color', 'Warna tidak sesuai dengan jenis latihan.');
  const km = runKm(run.program, r.paces.easy.slow);
  if (!isValidProgram(run.program) || run.program.trim() === '' || km === null || km <= 0) v('program', `Program "${run.program}" tidak menyebut jarak atau durasi yang valid.`);
  const pace = normalisePaceRange(run.paceRange);
  const band = pace ? parsePaceRange(pace) : null;
  if (!band) v('pace', `Pace "${run.paceRange}" tidak valid.`);
  else {
    if (band[0] < r.paces.repetition.fast - PACE_SLACK) v('pace-too-fast', 'Pace lebih cepat dari pace repetisi Anda.');
    else if ((type === 'recovery' || type === 'endurance') && band[0] < r.paces.marathon.fast - PACE_SLACK) v('pace-too-fast', 'Pace lari ringan terlalu cepat untuk kebugaran Anda.');
  }
  return { run, day, week: startOfWeek(day), km: km ?? 0, type, special: isSpecialRun(run.title), fromPlan: true };
}

function historyRuns(r: Rules, history: readonly RunLike[]): Checked[] {
  const out: Checked[] = [];
  for (const run of history) {
    const day = planDateToIso(run.date);
    if (!day) continue;
    const full: PlannedRun = { date: run.date, title: run.title, program: run.program, paceRange: '', color: '', periodization: null, generatedby: 'ai' };
    out.push({ run: full, day, week: startOfWeek(day), km: runKm(run.program, r.paces.easy.slow) ?? 0, type: runType(run.title), special: isSpecialRun(run.title), fromPlan: false });
  }
  return out;
}

const byDay = (a: Checked, b: Checked) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);
const isRaceRun = (c: Checked) => c.type === 'race';

function weekTotals(all: readonly Checked[]): Map<IsoDay, number> {
  const weeks = new Map<IsoDay, number>();
  for (const c of all) if (!isRaceRun(c)) weeks.set(c.week, (weeks.get(c.week) ?? 0) + c.km);
  return weeks;
}

/** The checks across runs: days, volume, long runs, heavy days, taper, race. */
function checkAcross(r: Rules, plan: Checked[], hist: Checked[], out: SafetyViolation[]): void {
  const v = (rule: SafetyRule, message: string, date?: string) => out.push(date ? { rule, date, message } : { rule, message });
  const all = [...hist, ...plan].sort(byDay);

  const seen = new Set<IsoDay>();
  for (const c of [...plan].sort(byDay)) {
    if (seen.has(c.day)) v('duplicate-day', 'Dua lari dijadwalkan di hari yang sama.', c.run.date);
    seen.add(c.day);
  }

  // Weekly growth over the highest week before (history and the runner's own week count).
  const weeks = weekTotals(all);
  const planWeeks = new Set(plan.map((c) => c.week));
  let highest = weeklyBaseline(r.form);
  for (const week of [...weeks.keys()].sort()) {
    const km = weeks.get(week)!;
    if (planWeeks.has(week) && km > allowedWeekKm(highest) + EPS) {
      v('weekly-growth', `Volume minggu ${isoToPlanDate(week)} (${round1(km)} km) naik lebih dari 10% (atau 3 km) dari minggu tertinggi sebelumnya (${round1(highest)} km).`, isoToPlanDate(week));
    }
    highest = Math.max(highest, km);
  }

  // Long-run share of its week, when the week has enough runs for a share to mean something.
  for (const week of planWeeks) {
    const inWeek = all.filter((c) => c.week === week && !isRaceRun(c) && c.km > 0);
    if (inWeek.length < LONG_SHARE_MIN_RUNS) continue;
    const total = inWeek.reduce((s, c) => s + c.km, 0);
    for (const c of inWeek) {
      if (c.fromPlan && c.type === 'endurance' && c.km > LONG_RUN_SHARE * total + EPS) {
        v('long-run-share', `Long run ${round1(c.km)} km lebih dari 35% volume minggunya (${round1(total)} km).`, c.run.date);
      }
    }
  }

  // Growth of any run over the longest before it, and an absolute ceiling.
  let longest = longestRunBaseline(r.form);
  for (const c of all) {
    if (isRaceRun(c)) continue;
    if (c.fromPlan) {
      if (c.km > MAX_RUN_KM + EPS) v('max-run-distance', `Lari ${round1(c.km)} km melebihi batas ${MAX_RUN_KM} km untuk satu sesi latihan.`, c.run.date);
      else if (c.km > Math.max(longest * (1 + LONG_RUN_GROWTH), longest + LONG_RUN_GROWTH_KM) + EPS) {
        v('long-run-growth', `Lari ${round1(c.km)} km terlalu jauh dibanding lari terjauh sebelumnya (${round1(longest)} km).`, c.run.date);
      }
    }
    longest = Math.max(longest, c.km);
  }

  // Heavy runs: never on the same or adjacent days.
  const specials = all.filter((c) => c.special);
  for (let i = 1; i < specials.length; i++) {
    const [a, b] = [specials[i - 1]!, specials[i]!];
    if ((a.fromPlan || b.fromPlan) && daysBetween(a.day, b.day) <= 1) {
      v('special-adjacent', `Dua latihan berat (${a.run.title}, ${b.run.title}) berada di hari yang sama atau berurutan.`, (b.fromPlan ? b : a).run.date);
    }
  }

  // The race: a Race Day on the race date for race goals, no race elsewhere.
  const distance = r.form.kategoriTargetRace;
  if (r.race && distance) {
    const onRace = plan.filter((c) => c.day === r.race && isRaceRun(c));
    if (r.race <= r.span.endDay && r.race >= r.span.startDay && onRace.length !== 1) v('race-day', "Harus ada tepat satu 'Race Day' di tanggal race.", isoToPlanDate(r.race));
    for (const c of onRace) if (!raceProgramOk(c.run.program, raceKm(distance))) v('race-day', `Program Race Day harus ${racePrograms[distance]}.`, c.run.date);
    for (const c of plan) if (isRaceRun(c) && c.day !== r.race) v('race-day', 'Race Day hanya boleh di tanggal race.', c.run.date);
  } else {
    for (const c of plan) if (isRaceRun(c)) v('race-day', 'Program kebugaran tidak memiliki Race Day.', c.run.date);
  }

  // Taper before a half or full marathon: the last 7 days (and for a marathon the 7 before) lighter than the peak week.
  if (r.race && (distance === 'Half Marathon' || distance === 'Full Marathon') && plan.some((c) => c.day < r.race!)) {
    const peak = Math.max(weeklyBaseline(r.form), ...weeks.values());
    const windowKm = (from: number, to: number) =>
      all.filter((c) => !isRaceRun(c) && daysBetween(c.day, r.race!) >= from && daysBetween(c.day, r.race!) <= to).reduce((s, c) => s + c.km, 0);
    if (windowKm(1, 7) > TAPER_LAST_WEEK_SHARE * peak + EPS) v('taper', 'Tujuh hari sebelum race harus lebih ringan (tapering).', isoToPlanDate(r.race));
    if (distance === 'Full Marathon' && windowKm(8, 14) > TAPER_SECOND_WEEK_SHARE * peak + EPS) v('taper', 'Minggu kedua sebelum full marathon harus mulai lebih ringan (tapering).', isoToPlanDate(addDays(r.race, -8)));
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Every rule a plan must keep before a runner sees it (issue 11 §1), whoever wrote it. */
export function checkPlan(runs: readonly PlannedRun[], form: PlanForm, span: PlanSpan, history: readonly RunLike[] = []): SafetyViolation[] {
  const r = rulesFor(form, span);
  const out: SafetyViolation[] = [];
  const plan = runs.map((run) => checkRun(r, run, out)).filter((c): c is Checked => c !== null);
  checkAcross(r, plan, historyRuns(r, history), out);
  return out;
}

// ---- Repair ----

function canonicalTitle(title: string): string {
  if (runType(title) !== 'other') return title;
  if (/race/i.test(title)) return engineTitles.race;
  if (/long|endurance/i.test(title)) return engineTitles.long;
  if (/speed|interval/i.test(title)) return engineTitles.interval;
  if (/tempo|fartlek|threshold/i.test(title)) return engineTitles.tempo;
  if (/steady|marathon/i.test(title)) return engineTitles.steady;
  return engineTitles.recovery;
}

function paceText(r: Rules, title: string): string {
  const zone = zoneForTitle(title);
  if (zone !== 'race') return formatPaceBand(r.paces[zone]);
  const distance = r.form.kategoriTargetRace!;
  return formatPaceBand(racePaceBand(r.fitness.predictions[distance], raceKm(distance)));
}

interface Work {
  run: PlannedRun;
  day: IsoDay;
  km: number;
}

const priority = (title: string) => {
  const type = runType(title);
  return type === 'race' ? 3 : type === 'endurance' ? 2 : isSpecialRun(title) ? 1 : 0;
};

/** The candidate repaired so that checkPlan finds nothing, or null when it cannot be. */
export function repairPlan(
  runs: readonly PlannedRun[],
  form: PlanForm,
  span: PlanSpan,
  history: readonly RunLike[] = [],
): { runs: PlannedRun[]; fixes: string[] } | null {
  const r = rulesFor(form, span);
  const fixes: string[] = [];
  const easy = (w: Work, why: string) => {
    w.run = { ...w.run, title: engineTitles.recovery, paceRange: paceText(r, engineTitles.recovery), color: runColor(engineTitles.recovery) };
    fixes.push(`${w.run.date}: ${why}, diganti Recovery Run.`);
  };
  const setKm = (w: Work, km: number) => {
    w.km = Math.floor(km);
    w.run = { ...w.run, program: `(${w.km}k)` };
  };

  // 1. Each run on its own: date, day, title, program, pace, colour.
  const byDate = new Map<IsoDay, Work>();
  for (const original of runs) {
    const day = planDateToIso(original.date);
    if (!day || day < span.startDay || day > span.endDay) {
      fixes.push(`${original.date}: di luar rentang program, dihapus.`);
      continue;
    }
    let run: PlannedRun = { ...original, generatedby: 'ai', title: canonicalTitle(original.title.trim() || 'Recovery Run') };
    if (original.generatedby !== 'ai') fixes.push(`${original.date}: generatedby diganti 'ai'.`);
    if (run.title !== original.title) fixes.push(`${original.date}: judul "${original.title}" diganti ${run.title}.`);
    if (runType(run.title) === 'race' && day !== r.race) {
      run = { ...run, title: engineTitles.recovery };
      fixes.push(`${original.date}: Race Day di luar tanggal race diganti Recovery Run.`);
    }
    const isRace = runType(run.title) === 'race';
    if (!r.days.has(weekdayIndex(day)) && !isRace) {
      fixes.push(`${original.date}: bukan hari latihan, dihapus.`);
      continue;
    }
    if (isRace && run.program !== racePrograms[form.kategoriTargetRace!]) {
      run = { ...run, program: racePrograms[form.kategoriTargetRace!] };
      fixes.push(`${original.date}: program Race Day diganti ${run.program}.`);
    }
    const km = runKm(run.program, r.paces.easy.slow);
    if (!isValidProgram(run.program) || km === null || km <= 0) {
      fixes.push(`${original.date}: program tidak terbaca, dihapus.`);
      continue;
    }
    const work: Work = { run, day, km };
    if (runType(run.title) === 'endurance' && weekdayIndex(day) !== r.longDay) easy(work, 'long run di luar hari long run');
    const band = parsePaceRange(normalisePaceRange(work.run.paceRange) || null);
    const type = runType(work.run.title);
    if (!band || band[0] < r.paces.repetition.fast - PACE_SLACK || ((type === 'recovery' || type === 'endurance') && band[0] < r.paces.marathon.fast - PACE_SLACK)) {
      work.run = { ...work.run, paceRange: paceText(r, work.run.title) };
      fixes.push(`${original.date}: pace disesuaikan dengan kebugaran.`);
    }
    if (work.run.color !== runColor(work.run.title)) {
      work.run = { ...work.run, color: runColor(work.run.title) };
      fixes.push(`${original.date}: warna disesuaikan dengan jenis latihan.`);
    }
    const existing = byDate.get(day);
    if (existing && priority(existing.run.title) >= priority(work.run.title)) {
      fixes.push(`${original.date}: lari kedua di hari yang sama dihapus.`);
      continue;
    }
    byDate.set(day, work);
  }
  if (r.race && r.race >= span.startDay && r.race <= span.endDay && runType(byDate.get(r.race)?.run.title ?? '') !== 'race') {
    const title = engineTitles.race;
    const program = racePrograms[form.kategoriTargetRace!];
    const run: PlannedRun = { date: isoToPlanDate(r.race), title, program, paceRange: paceText(r, title), color: runColor(title), periodization: 'Taper', generatedby: 'ai' };
    byDate.set(r.race, { run, day: r.race, km: plannedDistanceKm(program) ?? 0 });
    fixes.push(`${run.date}: Race Day ditambahkan di tanggal race.`);
  }
  let work = [...byDate.values()].sort((a, b) => (a.day < b.day ? -1 : 1));

  // 2. Heavy runs: keep the race, then long runs, then the rest in date order; soften what clashes.
  const hist = historyRuns(r, history);
  const heavy = new Set(hist.filter((c) => c.special).map((c) => c.day));
  const ordered = [...work].sort((a, b) => priority(b.run.title) - priority(a.run.title) || (a.day < b.day ? -1 : 1));
  for (const w of ordered) {
    if (!isSpecialRun(w.run.title)) continue;
    const clash = heavy.has(w.day) || heavy.has(addDays(w.day, -1)) || heavy.has(addDays(w.day, 1));
    if (clash && runType(w.run.title) !== 'race') easy(w, 'latihan berat berurutan');
    else heavy.add(w.day);
  }

  // 3. Distances, in rounds: run growth and ceiling, long-run share, weekly growth, taper.
  for (let round = 0; round < 4; round++) {
    const checked = () => checkPlan(work.map((w) => w.run), form, span, history);
    if (checked().length === 0) break;
    capRuns(r, work, hist, setKm, fixes);
    capLongShare(work, hist, setKm, fixes);
    capWeeks(r, work, hist, setKm, fixes);
    capTaper(r, work, hist, setKm, fixes);
    work = work.filter((w) => runType(w.run.title) === 'race' || w.km >= 2);
  }
  const result = work.map((w) => w.run);
  return checkPlan(result, form, span, history).length === 0 ? { runs: result, fixes } : null;
}

type SetKm = (w: Work, km: number) => void;

function capRuns(r: Rules, work: Work[], hist: Checked[], setKm: SetKm, fixes: string[]): void {
  const before = hist.filter((c) => !isRaceRun(c));
  let longest = longestRunBaseline(r.form);
  let h = 0;
  before.sort(byDay);
  for (const w of work) {
    while (h < before.length && before[h]!.day < w.day) longest = Math.max(longest, before[h++]!.km);
    if (runType(w.run.title) === 'race') continue;
    const cap = Math.min(MAX_RUN_KM, Math.max(longest * (1 + LONG_RUN_GROWTH), longest + LONG_RUN_GROWTH_KM));
    if (w.km > cap + EPS) {
      setKm(w, cap);
      fixes.push(`${w.run.date}: jarak dibatasi ${w.km} km.`);
    }
    longest = Math.max(longest, w.km);
  }
}

function weekKmOf(work: Work[], hist: Checked[], week: IsoDay): number {
  const inWeek = (day: IsoDay) => startOfWeek(day) === week;
  return (
    work.filter((w) => inWeek(w.day) && runType(w.run.title) !== 'race').reduce((s, w) => s + w.km, 0) +
    hist.filter((c) => inWeek(c.day) && !isRaceRun(c)).reduce((s, c) => s + c.km, 0)
  );
}

function capLongShare(work: Work[], hist: Checked[], setKm: SetKm, fixes: string[]): void {
  for (const w of work) {
    if (runType(w.run.title) !== 'endurance') continue;
    const week = startOfWeek(w.day);
    const count = work.filter((o) => startOfWeek(o.day) === week && runType(o.run.title) !== 'race' && o.km > 0).length + hist.filter((c) => startOfWeek(c.day) === week && !isRaceRun(c) && c.km > 0).length;
    if (count < LONG_SHARE_MIN_RUNS) continue;
    const others = weekKmOf(work, hist, week) - w.km;
    const cap = (LONG_RUN_SHARE / (1 - LONG_RUN_SHARE)) * others;
    if (w.km > cap + EPS) {
      setKm(w, cap);
      fixes.push(`${w.run.date}: long run dibatasi 35% dari volume minggunya.`);
    }
  }
}

/** Scales the plan's runs in `targets` so that they total at most `budget` km. */
function scaleDown(targets: Work[], budget: number, setKm: SetKm): void {
  const total = targets.reduce((s, w) => s + w.km, 0);
  if (total <= budget + EPS || total === 0) return;
  const factor = Math.max(0, budget) / total;
  for (const w of targets) setKm(w, w.km * factor);
}

function capWeeks(r: Rules, work: Work[], hist: Checked[], setKm: SetKm, fixes: string[]): void {
  const weeks = [...new Set([...hist.map((c) => startOfWeek(c.day)), ...work.map((w) => startOfWeek(w.day))])].sort();
  let highest = weeklyBaseline(r.form);
  for (const week of weeks) {
    const km = weekKmOf(work, hist, week);
    const allowed = allowedWeekKm(highest);
    if (km > allowed + EPS) {
      const mine = work.filter((w) => startOfWeek(w.day) === week && runType(w.run.title) !== 'race');
      const fixed = km - mine.reduce((s, w) => s + w.km, 0);
      scaleDown(mine, allowed - fixed, setKm);
      fixes.push(`${isoToPlanDate(week)}: volume minggu diturunkan agar naik paling banyak 10%.`);
    }
    highest = Math.max(highest, weekKmOf(work, hist, week));
  }
}

function capTaper(r: Rules, work: Work[], hist: Checked[], setKm: SetKm, fixes: string[]): void {
  const distance = r.form.kategoriTargetRace;
  if (!r.race || (distance !== 'Half Marathon' && distance !== 'Full Marathon')) return;
  const weeks = [...new Set([...hist.map((c) => startOfWeek(c.day)), ...work.map((w) => startOfWeek(w.day))])];
  const peak = Math.max(weeklyBaseline(r.form), ...weeks.map((w) => weekKmOf(work, hist, w)));
  const window = (from: number, to: number, share: number) => {
    const inWindow = (day: IsoDay) => daysBetween(day, r.race!) >= from && daysBetween(day, r.race!) <= to;
    const mine = work.filter((w) => inWindow(w.day) && runType(w.run.title) !== 'race');
    const fixed = hist.filter((c) => inWindow(c.day) && !isRaceRun(c)).reduce((s, c) => s + c.km, 0);
    const total = fixed + mine.reduce((s, w) => s + w.km, 0);
    if (total > share * peak + EPS) {
      scaleDown(mine, share * peak - fixed, setKm);
      fixes.push(`${isoToPlanDate(addDays(r.race!, -to))}: volume diturunkan untuk tapering.`);
    }
  };
  window(1, 7, TAPER_LAST_WEEK_SHARE);
  if (distance === 'Full Marathon') window(8, 14, TAPER_SECOND_WEEK_SHARE);
}
