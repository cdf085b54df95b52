/**
 * The training plan's public contract (spec §3, §7): shapes and validation shared by the server,
 * the web app and tests. Wire dates are DD-MM-YYYY; messages are the spec's Indonesian text.
 */
import { z } from 'zod';
import { planDateToIso } from './plan-date';

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
  titleRequired: 'Judul latihan tidak boleh kosong.',
  allOrNone: 'Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.',
  invalidResult: 'Data latihan tidak valid.',
  deleteNotUser: 'Hanya bisa menghapus aktivitas yang dibuat oleh user',
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

/** A DD-MM-YYYY wire date that must be a real calendar day. */
export const planDateSchema = z
  .string({ error: messages.dateRequired })
  .trim()
  .min(1, messages.dateRequired)
  .refine((value) => planDateToIso(value) !== null, messages.dateInvalid);

const distanceSchema = z
  .number({ error: 'Jarak lari harus berupa angka.' })
  .positive('Jarak lari harus lebih dari 0 km.')
  .max(MAX_RUN_DISTANCE_KM, `Jarak lari maksimal ${MAX_RUN_DISTANCE_KM} km.`);
const timeSchema = z
  .number({ error: 'Waktu lari harus berupa angka (detik).' })
  .int('Waktu lari harus dalam detik bulat.')
  .positive('Waktu lari harus lebih dari 0 detik.')
  .max(MAX_RUN_TIME_SECONDS, 'Waktu lari maksimal 48 jam.');
const heartRateSchema = z
  .number({ error: 'Rata-rata HR harus berupa angka.' })
  .int('Rata-rata HR harus bilangan bulat.')
  .min(MIN_HEART_RATE, `Rata-rata HR minimal ${MIN_HEART_RATE} bpm.`)
  .max(MAX_LOGGED_HEART_RATE, `Rata-rata HR maksimal ${MAX_LOGGED_HEART_RATE} bpm.`);
const paceSchema = z.number().positive().max(MAX_RUN_TIME_SECONDS);

/** A run as the API returns it. */
export const runSchema = z.object({
  _id: z.string(),
  date: z.string().describe('DD-MM-YYYY'),
  title: z.string(),
  program: z.string(),
  paceRange: z.string(),
  color: z.string(),
  periodization: z.enum(periodizationValues).nullable(),
  generatedby: z.enum(generatedByValues),
  trainingdistance: z.number().nullable().describe('km'),
  trainingtime: z.number().nullable().describe('seconds'),
  trainingpace: z.number().nullable().describe('seconds per km'),
  traininghr: z.number().nullable().describe('bpm'),
});
export type Run = z.infer<typeof runSchema>;

/** The plan container: clients read only the first of `trainingPlans`. */
export const planSchema = z.object({ _id: z.string(), trainingPlan: z.array(runSchema) });
export type TrainingPlan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ trainingPlans: z.array(planSchema) });

/** A run sent by a client. `color` and `trainingpace` are derived by the server, whatever is sent. */
export const runInputSchema = z.object({
  _id: z.string().max(64).optional(),
  date: planDateSchema,
  title: z.string({ error: messages.titleRequired }).trim().min(1, messages.titleRequired).max(100, 'Judul maksimal 100 karakter.'),
  program: z.string().trim().max(100, 'Program maksimal 100 karakter.').optional().default(''),
  paceRange: z.string().trim().max(40, 'Rentang pace maksimal 40 karakter.').optional().default(''),
  color: z.string().optional(),
  periodization: z.enum(periodizationValues, { error: 'Periodisasi harus Base, Build atau Taper.' }).nullable().optional(),
  generatedby: z.enum(generatedByValues, { error: 'Sumber aktivitas tidak dikenal.' }).optional(),
  trainingdistance: distanceSchema.nullable().optional(),
  trainingtime: timeSchema.nullable().optional(),
  trainingpace: paceSchema.nullable().optional(),
  traininghr: heartRateSchema.nullable().optional(),
});
export type RunInput = z.input<typeof runInputSchema>;

export const planInputSchema = z.object({
  trainingPlan: z
    .array(runInputSchema, { error: 'trainingPlan harus berupa daftar aktivitas.' })
    .max(MAX_RUNS_PER_REQUEST, `Maksimal ${MAX_RUNS_PER_REQUEST} aktivitas per permintaan.`),
});

/** PATCH of one run: a result and/or a new date. */
export const runPatchSchema = z
  .object({
    date: planDateSchema.optional(),
    trainingdistance: distanceSchema.nullable().optional(),
    trainingtime: timeSchema.nullable().optional(),
    trainingpace: paceSchema.nullable().optional(),
    traininghr: heartRateSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Tidak ada perubahan yang dikirim.' });
export type RunPatch = z.input<typeof runPatchSchema>;

type ResultFields = Pick<Run, 'trainingdistance' | 'trainingtime' | 'traininghr'>;

/** The runner's rule: distance, time and average HR are all filled or all empty. */
export function resultIsAllOrNone(result: ResultFields): boolean {
  const filled = [result.trainingdistance, result.trainingtime, result.traininghr].filter((v) => v !== null && v !== undefined);
  return filled.length === 0 || filled.length === 3;
}

export function hasResult(run: ResultFields): boolean {
  return run.trainingdistance !== null && run.trainingtime !== null;
}

/** Only runs the runner made may be deleted from the log modal. */
export function canDeleteRun(run: Pick<Run, 'generatedby'>): boolean {
  return run.generatedby === 'user';
}

/**
 * AI-made runs dated after the subscription end are locked: blurred, not clickable, not draggable.
 * A user who never had a subscription period has nothing to compare with, so nothing is locked.
 */
export function isRunLocked(run: Pick<Run, 'generatedby'> & { day: string }, periodEndDay: string | null): boolean {
  if (run.generatedby !== 'ai') return false;
  return periodEndDay !== null && run.day > periodEndDay;
}
