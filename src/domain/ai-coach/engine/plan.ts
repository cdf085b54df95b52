import { FITNESS_PROGRAMME_DAYS, hmsToSeconds, raceDistanceKm, type FitnessSummary, type PlanForm, type PlannedRun, type RaceDistance } from '../contract';
import { isSpecialRun, runType } from '../../training-plan/run-types';
import { addDays, daysBetween, planDateToIso, startOfWeek, type IsoDay } from '../../shared/wire-date';
import { assessFitness, fitnessSummary, type FitnessAssessment } from './fitness';
import { formatPaceBand, racePaceBand, trainingPaces, type PaceBand, type PaceZone } from './paces';
import {
  allowedRunKm,
  allowedWeekKm,
  isGentle,
  LONG_RUN_SHARE,
  LONG_SHARE_MIN_RUNS,
  longestRunBaseline,
  longRunDayIndex,
  racePrograms,
  raceDay,
  runKm,
  trainingDayIndices,
  weeklyBaseline,
  type RunLike,
} from '../safety/rules';
import { plannedRun } from './planned-run';

export interface PlanSpan {
  startDay: IsoDay;
  endDay: IsoDay;
}

export interface WeekSummary {
  /** Monday of the week (ISO). */
  weekStart: IsoDay;
  phase: 'Base' | 'Build' | 'Taper';
  plannedKm: number;
  longRunKm: number;
  recovery: boolean;
}

export interface BuiltPlan {
  runs: PlannedRun[];
  weeks: WeekSummary[];
  fitness: FitnessSummary;
  /** Short Indonesian notes for the runner (e.g. why the plan is gentler). */
  notes: string[];
}

/** How a re-planned range differs from the plan as first built (chat, re-evaluation). */
export interface PlanAdjustment {
  /** Multiply the range's volume (0.3–1.5). */
  volumeFactor?: number;
  /** Only easy/recovery runs in the range (illness, injury); a Race Day stays. */
  easyOnly?: boolean;
  /** Days to leave empty. */
  restDays?: IsoDay[];
}

/** The titles the engine writes: the spec's colour vocabulary, so every run gets its colour. */
export const engineTitles = {
  recovery: 'Recovery Run',
  strides: 'Recovery Run + Strides',
  long: 'Endurance Long Run',
  steady: 'Steady Run',
  tempo: 'Tempo Run',
  interval: 'Interval',
  race: 'Race Day',
} as const;

/** The pace zone a title is run at ('race' for Race Day). */
export function zoneForTitle(title: string): PaceZone | 'race' {
  switch (runType(title)) {
    case 'steady':
      return 'marathon';
    case 'tempo':
      return 'threshold';
    case 'interval':
      return 'interval';
    case 'race':
      return 'race';
    default:
      return 'easy';
  }
}

type Phase = WeekSummary['phase'];
type Ability = PlanForm['kemampuanLari'];

/** The shortest run worth putting in a calendar. */
const MIN_RUN_KM = 2;
/** Below this many km per run a week is better served by fewer runs. */
const PREFERRED_RUN_KM = 3;
/** fitWeek holds the long run to the checker's share of the week's actual runs. */
const ENGINE_LONG_SHARE = LONG_RUN_SHARE;
const TWO_RUN_LONG_SHARE = 0.6;
const EASY_RUN_CAP: Record<Ability, number> = { Pemula: 8, Menengah: 12, Mahir: 16 };
const PEAK_WEEK: Record<RaceDistance, Record<Ability, number>> = {
  '5K': { Pemula: 20, Menengah: 30, Mahir: 45 },
  '10K': { Pemula: 25, Menengah: 38, Mahir: 55 },
  'Half Marathon': { Pemula: 32, Menengah: 45, Mahir: 60 },
  'Full Marathon': { Pemula: 45, Menengah: 60, Mahir: 80 },
};
const LONG_RUN_MAX: Record<RaceDistance, Record<Ability, number>> = {
  '5K': { Pemula: 8, Menengah: 10, Mahir: 12 },
  '10K': { Pemula: 12, Menengah: 14, Mahir: 16 },
  'Half Marathon': { Pemula: 16, Menengah: 18, Mahir: 21 },
  'Full Marathon': { Pemula: 28, Menengah: 30, Mahir: 32 },
};
/** Taper: days before the race → share of the normal run (per day, so a race on any weekday tapers alike). */
const TAPER: Record<RaceDistance, { days: number; factor: (daysBefore: number) => number }> = {
  '5K': { days: 7, factor: () => 0.7 },
  '10K': { days: 7, factor: () => 0.65 },
  'Half Marathon': { days: 14, factor: (d) => (d <= 7 ? 0.55 : 0.8) },
  'Full Marathon': { days: 21, factor: (d) => (d <= 7 ? 0.45 : d <= 14 ? 0.7 : 0.85) },
};

/** The plan's first and last day: the start date, and the race day or start + 27 days. */
export function planSpan(form: PlanForm): PlanSpan {
  const startDay = planDateToIso(form.tanggalMulai);
  if (!startDay) throw new Error(`invalid tanggalMulai: ${form.tanggalMulai}`);
  const race = raceDay(form);
  if (race) return { startDay, endDay: race < startDay ? startDay : race };
  return { startDay, endDay: addDays(startDay, FITNESS_PROGRAMME_DAYS - 1) };
}

interface Context {
  form: PlanForm;
  span: PlanSpan;
  fitness: FitnessAssessment;
  paces: Record<PaceZone, PaceBand>;
  race: IsoDay | null;
  distance: RaceDistance | null;
  days: number[];
  longDay: number;
  gentle: boolean;
  injured: boolean;
  peakWeek: number;
  longMax: number;
  /** Non-long training days, most spread out from the long run first: the order days are added in. */
  dayOrder: number[];
}

function context(form: PlanForm, span: PlanSpan): Context {
  const fitness = assessFitness(form);
  const race = raceDay(form);
  const distance = race ? form.kategoriTargetRace! : null;
  const base = weeklyBaseline(form);
  const ability = form.kemampuanLari;
  const focus = form.kebugaranFocus ?? 'Jaga Kebugaran Umum';
  const peakWeek = distance
    ? Math.max(PEAK_WEEK[distance][ability], base)
    : base * (focus === 'Tambah Jarak Lari' ? 1.3 : focus === 'Tingkatkan Kecepatan Dasar' ? 1.1 : 1.15);
  const longMax = distance
    ? LONG_RUN_MAX[distance][ability]
    : focus === 'Tambah Jarak Lari'
      ? Math.min(21, Math.max(10, form.lariTerjauh + 4))
      : focus === 'Tingkatkan Kecepatan Dasar'
        ? 12
        : 14;
  const days = trainingDayIndices(form);
  const longDay = longRunDayIndex(form);
  return {
    form,
    span,
    fitness,
    paces: trainingPaces(fitness.vdot),
    race,
    distance,
    days,
    longDay,
    gentle: isGentle(form),
    injured: form.riwayatCidera.trim() !== '',
    peakWeek,
    longMax,
    dayOrder: spreadOrder(days, longDay),
  };
}

/** Greedy: each next day is the one farthest (around the week) from the days already chosen. */
function spreadOrder(days: readonly number[], longDay: number): number[] {
  const chosen = [longDay];
  const rest = days.filter((d) => d !== longDay);
  const order: number[] = [];
  const gap = (a: number, b: number) => Math.min((a - b + 7) % 7, (b - a + 7) % 7);
  while (rest.length > 0) {
    let best = 0;
    let bestGap = -1;
    rest.forEach((d, i) => {
      const g = Math.min(...chosen.map((c) => gap(c, d)));
      if (g > bestGap) {
        best = i;
        bestGap = g;
      }
    });
    const [day] = rest.splice(best, 1);
    chosen.push(day!);
    order.push(day!);
  }
  return order;
}

interface HistoryIndex {
  /** km per week (Monday), race runs left out. */
  weekKm: Map<IsoDay, number>;
  runs: { day: IsoDay; km: number; special: boolean; race: boolean }[];
  specialDays: Set<IsoDay>;
}

function indexHistory(history: readonly RunLike[], easyPace: number): HistoryIndex {
  const weekKm = new Map<IsoDay, number>();
  const runs: HistoryIndex['runs'] = [];
  const specialDays = new Set<IsoDay>();
  for (const run of history) {
    const day = planDateToIso(run.date);
    if (!day) continue;
    const km = runKm(run.program, easyPace) ?? 0;
    const race = runType(run.title) === 'race';
    runs.push({ day, km, special: isSpecialRun(run.title), race });
    if (isSpecialRun(run.title)) specialDays.add(day);
    if (!race) weekKm.set(startOfWeek(day), (weekKm.get(startOfWeek(day)) ?? 0) + km);
  }
  return { weekKm, runs, specialDays };
}

interface Draft {
  day: IsoDay;
  title: string;
  km: number;
}

interface Generated {
  runs: PlannedRun[];
  weeks: WeekSummary[];
}

/** Days before the race within the taper, or null when the day is not in it. */
function taperDaysBefore(ctx: Context, day: IsoDay): number | null {
  if (!ctx.race || !ctx.distance) return null;
  const before = daysBetween(day, ctx.race);
  return before >= 1 && before <= TAPER[ctx.distance].days ? before : null;
}

function phaseOf(ctx: Context, weekIndex: number, weekStart: IsoDay, preTaperWeeks: number): Phase {
  if (ctx.race && ctx.distance) {
    const sunday = addDays(weekStart, 6);
    if (weekStart > addDays(ctx.race, -TAPER[ctx.distance].days) || sunday >= ctx.race) return 'Taper';
    if (preTaperWeeks <= 2) return 'Base';
    return weekIndex < Math.max(1, Math.round(preTaperWeeks * 0.4)) ? 'Base' : 'Build';
  }
  const focus = ctx.form.kebugaranFocus ?? 'Jaga Kebugaran Umum';
  return weekIndex >= 2 && focus !== 'Jaga Kebugaran Umum' ? 'Build' : 'Base';
}

/** Quality sessions for a week, most wanted first. */
function qualityKinds(ctx: Context, phase: Phase, weekIndex: number): string[] {
  const { steady, tempo, interval } = engineTitles;
  const noIntervals = ctx.injured || (ctx.form.kemampuanLari === 'Pemula' && weekIndex < 6);
  let kinds: string[];
  if (phase === 'Taper') kinds = [ctx.distance === '5K' || ctx.distance === '10K' ? tempo : steady];
  else if (!ctx.distance) {
    const focus = ctx.form.kebugaranFocus ?? 'Jaga Kebugaran Umum';
    kinds = focus === 'Tingkatkan Kecepatan Dasar' ? [interval, tempo] : focus === 'Tambah Jarak Lari' ? [steady] : phase === 'Base' ? [steady, tempo] : [tempo, steady];
  } else if (phase === 'Base') kinds = [steady, tempo];
  else if (ctx.distance === '5K' || ctx.distance === '10K') kinds = [interval, tempo];
  else if (ctx.distance === 'Half Marathon') kinds = [tempo, interval];
  else kinds = weekIndex % 2 === 0 ? [tempo, steady] : [interval, steady];
  if (noIntervals) kinds = kinds.map((k) => (k === interval ? tempo : k));
  return [...new Set(kinds)];
}

function qualityCount(ctx: Context, phase: Phase, recovery: boolean): number {
  const n = ctx.days.length;
  if (n <= 2 || recovery) return 0;
  let q = n === 3 || ctx.gentle ? 1 : 2;
  if (phase === 'Base' && ctx.form.kemampuanLari !== 'Mahir') q = Math.min(q, 1);
  if (phase === 'Taper') q = Math.min(q, 1);
  return q;
}

function intervalTitle(ctx: Context, km: number): string {
  const rep = ctx.form.kemampuanLari === 'Mahir' ? 1000 : 800;
  const reps = Math.max(3, Math.min(8, Math.round(((km * 0.5) * 1000) / rep)));
  return `${engineTitles.interval} ${reps}x${rep}m`;
}

function paceFor(ctx: Context, title: string): string {
  const zone = zoneForTitle(title);
  if (zone === 'race') {
    const distance = ctx.distance!;
    return formatPaceBand(racePaceBand(ctx.fitness.predictions[distance], raceDistanceKm[distance]));
  }
  return formatPaceBand(ctx.paces[zone]);
}

function toRun(ctx: Context, draft: Draft, phase: Phase): PlannedRun {
  const program = runType(draft.title) === 'race' ? racePrograms[ctx.distance!] : `(${draft.km}k)`;
  return plannedRun({ day: draft.day, title: draft.title, program, paceRange: paceFor(ctx, draft.title), periodization: phase });
}

/**
 * Builds the plan week by week. Only days in `range` get runs; `history` (runs before the range)
 * carries the volume, the longest run and the heavy days the plan continues from.
 */
function generate(ctx: Context, range: PlanSpan, history: readonly RunLike[], adjust: PlanAdjustment): Generated {
  const { span, form } = ctx;
  const hist = indexHistory(history, ctx.paces.easy.slow);
  const first = startOfWeek(span.startDay);
  const weekCount = daysBetween(first, startOfWeek(span.endDay)) / 7 + 1;
  const preTaperWeeks = ctx.race && ctx.distance ? Array.from({ length: weekCount }, (_, i) => addDays(first, i * 7)).filter((w) => addDays(w, 6) < addDays(ctx.race!, -TAPER[ctx.distance!].days)).length : weekCount;
  const rest = new Set(adjust.restDays ?? []);
  const factor = adjust.volumeFactor ?? 1;
  const from = range.startDay > span.startDay ? range.startDay : span.startDay;
  const to = range.endDay < span.endDay ? range.endDay : span.endDay;
  const growth = ctx.gentle ? { rate: 1.05, km: 1.5 } : { rate: 1.08, km: 2.5 };
  const cycle = ctx.gentle ? 3 : 4;

  let highest = weeklyBaseline(form);
  let longest = longestRunBaseline(form);
  for (const [week, km] of hist.weekKm) if (week < first) highest = Math.max(highest, km);
  for (const run of hist.runs) if (run.day < first && !run.race) longest = Math.max(longest, run.km);
  let lastLong = longest;

  // Heavy days known ahead: history, the race, and each week's long-run day (placed later).
  const specials = new Set(hist.specialDays);
  if (ctx.race && ctx.race >= from && ctx.race <= to) specials.add(ctx.race);
  const longDays = new Set<IsoDay>();
  for (let w = 0; w < weekCount; w++) {
    const day = addDays(first, w * 7 + ctx.longDay);
    if (day < from || day > to || rest.has(day) || adjust.easyOnly) continue;
    if (ctx.race && day >= ctx.race) continue;
    if (taperDaysBefore(ctx, day) !== null && taperDaysBefore(ctx, day)! <= 7) continue;
    if (specials.has(addDays(day, -1)) || specials.has(addDays(day, 1))) continue;
    longDays.add(day);
    specials.add(day);
  }

  const runs: PlannedRun[] = [];
  const weeks: WeekSummary[] = [];
  for (let w = 0; w < weekCount; w++) {
    const weekStart = addDays(first, w * 7);
    const phase = phaseOf(ctx, w, weekStart, preTaperWeeks);
    const histKm = hist.weekKm.get(weekStart) ?? 0;
    const recovery = phase !== 'Taper' && (w + 1) % cycle === 0 && weekCount > cycle - 1;
    let target = recovery ? highest * 0.75 : Math.min(Math.max(ctx.peakWeek, highest), Math.max(highest * growth.rate, highest + growth.km));
    target = Math.min(target * factor, allowedWeekKm(highest));

    const weekRuns: Draft[] = [];
    const dayOf = (d: number) => addDays(weekStart, d);
    const usable = (d: number) => {
      const day = dayOf(d);
      return day >= from && day <= to && !rest.has(day) && !(ctx.race && day >= ctx.race);
    };

    // The week's pattern: how many runs the target supports, the long run and the others' size.
    const runCount = Math.min(ctx.days.length, Math.max(1, Math.floor(target / PREFERRED_RUN_KM)));
    const patternDays = [ctx.longDay, ...ctx.dayOrder.slice(0, runCount - 1)];
    const longShare = runCount >= LONG_SHARE_MIN_RUNS ? ENGINE_LONG_SHARE : runCount === 2 ? TWO_RUN_LONG_SHARE : 1;
    let longKm = Math.min(target * longShare, ctx.longMax, growLong(longest, ctx.gentle));
    if (recovery) longKm = Math.min(longKm, lastLong * 0.8);
    const others = runCount - 1;
    let otherKm = others > 0 ? Math.min(EASY_RUN_CAP[form.kemampuanLari], (target - longKm) / others) : 0;
    otherKm = Math.min(otherKm, Math.max(longKm, MIN_RUN_KM), growLong(longest, ctx.gentle));
    // Whole km: the remainder of the others' total goes one km at a time to the first of them.
    const othersTotal = Math.floor(otherKm * others);
    const otherSizes = ctx.dayOrder.slice(0, others).map((_, i) => Math.floor(othersTotal / others) + (i < othersTotal % others ? 1 : 0));
    const sizeOf = (d: number) => otherSizes[ctx.dayOrder.indexOf(d)] ?? Math.floor(otherKm);

    const q = adjust.easyOnly ? 0 : qualityCount(ctx, phase, recovery);
    const kinds = qualityKinds(ctx, phase, w);
    let placed = 0;
    let strides = !adjust.easyOnly && !ctx.injured && (ctx.distance === '5K' || form.kebugaranFocus === 'Tingkatkan Kecepatan Dasar');
    for (const d of [...patternDays].sort((a, b) => a - b)) {
      if (!usable(d)) continue;
      const day = dayOf(d);
      const taper = taperDaysBefore(ctx, day);
      const scale = taper === null ? 1 : TAPER[ctx.distance!].factor(taper);
      if (d === ctx.longDay && longDays.has(day)) {
        weekRuns.push({ day, title: engineTitles.long, km: Math.floor(longKm * scale) });
        continue;
      }
      let title: string = engineTitles.recovery;
      const heavyNear = specials.has(addDays(day, -1)) || specials.has(day) || specials.has(addDays(day, 1));
      const lastWeek = taper !== null && taper <= 7;
      if (placed < q && placed < kinds.length && !heavyNear && !lastWeek) {
        title = kinds[placed]!;
        placed += 1;
        specials.add(day);
      } else if (strides && !lastWeek) {
        title = engineTitles.strides;
        strides = false;
      }
      const km = Math.floor((d === ctx.longDay ? Math.min(otherKm, longKm) : sizeOf(d)) * scale);
      weekRuns.push({ day, title: title === engineTitles.interval ? intervalTitle(ctx, km) : title, km });
    }

    const histRuns = hist.runs.filter((r) => !r.race && r.km > 0 && startOfWeek(r.day) === weekStart).length;
    fitWeek(weekRuns, Math.max(0, Math.min(target, allowedWeekKm(highest)) - histKm), histKm, histRuns);
    const kept = weekRuns.filter((r) => r.km >= MIN_RUN_KM);
    for (const r of weekRuns) if (r.km < MIN_RUN_KM && isSpecialRun(r.title)) specials.delete(r.day);

    let weekKm = histKm;
    let longRunKm = 0;
    for (const r of kept) {
      weekKm += r.km;
      longest = Math.max(longest, r.km);
      if (runType(r.title) === 'endurance') longRunKm = r.km;
      runs.push(toRun(ctx, r, phase));
    }
    if (longRunKm > 0) lastLong = longRunKm;
    if (ctx.race && ctx.race >= weekStart && ctx.race <= addDays(weekStart, 6) && ctx.race >= from && ctx.race <= to) {
      runs.push(toRun(ctx, { day: ctx.race, title: engineTitles.race, km: 0 }, phase));
    }
    highest = Math.max(highest, weekKm);
    const raceKm = ctx.race && startOfWeek(ctx.race) === weekStart ? raceDistanceKm[ctx.distance!] : 0;
    weeks.push({ weekStart, phase, plannedKm: Math.round((weekKm - histKm + raceKm) * 10) / 10, longRunKm, recovery });
  }
  runs.sort((a, b) => (planDateToIso(a.date)! < planDateToIso(b.date)! ? -1 : 1));
  return { runs, weeks };
}

/** The engine's long-run step: under the checker's limit, gentler for beginners and injuries. */
function growLong(longest: number, gentle: boolean): number {
  return Math.min(allowedRunKm(longest), gentle ? Math.max(longest * 1.07, longest + 1.5) : Math.max(longest * 1.1, longest + 2));
}

/**
 * Makes the week's runs whole km, no more than `budget` in total, and the long run within its
 * share when the week has enough runs for a share to mean something.
 */
function fitWeek(runs: Draft[], budget: number, historyKm = 0, historyRuns = 0): void {
  for (const r of runs) r.km = Math.floor(r.km);
  let total = runs.reduce((s, r) => s + r.km, 0);
  // Trim the biggest non-long run first, then the long run, until the week fits.
  while (total > budget + 1e-9 && total > 0) {
    const sorted = [...runs].filter((r) => r.km > 0).sort((a, b) => Number(runType(a.title) === 'endurance') - Number(runType(b.title) === 'endurance') || b.km - a.km);
    const r = sorted[0]!;
    r.km -= 1;
    total -= 1;
  }
  const long = runs.find((r) => runType(r.title) === 'endurance');
  const counted = runs.filter((r) => r.km >= MIN_RUN_KM);
  if (long && counted.length + historyRuns >= LONG_SHARE_MIN_RUNS) {
    const othersKm = historyKm + counted.filter((r) => r !== long).reduce((s, r) => s + r.km, 0);
    long.km = Math.min(long.km, Math.floor((LONG_RUN_SHARE / (1 - LONG_RUN_SHARE)) * othersKm));
  }
}

function notesFor(ctx: Context, span: PlanSpan): string[] {
  const { form, fitness } = ctx;
  const notes: string[] = [];
  const vdot = (Math.round(fitness.vdot * 10) / 10).toLocaleString('id-ID');
  notes.push(
    fitness.source === 'personal-best'
      ? `Kebugaran Anda setara VDOT ${vdot}, dihitung dari catatan waktu terbaik Anda; pace latihan mengikuti angka ini.`
      : `Belum ada catatan waktu terbaik, jadi kebugaran diperkirakan secara hati-hati (VDOT ${vdot}) dari kemampuan, pengalaman, dan jarak mingguan Anda.`,
  );
  if (ctx.injured) notes.push('Karena ada riwayat cedera, kenaikan volume dibuat lebih landai, sesi berat dikurangi, dan tidak ada latihan interval. Hentikan latihan bila nyeri muncul kembali.');
  if (form.kemampuanLari === 'Pemula') notes.push('Sebagai pelari pemula, program dimulai ringan dengan kenaikan bertahap, paling banyak satu sesi berat per minggu, dan tanpa interval di minggu-minggu awal.');
  if (form.jarakMingguan < weeklyBaseline(form)) notes.push(`Program dimulai dari sekitar ${weeklyBaseline(form)} km per minggu, volume aman untuk memulai.`);
  if (ctx.days.length <= 2) notes.push('Dengan 1–2 hari latihan per minggu, semua lari selain long run dibuat ringan dan long run dibatasi oleh lari terjauh Anda sebelumnya.');
  if (ctx.race && ctx.distance) {
    const weeksToRace = daysBetween(span.startDay, ctx.race) / 7;
    if (weeksToRace < 3) notes.push('Waktu menuju race singkat, jadi program berisi lari ringan untuk menjaga kesegaran sebelum race.');
    else if (ctx.distance === 'Half Marathon' || ctx.distance === 'Full Marathon') notes.push('Volume diturunkan bertahap (tapering) menjelang race agar Anda segar di hari race.');
    const raceKm = raceDistanceKm[ctx.distance];
    if (raceKm > Math.max(form.lariTerjauh, 1) * 2 && weeksToRace < 8) notes.push('Jarak race jauh melebihi lari terjauh Anda; pertimbangkan target yang lebih realistis dan atur pace dengan hati-hati.');
    const target = form.targetWaktu ? hmsToSeconds(form.targetWaktu) : null;
    if (target && target < fitness.predictions[ctx.distance] * 0.95) notes.push('Target waktu Anda lebih cepat dari perkiraan kemampuan saat ini; pace latihan tetap mengikuti kebugaran Anda sekarang agar aman.');
  }
  return notes;
}

export function buildPlan(form: PlanForm, span: PlanSpan = planSpan(form)): BuiltPlan {
  const ctx = context(form, span);
  const { runs, weeks } = generate(ctx, span, [], {});
  return { runs, weeks, fitness: fitnessSummary(ctx.fitness), notes: notesFor(ctx, span) };
}

/**
 * The plan's runs for `range` only (inside `span`), built as buildPlan would build them, adjusted,
 * continuing from `history` (runs before the range: their volume is the base to grow from).
 */
export function rebuildRange(
  form: PlanForm,
  span: PlanSpan,
  range: PlanSpan,
  adjust: PlanAdjustment,
  history: readonly RunLike[],
): PlannedRun[] {
  const ctx = context(form, span);
  const before = history.filter((r) => {
    const day = planDateToIso(r.date);
    return day !== null && day < range.startDay;
  });
  return generate(ctx, range, before, adjust).runs;
}
