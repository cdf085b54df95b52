/**
 * Honest refusals (issue 25 §3), before any plan is written:
 * - `checkInputs`: inputs that contradict each other (a personal best far beyond the stated
 *   ability, weekly km far beyond 7 × the longest run…) → CHECK_INPUT; confirmed, the plan assumes
 *   conservatively (`conservativeForm`) and says so in its notes;
 * - `assessGoal`: a race the rules of ./rules.ts cannot reach safely in the time given → GOAL_NOT_SAFE
 *   with alternatives (a later race, a shorter distance, more training days, a finish-time goal),
 *   each one checked the same way, so sending it back gives a plan.
 * Pure; the engine itself decides (a goal is reachable when the engine's plan reaches it).
 */
import {
  hmsToSeconds,
  raceDistances,
  secondsToHms,
  weekdayNames,
  type GoalAlternative,
  type PlanForm,
  type PlanRefusal,
  type RaceDistance,
  type WeekdayName,
} from '../contract';
import { formatDayLong } from '../../shared/jakarta-time';
import { addDays, daysBetween, isoToPlanDate, planDateToIso, type IsoDay } from '../../shared/wire-date';
import { assessFitness, secondsForVdot, vdotFromPerformance } from '../engine/fitness';
import { buildPlan, planSpan } from '../engine/plan';
import { checkWorkouts } from './plan-checker';
import { MAX_RUNS_PER_WEEK, MIN_AGE, MIN_START_WEEK_KM, raceKm } from './rules';

export type GoalVerdict = { ok: true; notes: string[] } | { ok: false; refusal: PlanRefusal };

export const refusalMessages = {
  checkInput: 'Beberapa data Anda saling bertentangan. Periksa kembali, atau konfirmasi bahwa datanya benar agar program disusun dengan asumsi yang hati-hati.',
  confirmed: 'Anda mengonfirmasi data yang tidak biasa, jadi program memakai asumsi yang hati-hati:',
} as const;

/** The fastest VDOT a stated ability plausibly has (beyond it the best time is likely a typo). */
const ABILITY_MAX_VDOT: Record<PlanForm['kemampuanLari'], number> = { Pemula: 50, Menengah: 63, Mahir: 82 };
const NEW_RUNNER_MAX_VDOT = 55;
/** Faster than the world's best. */
const WORLD_CLASS_VDOT = 85;
/** Weekly km a stated ability plausibly runs. */
const ABILITY_MAX_WEEK: Record<PlanForm['kemampuanLari'], number> = { Pemula: 50, Menengah: 120, Mahir: 200 };
const PB_SPREAD_VDOT = 15;

const abilityLabel: Record<PlanForm['kemampuanLari'], string> = { Pemula: 'pemula', Menengah: 'menengah', Mahir: 'mahir' };
const formatKm = (km: number) => (Math.round(km * 10) / 10).toLocaleString('id-ID');
const formatVdot = (v: number) => (Math.round(v * 10) / 10).toLocaleString('id-ID');

function pbVdot(pb: PlanForm['personalBests'][number]): number | null {
  const seconds = hmsToSeconds(pb.time);
  return seconds ? vdotFromPerformance(raceKm(pb.distance) * 1000, seconds) : null;
}

interface InputProblem {
  path: string;
  message: string;
  /** What the conservative form does about it. */
  fix: (form: PlanForm) => { form: PlanForm; note: string };
}

function inputProblems(form: PlanForm): InputProblem[] {
  const problems: InputProblem[] = [];
  const vdots = form.personalBests.map(pbVdot);
  const dropPb = (i: number, why: string) => (f: PlanForm) => ({
    form: { ...f, personalBests: f.personalBests.filter((_, j) => j !== i) },
    note: `catatan waktu ${form.personalBests[i]!.distance} ${form.personalBests[i]!.time} tidak dipakai (${why}); pace dihitung dari perkiraan kemampuan yang hati-hati`,
  });
  form.personalBests.forEach((pb, i) => {
    const vdot = vdots[i];
    if (vdot === null || vdot === undefined) return;
    const path = `personalBests.${i}.time`;
    if (vdot > WORLD_CLASS_VDOT) {
      problems.push({ path, message: `Catatan waktu ${pb.distance} ${pb.time} lebih cepat dari rekor dunia. Periksa kembali waktunya.`, fix: dropPb(i, 'lebih cepat dari rekor dunia') });
    } else if (vdot > ABILITY_MAX_VDOT[form.kemampuanLari]) {
      problems.push({
        path,
        message: `Catatan waktu ${pb.distance} ${pb.time} (setara VDOT ${formatVdot(vdot)}) jauh di atas kemampuan pelari ${abilityLabel[form.kemampuanLari]}. Periksa kembali waktunya atau kemampuan lari Anda.`,
        fix: dropPb(i, `tidak sesuai kemampuan ${abilityLabel[form.kemampuanLari]}`),
      });
    } else if (form.runningExperience === '< 6 Bulan' && vdot > NEW_RUNNER_MAX_VDOT) {
      problems.push({
        path,
        message: `Catatan waktu ${pb.distance} ${pb.time} (setara VDOT ${formatVdot(vdot)}) sangat cepat untuk pengalaman lari kurang dari 6 bulan. Periksa kembali waktunya.`,
        fix: dropPb(i, 'tidak sesuai pengalaman lari'),
      });
    }
  });
  // Two best times that cannot belong to one runner.
  for (let i = 0; i < vdots.length; i++) {
    for (let j = i + 1; j < vdots.length; j++) {
      const [a, b] = [vdots[i], vdots[j]];
      if (a == null || b == null || Math.abs(a - b) <= PB_SPREAD_VDOT || problems.some((p) => p.path.startsWith('personalBests'))) continue;
      const fast = a > b ? i : j;
      const slow = a > b ? j : i;
      problems.push({
        path: `personalBests.${fast}.time`,
        message: `Catatan waktu ${form.personalBests[fast]!.distance} ${form.personalBests[fast]!.time} jauh lebih cepat dari ${form.personalBests[slow]!.distance} ${form.personalBests[slow]!.time}. Salah satunya mungkin salah ketik.`,
        fix: dropPb(fast, 'tidak sejalan dengan catatan waktu Anda yang lain'),
      });
    }
  }
  const weekFix = (why: string) => (f: PlanForm) => {
    const km = Math.max(MIN_START_WEEK_KM[f.kemampuanLari], Math.min(f.jarakMingguan, Math.max(f.lariTerjauh, 3) * 3, ABILITY_MAX_WEEK[f.kemampuanLari]));
    return { form: { ...f, jarakMingguan: km }, note: `jarak mingguan dihitung ${formatKm(km)} km, bukan ${formatKm(form.jarakMingguan)} km (${why})` };
  };
  if (form.jarakMingguan > 15 && form.jarakMingguan > 7 * Math.max(form.lariTerjauh, 1)) {
    problems.push({
      path: 'jarakMingguan',
      message: `Jarak mingguan ${formatKm(form.jarakMingguan)} km lebih dari 7 × lari terjauh Anda (${formatKm(form.lariTerjauh)} km). Periksa kembali salah satunya.`,
      fix: weekFix('tidak sejalan dengan lari terjauh'),
    });
  } else if (form.jarakMingguan > ABILITY_MAX_WEEK[form.kemampuanLari]) {
    problems.push({
      path: 'jarakMingguan',
      message: `Jarak mingguan ${formatKm(form.jarakMingguan)} km tidak biasa untuk pelari ${abilityLabel[form.kemampuanLari]}. Periksa kembali jarak mingguan atau kemampuan lari Anda.`,
      fix: weekFix(`tidak biasa untuk pelari ${abilityLabel[form.kemampuanLari]}`),
    });
  }
  return problems;
}

/** The contradictions in a form, as field errors (empty when the inputs hang together). */
export function checkInputs(form: PlanForm): { path: string; message: string }[] {
  return inputProblems(form).map(({ path, message }) => ({ path, message }));
}

/** The form with the doubtful inputs replaced by cautious ones, and a note saying what was assumed. */
export function conservativeForm(form: PlanForm): { form: PlanForm; notes: string[] } {
  const problems = inputProblems(form);
  if (problems.length === 0) return { form, notes: [] };
  let current = form;
  const parts: string[] = [];
  // Later problems first, so index-based fixes of personal bests stay right.
  for (const problem of [...problems].reverse()) {
    const fixed = problem.fix(current);
    current = fixed.form;
    parts.unshift(fixed.note);
  }
  return { form: current, notes: [`${refusalMessages.confirmed} ${parts.join('; ')}.`] };
}

// ---- Goals ----

/** How much fitter (VDOT share) a runner can safely get by race day. */
function achievableVdot(form: PlanForm, weeks: number): number {
  const fitness = assessFitness(form);
  const rate = { Pemula: 0.01, Menengah: 0.006, Mahir: 0.004 }[form.kemampuanLari];
  const cap = { Pemula: 0.12, Menengah: 0.08, Mahir: 0.05 }[form.kemampuanLari];
  // The finish time we suggest follows the runner's own (estimated) fitness; the refusal itself is
  // lenient without a best time (reach() judges those goals by what the ability plausibly runs).
  // A best time may be a season old: a little (2 %) is granted before the weeks of training count.
  return fitness.vdot * (1 + Math.min(cap, 0.02 + Math.max(0, weeks) * rate));
}

/** A finish time rounded up to the whole minute, hh:mm:ss. */
const roundUpMinute = (seconds: number) => secondsToHms(Math.ceil(seconds / 60) * 60);

interface Reach {
  ok: boolean;
  /** Why not (a clause, Indonesian). */
  why: string | null;
  /** The distance works but the time goal does not. */
  timeOnly: boolean;
  /** The time the runner can aim at by race day. */
  finishTime: string;
}

/** Whether a race form can be planned safely: the engine's plan reaches it and the time goal is within reach. */
function reach(form: PlanForm): Reach {
  const distance = form.kategoriTargetRace!;
  const span = planSpan(form);
  const race = span.endDay;
  const weeks = daysBetween(span.startDay, race) / 7;
  const vdot = achievableVdot(form, weeks);
  const finishTime = roundUpMinute(secondsForVdot(vdot, raceKm(distance) * 1000));
  if (form.umur < MIN_AGE[distance]) return { ok: false, why: `${distance} dianjurkan untuk usia minimal ${MIN_AGE[distance]} tahun`, timeOnly: false, finishTime };
  if (form.hariLatihan.length < 2) return { ok: false, why: 'persiapan race membutuhkan minimal 2 hari lari per minggu', timeOnly: false, finishTime };
  const built = buildPlan(form, span);
  if (!built.complete) return { ok: false, why: built.shortfall, timeOnly: false, finishTime };
  // The engine's plan must keep every rule (a last guard: the rules and the engine must agree).
  const violations = checkWorkouts(built.workouts, form, span);
  if (violations.length > 0) return { ok: false, why: violations[0]!.message.replace(/\.$/, '').toLowerCase(), timeOnly: false, finishTime };
  const target = form.targetWaktu ? hmsToSeconds(form.targetWaktu) : null;
  if (target) {
    const needed = vdotFromPerformance(raceKm(distance) * 1000, target);
    // Without a best time we cannot know the runner's fitness: only a goal beyond what the stated ability runs is refused.
    const within = assessFitness(form).source === 'personal-best' ? needed <= vdot * 1.03 : needed <= ABILITY_MAX_VDOT[form.kemampuanLari];
    if (!within) {
      return {
        ok: false,
        why: `target waktu ${form.targetWaktu} membutuhkan kebugaran setara VDOT ${formatVdot(needed)}, sedangkan perkiraan kebugaran Anda di hari race sekitar VDOT ${formatVdot(vdot)}`,
        timeOnly: true,
        finishTime,
      };
    }
  }
  return { ok: true, why: null, timeOnly: false, finishTime };
}

const MAX_LATER_WEEKS = 52;

function withRace(form: PlanForm, day: IsoDay, changes: Partial<PlanForm> = {}): PlanForm {
  return { ...form, tanggalRace: isoToPlanDate(day), ...changes };
}

/** The first race date (same weekday, week by week) from which the goal works, within a year of the start. */
function laterRace(form: PlanForm): { form: PlanForm; weeks: number } | null {
  const race = planDateToIso(form.tanggalRace!)!;
  const start = planDateToIso(form.tanggalMulai)!;
  const maxK = Math.floor((MAX_LATER_WEEKS * 7 - daysBetween(start, race)) / 7);
  if (maxK < 1) return null;
  const at = (k: number) => {
    const day = addDays(race, 7 * k);
    let candidate = withRace(form, day);
    let r = reach(candidate);
    if (!r.ok && r.timeOnly) {
      candidate = { ...candidate, targetWaktu: r.finishTime };
      r = reach(candidate);
    }
    return r.ok ? candidate : null;
  };
  if (!at(maxK)) return null;
  let [lo, hi] = [0, maxK];
  while (hi - lo > 1) {
    const k = Math.floor((lo + hi) / 2);
    if (at(k)) hi = k;
    else lo = k;
  }
  return { form: at(hi)!, weeks: hi };
}

function shorterDistance(form: PlanForm): PlanForm | null {
  const index = raceDistances.indexOf(form.kategoriTargetRace!);
  for (let i = index - 1; i >= 0; i--) {
    const distance = raceDistances[i]!;
    const candidate: PlanForm = { ...form, kategoriTargetRace: distance, targetWaktu: null };
    const r = reach(candidate);
    const timed = { ...candidate, targetWaktu: r.finishTime };
    if (reach(timed).ok) return timed;
  }
  return null;
}

/** Training days added (spread over the week) up to what the runner's level allows. */
function moreDays(form: PlanForm): PlanForm | null {
  const max = MAX_RUNS_PER_WEEK[form.kemampuanLari];
  const days = new Set<WeekdayName>(form.hariLatihan);
  // Add the day farthest from the days already chosen, one at a time.
  const gap = (a: number, b: number) => Math.min((a - b + 7) % 7, (b - a + 7) % 7);
  while (days.size < Math.min(max, 7)) {
    const chosen = weekdayNames.map((d, i) => (days.has(d) ? i : -1)).filter((i) => i >= 0);
    const next = weekdayNames
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => !days.has(d))
      .sort((a, b) => Math.min(...chosen.map((c) => gap(c, b.i))) - Math.min(...chosen.map((c) => gap(c, a.i))))[0]!;
    days.add(next.d);
    const candidate: PlanForm = { ...form, hariLatihan: weekdayNames.filter((d) => days.has(d)) };
    const r = reach(candidate);
    if (r.ok) return candidate;
    // The days were the problem and the time goal is the rest: the time the runner can aim at.
    if (r.timeOnly) {
      const timed = { ...candidate, targetWaktu: r.finishTime };
      return reach(timed).ok ? timed : null;
    }
  }
  return null;
}

/** The race day as the runner reads it ('Minggu, 6 Desember 2026'), not the form's DD-MM-YYYY. */
const dayText = (form: PlanForm) => {
  const day = planDateToIso(form.tanggalRace!);
  return day ? formatDayLong(day) : form.tanggalRace!;
};

/**
 * Whether a race goal can be planned safely in the time given; when not, why and the alternatives.
 * Fitness goals ('Menjaga Kebugaran') always can.
 */
export function assessGoal(form: PlanForm, _today?: IsoDay): GoalVerdict {
  if (form.targetLatihan !== 'Race Selanjutnya' || !form.tanggalRace || !form.kategoriTargetRace) return { ok: true, notes: [] };
  const r = reach(form);
  if (r.ok) return { ok: true, notes: [] };
  const distance = form.kategoriTargetRace;
  const alternatives: GoalAlternative[] = [];
  if (r.timeOnly) {
    alternatives.push({
      kind: 'finish-time',
      message: `Tetap ${distance} pada ${dayText(form)} dengan target finish ${r.finishTime}, sesuai perkiraan kemampuan Anda di hari race.`,
      targetWaktu: r.finishTime,
    });
  }
  const later = laterRace(form);
  if (later) {
    alternatives.push({
      kind: 'later-race',
      message: `${distance} pada ${later.form.tanggalRace} (${later.weeks} minggu lebih lambat)${later.form.targetWaktu !== form.targetWaktu ? ` dengan target ${later.form.targetWaktu}` : ''}: cukup waktu untuk membangun volume dan long run dengan aman.`,
      tanggalRace: later.form.tanggalRace!,
      ...(later.form.targetWaktu !== form.targetWaktu && later.form.targetWaktu ? { targetWaktu: later.form.targetWaktu } : {}),
    });
  }
  if (!r.timeOnly) {
    const days = moreDays(form);
    if (days) {
      const timeChanged = days.targetWaktu !== form.targetWaktu && !!days.targetWaktu;
      alternatives.push({
        kind: 'more-days',
        message: `Tetap ${distance} pada ${dayText(form)} dengan ${days.hariLatihan.length} hari lari per minggu (${days.hariLatihan.join(', ')})${timeChanged ? ` dan target finish ${days.targetWaktu}` : ''}.`,
        hariLatihan: [...days.hariLatihan],
        ...(timeChanged ? { targetWaktu: days.targetWaktu! } : {}),
      });
    }
    const shorter = shorterDistance(form);
    if (shorter) {
      alternatives.push({
        kind: 'shorter-distance',
        message: `${shorter.kategoriTargetRace} pada tanggal yang sama (${dayText(form)}) dengan target ${shorter.targetWaktu}.`,
        kategoriTargetRace: shorter.kategoriTargetRace!,
        targetWaktu: shorter.targetWaktu!,
      });
    }
  }
  // Nothing near the goal works: a shorter race later on is still a goal to train for.
  if (alternatives.length === 0) {
    const index = raceDistances.indexOf(distance);
    for (let i = index - 1; i >= 0 && alternatives.length === 0; i--) {
      const shorterLater = laterRace({ ...form, kategoriTargetRace: raceDistances[i]!, targetWaktu: null });
      if (!shorterLater) continue;
      const time = shorterLater.form.targetWaktu ?? reach(shorterLater.form).finishTime;
      alternatives.push({
        kind: 'later-race',
        message: `${raceDistances[i]} pada ${shorterLater.form.tanggalRace} (${shorterLater.weeks} minggu lebih lambat) dengan target ${time}: jarak yang lebih pendek dengan waktu persiapan yang cukup.`,
        tanggalRace: shorterLater.form.tanggalRace!,
        kategoriTargetRace: raceDistances[i]!,
        targetWaktu: time,
      });
    }
  }
  const lead = r.timeOnly ? `Target waktu ${distance} Anda belum realistis untuk dicapai dengan aman pada ${dayText(form)}` : `Target ${distance} pada ${dayText(form)} belum bisa dicapai dengan aman`;
  const tail = alternatives.length > 0 ? ' Pilih salah satu alternatif di bawah ini, atau ubah formulirnya.' : ' Ubah target atau tanggal race di formulir.';
  return { ok: false, refusal: { code: 'GOAL_NOT_SAFE', message: `${lead}: ${r.why}.${tail}`, alternatives } };
}

/** The form an alternative stands for (what the client sends back). */
export function applyAlternative(form: PlanForm, alternative: GoalAlternative): PlanForm {
  return {
    ...form,
    ...(alternative.tanggalRace ? { tanggalRace: alternative.tanggalRace } : {}),
    ...(alternative.kategoriTargetRace ? { kategoriTargetRace: alternative.kategoriTargetRace } : {}),
    ...(alternative.targetWaktu ? { targetWaktu: alternative.targetWaktu } : {}),
    ...(alternative.hariLatihan ? { hariLatihan: alternative.hariLatihan } : {}),
  };
}

/** Form distances for the UI and the chat ('5K', …) in the order they grow. */
export const distancesByLength: readonly RaceDistance[] = raceDistances;
