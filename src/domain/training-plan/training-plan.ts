/**
 * The training plan's rules (spec §2, §3): who made a run, limits, the paywall, and the spec's
 * Indonesian messages, shared by the server, the web app and tests. The endpoints' schemas and the
 * run shapes are in contract.ts. Wire dates are DD-MM-YYYY.
 */
import { MAX_PLAN_YEAR, MIN_PLAN_YEAR, planDateToIso, type IsoDay } from '../shared/wire-date';
import type { LockedRun, PlanRun, Run } from './contract';

export const generatedByValues = ['user', 'coach', 'ai'] as const;
export type GeneratedBy = (typeof generatedByValues)[number];
export const periodizationValues = ['Base', 'Build', 'Taper'] as const;

export const MAX_RUN_DISTANCE_KM = 300;
export const MAX_RUN_TIME_SECONDS = 48 * 3600;
export const MIN_HEART_RATE = 30;
export const MAX_LOGGED_HEART_RATE = 250;
export const MAX_RUNS_PER_REQUEST = 1000;
export const MAX_RUNS_PER_PLAN = 3000;

export const messages = {
  dateRequired: 'Tanggal tidak boleh kosong.',
  dateInvalid: 'Tanggal harus berformat DD-MM-YYYY.',
  dateNotInCalendar: 'Tanggal tersebut tidak ada di kalender.',
  dateOutOfRange: `Tanggal harus di antara tahun ${MIN_PLAN_YEAR} dan ${MAX_PLAN_YEAR}.`,
  programInvalid: 'Program harus berupa jarak atau durasi, misalnya 10k, 8 km, HM, 6x800m atau 45 menit.',
  paceRangeInvalid: "Rentang pace harus berformat menit'detik per km antara 2'00 dan 20'00, misalnya 5'30 - 6'00.",
  aiRunsFromAiOnly: 'Aktivitas AI hanya bisa dibuat oleh AI Coach Derap.',
  coachRunsFromCoachOnly: 'Hanya pelatih yang dapat membuat aktivitas pelatih.',
  titleRequired: 'Judul latihan tidak boleh kosong.',
  allOrNone: 'Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.',
  /** The coach view's rule (spec §5): distance and time required, average HR optional. */
  coachDistanceAndTime: 'Jarak Lari dan Waktu wajib diisi. Rata-rata HR boleh dikosongkan.',
  deleteNotCoach: 'Hanya bisa menghapus aktivitas yang dibuat oleh pelatih',
  userRunsFromRunnerOnly: 'Aktivitas pelari hanya bisa dibuat oleh pelari.',
  invalidResult: 'Data latihan tidak valid.',
  resultInFuture: 'Hasil latihan baru bisa dicatat pada hari latihan atau sesudahnya.',
  deleteNotUser: 'Hanya bisa menghapus aktivitas yang Anda buat sendiri',
  deleteNoId: 'Aktivitas tidak memiliki ID, tidak bisa dihapus.',
  runNoId: 'Aktivitas tidak memiliki ID. Silakan sinkronkan dengan server.',
  planNotFound: 'ID rencana tidak ditemukan.',
  runNotFound: 'Aktivitas tidak ditemukan.',
  loadFailed: 'Gagal memuat jadwal latihan Anda. Periksa koneksi internet Anda.',
  createFailed: 'Gagal membuat jadwal. Silakan coba lagi.',
  saveFailed: 'Gagal menyimpan jadwal. Silakan coba lagi.',
  saveResultFailed: 'Gagal menyimpan hasil latihan',
  moveFailed: 'Gagal memperbarui tanggal latihan.',
  todayFailed: 'Gagal memuat latihan hari ini',
  weekFailed: 'Gagal memuat data latihan minggu ini',
  todayEmpty: 'Tidak ada latihan untuk hari ini.',
  weekEmpty: 'Tidak ada data latihan untuk minggu ini.',
  upcomingEmpty: 'Tidak ada latihan mendatang.',
  locked: 'Program ini dibatasi',
  tooManyRuns: `Maksimal ${MAX_RUNS_PER_PLAN} aktivitas dalam satu program latihan.`,
} as const;

type ResultFields = Pick<Run, 'trainingdistance' | 'trainingtime' | 'traininghr'>;

/** The runner's rule: distance, time and average HR are all filled or all empty. */
export function resultIsAllOrNone(result: ResultFields): boolean {
  const filled = [result.trainingdistance, result.trainingtime, result.traininghr].filter((v) => v !== null && v !== undefined);
  return filled.length === 0 || filled.length === 3;
}

/**
 * The coach's rule when logging for a runner (spec §5): distance and time both, HR optional; or
 * nothing at all (a cleared result).
 */
export function coachResultIsComplete(result: ResultFields): boolean {
  const has = (v: number | null | undefined) => v !== null && v !== undefined;
  if (!has(result.trainingdistance) && !has(result.trainingtime) && !has(result.traininghr)) return true;
  return has(result.trainingdistance) && has(result.trainingtime);
}

export function hasResult(run: ResultFields): boolean {
  return run.trainingdistance !== null && run.trainingtime !== null;
}

/**
 * A result can be logged for a run dated today or earlier (Asia/Jakarta): a run dated in the future
 * has not been run yet. Moving a run that holds a result into the future is refused for the same reason.
 */
export function canLogResultOn(day: IsoDay, today: IsoDay): boolean {
  return day <= today;
}

/** Only runs the runner made may be deleted from the log modal; in the coach view, only the coach's. */
export function canDeleteRun(run: Pick<Run, 'generatedby'>, view: 'runner' | 'coach' = 'runner'): boolean {
  return run.generatedby === (view === 'coach' ? 'coach' : 'user');
}


/**
 * The paywall (spec §2): an AI-made run is locked when it is dated after the plan owner's access end,
 * and every AI run is locked for an owner with no access at all. Runs the runner or a coach made
 * never are. The lock follows the owner's subscription whoever looks (the runner, later their coach).
 * The one rule every read and write path of the server asks.
 */
export function isRunLocked(run: { generatedby: GeneratedBy; day: IsoDay }, accessEnd: IsoDay | null): boolean {
  if (run.generatedby !== 'ai') return false;
  return accessEnd === null || run.day > accessEnd;
}

/** What may be shown of a locked run: that it exists, when, and who made it. */
export function lockedStub(run: Pick<Run, '_id' | 'date' | 'generatedby'>): LockedRun {
  return { _id: run._id, date: run.date, generatedby: run.generatedby, locked: true };
}

/** A run as a reader of the plan may see it. An AI run whose date cannot be read stays locked (fail closed). */
export function visibleRun(run: Run, accessEnd: IsoDay | null): PlanRun {
  const day = planDateToIso(run.date);
  if (day === null) return run.generatedby === 'ai' ? lockedStub(run) : run;
  return isRunLocked({ generatedby: run.generatedby, day }, accessEnd) ? lockedStub(run) : run;
}
