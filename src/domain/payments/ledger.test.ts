import { describe, expect, it } from 'vitest';
import { gatewayRefunded, ledgerLine, type LedgerEntry, type LedgerLine } from './ledger';

const sale: LedgerEntry = { channel: 'platform', gross: 110_000, fee: 10_000, refunded: 0, refundOwed: 0, gatewayGroup: 'qris' };

describe('money ledger line (decision 035)', () => {
  const cases: [string, Partial<LedgerEntry>, Partial<LedgerLine>][] = [
    ['paid, kept', {}, { platformFee: 10_000, net: 100_000, payoutDue: 100_000, gatewayFee: 770 }],
    ["partial refund: Rp100.000 of Rp110.000 back, Derap's fee kept", { refunded: 100_000 }, { refunded: 100_000, platformFee: 10_000, net: 0, payoutDue: 0 }],
    ['full refund: no fee, no net; the gateway keeps its fee', { refunded: 110_000 }, { refunded: 110_000, platformFee: 0, net: 0, gatewayFee: 770 }],
    ['owed back (canceled event, bank transfer): never paid out', { refundOwed: 110_000, gatewayGroup: 'va' }, { refunded: 0, refundOwed: 110_000, net: 0, payoutDue: 0, gatewayFee: 4_000 }],
    ['refunds beyond what was paid are capped, returned first', { refunded: 90_000, refundOwed: 90_000 }, { refunded: 90_000, refundOwed: 20_000, platformFee: 0, net: 0 }],
    ['self-managed: no payout, no gateway fee, fee owed to Derap', { channel: 'self_managed', gatewayGroup: null }, { payoutDue: 0, gatewayFee: 0, collectedDirectly: 110_000, platformFeeOwed: 10_000, net: 100_000 }],
    ['self-managed owed back: nothing kept', { channel: 'self_managed', refundOwed: 110_000 }, { collectedDirectly: 0, platformFeeOwed: 0, net: 0 }],
    ['subscription: all of it is Derap’s fee', { fee: 110_000 }, { platformFee: 110_000, net: 0, payoutDue: 0 }],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    const line = ledgerLine({ ...sale, ...over });
    expect(line).toMatchObject({ gross: 110_000, ...expected });
    // It always reconciles: every rupiah paid is returned, owed, Derap's, or the seller's.
    expect(line.refunded + line.refundOwed + line.platformFee + line.net).toBe(line.gross);
  });

  it("reads a refund's amount from our refund row, else a gateway-reported refund as whole", () => {
    expect(gatewayRefunded({ amount: 110_000, status: 'refunded' }, { amount: 100_000, status: 'succeeded' })).toBe(100_000);
    expect(gatewayRefunded({ amount: 110_000, status: 'refunded' }, { amount: 100_000, status: 'failed' })).toBe(110_000);
    expect(gatewayRefunded({ amount: 110_000, status: 'refunded' }, null)).toBe(110_000);
    expect(gatewayRefunded({ amount: 110_000, status: 'paid' }, { amount: 100_000, status: 'requested' })).toBe(0);
  });
});
