import { describe, expect, it } from 'vitest';
import { PAST_DUE_GRACE_DAYS, accessEndDay, extendPeriod, hasPremiumAccess, lapsedStatus, normaliseSubscriptionStatus } from './subscription';

describe('normaliseSubscriptionStatus', () => {
  it('reads the pass_due spelling as past_due', () => {
    expect(normaliseSubscriptionStatus('pass_due')).toBe('past_due');
  });
  it('falls back to none', () => {
    expect(normaliseSubscriptionStatus(undefined)).toBe('none');
    expect(normaliseSubscriptionStatus('bogus')).toBe('none');
    expect(normaliseSubscriptionStatus('active')).toBe('active');
  });
});

describe('accessEndDay', () => {
  it('is the Jakarta day of the period end, null without one', () => {
    expect(accessEndDay(new Date('2026-11-30T20:00:00.000Z'))).toBe('2026-12-01');
    expect(accessEndDay('2026-11-30T16:59:59.000Z')).toBe('2026-11-30');
    expect(accessEndDay(null)).toBeNull();
    expect(accessEndDay(undefined)).toBeNull();
    expect(accessEndDay('bukan tanggal')).toBeNull();
  });
});

describe('hasPremiumAccess (spec §5: active or trialing)', () => {
  const now = new Date('2026-11-24T03:00:00.000Z');
  const later = new Date('2026-12-01T00:00:00.000Z');
  it('opens for active and trialing within the period only', () => {
    expect(hasPremiumAccess({ status: 'active', currentPeriodEnd: later }, now)).toBe(true);
    expect(hasPremiumAccess({ status: 'trialing', currentPeriodEnd: later }, now)).toBe(true);
    expect(hasPremiumAccess({ status: 'active', currentPeriodEnd: now }, now)).toBe(false);
    expect(hasPremiumAccess({ status: 'active', currentPeriodEnd: null }, now)).toBe(false);
  });
  it('stays closed for every other status, even with a future period end', () => {
    for (const status of ['past_due', 'canceled', 'incomplete', 'none'] as const) {
      expect(hasPremiumAccess({ status, currentPeriodEnd: later }, now)).toBe(false);
    }
  });
});

describe('extendPeriod', () => {
  const now = new Date('2026-11-24T03:00:00.000Z');
  it('starts at now without a running period', () => {
    expect(extendPeriod(null, 30, now)).toEqual({ start: now, end: new Date('2026-12-24T03:00:00.000Z') });
    expect(extendPeriod(new Date('2026-11-01T00:00:00.000Z'), 1, now).end).toEqual(new Date('2026-11-25T03:00:00.000Z'));
  });
  it('starts at the current end when buying early, so no day is lost', () => {
    const end = new Date('2026-12-10T05:30:00.000Z');
    expect(extendPeriod(end, 180, now)).toEqual({ start: end, end: new Date('2027-06-08T05:30:00.000Z') });
  });
});

describe('lapsedStatus', () => {
  const end = new Date('2026-12-01T00:00:00.000Z');
  const at = (iso: string) => new Date(iso);
  it('keeps a running period as it is', () => {
    expect(lapsedStatus({ status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: false }, at('2026-11-30T23:59:59.000Z'))).toBeNull();
  });
  it('moves an ended trial or plan to past_due, or canceled when it was stopped', () => {
    expect(lapsedStatus({ status: 'trialing', currentPeriodEnd: end, cancelAtPeriodEnd: false }, end)).toBe('past_due');
    expect(lapsedStatus({ status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: false }, end)).toBe('past_due');
    expect(lapsedStatus({ status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true }, end)).toBe('canceled');
  });
  it(`moves past_due to none after ${PAST_DUE_GRACE_DAYS} days`, () => {
    expect(lapsedStatus({ status: 'past_due', currentPeriodEnd: end, cancelAtPeriodEnd: false }, at('2026-12-07T23:00:00.000Z'))).toBeNull();
    expect(lapsedStatus({ status: 'past_due', currentPeriodEnd: end, cancelAtPeriodEnd: false }, at('2026-12-08T00:00:00.000Z'))).toBe('none');
  });
  it('leaves none, canceled and incomplete alone', () => {
    for (const status of ['none', 'canceled', 'incomplete'] as const) {
      expect(lapsedStatus({ status, currentPeriodEnd: end, cancelAtPeriodEnd: false }, at('2027-12-01T00:00:00.000Z'))).toBeNull();
    }
  });
});
