/**
 * Self-managed event payments (events-and-coach-pages §2 'Self-managed payment dialog', §4 'After
 * submit'; issue 8 item 9): the runner transfers money to the organizer, sends a proof of transfer
 * with 'Saya Sudah Membayar', and the organizer verifies or rejects it. The contract of the
 * runner's payment page, the organizer's verify/reject bodies, the hold window and the messages.
 * Pure: no I/O, used by the server and the web app.
 */
import { z } from 'zod';
import { eventPaymentTypes, registrationPaymentStatuses, registrationStatuses } from '../events/events';

export const paymentProofMessages = {
  proofRequired: 'Unggah bukti transfer (foto atau tangkapan layar) sebelum menekan Saya Sudah Membayar.',
  notImage: 'Bukti transfer harus berupa gambar (PNG, JPG, WEBP).',
  tooLarge: 'Ukuran gambar maksimal 10MB.',
  onePart: 'Unggah satu gambar bukti transfer saja.',
  proofNotFound: 'Bukti transfer tidak ditemukan.',
  alreadyVerified: 'Pembayaran pendaftaran ini sudah diverifikasi.',
  notAwaiting: 'Pendaftaran ini tidak sedang menunggu verifikasi pembayaran.',
  proofChanged: 'Pelari baru saja mengganti bukti transfer. Periksa bukti terbaru sebelum memutuskan.',
  reasonRequired: 'Alasan penolakan wajib diisi.',
  reasonTooLong: 'Alasan penolakan maksimal 500 karakter.',
  verified: 'Pembayaran terverifikasi. Email konfirmasi dengan kode QR racepack dikirim ke pelari.',
  rejected: 'Bukti transfer ditolak. Alasan penolakan dikirim ke email pelari.',
} as const;

export const REJECTION_REASON_MAX = 500;

/**
 * Which proof the organizer looked at: the runner may replace it while it awaits verification, and
 * a decision must never land on a proof the organizer has not seen.
 */
const proofSubmittedAt = z.iso.datetime({ offset: true, error: 'Waktu bukti transfer tidak valid.' });

export const paymentVerificationSchema = z.object({ proofSubmittedAt });

export const paymentRejectionSchema = z.object({
  proofSubmittedAt,
  reason: z
    .string({ error: paymentProofMessages.reasonRequired })
    .trim()
    .min(1, paymentProofMessages.reasonRequired)
    .max(REJECTION_REASON_MAX, paymentProofMessages.reasonTooLong),
});
export type PaymentRejectionInput = z.input<typeof paymentRejectionSchema>;

/**
 * GET /api/runner-registrations/{registrationId}/payment and the answer of 'Saya Sudah Membayar':
 * what the runner's payment page shows. Public (the unguessable registrationId is the credential),
 * so no personal data: no name, contacts, identity number or the proof image itself.
 */
export const selfManagedPaymentSchema = z.object({
  registrationId: z.string(),
  status: z.enum(registrationStatuses),
  payment: z.object({ status: z.enum(registrationPaymentStatuses), amount: z.number().int() }),
  /** Until when the slot is held without a proof (null once a proof stops the clock or it is paid). */
  expiresAt: z.string().nullable(),
  proofSubmittedAt: z.string().nullable(),
  /** The organizer's latest rejection while the runner may send a new proof. */
  rejection: z.object({ reason: z.string(), rejectedAt: z.string() }).nullable(),
  event: z.object({
    name: z.string(),
    code: z.string(),
    timezone: z.string(),
    paymentType: z.enum(eventPaymentTypes),
    paymentInstruction: z.object({ qrImage: z.string().nullable(), instructions: z.string().nullable() }).nullable(),
  }),
});
export type SelfManagedPayment = z.infer<typeof selfManagedPaymentSchema>;

/** The end of a self-managed hold that starts at `from`. */
export function selfManagedHoldUntil(from: Date, hours: number): Date {
  return new Date(from.getTime() + hours * 3_600_000);
}

/** Whether a hold ending at `expiresAt` is inside its reminder window at `now`. */
export function holdReminderDue(expiresAt: Date, now: Date, reminderHours: number): boolean {
  if (reminderHours <= 0) return false;
  const left = expiresAt.getTime() - now.getTime();
  return left > 0 && left <= reminderHours * 3_600_000;
}
