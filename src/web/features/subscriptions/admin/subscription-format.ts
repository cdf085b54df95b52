import { formatJakartaDate, formatJakartaTime } from '../../../../domain/shared/jakarta-time';
import type { SubscriptionStatus } from '../../../../domain/subscriptions/subscription';

/** Badge colour of each subscription status (the admin user list uses the same ones). */
export const subscriptionStatusTone = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  incomplete: 'yellow',
  none: 'gray',
} as const satisfies Record<SubscriptionStatus, string>;

/** '12 Juli 2027 pukul 14.05 WIB': an instant where the time of day matters (a period end). */
export function formatJakartaDateTime(value: Date | string): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return '-';
  return `${formatJakartaDate(instant)} pukul ${formatJakartaTime(instant)} WIB`;
}

/** '12 Jul 2027': a date in a table. */
export const formatShortDate = (value: string | null) => formatJakartaDate(value, 'd MMM yyyy');
