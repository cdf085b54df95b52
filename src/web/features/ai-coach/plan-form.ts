/**
 * 'Buat Program Latihan dengan AI' as pure functions (spec §3 AI programme form fields, §5 AI form,
 * §9 options): what the runner typed → the createplan request, checked with the contract's own
 * schema plus the rules that need today (start not in the past, race after the start), and the
 * form kept in localStorage so a refresh or a step back never loses it.
 */
import {
  aiMessages,
  createPlanRequestSchema,
  hmsToSeconds,
  FITNESS_PROGRAMME_DAYS,
  MAX_PROGRAMME_WEEKS,
  type CreatePlanRequest,
  type WeekdayName,
} from '../../../domain/ai-coach/contract';
import { addDays, isoToPlanDate, isValidIsoDay, type IsoDay } from '../../../domain/shared/wire-date';

export interface PersonalBestRow {
  distance: string;
  time: string;
}

/** The form as typed: every control's text (dates as the date input's YYYY-MM-DD). */
export interface PlanFormValues {
  umur: string;
  jenisKelamin: string;
  runningExperience: string;
  kemampuanLari: string;
  riwayatCidera: string;
  /** 'Belum punya catatan waktu': sends no personal bests. */
  noPersonalBests: boolean;
  personalBests: PersonalBestRow[];
  jarakMingguan: string;
  lariTerjauh: string;
  tanggalMulai: string;
  targetLatihan: string;
  tanggalRace: string;
  kategoriTargetRace: string;
  targetWaktu: string;
  kebugaranFocus: string;
  hariLatihan: string[];
  hariLongRun: string;
  aksesTrek: string;
  catatanLainnya: string;
  /** 'Dokter sudah mengizinkan saya berlatih': the runner's word after a SEE_A_DOCTOR refusal. */
  medicalClearance: boolean;
}

export const MAX_PERSONAL_BESTS = 4;
export const emptyPersonalBest = (): PersonalBestRow => ({ distance: '', time: '' });

export function emptyPlanForm(today: IsoDay): PlanFormValues {
  return {
    umur: '',
    jenisKelamin: '',
    runningExperience: '',
    kemampuanLari: '',
    riwayatCidera: '',
    noPersonalBests: false,
    personalBests: [emptyPersonalBest()],
    jarakMingguan: '',
    lariTerjauh: '',
    tanggalMulai: today,
    targetLatihan: '',
    tanggalRace: '',
    kategoriTargetRace: '',
    targetWaktu: '',
    kebugaranFocus: '',
    hariLatihan: [],
    hariLongRun: '',
    aksesTrek: '',
    catatanLainnya: '',
    medicalClearance: false,
  };
}

const text = (value: string) => value.trim();
const orUndefined = (value: string) => (text(value) === '' ? undefined : text(value));
/** '12,5' or '12.5' → 12.5; empty → undefined (the schema then says it is required); junk → NaN. */
const number = (value: string) => (text(value) === '' ? undefined : Number(text(value).replace(',', '.')));
const wireDay = (iso: string) => (isValidIsoDay(iso) ? isoToPlanDate(iso) : undefined);

/** The request the form's values make (unchecked: the schema decides what is missing). */
export function toPlanRequest(values: PlanFormValues): Record<string, unknown> {
  const race = values.targetLatihan === 'Race Selanjutnya';
  const start = wireDay(values.tanggalMulai);
  const raceDay = race ? wireDay(values.tanggalRace) : undefined;
  // The programme ends on race day, or after the 4 weeks of a fitness programme (spec §9).
  const end = start ? (race ? raceDay : wireDay(addDays(values.tanggalMulai, FITNESS_PROGRAMME_DAYS - 1))) : undefined;
  return {
    umur: number(values.umur),
    jenisKelamin: orUndefined(values.jenisKelamin),
    runningExperience: orUndefined(values.runningExperience),
    kemampuanLari: orUndefined(values.kemampuanLari),
    riwayatCidera: text(values.riwayatCidera),
    personalBests: values.noPersonalBests ? [] : values.personalBests.map((row) => ({ distance: orUndefined(row.distance), time: text(row.time) })),
    jarakMingguan: number(values.jarakMingguan),
    lariTerjauh: number(values.lariTerjauh),
    tanggalMulai: start,
    targetLatihan: orUndefined(values.targetLatihan),
    tanggalRace: race ? raceDay : null,
    kategoriTargetRace: race ? orUndefined(values.kategoriTargetRace) : null,
    targetWaktu: race ? orUndefined(values.targetWaktu) : null,
    kebugaranFocus: race ? null : orUndefined(values.kebugaranFocus),
    hariLatihan: values.hariLatihan,
    hariLongRun: orUndefined(values.hariLongRun),
    aksesTrek: orUndefined(values.aksesTrek),
    catatanLainnya: text(values.catatanLainnya),
    medicalClearance: values.medicalClearance,
    startDate: start,
    endDate: end,
  };
}

/** A field's path as the form names it ('umur', 'personalBests.0.time'). */
export type PlanFormErrors = Record<string, string>;

export type PlanFormCheck = { ok: true; request: CreatePlanRequest } | { ok: false; errors: PlanFormErrors };

/** The dates' rules (spec §5): start from today, race from the start and within MAX_PROGRAMME_WEEKS. */
function dateErrors(values: PlanFormValues, today: IsoDay): PlanFormErrors {
  const errors: PlanFormErrors = {};
  const start = values.tanggalMulai;
  if (!isValidIsoDay(start)) errors.tanggalMulai = aiMessages.startRequired;
  else if (start < today) errors.tanggalMulai = aiMessages.startBeforeToday;
  if (values.targetLatihan === 'Race Selanjutnya') {
    const race = values.tanggalRace;
    if (!isValidIsoDay(race)) errors.tanggalRace = aiMessages.raceDateRequired;
    else if (isValidIsoDay(start) && race < start) errors.tanggalRace = aiMessages.raceBeforeStart;
    else if (isValidIsoDay(start) && race > addDays(start, MAX_PROGRAMME_WEEKS * 7)) errors.tanggalRace = aiMessages.raceTooFar;
  }
  return errors;
}

/**
 * The contract's rules between fields. Its schema checks them only once every field is valid; a
 * form shows them together with the rest, so each is said here too.
 */
function crossFieldErrors(values: PlanFormValues): PlanFormErrors {
  const errors: PlanFormErrors = {};
  if (values.hariLongRun && !values.hariLatihan.includes(values.hariLongRun)) errors.hariLongRun = aiMessages.longRunDayNotTrainingDay;
  if (values.targetLatihan === 'Race Selanjutnya') {
    if (!text(values.kategoriTargetRace)) errors.kategoriTargetRace = aiMessages.raceCategoryRequired;
    if (!text(values.targetWaktu)) errors.targetWaktu = aiMessages.targetTimeRequired;
    else if ((hmsToSeconds(values.targetWaktu) ?? 0) <= 0) errors.targetWaktu = aiMessages.timeFormat;
  } else if (values.targetLatihan && !text(values.kebugaranFocus)) errors.kebugaranFocus = aiMessages.focusRequired;
  return errors;
}

/** Checks the form: the contract's schema (the server runs the same) and the date rules; the first message per field. */
export function checkPlanForm(values: PlanFormValues, today: IsoDay): PlanFormCheck {
  const parsed = createPlanRequestSchema.safeParse(toPlanRequest(values));
  const errors: PlanFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // The goal's own message when it is missing; the date rules below speak for the dates.
      if (path && !(path in errors)) errors[path] = issue.message;
    }
  }
  // hariLatihan's empty entries report on 'hariLatihan.N': say it once, on the group.
  for (const key of Object.keys(errors)) if (key.startsWith('hariLatihan.')) delete errors[key];
  delete errors.startDate;
  delete errors.endDate;
  delete errors.tanggalMulai;
  delete errors.tanggalRace;
  for (const [path, message] of Object.entries(crossFieldErrors(values))) errors[path] ??= message;
  Object.assign(errors, dateErrors(values, today));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: toPlanRequest(values) as CreatePlanRequest };
}

/** The training days in the calendar's order, whatever order they were ticked in. */
export function sortWeekdays(days: readonly string[], order: readonly WeekdayName[]): string[] {
  return [...days].sort((a, b) => order.indexOf(a as WeekdayName) - order.indexOf(b as WeekdayName));
}

// ---- Remembered between visits (this browser only) ----

const storageKey = (userId: string) => `derap:ai-plan-form:${userId}`;

/** The last form this runner filled in here, or an empty one; dates already past are dropped. */
export function loadPlanForm(userId: string, today: IsoDay, storage: Storage | null = safeStorage()): PlanFormValues {
  const empty = emptyPlanForm(today);
  try {
    const raw = storage?.getItem(storageKey(userId));
    if (!raw) return empty;
    const saved = JSON.parse(raw) as Partial<PlanFormValues>;
    const values: PlanFormValues = { ...empty };
    for (const key of Object.keys(empty) as (keyof PlanFormValues)[]) {
      const value = saved[key];
      if (value !== undefined && typeof value === typeof empty[key]) (values as unknown as Record<string, unknown>)[key] = value;
    }
    if (!Array.isArray(values.personalBests) || values.personalBests.length === 0) values.personalBests = [emptyPersonalBest()];
    values.personalBests = values.personalBests.slice(0, MAX_PERSONAL_BESTS).map((row) => ({ distance: String(row?.distance ?? ''), time: String(row?.time ?? '') }));
    if (!Array.isArray(values.hariLatihan)) values.hariLatihan = [];
    if (!isValidIsoDay(values.tanggalMulai) || values.tanggalMulai < today) values.tanggalMulai = today;
    if (values.tanggalRace && (!isValidIsoDay(values.tanggalRace) || values.tanggalRace < today)) values.tanggalRace = '';
    // A doctor's clearance is the runner's word for this programme, said again for the next one.
    values.medicalClearance = false;
    return values;
  } catch {
    return empty;
  }
}

export function savePlanForm(userId: string, values: PlanFormValues, storage: Storage | null = safeStorage()) {
  try {
    storage?.setItem(storageKey(userId), JSON.stringify(values));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
