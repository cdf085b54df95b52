import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../shared/money';
import {
  CERTIFIED_COACH_FROM_PRICE,
  PREMIUM_ANNUAL_DISCOUNT_PERCENT,
  PREMIUM_ANNUAL_MONTHLY_PRICE,
  PREMIUM_MONTHLY_PRICE,
  SUBSCRIPTION_PLANS,
  PAYG_MAX_DAYS,
  PAYG_PRICE_PER_30_DAYS,
  TRIAL_DAYS,
  paygBaseDay,
  paygDaysUntil,
  paygDiscountPercent,
  paygEarliestEndDay,
  paygLatestEndDay,
  paygQuote,
  planDays,
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

describe('pay as you go (spec §9: Rp100.000 per 30 days × days, discount steps)', () => {
  // Exact price = 100.000 × days × (100 − d) / 3000, rounded to the nearest whole Rupiah.
  it.each([
    [1, 0, 3_333, 3_333],
    [30, 0, 100_000, 100_000],
    [92, 0, 306_667, 306_667],
    [93, 3, 310_000, 300_700],
    [182, 3, 606_667, 588_467],
    [183, 7, 610_000, 567_300],
    [210, 7, 700_000, 651_000],
    [211, 10, 703_333, 633_000],
    [360, 10, 1_200_000, 1_080_000],
    [361, 15, 1_203_333, 1_022_833],
    [365, 15, 1_216_667, 1_034_167],
  ])('%i days: %i %% off, Rp%i before the discount, Rp%i charged', (days, percent, base, price) => {
    expect(paygQuote(days)).toEqual({ days, discountPercent: percent, basePrice: base, price });
  });

  it('charges nothing for no days (the pay button stays disabled)', () => {
    expect(paygQuote(0).price).toBe(0);
    expect(paygQuote(-5).price).toBe(0);
    expect(paygQuote(Number.NaN).price).toBe(0);
  });

  it('rounds to the nearest whole Rupiah, never off by more than half a Rupiah', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PAYG_MAX_DAYS }), (days) => {
        const q = paygQuote(days);
        const exact = (PAYG_PRICE_PER_30_DAYS * days * (100 - q.discountPercent)) / 3000;
        expect(Number.isInteger(q.price)).toBe(true);
        expect(Math.abs(q.price - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('never gets cheaper as days are added within one discount step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PAYG_MAX_DAYS - 1 }), (days) => {
        if (paygDiscountPercent(days) !== paygDiscountPercent(days + 1)) return;
        expect(paygQuote(days + 1).price).toBeGreaterThan(paygQuote(days).price);
      }),
    );
  });

  it('only ever raises the discount as days grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PAYG_MAX_DAYS }), fc.integer({ min: 1, max: PAYG_MAX_DAYS }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(paygDiscountPercent(hi)).toBeGreaterThanOrEqual(paygDiscountPercent(lo));
      }),
    );
  });
});

describe('pay-as-you-go end dates (spec §5)', () => {
  it('without a current period: earliest tomorrow, days counted from today', () => {
    expect(paygEarliestEndDay('2026-11-24', null)).toBe('2026-11-25');
    expect(paygDaysUntil('2026-12-24', '2026-11-24', null)).toBe(30);
    expect(paygLatestEndDay('2026-11-24', null)).toBe('2028-11-23');
  });

  it('with a period ending later: counted from its end, so no day is paid twice', () => {
    expect(paygBaseDay('2026-11-24', '2026-12-10')).toBe('2026-12-10');
    expect(paygEarliestEndDay('2026-11-24', '2026-12-10')).toBe('2026-12-11');
    expect(paygDaysUntil('2027-01-09', '2026-11-24', '2026-12-10')).toBe(30);
  });

  it('a period that ended earlier counts from today; a date not after the base day buys nothing', () => {
    expect(paygBaseDay('2026-11-24', '2026-11-01')).toBe('2026-11-24');
    expect(paygDaysUntil('2026-11-24', '2026-11-24', null)).toBe(0);
    expect(paygDaysUntil('2026-12-05', '2026-11-24', '2026-12-10')).toBeLessThan(0);
  });
});

describe('plan days', () => {
  it('sells 30-day months', () => {
    expect(planDays(SUBSCRIPTION_PLANS['1month'])).toBe(30);
    expect(planDays(SUBSCRIPTION_PLANS['6month'])).toBe(180);
    expect(planDays(SUBSCRIPTION_PLANS['12month'])).toBe(360);
  });
});
