/**
 * Coaching vocabulary and arithmetic shared by the server and the web app (spec
 * events-and-coach-pages §3, §5, §9; runner-and-coach §3–§5): package fees, how long a bought
 * package lasts, which connections are live. Pure: no I/O.
 */
import { addDays, type IsoDay } from '../shared/wire-date';

/** Derap's platform fee per package week (events-and-coach-pages §9), deducted from the coach's price. */
export const COACH_PLATFORM_FEE_PER_WEEK = 15_000;

/** The package value of an admin-made slot: the only kind a coach may empty again (runner-and-coach §5). */
export const FREESLOT = 'freeslot';

/** Visibility of the packages on the public page (events-and-coach-pages §3). */
export const packageShownModes = ['show', 'hide', 'contact'] as const;
export type PackageShown = (typeof packageShownModes)[number];

/**
 * A connection's life: `active` while it links a runner (or waits for one, runner null);
 * `ended` when the runner ended it in Pengaturan (or the coach emptied a freeslot);
 * `expired` once its end date has passed (computed, see connectionIsLive).
 */
export const connectionStatuses = ['active', 'ended'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * A coach's invitation to a runner (issue 26 §4): a slot is filled only when the runner accepts.
 * `expired` is written when a newer invitation needs the place of a pending one past its date.
 */
export const coachInvitationStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type CoachInvitationStatus = (typeof coachInvitationStatuses)[number];

/** How long a runner has to answer an invitation. */
export const COACH_INVITATION_DAYS = 7;
/** Invitations one coach may send one address in INVITATION_WINDOW_DAYS, whatever became of them (no nagging). */
export const INVITATIONS_PER_ADDRESS = 3;
export const INVITATION_WINDOW_DAYS = 30;
/** Invitations one coach may send in a day (a bound on mail sent in Derap's name). */
export const INVITATIONS_PER_DAY = 30;

export const connectionStatusLabels: Record<ConnectionStatus | 'expired' | 'empty', string> = {
  active: 'Aktif',
  ended: 'Berakhir',
  expired: 'Kedaluwarsa',
  empty: 'Belum diisi',
};

/** Admin review of a coach's identity and certificates (not an endorsement). */
export const coachVerificationStatuses = ['none', 'pending', 'verified', 'rejected'] as const;
export type CoachVerificationStatus = (typeof coachVerificationStatuses)[number];

export const coachVerificationLabels: Record<CoachVerificationStatus, string> = {
  none: 'Belum diajukan',
  pending: 'Menunggu verifikasi',
  verified: 'Terverifikasi',
  rejected: 'Ditolak',
};

/** Platform fee of a package of `weeks` weeks. */
export function coachPlatformFee(weeks: number): number {
  return COACH_PLATFORM_FEE_PER_WEEK * weeks;
}

/** What the coach receives from one sale (events-and-coach-pages §5): price − 15 000 × weeks; may be ≤ 0 (then the form refuses it). */
export function estimatedReceived(price: number, weeks: number): number {
  return price - coachPlatformFee(weeks);
}

/**
 * A package's weeks in months for the payment confirmation. The spec (§9) writes round(weeks × 4.33),
 * which reads the number as months (4 weeks would show as 17 months); a week is 1/4.33 of a month,
 * so we divide (decision 024).
 */
export function weeksAsMonths(weeks: number): number {
  return Math.round(weeks / 4.33);
}

/** '4 minggu (±1 bulan)'; under half a month, the weeks alone. */
export function packageDurationText(weeks: number): string {
  const months = weeksAsMonths(weeks);
  return months >= 1 ? `${weeks} minggu (±${months} bulan)` : `${weeks} minggu`;
}

/** The last day of a package bought on `start` (§9: today + weeks × 7 days). */
export function packageEndDay(start: IsoDay, weeks: number): IsoDay {
  return addDays(start, weeks * 7);
}

/** Whether a connection gives its coach access on `today` (Asia/Jakarta day): active, a runner linked, within its dates. */
export function connectionIsLive(
  connection: { status: ConnectionStatus; runnerId: string | null; startDate: IsoDay | null; endDate: IsoDay | null },
  today: IsoDay,
): boolean {
  if (connection.status !== 'active' || !connection.runnerId) return false;
  if (connection.startDate && connection.startDate > today) return false;
  return !connection.endDate || connection.endDate >= today;
}

/** The status a coach reads in Daftar Pelari. */
export function connectionDisplayStatus(
  connection: { status: ConnectionStatus; runnerId: string | null; endDate: IsoDay | null },
  today: IsoDay,
): ConnectionStatus | 'expired' | 'empty' {
  if (connection.status === 'ended') return 'ended';
  if (!connection.runnerId) return 'empty';
  if (connection.endDate && connection.endDate < today) return 'expired';
  return 'active';
}

/** A unique link: 3–40 lowercase letters, digits and single hyphens, not starting or ending with one. */
export const UNIQUE_LINK_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;

/** Suggests a unique link from a name ("Andi Pratama, M.Or" → "andi-pratama-m-or"). */
export function suggestUniqueLink(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug.length >= 3 ? slug : `pelatih-${slug || 'derap'}`;
}

/** Certifications as typed (comma-separated) → trimmed, non-empty, each once (§5). */
export function splitCertifications(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const value = part.trim();
    if (value && !out.some((kept) => kept.toLowerCase() === value.toLowerCase())) out.push(value);
  }
  return out;
}

/**
 * The dates a slot takes when a runner fills it on `today`: an admin's freeslot of `durationWeeks`
 * weeks runs from that day (its clock starts at the fill, not at its creation); a slot without a
 * length keeps the end it had (or none).
 */
export function slotDatesOnFill(slot: { durationWeeks: number | null; endDate: IsoDay | null }, today: IsoDay): { startDate: IsoDay; endDate: IsoDay | null } {
  if (slot.durationWeeks && slot.durationWeeks > 0) return { startDate: today, endDate: packageEndDay(today, slot.durationWeeks) };
  return { startDate: today, endDate: slot.endDate };
}

/**
 * Where a newly bought package starts when the buyer is still coached by the same coach: the day
 * after the latest live end (so the two never overlap and no paid day is lost); otherwise `today`.
 * A live connection without an end date is open-ended, so the new one starts today beside it.
 */
export function purchaseStartDay(liveEnds: readonly (IsoDay | null)[], today: IsoDay): IsoDay {
  const ends = liveEnds.filter((end): end is IsoDay => end !== null && end >= today).sort();
  const last = ends.at(-1);
  return last ? addDays(last, 1) : today;
}

/**
 * The connect-runner email check (runner-and-coach §5): no spaces, exactly one at-sign, a dot in
 * the domain with something on both sides. Deliberately simple: the server then looks the address up.
 */
export function isConnectEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
}
