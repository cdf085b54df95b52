/**
 * Registration vocabulary shared by the server and the web app (events-and-coach-pages §4-§5, §9):
 * statuses, enumerations of the registration form, the BIB limit, hold defaults and the total a runner
 * pays. Pure: no I/O.
 */
import { categoryPriceAt, type PricedCategory } from '../events/early-bird';

/**
 * Registration status. `pending` holds a slot until paid or expired; `awaiting_verification` (self-
 * managed events) holds it while the organizer checks the runner's proof of transfer, and does not
 * expire; `confirmed` is paid (gateway) or verified by the organizer; `racepack_collected` after the
 * scan; `expired` and `canceled` have released their slot.
 */
export const registrationStatuses = ['pending', 'awaiting_verification', 'confirmed', 'racepack_collected', 'canceled', 'expired'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const registrationStatusLabels: Record<RegistrationStatus, string> = {
  pending: 'Menunggu pembayaran',
  awaiting_verification: 'Menunggu verifikasi',
  confirmed: 'Terkonfirmasi',
  racepack_collected: 'Racepack diambil',
  canceled: 'Dibatalkan',
  expired: 'Kedaluwarsa',
};

/** Payment status (§4: pending, paid, other): `refunded` is one of the others, the money went back (decision 021). */
export const registrationPaymentStatuses = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;

/**
 * What happens to the money of a canceled registration (decision 021): `gateway` refunded through the
 * payment module, `manual` to be paid back by hand by the organizer (self-managed payments), `none`.
 */
export const refundModes = ['gateway', 'manual', 'none'] as const;
export type RefundMode = (typeof refundModes)[number];
export type RegistrationPaymentStatus = (typeof registrationPaymentStatuses)[number];

export const bloodTypes = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'Tidak Tahu'] as const;
export const tshirtSizes = ['S', 'M', 'L', 'XL'] as const;
export const sexes = ['Laki-laki', 'Perempuan'] as const;
export const identityTypes = ['KTP', 'Kartu Pelajar/Mahasiswa', 'Passport', 'KTA/KITAS'] as const;

export const BIB_NAME_MAX = 10;
/** Minutes an unpaid platform reservation holds its slot (configurable on the server). */
export const DEFAULT_RESERVATION_MINUTES = 60;
/** Hours a self-managed (bank transfer) registration holds its slot until the proof is sent. */
export const DEFAULT_SELF_MANAGED_HOLD_HOURS = 48;
/** Hours before that hold ends when the runner gets one reminder mail. */
export const DEFAULT_SELF_MANAGED_REMINDER_HOURS = 12;

/**
 * Total a runner pays for a category at `now`: its price then (the early bird price until the end
 * of the early bird day in Jakarta, the normal price after) plus the admin fee (§5).
 */
export function registrationTotal(category: PricedCategory & { adminFee: number }, now: Date = new Date()): number {
  return categoryPriceAt(category, now).price + category.adminFee;
}
