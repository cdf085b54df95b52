/**
 * The training plan's public contract (spec §3, §7): shapes and validation shared by the server,
 * the web app and tests. Wire dates are DD-MM-YYYY; messages are the spec's Indonesian text.
 */
import { z } from 'zod';
import { normalisePaceRange } from './pace';
import { MAX_PLAN_YEAR, MIN_PLAN_YEAR, planDateProblem, planDateToIso, type IsoDay } from '../shared/wire-date';
import { isValidProgram } from './training-program';

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

const dateMessages = { format: messages.dateInvalid, calendar: messages.dateNotInCalendar, range: messages.dateOutOfRange } as const;

/** A DD-MM-YYYY wire date that must be a real calendar day; each way of failing says what is wrong. */
export const planDateSchema = z
  .string({ error: messages.dateRequired })
  .trim()
  .min(1, { message: messages.dateRequired, abort: true })
  .check((ctx) => {
    const problem = planDateProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: dateMessages[problem], input: ctx.value });
  });

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
  locked: z.literal(false).describe('false: the whole run is shown'),
});
export type Run = z.infer<typeof runSchema>;

/** A locked AI run as every read returns it: no title, program, pace or result (the paywall). */
export const lockedRunSchema = z.object({
  _id: z.string(),
  date: z.string().describe('DD-MM-YYYY'),
  generatedby: z.enum(generatedByValues),
  locked: z.literal(true).describe("true: an AI run after the subscription end, shown as 'Kunci'"),
});
export type LockedRun = z.infer<typeof lockedRunSchema>;

/** A run of a plan as a reader sees it: whole, or its locked stub. */
export const planRunSchema = z.discriminatedUnion('locked', [runSchema, lockedRunSchema]);
export type PlanRun = Run | LockedRun;

/** The plan container: clients read only the first of `trainingPlans`. */
export const planSchema = z.object({ _id: z.string(), trainingPlan: z.array(planRunSchema) });
export type TrainingPlan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ trainingPlans: z.array(planSchema) });

/** A run sent by a client. `color` and `trainingpace` are derived by the server, whatever is sent. */
export const runInputSchema = z.object({
  _id: z.string().max(64).optional(),
  date: planDateSchema,
  title: z.string({ error: messages.titleRequired }).trim().min(1, messages.titleRequired).max(100, 'Judul maksimal 100 karakter.'),
  program: z
    .string()
    .trim()
    .max(100, { message: 'Program maksimal 100 karakter.', abort: true })
    .refine(isValidProgram, messages.programInvalid)
    .optional()
    .default(''),
  // Stored in the plan's own notation ("4'10 - 4'15"), whichever accepted shape was typed.
  paceRange: z
    .string()
    .trim()
    .max(40, { message: 'Rentang pace maksimal 40 karakter.', abort: true })
    .refine((value) => normalisePaceRange(value) !== null, messages.paceRangeInvalid)
    .overwrite((value) => normalisePaceRange(value) ?? value)
    .optional()
    .default(''),
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

/**
 * A locked run sent back in a PUT exactly as it was read: it means "leave this run as it is".
 * Its date and maker, when sent, must still be what is stored.
 */
export const lockedRunInputSchema = z.object({
  _id: z.string({ error: messages.runNoId }).max(64),
  date: z.string().max(20).optional(),
  generatedby: z.enum(generatedByValues, { error: 'Sumber aktivitas tidak dikenal.' }).optional(),
  locked: z.literal(true),
});
export type LockedRunInput = z.infer<typeof lockedRunInputSchema>;

/** One item of a PUT: a whole run (new, or kept by its `_id`), or a locked run's stub. */
export const replaceItemSchema = z.discriminatedUnion(
  'locked',
  [runInputSchema.extend({ locked: z.literal(false).optional() }), lockedRunInputSchema],
  { error: 'locked harus true atau false.' },
);
export type ReplaceItem = z.input<typeof replaceItemSchema>;

export const replaceInputSchema = z.object({
  trainingPlan: z
    .array(replaceItemSchema, { error: 'trainingPlan harus berupa daftar aktivitas.' })
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
