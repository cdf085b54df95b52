import { describe, expect, it } from 'vitest';
import type { SubscriptionPayment } from '../../../domain/subscriptions/contract';
import {
  acceptPaygEndDay,
  checkoutOutcome,
  checkoutReturnOrderId,
  formatPeriodEnd,
  isPartialDate,
  paygBounds,
  paygChoice,
  quoteSelection,
  withoutCheckoutReturn,
} from './purchase-model';

const DAY = 86_400_000;
// 14 July 2027, 10:00 in Jakarta.
const now = new Date('2027-07-14T03:00:00Z');

describe('quoteSelection', () => {
  it('prices each plan from the pricing module and starts the days at now without a running period', () => {
    expect(quoteSelection({ kind: 'trial' }, null, now)).toEqual({
      kind: 'trial',
      name: 'Uji Coba Gratis',
      days: 14,
      price: 0,
      discountPercent: 0,
      activeUntil: new Date(now.getTime() + 14 * DAY),
    });
    const six = quoteSelection({ kind: 'subscription', plan: '6month' }, null, now);
    expect(six).toMatchObject({ kind: '6month', name: 'Langganan 6 Bulan', days: 180, price: 550_000 });
    expect(quoteSelection({ kind: 'subscription', plan: '12month' }, null, now)).toMatchObject({ days: 360, price: 1_000_000 });
    expect(quoteSelection({ kind: 'payg', endDay: '2027-10-20', days: 98 }, null, now)).toMatchObject({
      kind: 'payg',
      days: 98,
      discountPercent: 3,
      price: 316_867,
    });
  });

  it('adds the days to a period still running (buying early never loses a day), but not to one that ended', () => {
    const end = '2027-07-20T05:00:00.000Z';
    expect(quoteSelection({ kind: 'subscription', plan: '6month' }, end, now).activeUntil).toEqual(new Date(Date.parse(end) + 180 * DAY));
    const ended = '2027-07-01T05:00:00.000Z';
    expect(quoteSelection({ kind: 'subscription', plan: '1month' }, ended, now).activeUntil).toEqual(new Date(now.getTime() + 30 * DAY));
  });
});

it('formats a period end with its time and offset', () => {
  expect(formatPeriodEnd('2027-07-28T02:05:00.000Z')).toBe('28 Juli 2027 pukul 09.05 WIB');
  expect(formatPeriodEnd(null)).toBe('-');
});

describe('pay as you go dates (spec §5)', () => {
  const bounds = paygBounds('2027-07-14', null);
  it('allows from tomorrow without a period, or from the day after the current period ends', () => {
    expect(bounds).toMatchObject({ min: '2027-07-15', max: '2029-07-13' });
    expect(paygBounds('2027-07-14', '2027-07-20T05:00:00.000Z').min).toBe('2027-07-21');
    // A period that already ended does not hold the date back.
    expect(paygBounds('2027-07-14', '2027-07-01T05:00:00.000Z').min).toBe('2027-07-15');
  });

  it('clears a date earlier than allowed (or later than sold), keeps one in range, and a year still being typed', () => {
    expect(acceptPaygEndDay('2027-07-14', bounds)).toBe('');
    expect(acceptPaygEndDay('2027-07-15', bounds)).toBe('2027-07-15');
    expect(acceptPaygEndDay('2029-07-14', bounds)).toBe('');
    expect(isPartialDate('0202-07-15')).toBe(true);
    expect(acceptPaygEndDay('0202-07-15', bounds)).toBe('0202-07-15');
    expect(paygChoice('0202-07-15', bounds)).toBeNull();
  });

  it('prices the days from the base day to the chosen one', () => {
    expect(paygChoice('2027-07-15', bounds)).toMatchObject({ days: 1, price: 3_333, discountPercent: 0 });
    expect(paygChoice('2027-08-13', bounds)).toMatchObject({ days: 30, price: 100_000 });
    expect(paygChoice('2027-07-14', bounds)).toBeNull();
    expect(paygChoice('', bounds)).toBeNull();
  });
});

describe('the return from the checkout', () => {
  it('reads the order from the finish URL and takes the parameters away, keeping others', () => {
    const search = '?subscription=finished&order_id=SUB-123&status_code=200&transaction_status=settlement&tab=x';
    expect(checkoutReturnOrderId(search)).toBe('SUB-123');
    expect(withoutCheckoutReturn(search)).toBe('?tab=x');
    expect(withoutCheckoutReturn('?subscription=finished&order_id=SUB-1')).toBe('');
    expect(checkoutReturnOrderId('?order_id=SUB-123')).toBeNull();
    expect(checkoutReturnOrderId('?subscription=finished')).toBeNull();
  });

  it('finds where the order stands', () => {
    const payment = (order_id: string, status: SubscriptionPayment['status']): SubscriptionPayment => ({
      order_id,
      plantype: '6month',
      days: 180,
      amount: 550_000,
      status,
      created_at: '2027-07-14T03:00:00.000Z',
      paid_at: null,
    });
    expect(checkoutOutcome([], 'SUB-1').state).toBe('pending');
    expect(checkoutOutcome([payment('SUB-1', 'pending')], 'SUB-1').state).toBe('pending');
    expect(checkoutOutcome([payment('SUB-2', 'paid'), payment('SUB-1', 'paid')], 'SUB-1')).toMatchObject({ state: 'paid', payment: { order_id: 'SUB-1' } });
    for (const status of ['failed', 'expired', 'canceled'] as const) expect(checkoutOutcome([payment('SUB-1', status)], 'SUB-1').state).toBe('failed');
  });
});
