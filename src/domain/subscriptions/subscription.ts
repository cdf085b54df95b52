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
