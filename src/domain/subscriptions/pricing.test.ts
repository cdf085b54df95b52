import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../shared/money';
import {
  CERTIFIED_COACH_FROM_PRICE,
  PREMIUM_ANNUAL_DISCOUNT_PERCENT,
  PREMIUM_ANNUAL_MONTHLY_PRICE,
  PREMIUM_MONTHLY_PRICE,
  SUBSCRIPTION_PLANS,
  TRIAL_DAYS,
  planMonthlyEquivalent,
  premiumPriceFor,
} from './pricing';

describe('subscription plans (spec §9)', () => {
  it('charges Rp100.000, Rp550.000 and Rp1.000.000 for 1, 6 and 12 months', () => {
    expect(SUBSCRIPTION_PLANS['1month']).toMatchObject({ months: 1, total: 100_000 });
    expect(SUBSCRIPTION_PLANS['6month']).toMatchObject({ months: 6, total: 550_000 });
    expect(SUBSCRIPTION_PLANS['12month']).toMatchObject({ months: 12, total: 1_000_000 });
  });

  it('shows the monthly equivalents of the spec (rounded up)', () => {
    expect(formatRupiah(planMonthlyEquivalent(SUBSCRIPTION_PLANS['1month']))).toBe('Rp100.000');
    expect(formatRupiah(planMonthlyEquivalent(SUBSCRIPTION_PLANS['6month']))).toBe('Rp91.667');
    expect(formatRupiah(planMonthlyEquivalent(SUBSCRIPTION_PLANS['12month']))).toBe('Rp83.334');
  });

  it('never shows a monthly equivalent that adds up to less than the total', () => {
    for (const plan of Object.values(SUBSCRIPTION_PLANS)) {
      expect(planMonthlyEquivalent(plan) * plan.months).toBeGreaterThanOrEqual(plan.total);
    }
  });

  it('keeps a free trial of 2 weeks', () => {
    expect(TRIAL_DAYS).toBe(14);
  });
});

describe('marketing prices (spec §9)', () => {
  it('premium costs Rp100.000 a month billed monthly', () => {
    expect(PREMIUM_MONTHLY_PRICE).toBe(100_000);
    expect(premiumPriceFor('monthly')).toEqual({ perMonth: 100_000, billedTotal: 100_000, discountPercent: 0 });
  });

  it('premium costs Rp83.333 a month billed annually, labelled Diskon 16%', () => {
    expect(formatRupiah(PREMIUM_ANNUAL_MONTHLY_PRICE)).toBe('Rp83.333');
    expect(PREMIUM_ANNUAL_DISCOUNT_PERCENT).toBe(16);
    expect(premiumPriceFor('annual')).toEqual({ perMonth: 83_333, billedTotal: 1_000_000, discountPercent: 16 });
  });

  it('markets certified coaching from Rp300.000', () => {
    expect(formatRupiah(CERTIFIED_COACH_FROM_PRICE)).toBe('Rp300.000');
  });
});
