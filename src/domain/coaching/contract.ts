/**
 * The coaching API's contract (runner-and-coach §3, §7; events-and-coach-pages §3, §5, §7): coach
 * profile and packages, the connections (package slots) a coach fills with runners, the public
 * coach page, the package purchase and the coach's earnings. The routes validate with these
 * schemas and the web app reads its types from them. Prices are never taken from a client for a
 * purchase: the server reads the package. Pure: no I/O.
 */
import { z } from 'zod';
import { coachInvitationStatuses, coachVerificationStatuses, connectionStatuses, packageShownModes, UNIQUE_LINK_PATTERN } from './coaching';

/** Every Indonesian message of the coaching side, verbatim from the spec where it gives one. */
export const coachingMessages = {
  // runner-and-coach §5, §8
  invalidEmail: 'Masukkan email yang valid!',
  /** Spec: "the user with that email is not yet registered on the product (Indonesian text, with the product's name)". */
  userNotRegistered: (email: string) => `Pengguna dengan email ${email} belum terdaftar di Derap. Minta pelari mendaftar di Derap terlebih dahulu.`,
  /** The spec's success text of a direct connection; since issue 26 §4 the coach's connect only invites (invitationMessages.sent). */
  connected: 'Pelari berhasil dihubungkan!',
  connectFailed: 'Gagal menghubungkan pelari.',
  connectNetwork: 'Terjadi kesalahan saat menghubungkan pelari.',
  removeFailed: 'Gagal menghapus pelari dari paket.',
  removeNetwork: 'Terjadi kesalahan saat menghapus pelari.',
  removeOnlyFreeslotTitle: 'Opsi Tidak Tersedia',
  removeOnlyFreeslot: 'Opsi hapus pelari hanya tersedia untuk slot gratis.',
  listFailed: 'Gagal memuat daftar pelari',
  connectionsFailed: 'Gagal memuat daftar koneksi. Periksa koneksi internet Anda.',
  emptyList: 'Tidak ada pelari ditemukan.',
  noRunners: 'Belum ada pelari yang terhubung',
  pickRunner: '-- Pilih Pelari --',
  /** The spec's English 'Please select a runner to view their training plan.' said in Indonesian. */
  selectRunner: 'Pilih pelari untuk melihat jadwal latihannya.',
  notYourRunner: 'Pelari ini tidak terhubung dengan Anda atau masa paketnya sudah berakhir.',
  slotNotFound: 'Slot paket tidak ditemukan.',
  slotTaken: 'Slot ini sudah diisi pelari lain.',
  alreadyConnected: 'Pelari ini sudah terhubung dengan Anda.',
  connectionEnded: 'Hubungan dengan pelatih telah diakhiri.',
  // schedule upload (runner-and-coach §5, §8)
  scheduleFormat: 'Format file harus PNG, JPG, atau PDF',
  scheduleSize: 'Ukuran file maksimal 10MB',
  scheduleNone: 'Pilih file terlebih dahulu.',
  scheduleUnexpected: 'AI tidak mengembalikan format yang diharapkan.',
  scheduleParseFailed: (detail: string) => `Gagal parsing hasil AI: ${detail}`,
  scheduleUploadFailed: 'Gagal mengunggah jadwal.',
  // issue 26 §6: a file beyond the reader's limits (pages, inflated size, time) is refused, not parsed on and on
  scheduleTooComplex: 'File jadwal terlalu besar atau rumit untuk dibaca (maksimal 30 halaman). Unggah jadwal yang lebih ringkas.',
  // events-and-coach-pages §5, §8
  required: 'Wajib diisi',
  minDuration: 'Minimal 1 bulan',
  notNegative: 'Tidak boleh negatif',
  receivedZero: 'Harga yang diterima tidak boleh 0. Silakan perbaiki harga atau durasi.',
  noProfile: 'Anda belum memiliki profile!',
  profileNotFound: 'Profil tidak ditemukan.',
  profileSaveFailed: 'Gagal menyimpan profil!',
  noPackages: 'Anda belum memiliki paket latihan!',
  packagesFailed: 'Gagal mengambil data paket!',
  packageSaveFailed: 'Gagal menyimpan paket!',
  packageDeleteFailed: 'Gagal menghapus paket!',
  packageNotFound: 'Paket tidak ditemukan.',
  packageInactive: 'Paket ini sedang tidak dijual.',
  /** A coach sells only after an admin verified their identity and certificates. */
  coachNotVerified: 'Pelatih ini masih menunggu verifikasi dari Derap, jadi paketnya belum bisa dibeli.',
  linkCopied: 'Link berhasil disalin!',
  bioTooLong: 'Bio maksimal 500 karakter.',
  uniqueLinkInvalid: 'Link unik 3–40 karakter: huruf kecil, angka dan tanda hubung.',
  uniqueLinkTaken: 'Link unik ini sudah dipakai pelatih lain.',
  imageOnly: 'File harus berupa gambar.',
  paymentFailed: 'Gagal memulai pembayaran.',
  ownPackage: 'Anda tidak dapat membeli paket Anda sendiri.',
  buyForYourself: 'Paket hanya dapat dibeli untuk akun Anda sendiri.',
  notCoach: 'Hanya pelatih yang dapat melakukan ini.',
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** POST/PUT /api/coach/profile (certifications as an array; the form splits the comma text). */
export const coachProfileInputSchema = z.object({
  shownName: z.string().trim().min(1, coachingMessages.required).max(80),
  headline: z.string().trim().max(120).default(''),
  bio: z.string().trim().max(500, coachingMessages.bioTooLong).default(''),
  certifications: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
  /** Keys or URLs from our storage port (POST /api/uploads), never a third-party host. */
  profileImageUrl: z.string().max(500).nullable().default(null),
  headerImageUrl: z.string().max(500).nullable().default(null),
  location: z.string().trim().max(120).default(''),
  availability: z.boolean().default(true),
  uniquelink: z.string().trim().toLowerCase().regex(UNIQUE_LINK_PATTERN, coachingMessages.uniqueLinkInvalid),
  packageshown: z.enum(packageShownModes).default('show'),
});
export type CoachProfileInput = z.infer<typeof coachProfileInputSchema>;

export const coachProfileSchema = coachProfileInputSchema.extend({
  _id: z.string(),
  userId: z.string(),
  verification: z.enum(coachVerificationStatuses),
  /** The admin's reason when verification was refused (the coach's own reads only, never public). */
  verificationNote: z.string().nullable().optional(),
});
export type CoachProfile = z.infer<typeof coachProfileSchema>;

/** POST /api/coach/package, PUT /api/coach/package/{id}. `isactive` (lowercase) is accepted too. */
export const coachPackageInputSchema = z
  .object({
    title: z.string().trim().min(1, coachingMessages.required).max(100),
    description: z.string().trim().max(1000).default(''),
    durationWeeks: z.coerce.number().int().min(1, coachingMessages.minDuration).max(104).default(1),
    price: z.coerce.number().int().min(0, coachingMessages.notNegative).max(100_000_000),
    isActive: z.boolean().optional(),
    isactive: z.boolean().optional(),
  })
  .transform(({ isactive, isActive, ...rest }) => ({ ...rest, isActive: isActive ?? isactive ?? true }));
export type CoachPackageInput = z.infer<typeof coachPackageInputSchema>;

export const coachPackageSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  durationWeeks: z.number().int(),
  price: z.number().int(),
  isActive: z.boolean(),
  /** price − Rp15.000 × weeks. */
  estimatedReceived: z.number().int(),
});
export type CoachPackage = z.infer<typeof coachPackageSchema>;

/** GET /api/coach/public/profile/{uniquelink} → { data }: what anyone may see (packages per packageshown). */
export const publicCoachProfileSchema = coachProfileSchema.omit({ uniquelink: true, verificationNote: true }).extend({
  uniquelink: z.string(),
  name: z.string(),
  verified: z.boolean(),
  packages: z.array(coachPackageSchema.omit({ estimatedReceived: true })),
});
export type PublicCoachProfile = z.infer<typeof publicCoachProfileSchema>;

/** One connection (package slot) as Daftar Pelari and Ubah Jadwal read it (runner-and-coach §3). */
export const coachConnectionSchema = z.object({
  _id: z.string(),
  runnerId: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  title: z.string(),
  status: z.enum(connectionStatuses),
  /** What Daftar Pelari shows: Aktif, Berakhir, Kedaluwarsa, Belum diisi. */
  displayStatus: z.enum(['active', 'ended', 'expired', 'empty']),
  /** The package title, or 'freeslot'. */
  packages: z.string(),
  packageId: z.string().nullable(),
  startDate: isoDay.nullable(),
  endDate: isoDay.nullable(),
  /**
   * An empty slot's open invitation (issue 26 §4): the address the coach typed, whether or not it
   * is registered, and until when the runner may accept. Null when none is waiting.
   */
  invitation: z.object({ _id: z.string(), email: z.string(), expiresAt: z.string() }).nullable(),
});
export type CoachConnection = z.infer<typeof coachConnectionSchema>;

/** PUT /api/coach/connection/{id}: an address to connect, or null to empty a freeslot. */
export const connectRunnerInputSchema = z.object({
  runnerEmail: z.string().trim().max(254).nullable(),
});

/** POST /api/coach/initiate-payment (events-and-coach-pages §7). The price comes from the package. */
export const coachPaymentInputSchema = z.object({
  user_id: z.string().min(1),
  package_id: z.string().min(1),
});

/** GET /api/runner/coaches: the runner's coaches, for Pengaturan (end the relationship). */
export const myCoachSchema = z.object({
  connectionId: z.string(),
  coach: z.object({ _id: z.string(), name: z.string(), uniquelink: z.string().nullable() }),
  packages: z.string(),
  startDate: isoDay.nullable(),
  endDate: isoDay.nullable(),
});
export type MyCoach = z.infer<typeof myCoachSchema>;

/** GET /api/coach/earnings: paid packages by package and month (gross, platform fee, net). */
const earningsLine = z.object({
  sales: z.number().int(),
  gross: z.number().int(),
  /** Returned to runners by refunds (decision 035). */
  refunds: z.number().int(),
  platformFee: z.number().int(),
  net: z.number().int(),
});
export const coachEarningsSchema = z.object({
  total: earningsLine,
  byPackage: z.array(earningsLine.extend({ packageId: z.string().nullable(), title: z.string() })),
  byMonth: z.array(earningsLine.extend({ month: z.string().describe('YYYY-MM, Asia/Jakarta') })),
});
export type CoachEarnings = z.infer<typeof coachEarningsSchema>;

/** GET /api/runner/coach-invitations: one pending invitation as the runner reads it. */
export const coachInvitationSchema = z.object({
  _id: z.string(),
  coach: z.object({ _id: z.string(), name: z.string(), uniquelink: z.string().nullable() }),
  /** The slot's package title, or 'freeslot'. */
  packages: z.string(),
  /** The slot's last day when it has one (a freeslot of N weeks counts from acceptance: null here). */
  endDate: isoDay.nullable(),
  /** A freeslot's length in weeks from acceptance, when the admin gave one. */
  durationWeeks: z.number().int().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type CoachInvitation = z.infer<typeof coachInvitationSchema>;
export const coachInvitationListSchema = z.object({ data: z.array(coachInvitationSchema) });
export type CoachInvitationList = z.infer<typeof coachInvitationListSchema>;
/** GET /api/runner/coach-invitations/by-token/{token}: the mail link's invitation and what became of it. */
export const coachInvitationDetailSchema = coachInvitationSchema.extend({ status: z.enum(coachInvitationStatuses) });
export type CoachInvitationDetail = z.infer<typeof coachInvitationDetailSchema>;

/** Messages of invitations (issue 26 §4). */
export const invitationMessages = {
  /** The same answer whether or not the address belongs to a runner: the call reveals nothing. */
  sent: 'Undangan dikirim bila email terdaftar',
  pendingForAddress: 'Undangan untuk email ini masih menunggu jawaban.',
  tooManyForAddress: 'Anda sudah mengundang email ini 3 kali dalam 30 hari terakhir. Coba lagi nanti.',
  tooManyToday: 'Batas undangan hari ini sudah tercapai. Coba lagi besok.',
  notFound: 'Undangan tidak ditemukan atau sudah tidak berlaku.',
  answered: 'Undangan ini sudah dijawab.',
  expired: 'Undangan ini sudah kedaluwarsa. Minta pelatih mengirim undangan baru.',
  slotGone: 'Slot pelatih ini sudah tidak tersedia. Minta pelatih mengirim undangan baru.',
  alreadyCoached: 'Anda sudah terhubung dengan pelatih ini.',
  accepted: 'Undangan diterima. Pelatih kini dapat melihat profil dan program latihan Anda.',
  declined: 'Undangan ditolak.',
  cancelled: 'Undangan dibatalkan.',
  listFailed: 'Gagal memuat undangan pelatih.',
  answerFailed: 'Gagal menjawab undangan.',
} as const;

/** Messages of connections beyond the spec's own (issue 14: Daftar Pelari, Pelatih Saya). */
export const connectionMessages = {
  slotEnded: 'Slot ini sudah berakhir dan tidak dapat diubah.',
  slotExpired: 'Masa berlaku slot ini sudah habis.',
  removed: 'Pelari berhasil dihapus dari paket.',
  ended: 'Hubungan dengan pelatih telah diakhiri.',
  coachesFailed: 'Gagal memuat daftar pelatih.',
  endFailed: 'Gagal mengakhiri hubungan dengan pelatih.',
} as const;

/** Rows per page of Daftar Pelari. */
export const CONNECTIONS_PAGE_SIZE = 10;

/** GET /api/coach/connections?page=&limit= (page from 1). */
export const connectionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONNECTIONS_PAGE_SIZE),
  /** `empty`: only slots a runner can still be connected to (the connect modal's choice). */
  only: z.enum(['empty']).optional(),
});

/** GET /api/coach/connections: one page of the caller's slots (newest first), the total and the figures of all of them. */
export const coachConnectionListSchema = z.object({
  data: z.array(coachConnectionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  summary: z.object({
    /** Rows with a runner (the spec's 'total runners'), ended ones included. */
    runners: z.number().int(),
    /** Live connections: the coach sees these runners' plans today. */
    live: z.number().int(),
    /** Slots still waiting for a runner ('Belum diisi'). */
    empty: z.number().int(),
  }),
});
export type CoachConnectionList = z.infer<typeof coachConnectionListSchema>;

/** GET /api/coach/my-connections: live connections with a runner, one per runner by name (Ubah Jadwal's selector). */
export const liveConnectionListSchema = z.object({ data: z.array(coachConnectionSchema) });
export type LiveConnectionList = z.infer<typeof liveConnectionListSchema>;

/**
 * PUT /api/coach/connection/{id}: the spec reads `message`; the changed row comes along. With an
 * address the row is the still-empty slot and its `invitation` (issue 26 §4), the same for every
 * address; the runner fills it by accepting.
 */
export const connectRunnerResponseSchema = z.object({ message: z.string(), data: coachConnectionSchema });
export type ConnectRunnerResponse = z.infer<typeof connectRunnerResponseSchema>;

/** GET /api/runner/coaches. */
export const myCoachListSchema = z.object({ data: z.array(myCoachSchema) });
export type MyCoachList = z.infer<typeof myCoachListSchema>;

/** Largest schedule file (runner-and-coach §5, §9). */
export const SCHEDULE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/runner/{runnerId}/training-plans/schedule/parse: the runs read from a schedule file, a
 * preview (nothing is saved). The client saves them with POST (no plan yet) or PUT (replace).
 */
export const schedulePreviewSchema = z.object({
  trainingPlan: z.array(
    z.object({
      date: z.string().describe('DD-MM-YYYY'),
      title: z.string(),
      program: z.string().describe('In parentheses, e.g. (10k); empty when the file gives none'),
      paceRange: z.string(),
      color: z.string(),
      generatedby: z.literal('coach'),
    }),
  ),
});
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;


/** A coach's own profile (Profil Pelatih): read, created or edited. */
export const coachProfileResponseSchema = z.object({ profile: coachProfileSchema });
export type CoachProfileResponse = z.infer<typeof coachProfileResponseSchema>;

/** The coach's own packages (not deleted), each with the estimated amount received. */
export const myCoachPackagesSchema = z.object({ packages: z.array(coachPackageSchema) });
export type MyCoachPackages = z.infer<typeof myCoachPackagesSchema>;

/** One package, created or edited. */
export const coachPackageResponseSchema = z.object({ package: coachPackageSchema });
export type CoachPackageResponse = z.infer<typeof coachPackageResponseSchema>;

/** A deleted package: `soft` when it was sold before and is only hidden. */
export const coachPackageDeletedSchema = z.object({ deleted: z.literal(true), soft: z.boolean() });
export type CoachPackageDeleted = z.infer<typeof coachPackageDeletedSchema>;

export const coachPackageParamsSchema = z.object({ id: z.string().max(64) });
export const uniqueLinkParamsSchema = z.object({ uniquelink: z.string().max(100) });
export const coachUserParamsSchema = z.object({ userId: z.string().max(64) });

/** The public coach page /coaching/{uniquelink}. */
export const publicCoachProfileResponseSchema = z.object({ data: publicCoachProfileSchema });
export type PublicCoachProfileResponse = z.infer<typeof publicCoachProfileResponseSchema>;

/** A coach's packages on sale, as the public page lists them. */
export const publicCoachPackageListSchema = z.object({ data: z.array(publicCoachProfileSchema.shape.packages.element) });
export type PublicCoachPackageList = z.infer<typeof publicCoachPackageListSchema>;

/** What an action without data to return answers: its Indonesian confirmation. */
export const coachingMessageSchema = z.object({ message: z.string() });
export type CoachingMessage = z.infer<typeof coachingMessageSchema>;

/** A verification document just stored as the caller's private file. */
export const verificationDocumentSchema = z.object({ key: z.string(), contentType: z.string(), size: z.number().int() });
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

export const runnerParamsSchema = z.object({ runnerId: z.string().max(64) });

/** Development only: a live connection (or an empty slot) of the calling coach. */
export const devConnectionBodySchema = z.object({
  runnerEmail: z.string().email().max(254).optional(),
  weeks: z.number().int().min(1).max(104).default(4),
  packages: z.string().max(100).default('freeslot'),
});
export const devConnectionSchema = z.object({ _id: z.string() });

/** Development only: a package of the calling coach (with a minimal profile when they have none). */
export const devPackageBodySchema = z.object({
  title: z.string().min(1).max(100).default('Paket 4 Minggu'),
  weeks: z.number().int().min(1).max(104).default(4),
  price: z.number().int().min(1).max(100_000_000).default(600_000),
  isActive: z.boolean().default(true),
});
export const devPackageSchema = z.object({ _id: z.string(), uniquelink: z.string() });
