import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalOrderStatuses, nextOrderStatus, orderStatuses, paymentOptionKeys, paymentOptionLabels, paymentTypeOf, type OrderStatus } from './payments';

const status = fc.constantFrom(...orderStatuses);

/** Applies reports one after another, as the webhook does. */
function replay(reports: OrderStatus[], start: OrderStatus = 'pending'): OrderStatus {
  return reports.reduce<OrderStatus>((current, reported) => nextOrderStatus(current, reported) ?? current, start);
}

describe('nextOrderStatus', () => {
  it('moves an open order to what the gateway reports', () => {
    expect(nextOrderStatus('pending', 'paid')).toBe('paid');
    expect(nextOrderStatus('pending', 'failed')).toBe('failed');
    expect(nextOrderStatus('pending', 'expired')).toBe('expired');
    expect(nextOrderStatus('pending', 'canceled')).toBe('canceled');
    // a denied card can be followed by another attempt on the same Snap order
    expect(nextOrderStatus('failed', 'pending')).toBe('pending');
    expect(nextOrderStatus('failed', 'paid')).toBe('paid');
  });

  it('ignores repeats and impossible steps', () => {
    expect(nextOrderStatus('pending', 'pending')).toBeNull();
    expect(nextOrderStatus('paid', 'paid')).toBeNull();
    expect(nextOrderStatus('pending', 'refunded')).toBeNull();
  });

  it('never takes a paid order back to pending, failed or expired', () => {
    expect(nextOrderStatus('paid', 'pending')).toBeNull();
    expect(nextOrderStatus('paid', 'failed')).toBeNull();
    expect(nextOrderStatus('paid', 'expired')).toBeNull();
    expect(nextOrderStatus('paid', 'refunded')).toBe('refunded');
    expect(nextOrderStatus('paid', 'canceled')).toBe('canceled');
  });

  it('keeps final states whatever arrives afterwards', () => {
    fc.assert(
      fc.property(fc.constantFrom(...finalOrderStatuses), status, (current, reported) => nextOrderStatus(current, reported) === null),
    );
  });

  it('ends paid whenever a payment was reported and nothing reversed it, in any order of delivery', () => {
    const nonReversing = fc.constantFrom<OrderStatus>('pending', 'failed', 'paid');
    fc.assert(
      fc.property(fc.array(nonReversing, { maxLength: 8 }), fc.array(nonReversing, { maxLength: 8 }), (before, after) => {
        expect(replay([...before, 'paid', ...after])).toBe('paid');
      }),
    );
  });

  it('changes nothing when the same report arrives again right after (duplicate notification)', () => {
    fc.assert(
      fc.property(status, status, (current, reported) => {
        const after = nextOrderStatus(current, reported) ?? current;
        expect(nextOrderStatus(after, reported)).toBeNull();
      }),
    );
  });
});

describe('payment options', () => {
  it('labels every key of the spec in Indonesian and maps it to a Midtrans payment_type', () => {
    expect(paymentOptionKeys).toEqual(['permata_va', 'other_va', 'echannel', 'bni_va', 'cimb_va', 'bri_va', 'gopay', 'other_qris']);
    for (const key of paymentOptionKeys) expect(paymentOptionLabels[key]).toBeTruthy();
    expect(paymentTypeOf('bni_va')).toBe('bank_transfer');
    expect(paymentTypeOf('echannel')).toBe('echannel');
    expect(paymentTypeOf('gopay')).toBe('gopay');
    expect(paymentTypeOf('other_qris')).toBe('qris');
  });
});
