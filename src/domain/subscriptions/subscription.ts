import { jakartaToday, type IsoDay } from '../shared/wire-date';

/**
 * A runner's subscription as the product reads it today: a status (spec field `subscription_status`)
 * and the end of the paid or trial period (`current_period_end`), kept on the user. The
 * subscriptions feature (trial, plans, renewals) builds on this module.
 */

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  trialing: 'Percobaan',
  active: 'Aktif',
  past_due: 'Lewat',
  canceled: 'Dibatalkan',
  incomplete: 'Tidak Lengkap',
  none: 'Tidak ada',
};

/** One reading of the spec spells past_due as pass_due: read both. */
export function normaliseSubscriptionStatus(value: string | null | undefined): SubscriptionStatus {
  if (value === 'pass_due') return 'past_due';
  return (subscriptionStatuses as readonly string[]).includes(value ?? '') ? (value as SubscriptionStatus) : 'none';
}

/**
 * The last day (Asia/Jakarta) the plan owner's subscription or trial covers, from their
 * `current_period_end`; null when they have none (status none, or a cancelled plan without a period).
 */
export function accessEndDay(currentPeriodEnd: Date | string | null | undefined): IsoDay | null {
  if (!currentPeriodEnd) return null;
  const instant = currentPeriodEnd instanceof Date ? currentPeriodEnd : new Date(currentPeriodEnd);
  return Number.isNaN(instant.getTime()) ? null : jakartaToday(instant);
}

// ── Access and periods ──────────────────────────────────────────────────────────────────────────

/** Spec §5: the message every AI feature answers without access (the server's 403 and the web's notice). */
export const PREMIUM_REQUIRED_MESSAGE = 'Fitur ini hanya tersedia untuk pengguna dengan langganan aktif atau dalam masa percobaan.';

/** One day of access: periods are whole days of 24 hours. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a lapsed plan shows as 'Lewat' (past_due) before it becomes 'Tidak ada' (decision 013). */
export const PAST_DUE_GRACE_DAYS = 7;
/** The renewal reminder goes out this many days before the period ends. */
export const RENEWAL_REMINDER_DAYS = 3;

/** What a user's subscription is as the access rule reads it. */
export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
}

/**
 * Premium access (spec §5: AI features need active or trialing): the status says so and the period
 * has not ended yet — a period that ended a moment ago counts as ended before the lifecycle job
 * gets to it.
 */
export function hasPremiumAccess(state: SubscriptionState, now: Date = new Date()): boolean {
  if (state.status !== 'active' && state.status !== 'trialing') return false;
  return state.currentPeriodEnd !== null && state.currentPeriodEnd.getTime() > now.getTime();
}

/**
 * The period after buying `days` more days: they start at the later of now and the current period
 * end, so buying early never loses a day. Whole days of 24 hours, to the millisecond.
 */
export function extendPeriod(currentPeriodEnd: Date | null, days: number, now: Date = new Date()): { start: Date; end: Date } {
  const start = currentPeriodEnd && currentPeriodEnd.getTime() > now.getTime() ? currentPeriodEnd : now;
  return { start, end: new Date(start.getTime() + days * DAY_MS) };
}

/**
 * The status a user moves to when the lifecycle looks at them at `now` (null: no change):
 * a trial or paid period that ended becomes past_due ('Lewat'), or canceled when the runner had
 * stopped it; past_due becomes none after the grace days.
 */
export function lapsedStatus(state: SubscriptionState & { cancelAtPeriodEnd: boolean }, now: Date): SubscriptionStatus | null {
  const end = state.currentPeriodEnd?.getTime() ?? null;
  if (state.status === 'active' || state.status === 'trialing') {
    if (end === null || end <= now.getTime()) return state.cancelAtPeriodEnd ? 'canceled' : 'past_due';
    return null;
  }
  if (state.status === 'past_due' && (end === null || end + PAST_DUE_GRACE_DAYS * DAY_MS <= now.getTime())) return 'none';
  return null;
}

/** What was granted: the trial, a plan bought, pay as you go, an admin's grant, or days taken back by a refund. */
export const grantKinds = ['trial', '1month', '6month', '12month', 'payg', 'admin', 'refund'] as const;
export type GrantKind = (typeof grantKinds)[number];

export const grantKindLabels: Record<GrantKind, string> = {
  trial: 'Uji Coba Gratis',
  '1month': 'Langganan 1 Bulan',
  '6month': 'Langganan 6 Bulan',
  '12month': 'Langganan 12 Bulan',
  payg: 'Durasi Bebas',
  admin: 'Diberikan Admin',
  refund: 'Pengembalian Dana',
};
