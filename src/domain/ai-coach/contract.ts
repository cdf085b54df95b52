/**
 * The AI coach API's contract (spec §3, §5, §7). Every `/api/ai/*` route answers 403 with
 * PREMIUM_REQUIRED_MESSAGE unless the caller has premium access (active or trialing). Field names
 * are the spec's (Indonesian form fields); wire dates are DD-MM-YYYY; messages are Indonesian.
 */
import { z } from 'zod';
import { planDateSchema } from '../training-plan/contract';
import { periodizationValues } from '../training-plan/training-plan';
import { subscriptionStatuses } from '../subscriptions/subscription';

/** GET /api/ai/access: 200 with this when AI features are open to the caller. */
export const aiAccessResponseSchema = z.object({
  access: z.literal(true),
  subscription_status: z.enum(subscriptionStatuses),
  current_period_end: z.string().nullable(),
});
export type AiAccessResponse = z.infer<typeof aiAccessResponseSchema>;

// ---- The form's options (spec §9) ----
export const mainGoals = ['Menjaga Kebugaran', 'Race Selanjutnya'] as const;
export type MainGoal = (typeof mainGoals)[number];
export const fitnessFocuses = ['Jaga Kebugaran Umum', 'Tingkatkan Kecepatan Dasar', 'Tambah Jarak Lari'] as const;
export const experienceLevels = ['< 6 Bulan', '6-12 Bulan', '1-3 Tahun', '3+ Tahun'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];
export const abilityLevels = ['Pemula', 'Menengah', 'Mahir'] as const;
export type AbilityLevel = (typeof abilityLevels)[number];
export const genders = ['Laki-laki', 'Perempuan'] as const;
export const trackAccessOptions = ['Ya', 'Tidak'] as const;
/** Monday first, as the calendar. */
export const weekdayNames = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;
export type WeekdayName = (typeof weekdayNames)[number];
export const raceDistances = ['5K', '10K', 'Half Marathon', 'Full Marathon'] as const;
export type RaceDistance = (typeof raceDistances)[number];
export const raceDistanceKm: Record<RaceDistance, number> = { '5K': 5, '10K': 10, 'Half Marathon': 21.0975, 'Full Marathon': 42.195 };

/** A 'Menjaga Kebugaran' programme lasts 4 weeks (spec §9). */
export const FITNESS_PROGRAMME_DAYS = 28;
/** The longest race programme we build. */
export const MAX_PROGRAMME_WEEKS = 52;
export const MAX_WEEKLY_KM = 250;
export const MAX_LONGEST_RUN_KM = 100;

export const aiMessages = {
  premiumRequired: 'Fitur ini hanya tersedia untuk pengguna dengan langganan aktif atau dalam masa percobaan.',
  needsPlan: 'Anda harus memiliki program latihan aktif untuk menggunakan fitur ini.',
  badOutput: 'AI tidak mengembalikan format yang diharapkan.',
  createFailed: 'Gagal membuat program latihan. Silakan coba lagi.',
  chatFailed: 'Maaf, terjadi kesalahan saat menghubungi AI. Silakan coba lagi.',
  approveFailed: 'Maaf, terjadi kesalahan saat menyetujui perubahan. Silakan coba lagi.',
  imageFailed: 'Gagal menganalisis gambar. Silakan coba lagi.',
  imageUnreadable: 'Gagal menganalisis gambar. Pastikan gambar menampilkan data latihan yang jelas.',
  imageNotImage: 'Harap pilih file gambar yang valid',
  imageTooLarge: 'Ukuran file terlalu besar. Maksimal 10MB',
  timeout: 'AI terlalu lama merespons. Silakan coba lagi.',
  rateLimited: 'Terlalu banyak permintaan ke AI. Tunggu sebentar lalu coba lagi.',
  quotaExceeded: 'Batas harian penggunaan AI Anda sudah tercapai. Silakan coba lagi besok.',
  draftNotFound: 'Draf program tidak ditemukan atau sudah kedaluwarsa. Silakan buat ulang programnya.',
  draftSaved: 'Draf program ini sudah disimpan.',
  needsProfile: "Perubahan ini membutuhkan data program AI Anda. Buat program lewat 'Buat Program Latihan dengan AI' terlebih dahulu.",
  changeAfterAccessEnd: 'Perubahan hanya bisa diterapkan sampai akhir masa langganan Anda.',
  saveFailed: 'Gagal menyimpan jadwal.',
  // The form (spec §5: all fields required except riwayatCidera and catatanLainnya).
  ageRequired: 'Umur wajib diisi.',
  ageRange: 'Umur harus di antara 10 dan 90 tahun.',
  genderRequired: 'Pilih jenis kelamin.',
  experienceRequired: 'Pilih pengalaman lari.',
  abilityRequired: 'Pilih kemampuan lari.',
  weeklyKmRequired: 'Jarak mingguan wajib diisi (km).',
  weeklyKmRange: `Jarak mingguan harus di antara 0 dan ${MAX_WEEKLY_KM} km.`,
  longestRunRequired: 'Lari terjauh wajib diisi (km).',
  longestRunRange: `Lari terjauh harus di antara 0 dan ${MAX_LONGEST_RUN_KM} km.`,
  startRequired: 'Tanggal mulai wajib diisi.',
  startBeforeToday: 'Tanggal mulai tidak boleh sebelum hari ini.',
  goalRequired: 'Pilih target latihan.',
  raceDateRequired: 'Tanggal race wajib diisi.',
  raceBeforeStart: 'Tanggal race tidak boleh sebelum tanggal mulai.',
  raceTooFar: `Tanggal race paling lambat ${MAX_PROGRAMME_WEEKS} minggu setelah tanggal mulai.`,
  raceCategoryRequired: 'Pilih kategori target race.',
  targetTimeRequired: 'Target waktu wajib diisi (hh:mm:ss).',
  timeFormat: 'Waktu harus berformat hh:mm:ss.',
  focusRequired: 'Pilih fokus kebugaran.',
  trainingDaysRequired: 'Pilih minimal satu hari latihan.',
  longRunDayRequired: 'Pilih hari long run.',
  longRunDayNotTrainingDay: 'Hari long run harus salah satu dari hari latihan.',
  trackRequired: 'Pilih akses trek.',
  personalBestDistance: 'Pilih jarak catatan waktu terbaik.',
  endDateMismatch: 'Tanggal selesai tidak sesuai dengan target latihan.',
  startDateMismatch: 'Tanggal mulai program harus sama dengan tanggal mulai di formulir.',
} as const;

const HMS = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;
/** 'hh:mm:ss' → seconds (null when the text is not one). */
export function hmsToSeconds(value: string): number | null {
  const m = HMS.exec(value.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}
export function secondsToHms(total: number): string {
  const s = Math.max(0, Math.round(total));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const hmsSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .refine((v) => (hmsToSeconds(v) ?? 0) > 0, aiMessages.timeFormat);

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });
const km = (required: string, range: string, max: number) =>
  z.number({ error: required }).min(0, range).max(max, range);

export const personalBestSchema = z.object({
  distance: choice(raceDistances, aiMessages.personalBestDistance),
  time: hmsSchema(aiMessages.timeFormat),
});
export type PersonalBest = z.infer<typeof personalBestSchema>;

/**
 * POST /api/ai/createplan: the form's fields by their spec §3 names, plus startDate and endDate.
 * Cross-field rules that need "today" (start not in the past) are checked by the route.
 */
export const createPlanRequestSchema = z
  .object({
    umur: z.number({ error: aiMessages.ageRequired }).int(aiMessages.ageRange).min(10, aiMessages.ageRange).max(90, aiMessages.ageRange),
    jenisKelamin: choice(genders, aiMessages.genderRequired),
    runningExperience: choice(experienceLevels, aiMessages.experienceRequired),
    kemampuanLari: choice(abilityLevels, aiMessages.abilityRequired),
    riwayatCidera: z.string().trim().max(500, 'Riwayat cedera maksimal 500 karakter.').optional().default(''),
    personalBests: z.array(personalBestSchema).max(4, 'Maksimal 4 catatan waktu terbaik.').optional().default([]),
    jarakMingguan: km(aiMessages.weeklyKmRequired, aiMessages.weeklyKmRange, MAX_WEEKLY_KM),
    lariTerjauh: km(aiMessages.longestRunRequired, aiMessages.longestRunRange, MAX_LONGEST_RUN_KM),
    tanggalMulai: planDateSchema,
    targetLatihan: choice(mainGoals, aiMessages.goalRequired),
    tanggalRace: planDateSchema.optional().nullable(),
    kategoriTargetRace: choice(raceDistances, aiMessages.raceCategoryRequired).optional().nullable(),
    targetWaktu: z.string().trim().max(20).optional().nullable(),
    hariLatihan: z
      .array(choice(weekdayNames, aiMessages.trainingDaysRequired), { error: aiMessages.trainingDaysRequired })
      .min(1, aiMessages.trainingDaysRequired)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Hari latihan tidak boleh berulang.'),
    hariLongRun: choice(weekdayNames, aiMessages.longRunDayRequired),
    aksesTrek: choice(trackAccessOptions, aiMessages.trackRequired),
    kebugaranFocus: choice(fitnessFocuses, aiMessages.focusRequired).optional().nullable(),
    catatanLainnya: z.string().trim().max(500, 'Catatan lainnya maksimal 500 karakter.').optional().default(''),
    /** The runner confirms inputs the coach found contradictory (CHECK_INPUT): the plan then assumes conservatively. */
    confirmInputs: z.boolean().optional().default(false),
    /** The runner says a doctor cleared them to train (after SEE_A_DOCTOR). */
    medicalClearance: z.boolean().optional().default(false),
    startDate: planDateSchema.optional(),
    endDate: planDateSchema.optional(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!form.hariLatihan.includes(form.hariLongRun)) issue('hariLongRun', aiMessages.longRunDayNotTrainingDay);
    if (form.targetLatihan === 'Race Selanjutnya') {
      if (!form.tanggalRace) issue('tanggalRace', aiMessages.raceDateRequired);
      if (!form.kategoriTargetRace) issue('kategoriTargetRace', aiMessages.raceCategoryRequired);
      if (!form.targetWaktu) issue('targetWaktu', aiMessages.targetTimeRequired);
      else if ((hmsToSeconds(form.targetWaktu) ?? 0) <= 0) issue('targetWaktu', aiMessages.timeFormat);
    } else if (!form.kebugaranFocus) issue('kebugaranFocus', aiMessages.focusRequired);
  });
export type CreatePlanRequest = z.input<typeof createPlanRequestSchema>;
/** The validated form the engine and the adapters read. */
export type PlanForm = z.output<typeof createPlanRequestSchema>;

// ---- Honest refusals (issue 25 §3): 422 instead of a plan ----
export const refusalCodes = ['GOAL_NOT_SAFE', 'CHECK_INPUT', 'SEE_A_DOCTOR'] as const;
export type RefusalCode = (typeof refusalCodes)[number];
export const goalAlternativeKinds = ['later-race', 'shorter-distance', 'finish-time', 'more-days'] as const;
/** One way to a goal that is safe: the form fields to send again with createplan. */
export const goalAlternativeSchema = z.object({
  kind: z.enum(goalAlternativeKinds),
  message: z.string().describe('What the alternative means for the runner (Indonesian)'),
  tanggalRace: z.string().optional().describe('DD-MM-YYYY'),
  kategoriTargetRace: z.enum(raceDistances).optional(),
  targetWaktu: z.string().optional().describe('hh:mm:ss'),
  hariLatihan: z.array(z.enum(weekdayNames)).optional().describe('more-days: the training days to run on'),
});
export type GoalAlternative = z.infer<typeof goalAlternativeSchema>;
export const planRefusalSchema = z.object({
  code: z.enum(refusalCodes),
  message: z.string(),
  /** GOAL_NOT_SAFE: safe ways to a goal; each resent with the form gives a plan. */
  alternatives: z.array(goalAlternativeSchema).optional(),
  /** CHECK_INPUT: the contradictory fields; resend with confirmInputs: true to proceed. */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type PlanRefusal = z.infer<typeof planRefusalSchema>;
/** The 422 of createplan and modify: a refusal above, or another unprocessable request (its own code). */
export const aiUnprocessableSchema = planRefusalSchema.extend({
  code: z.string().describe("GOAL_NOT_SAFE, CHECK_INPUT or SEE_A_DOCTOR (a refusal), or another code (e.g. SAFETY_HOLD, AI_NEEDS_PROFILE)"),
});

/** A run of a generated plan, in the stored run's shape (spec §3 Run); `generatedby` is always 'ai'. */
export const plannedRunSchema = z.object({
  date: z.string().describe('DD-MM-YYYY'),
  title: z.string(),
  program: z.string().describe('e.g. (10k)'),
  paceRange: z.string().describe("e.g. 5'30 - 6'00"),
  color: z.string(),
  periodization: z.enum(periodizationValues).nullable(),
  generatedby: z.literal('ai'),
});
export type PlannedRun = z.infer<typeof plannedRunSchema>;

export const fitnessSchema = z.object({
  vdot: z.number(),
  source: z.enum(['personal-best', 'estimate']),
  predictions: z.array(z.object({ distance: z.enum(raceDistances), time: z.string().describe('hh:mm:ss') })),
});
export type FitnessSummary = z.infer<typeof fitnessSchema>;

/** What createplan and modify answer: the runs for startDate..endDate and the draft to save them by. */
export const planDraftResponseSchema = z.object({
  trainingPlan: z.array(plannedRunSchema),
  startDate: z.string().describe('DD-MM-YYYY'),
  endDate: z.string().describe('DD-MM-YYYY'),
  draftId: z.string().describe('POST /api/ai/drafts/{draftId}/save stores these runs'),
  notes: z.array(z.string()).describe('What the coach wants the runner to know (in Indonesian)'),
  fitness: fitnessSchema.nullable(),
});
export type PlanDraftResponse = z.infer<typeof planDraftResponseSchema>;

// ---- Chat (spec §3 AI chat reply) ----
export const newWorkoutSchema = z.object({
  // It becomes a run's title: no control characters (line breaks, escapes) in the calendar.
  title: z.string().trim().min(1).max(100).regex(/^[^\p{Cc}]*$/u, 'Judul latihan mengandung karakter yang tidak valid.'),
  program: z.string().trim().max(100),
  pacerange: z.string().trim().max(40),
});

/**
 * Why runs are softened (rest): 'caution' after a health caution (fever, a fresh sprain, lasting
 * pain) and 'restart' after a doctor cleared a runner whose training was paused: only easy runs.
 */
export const restReasons = ['injury', 'illness', 'fatigue', 'busy', 'caution', 'restart'] as const;
/** Why runs are removed (pause): a red flag that stops training, or the rest days of a caution. */
export const pauseReasons = ['red-flag', 'caution'] as const;

/** What the built-in coach understood; adapters may leave it out (the instruction then says it). */
export const modificationActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), from: planDateSchema, to: planDateSchema }),
  z.object({ type: z.literal('volume'), factor: z.number().min(0.3).max(1.5) }),
  z.object({ type: z.literal('rest'), reason: z.enum(restReasons) }),
  /** No runs at all in the modification's range (issue 25 §4: red flags stop training). */
  z.object({ type: z.literal('pause'), reason: z.enum(pauseReasons) }),
  z.object({ type: z.literal('race'), raceDate: planDateSchema.optional(), raceDistance: z.enum(raceDistances).optional(), targetTime: z.string().max(20).optional() }),
]);
export type ModificationAction = z.infer<typeof modificationActionSchema>;

export const modificationSchema = z.object({
  instruction: z.string().trim().min(1).max(1000),
  startDate: planDateSchema.optional(),
  endDate: planDateSchema.optional(),
  date: planDateSchema.optional(),
  new_workout: newWorkoutSchema.optional(),
  action: modificationActionSchema.optional(),
});
export type Modification = z.infer<typeof modificationSchema>;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'ai']),
  content: z.string().max(4000),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const MAX_CHAT_HISTORY = 30;
export const chatRequestSchema = z.object({
  maingoal: z.string().trim().max(200).optional().default(''),
  chathistory: z.array(chatMessageSchema).max(MAX_CHAT_HISTORY, `Riwayat percakapan maksimal ${MAX_CHAT_HISTORY} pesan.`).optional().default([]),
  usermessage: z.string({ error: 'Pesan tidak boleh kosong.' }).trim().min(1, 'Pesan tidak boleh kosong.').max(1000, 'Pesan maksimal 1000 karakter.'),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const chatStatuses = ['COMPLETE', 'NEEDS_CLARIFICATION'] as const;
/** A health red flag found in the runner's message (issue 25 §4): shown above the chat, unmissable. */
export const safetyLevels = ['stop', 'caution'] as const;
export const chatSafetySchema = z.object({
  level: z.enum(safetyLevels),
  message: z.string().describe('What to do now (Indonesian); for stop it sends the runner to a doctor or IGD'),
});
export type ChatSafety = z.infer<typeof chatSafetySchema>;

/** Who is asking the chat: the runner, or their connected coach (decision 025), who may also change the runs they made. */
export type ChatActor = 'runner' | 'coach';

/** Messages of the safety hold (the server keeps it until the runner says a doctor cleared them). */
export const safetyMessages = {
  holdRefusal:
    'Program latihan Anda sedang dijeda karena keluhan kesehatan yang perlu diperiksa dokter. Perubahan yang menambah latihan baru bisa dibuat setelah dokter menyatakan Anda aman berlari; beri tahu AI Coach bila sudah.',
} as const;

export const chatReplySchema = z.object({
  clarification_question: z.string().nullable(),
  status: z.enum(chatStatuses),
  modifications: z.array(modificationSchema),
  safety: chatSafetySchema.optional(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

// ---- Modify (spec §3 AI modify reply) ----
export const modifyRequestSchema = z.object({
  // The client's copy is accepted for compatibility; the server works from the stored plan.
  trainingplan: z.array(z.unknown()).max(3000).optional(),
  modification: z.union([modificationSchema, z.array(modificationSchema).min(1).max(10)]),
});
export type ModifyRequest = z.input<typeof modifyRequestSchema>;

/** POST /api/ai/drafts/{draftId}/save. */
export const draftParamsSchema = z.object({ draftId: z.string().max(64) });

// ---- Screenshot reading (spec §3 Image parse reply) ----
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A data URL of 10 MB of image: base64 is 4/3 of it, plus the header. */
export const MAX_IMAGE_DATA_URL_CHARS = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100;
export const imageRequestSchema = z.object({
  image: z.string({ error: aiMessages.imageNotImage }).min(1, aiMessages.imageNotImage).max(MAX_IMAGE_DATA_URL_CHARS, aiMessages.imageTooLarge),
});
export const imageReadingSchema = z.object({
  distance: z.number().nullable().describe('km'),
  time: z.string().nullable().describe('hh:mm:ss (moving time when the screenshot shows both)'),
  avgHeartRate: z.number().int().nullable().describe('bpm'),
});
export type ImageReading = z.infer<typeof imageReadingSchema>;

// ---- Re-evaluation every 2 weeks (issue 11 §6) ----
export const evaluationDecisions = ['lighter', 'hold', 'progress'] as const;
export type EvaluationDecision = (typeof evaluationDecisions)[number];

/** What a two-weekly evaluation compared and decided (stored with it, shown with its note). */
export const evaluationSummarySchema = z.object({
  planned: z.number().int().describe('Runs the plan (AI or coach) had in the two weeks'),
  completed: z.number().int().describe('Of those, runs with a logged result'),
  completion: z.number().describe('completed / planned, 0–1'),
  plannedKm: z.number(),
  loggedKm: z.number(),
  extraRuns: z.number().int().describe('Runs the runner added and logged'),
  extraKm: z.number(),
  distanceScore: z.number().nullable().describe('Average distance score 0–10 (spec §5)'),
  paceScore: z.number().nullable().describe('Average pace score 0–10 (spec §5)'),
  heartRateScore: z.number().nullable().describe('Average heart-rate score 0–10 (spec §5)'),
  hardRuns: z.number().int().describe('Logged runs that showed strain'),
  hardness: z.object({ hrAboveZone: z.number().int(), paceTooSlow: z.number().int(), tooLong: z.number().int() }),
  decision: z.enum(evaluationDecisions),
  volumeFactor: z.number().describe('What the next two weeks’ volume was multiplied by'),
  reasons: z.array(z.string()),
  /** The planned km of the AI runs replaced in the next two weeks, before and after. */
  nextKmBefore: z.number().optional(),
  nextKmAfter: z.number().optional(),
});
export type EvaluationSummary = z.infer<typeof evaluationSummarySchema>;

/** GET /api/ai/evaluations/latest: the runner's latest evaluation, or null before the first. */
export const latestEvaluationResponseSchema = z.object({
  evaluation: z
    .object({
      note: z.string().describe('The short note for the calendar (Indonesian)'),
      windowStart: z.string().describe('DD-MM-YYYY'),
      windowEnd: z.string().describe('DD-MM-YYYY'),
      nextStart: z.string().describe('DD-MM-YYYY'),
      nextEnd: z.string().describe('DD-MM-YYYY'),
      createdAt: z.string().describe('ISO 8601'),
      summary: evaluationSummarySchema,
    })
    .nullable(),
});
export type LatestEvaluationResponse = z.infer<typeof latestEvaluationResponseSchema>;
