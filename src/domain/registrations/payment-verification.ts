/**
 * Self-managed event payments (events-and-coach-pages §2 'Self-managed payment dialog', §4 'After
 * submit'; issue 8 item 9): the runner transfers money to the organizer, sends a proof of transfer
 * with 'Saya Sudah Membayar', and the organizer verifies or rejects it. The hold window and the
 * messages; the payment page's and the verify/reject bodies' schemas are in contract.ts.
 * Pure: no I/O, used by the server and the web app.
 */
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
  rejected: 'Bukti transfer ditolak dan pendaftaran dibatalkan; slotnya kini tersedia untuk pelari lain. Alasan penolakan dikirim ke email pelari.',
  /** Sending or replacing a proof without the secret of the runner's own link (issue 26 §5). */
  keyRequired:
    'Tautan halaman pembayaran ini tidak lengkap. Buka halaman pembayaran dari tautan di email pendaftaran Anda atau dari halaman setelah mendaftar, lalu unggah bukti transfer.',
  /** Verifying a proof whose hold ended when the category filled up meanwhile. */
  slotTaken:
    'Batas waktu pendaftaran ini sudah habis dan slot kategorinya sudah terisi pelari lain, jadi pembayaran tidak dapat diverifikasi. Hubungi pelari untuk pengembalian dana.',
} as const;

export const REJECTION_REASON_MAX = 500;

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
