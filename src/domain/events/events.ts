/**
 * Running events vocabulary shared by the server and the web app (events-and-coach-pages §3-§4, §9):
 * statuses, payment types, codes, constants. What a registration is (its statuses, form values,
 * holds and total) is in domain/registrations/registrations.ts. Pure: no I/O.
 */

/** /registration: its document title and description (the app and the served HTML), and its list call. */
export const EVENT_LIST_PAGE_META = {
  title: 'Daftar Event Lari | Derap',
  description: 'Temukan dan daftar event lari di seluruh Indonesia: 5K, 10K, half marathon, full marathon, dan trail.',
} as const;
export const PUBLIC_EVENT_LIST_PATH = '/api/events/status?status=diterima';

/**
 * Moderation status of an event; new events start as `diajukan`. `dibatalkan`: canceled by its
 * organizer (or an admin) with a notice to every runner and their money back (decision 021); final.
 */
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

/** Event category default admin fee, locked (§9). */
export const EVENT_ADMIN_FEE = 10_000;
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
