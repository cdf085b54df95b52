/**
 * Running events vocabulary shared by the server and the web app (events-and-coach-pages §3-§4, §9):
 * statuses, enumerations of the registration form, constants. Pure: no I/O.
 */
import { categoryPriceAt, type PricedCategory } from './early-bird';

/**
 * Moderation status of an event; new events start as `diajukan`. `dibatalkan`: canceled by its
 * organizer (or an admin) with a notice to every runner and their money back (decision 021); final.
 */
/** /registration: its document title and description (the app and the served HTML), and its list call. */
export const EVENT_LIST_PAGE_META = {
  title: 'Daftar Event Lari | Derap',
  description: 'Temukan dan daftar event lari di seluruh Indonesia: 5K, 10K, half marathon, full marathon, dan trail.',
} as const;
export const PUBLIC_EVENT_LIST_PATH = '/api/events/status?status=diterima';

export const eventStatuses = ['diajukan', 'diterima', 'ditolak', 'tutup', 'dibatalkan'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventStatusLabels: Record<EventStatus, string> = {
  diajukan: 'Diajukan',
  diterima: 'Diterima',
  ditolak: 'Ditolak',
  tutup: 'Tutup',
  dibatalkan: 'Dibatalkan',
};

export const eventPaymentTypes = ['platform', 'self_managed'] as const;
export type EventPaymentType = (typeof eventPaymentTypes)[number];

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

/** Event category default admin fee, locked (§9). */
export const EVENT_ADMIN_FEE = 10_000;
export const BIB_NAME_MAX = 10;
/** Minutes an unpaid platform reservation holds its slot (configurable on the server). */
export const DEFAULT_RESERVATION_MINUTES = 60;
/** Hours a self-managed (bank transfer) registration holds its slot until the proof is sent. */
export const DEFAULT_SELF_MANAGED_HOLD_HOURS = 48;
/** Hours before that hold ends when the runner gets one reminder mail. */
export const DEFAULT_SELF_MANAGED_REMINDER_HOURS = 12;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Lowercase, spaces to hyphens, other characters stripped (the spec's eventId/categoryId rule). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Event code: letters, digits and hyphens only, lowercased (§5). */
export function normaliseEventCode(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/**
 * Total a runner pays for a category at `now`: its price then (the early bird price until the end
 * of the early bird day in Jakarta, the normal price after) plus the admin fee (§5).
 */
export function registrationTotal(category: PricedCategory & { adminFee: number }, now: Date = new Date()): number {
  return categoryPriceAt(category, now).price + category.adminFee;
}

/**
 * The admin's moderation moves (DESIGN.md §4: Diajukan → Diterima / Ditolak / Tutup). A rejected
 * event can be reconsidered and a closed one reopened; nothing goes back to Diajukan, which only
 * means "not looked at yet".
 */
export const eventStatusTransitions: Record<EventStatus, readonly EventStatus[]> = {
  diajukan: ['diterima', 'ditolak', 'tutup'],
  diterima: ['tutup', 'ditolak'],
  ditolak: ['diterima'],
  tutup: ['diterima'],
  // Only the cancellation (POST /api/events/{id}/cancel) leads here, with its refunds; nothing leaves it.
  dibatalkan: [],
};

export function canMoveEventStatus(from: EventStatus, to: EventStatus): boolean {
  return eventStatusTransitions[from].includes(to);
}

/**
 * Statuses anyone may see on the registration page (the public list shows `diterima` only); a
 * canceled event's page says so to runners who follow an old link.
 */
export const publicEventStatuses: readonly EventStatus[] = ['diterima', 'tutup', 'dibatalkan'];

/** An event in these statuses may be canceled (with refunds); a canceled one stays so. */
export const cancelableEventStatuses: readonly EventStatus[] = ['diajukan', 'diterima', 'ditolak', 'tutup'];
