/**
 * The organizer's management of registrations and events (issue 13 item 2, decision 021): cancel one
 * registration (reason, refund or not), cancel a whole event with a notice, resend the confirmation
 * mail, correct a runner's data with its change history, and the 'refund manual' list. Request and
 * response schemas and the Indonesian messages shared by the server and the web app. Pure: no I/O.
 */
import { z } from 'zod';
// The runner-data schema is zod/mini (public form page, registration-form.ts): picked with mini's functions.
import { partial, pick } from 'zod/mini';
import { formatRupiah } from '../shared/money';
import { eventStatuses } from '../events/events';
import { refundModes, registrationStatuses } from './registrations';
import { runnerDataFields } from './registration-form';

export const CANCEL_REASON_MAX = 500;
export const CANCEL_NOTICE_MIN = 10;
export const CANCEL_NOTICE_MAX = 2000;
/** Confirmation mails resent per registration per hour (whoever asks). */
export const RESEND_PER_HOUR = 3;

export const managementMessages = {
  reasonRequired: 'Alasan pembatalan wajib diisi.',
  reasonTooLong: `Alasan pembatalan maksimal ${CANCEL_REASON_MAX} karakter.`,
  refundRequired: 'Pilih apakah dana pendaftaran dikembalikan.',
  noticeRequired: 'Pemberitahuan pembatalan wajib diisi.',
  noticeTooShort: `Pemberitahuan pembatalan minimal ${CANCEL_NOTICE_MIN} karakter.`,
  noticeTooLong: `Pemberitahuan pembatalan maksimal ${CANCEL_NOTICE_MAX} karakter.`,
  alreadyCanceled: 'Pendaftaran ini sudah dibatalkan.',
  expired: 'Pendaftaran ini sudah kedaluwarsa; slotnya sudah dilepas.',
  racepackCollected: 'Racepack pelari ini sudah diambil, sehingga pendaftarannya tidak dapat dibatalkan. Selesaikan langsung dengan pelari.',
  paidMeanwhile: 'Pembayaran pelari ini baru saja masuk. Muat ulang data lalu batalkan lagi untuk mengembalikan dananya.',
  canceledRefunded: (amount: number) => `Pendaftaran dibatalkan dan dana ${formatRupiah(amount)} dikembalikan ke pelari.`,
  canceledManual: (amount: number) => `Pendaftaran dibatalkan. Kembalikan dana ${formatRupiah(amount)} kepada pelari secara manual.`,
  canceledNoRefund: 'Pendaftaran dibatalkan tanpa pengembalian dana.',
  refundNotSupported:
    'Pelari ini membayar dengan transfer bank (virtual account), yang tidak dapat dikembalikan otomatis. Batalkan tanpa pengembalian dana, lalu hubungi admin Derap untuk pengembalian manual.',
  canceledUnpaid: 'Pendaftaran dibatalkan. Pelari belum membayar, jadi tidak ada dana yang dikembalikan.',
  resendNotConfirmed: 'Email konfirmasi hanya dapat dikirim ulang untuk pendaftaran yang sudah terkonfirmasi.',
  resendTooOften: `Email konfirmasi pendaftaran ini sudah dikirim ulang ${RESEND_PER_HOUR} kali dalam satu jam terakhir. Coba lagi nanti.`,
  resent: (email: string) => `Email konfirmasi dikirim ulang ke ${email}.`,
  corrected: (n: number) => `${n} data pelari diperbarui.`,
  noChanges: 'Tidak ada data yang berubah.',
  correctionEmpty: 'Tidak ada data yang dikirim untuk diperbarui.',
  emailInUse: 'Email ini sudah dipakai pendaftaran lain yang menunggu pembayaran di event ini.',
  refundNotManual: 'Pendaftaran ini tidak memiliki pengembalian dana manual.',
  refundSettled: 'Pengembalian dana ditandai sudah diselesaikan.',
  refundOwedByDerap: 'Dana pelari ini diterima Derap, jadi pengembaliannya diselesaikan oleh admin Derap. Anda tidak perlu menandainya.',
  eventAlreadyCanceled: 'Event ini sudah dibatalkan.',
  eventCanceled: 'Event dibatalkan. Dana pelari sedang dikembalikan dan setiap pelari menerima email pemberitahuan.',
} as const;

/* ------------------------------------------------------------------ cancel one registration */

export const cancelRegistrationBodySchema = z.object({
  reason: z
    .string({ error: managementMessages.reasonRequired })
    .trim()
    .min(1, managementMessages.reasonRequired)
    .max(CANCEL_REASON_MAX, managementMessages.reasonTooLong),
  /** True: the money goes back (platform payments through the gateway; self-managed ones by hand). */
  refund: z.boolean({ error: managementMessages.refundRequired }),
});
export type CancelRegistrationBody = z.input<typeof cancelRegistrationBodySchema>;

/**
 * A canceled registration's record: when, why, and its money (`gateway` refunded, `manual` owed by
 * the organizer until settled, `none`).
 */
export const cancellationJsonSchema = z.object({
  canceledAt: z.string(),
  reason: z.string(),
  /** True when the event's cancellation canceled it. */
  byEvent: z.boolean(),
  refund: z.object({ mode: z.enum(refundModes), amount: z.number().int(), settledAt: z.string().nullable() }),
});
export type CancellationJson = z.infer<typeof cancellationJsonSchema>;

/* ------------------------------------------------------------------ corrections */

/**
 * What an organizer may correct (PATCH /api/runner-registrations/{id}): the runner's contact and race
 * details, with the registration form's own rules; never the identity (name, sex, date of birth,
 * identity type and number), which the runner registered and vouched for.
 */
export const correctableFields = [
  'bibName',
  'tshirtSize',
  'community',
  'bloodType',
  'email',
  'phone',
  'emergencyName',
  'emergencyContact',
  'medicalNotes',
] as const;
export type CorrectableField = (typeof correctableFields)[number];

export const correctableFieldLabels: Record<CorrectableField, string> = {
  bibName: 'Nama BIB',
  tshirtSize: 'Ukuran Kaos',
  community: 'Komunitas',
  bloodType: 'Golongan Darah',
  email: 'Email',
  phone: 'No. HP',
  emergencyName: 'Nama Kontak Darurat',
  emergencyContact: 'No. Kontak Darurat',
  medicalNotes: 'Catatan Medis',
};

export const registrationCorrectionSchema = partial(
  pick(runnerDataFields, {
    bibName: true,
    tshirtSize: true,
    community: true,
    bloodType: true,
    email: true,
    phone: true,
    emergencyName: true,
    emergencyContact: true,
    medicalNotes: true,
  }),
);
export type RegistrationCorrectionInput = z.input<typeof registrationCorrectionSchema>;
export type RegistrationCorrection = z.output<typeof registrationCorrectionSchema>;

export const registrationChangeSchema = z.object({
  _id: z.string(),
  field: z.enum(correctableFields),
  oldValue: z.string(),
  newValue: z.string(),
  changedAt: z.string(),
  changedBy: z.object({ _id: z.string().nullable(), name: z.string() }),
});
export type RegistrationChange = z.infer<typeof registrationChangeSchema>;
/** GET /api/runner-registrations/{id}/history: newest first. */
export const registrationHistorySchema = z.object({ changes: z.array(registrationChangeSchema) });
export type RegistrationHistory = z.infer<typeof registrationHistorySchema>;

/* ------------------------------------------------------------------ resend */

export const resendResponseSchema = z.object({ message: z.string(), sentTo: z.string() });
export type ResendResponse = z.infer<typeof resendResponseSchema>;

/* ------------------------------------------------------------------ cancel an event */

export const cancelEventBodySchema = z.object({
  notice: z
    .string({ error: managementMessages.noticeRequired })
    .trim()
    .min(1, managementMessages.noticeRequired)
    .min(CANCEL_NOTICE_MIN, managementMessages.noticeTooShort)
    .max(CANCEL_NOTICE_MAX, managementMessages.noticeTooLong),
});
export type CancelEventBody = z.input<typeof cancelEventBodySchema>;

const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });

/**
 * A runner whose money is paid back by hand: self-managed payments (the organizer's account), or a
 * platform payment by bank transfer, which the gateway cannot refund (`platform`: Derap's admin does it).
 */
export const manualRefundSchema = z.object({
  platform: z.boolean(),
  _id: z.string(),
  registrationId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  categoryName: z.string(),
  status: z.enum(registrationStatuses),
  amount: z.number().int(),
  settledAt: z.string().nullable(),
});
export type ManualRefund = z.infer<typeof manualRefundSchema>;

/**
 * GET /api/events/{id}/cancellation (and the answer of POST …/cancel): before a cancellation, what it
 * would do (`summary` of the registrations still active); after, its progress and the 'refund
 * manual' list.
 */
export const eventCancellationSchema = z.object({
  event: z.object({
    _id: z.string(),
    name: z.string(),
    status: z.enum(eventStatuses),
    paymentType: z.enum(['platform', 'self_managed']),
    canceledAt: z.string().nullable(),
    notice: z.string().nullable(),
  }),
  /**
   * Registrations still active: paid through the platform by a refundable method (refunded in full
   * through the gateway), paid otherwise (self-managed, or by bank transfer: settled by hand), unpaid holds.
   */
  summary: z.object({
    platformPaid: countAmount,
    manualPaid: countAmount,
    unpaid: z.object({ count: z.number().int() }),
  }),
  /** Null until the event is canceled. */
  progress: z
    .object({
      state: z.enum(['running', 'done', 'failed']),
      /** Registrations still to cancel. */
      remaining: z.number().int(),
      refunded: countAmount,
      /** Refunds the gateway refused so far (retried by the job). */
      failedRefunds: z.number().int(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  manualRefunds: z.array(manualRefundSchema),
});
export type EventCancellation = z.infer<typeof eventCancellationSchema>;
