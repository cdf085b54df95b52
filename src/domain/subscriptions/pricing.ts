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

/** Days of access bought by one month of subscription. */
export const DAYS_PER_MONTH = 30;

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
