import { EVENT_CANCELED_MESSAGE } from '../../../domain/registrations/openness';

/** What public registration answers when it cannot go on (Indonesian; the spec's text where it gives one). */
export const registrationErrors = {
  eventNotFound: 'Event tidak ditemukan.',
  eventNotAccepted: 'Event ini belum dibuka untuk pendaftaran.',
  eventCanceled: EVENT_CANCELED_MESSAGE,
  categoryNotFound: 'Kategori tidak ditemukan pada event ini.',
  paymentMethodNotOffered: 'Metode pembayaran tidak tersedia untuk event ini.',
  slotFull: (category: string) => `Slot Habis: kategori ${category} sudah penuh.`,
  registrationNotFound: 'Terjadi kesalahan: ID pendaftaran tidak ditemukan.',
  platformConfirm: 'Pembayaran event ini dikonfirmasi otomatis oleh gateway pembayaran.',
  reservationOver: 'Waktu pembayaran pendaftaran ini telah habis. Silakan daftar ulang.',
} as const;
