/**
 * Derap's prices (runner-and-coach spec §9). Rupiah, whole numbers. Pure: used by the marketing
 * pages, the subscription screens and the server that charges them.
 */

/** AI Coaching Premium, billed month by month. */
export const PREMIUM_MONTHLY_PRICE = 100_000;

/** The free AI plan / trial: 2 weeks, once per user. */
export const TRIAL_DAYS = 14;

/** Certified human coaching is marketed "mulai dari" this price (coming soon). */
export const CERTIFIED_COACH_FROM_PRICE = 300_000;

import { addDays, daysBetween, type IsoDay } from '../shared/wire-date';

export type SubscriptionPlanType = '1month' | '6month' | '12month';

export interface SubscriptionPlan {
  type: SubscriptionPlanType;
  months: number;
  /** What is charged for the whole period. */
  total: number;
}

export const SUBSCRIPTION_PLANS: Readonly<Record<SubscriptionPlanType, SubscriptionPlan>> = {
  '1month': { type: '1month', months: 1, total: 100_000 },
  '6month': { type: '6month', months: 6, total: 550_000 },
  '12month': { type: '12month', months: 12, total: 1_000_000 },
};

/** Days of access bought by one month of subscription (a plan's months are 30-day months: decision 013). */
export const DAYS_PER_MONTH = 30;

/** Days of access a subscription plan buys: 30, 180, 360. */
export function planDays(plan: SubscriptionPlan): number {
  return plan.months * DAYS_PER_MONTH;
}

/**
 * The per-month value shown next to a subscription plan in the app (spec §9: 6 months
 * Rp91.667, 12 months Rp83.334): rounded up, so the shown monthly value times the months
 * never falls below the total charged.
 */
export function planMonthlyEquivalent(plan: SubscriptionPlan): number {
  return Math.ceil(plan.total / plan.months);
}

/**
 * The marketing page's "billed annually" monthly price (spec §9: Rp83.333 per month billed
 * annually). It is the annual total spread over 12 months, rounded down as the product has
 * always advertised it; the amount actually charged is the annual total.
 */
export const PREMIUM_ANNUAL_MONTHLY_PRICE = Math.floor(SUBSCRIPTION_PLANS['12month'].total / 12);

/** Whole-percent saving of annual billing against paying monthly for 12 months ("Diskon 16%"). */
export const PREMIUM_ANNUAL_DISCOUNT_PERCENT = Math.floor(
  (1 - SUBSCRIPTION_PLANS['12month'].total / (12 * PREMIUM_MONTHLY_PRICE)) * 100,
);

export type BillingCycle = 'monthly' | 'annual';

/** What the premium card on the pricing page shows for each billing cycle. */
export function premiumPriceFor(cycle: BillingCycle): { perMonth: number; billedTotal: number; discountPercent: number } {
  return cycle === 'annual'
    ? {
        perMonth: PREMIUM_ANNUAL_MONTHLY_PRICE,
        billedTotal: SUBSCRIPTION_PLANS['12month'].total,
        discountPercent: PREMIUM_ANNUAL_DISCOUNT_PERCENT,
      }
    : { perMonth: PREMIUM_MONTHLY_PRICE, billedTotal: PREMIUM_MONTHLY_PRICE, discountPercent: 0 };
}

// ── Pay as you go (spec §5, §9) ─────────────────────────────────────────────────────────────────

/** Pay as you go costs this much per 30 days, before the discount. */
export const PAYG_PRICE_PER_30_DAYS = 100_000;
/** The longest pay-as-you-go period sold at once (about two years). */
export const PAYG_MAX_DAYS = 730;

/** Spec §9: over 92 days 3 %, over 182 days 7 %, over 210 days 10 %, over 360 days 15 %. Highest first. */
export const PAYG_DISCOUNT_STEPS: readonly { overDays: number; percent: number }[] = [
  { overDays: 360, percent: 15 },
  { overDays: 210, percent: 10 },
  { overDays: 182, percent: 7 },
  { overDays: 92, percent: 3 },
];

/** The whole-percent discount of a pay-as-you-go period of `days` days (0 up to 92 days). */
export function paygDiscountPercent(days: number): number {
  return PAYG_DISCOUNT_STEPS.find((step) => days > step.overDays)?.percent ?? 0;
}

export interface PaygQuote {
  days: number;
  /** Rp100.000 per 30 days times the days, rounded to the nearest whole Rupiah. */
  basePrice: number;
  discountPercent: number;
  /** What is charged. */
  price: number;
}

/**
 * The price of `days` days of pay as you go. Computed in integers: the exact price is
 * 100.000 × days × (100 − discount) / (30 × 100) Rupiah, a multiple of 1/3, and it is rounded to the
 * nearest whole Rupiah (never a tie: the remainder is 0, 1/3 or 2/3). 0 days or fewer cost 0.
 */
export function paygQuote(days: number): PaygQuote {
  if (!Number.isInteger(days) || days <= 0) return { days: Math.max(0, Math.trunc(days) || 0), basePrice: 0, discountPercent: 0, price: 0 };
  const discountPercent = paygDiscountPercent(days);
  return {
    days,
    basePrice: roundThirds(PAYG_PRICE_PER_30_DAYS * days, 30),
    discountPercent,
    price: roundThirds(PAYG_PRICE_PER_30_DAYS * days * (100 - discountPercent), 30 * 100),
  };
}

/** numerator / denominator rounded half up, in integers (safe far beyond any price we sell). */
function roundThirds(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The first day a pay-as-you-go period may be bought from (spec §5): the later of today and the
 * Jakarta day the current period ends (null: no period). The chosen end date must come after it.
 */
export function paygBaseDay(today: IsoDay, currentPeriodEndDay: IsoDay | null): IsoDay {
  return currentPeriodEndDay && currentPeriodEndDay > today ? currentPeriodEndDay : today;
}

/** The earliest end date a runner may pick: the day after the base day (tomorrow without a current period). */
export function paygEarliestEndDay(today: IsoDay, currentPeriodEndDay: IsoDay | null): IsoDay {
  return addDays(paygBaseDay(today, currentPeriodEndDay), 1);
}

/** The latest end date a runner may pick. */
export function paygLatestEndDay(today: IsoDay, currentPeriodEndDay: IsoDay | null): IsoDay {
  return addDays(paygBaseDay(today, currentPeriodEndDay), PAYG_MAX_DAYS);
}

/** Days bought by choosing `endDay`: from the base day to it (0 or less when it is not after the base day). */
export function paygDaysUntil(endDay: IsoDay, today: IsoDay, currentPeriodEndDay: IsoDay | null): number {
  return daysBetween(paygBaseDay(today, currentPeriodEndDay), endDay);
}
