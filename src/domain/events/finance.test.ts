import { describe, expect, it } from 'vitest';
import { formatMonth, jakartaMonth, registrationMoney, sumMoney } from './finance';

const paid = { paymentType: 'platform' as const, paymentAmount: 260_000, adminFee: 10_000, refunded: 0, paymentMethod: 'bni_va' };

describe('Keuangan figures', () => {
  it("a Rp250.000 entry is Rp250.000 for the organizer: Derap's Rp10.000 admin fee pays the gateway", () => {
    expect(registrationMoney(paid)).toEqual({
      paidCount: 1,
      refundedCount: 0,
      gross: 260_000,
      platformFees: 10_000,
      gatewayFees: 4_000,
      refunds: 0,
      refundsOwed: 0,
      net: 250_000,
      payoutDue: 250_000,
      collectedDirectly: 0,
      platformFeesOwed: 0,
    });
  });

  it('a full refund leaves nothing to pay out; a refund of the ticket price only leaves Derap its fee', () => {
    expect(registrationMoney({ ...paid, refunded: 260_000 })).toMatchObject({ gross: 260_000, refunds: 260_000, platformFees: 0, net: 0, payoutDue: 0, gatewayFees: 4_000, refundedCount: 1 });
    expect(registrationMoney({ ...paid, refunded: 250_000 })).toMatchObject({ refunds: 250_000, platformFees: 10_000, net: 0 });
    expect(registrationMoney({ ...paid, refunded: 999_999 })).toMatchObject({ refunds: 260_000, net: 0 });
  });

  it('a refund still owed back is never paid out, and counts as refunded once returned', () => {
    expect(registrationMoney({ ...paid, refundOwed: 260_000 })).toMatchObject({ refunds: 0, refundsOwed: 260_000, platformFees: 0, net: 0, payoutDue: 0, refundedCount: 1 });
    expect(registrationMoney({ ...paid, refunded: 100_000, refundOwed: 999_999 })).toMatchObject({ refunds: 100_000, refundsOwed: 160_000, net: 0 });
  });

  it('self-managed: paid to the organizer directly, no payout, no gateway fee, admin fees owed to Derap', () => {
    expect(registrationMoney({ ...paid, paymentType: 'self_managed', paymentMethod: null })).toMatchObject({
      gross: 260_000,
      net: 250_000,
      payoutDue: 0,
      gatewayFees: 0,
      collectedDirectly: 260_000,
      platformFeesOwed: 10_000,
    });
  });

  it('sums rows, with the gateway method reported by the gateway first', () => {
    const total = sumMoney([paid, { ...paid, gatewayPaymentType: 'qris' }, { ...paid, refunded: 260_000 }]);
    expect(total).toMatchObject({ paidCount: 3, refundedCount: 1, gross: 780_000, refunds: 260_000, platformFees: 20_000, net: 500_000, gatewayFees: 4_000 + 1_820 + 4_000 });
    expect(sumMoney([])).toMatchObject({ gross: 0, net: 0 });
  });

  it('months are Jakarta months, written in Indonesian', () => {
    expect(jakartaMonth(new Date('2027-05-31T17:00:00Z'))).toBe('2027-06');
    expect(jakartaMonth(new Date('2027-05-31T16:59:59Z'))).toBe('2027-05');
    expect(formatMonth('2027-05')).toBe('Mei 2027');
  });
});
