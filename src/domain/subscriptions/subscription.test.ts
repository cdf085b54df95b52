import { describe, expect, it } from 'vitest';
import { accessEndDay, normaliseSubscriptionStatus } from './subscription';

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
