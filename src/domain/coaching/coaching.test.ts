import { describe, expect, it } from 'vitest';
import {
  coachPlatformFee,
  connectionDisplayStatus,
  connectionIsLive,
  estimatedReceived,
  packageEndDay,
  splitCertifications,
  suggestUniqueLink,
  UNIQUE_LINK_PATTERN,
  weeksAsMonths,
  packageDurationText,
} from './coaching';

describe('package fee arithmetic (events-and-coach-pages §5, §9)', () => {
  it.each([
    // price, weeks, platform fee, received, shown months
    [300_000, 4, 60_000, 240_000, 1],
    [15_000, 1, 15_000, 0, 0],
    [100_000, 12, 180_000, -80_000, 3],
    [1_250_000, 8, 120_000, 1_130_000, 2],
    [0, 1, 15_000, -15_000, 0],
    [2_000_000, 52, 780_000, 1_220_000, 12],
  ])('Rp%i for %i weeks: fee %i, coach receives %i, shown as %i months', (price, weeks, fee, received, months) => {
    expect(coachPlatformFee(weeks)).toBe(fee);
    expect(estimatedReceived(price, weeks)).toBe(received);
    expect(weeksAsMonths(weeks)).toBe(months);
  });

  it('says the duration in weeks, with months once it is half a month or more', () => {
    expect(packageDurationText(4)).toBe('4 minggu (±1 bulan)');
    expect(packageDurationText(12)).toBe('12 minggu (±3 bulan)');
    expect(packageDurationText(1)).toBe('1 minggu');
  });

  it('a package bought today ends today + weeks × 7 days', () => {
    expect(packageEndDay('2026-11-24', 4)).toBe('2026-12-22');
    expect(packageEndDay('2026-12-30', 1)).toBe('2027-01-06');
  });
});

describe('connections', () => {
  const base = { status: 'active' as const, runnerId: 'r1', startDate: '2026-11-01', endDate: '2026-11-30' };
  it('is live only while active, filled and within its dates', () => {
    expect(connectionIsLive(base, '2026-11-24')).toBe(true);
    expect(connectionIsLive(base, '2026-11-30')).toBe(true);
    expect(connectionIsLive(base, '2026-12-01')).toBe(false);
    expect(connectionIsLive(base, '2026-10-31')).toBe(false);
    expect(connectionIsLive({ ...base, status: 'ended' }, '2026-11-24')).toBe(false);
    expect(connectionIsLive({ ...base, runnerId: null }, '2026-11-24')).toBe(false);
    expect(connectionIsLive({ ...base, startDate: null, endDate: null }, '2026-11-24')).toBe(true);
  });
  it('shows empty, ended and expired rows as such', () => {
    expect(connectionDisplayStatus({ ...base, runnerId: null }, '2026-11-24')).toBe('empty');
    expect(connectionDisplayStatus({ ...base, status: 'ended' }, '2026-11-24')).toBe('ended');
    expect(connectionDisplayStatus(base, '2026-12-01')).toBe('expired');
    expect(connectionDisplayStatus(base, '2026-11-24')).toBe('active');
  });
});

describe('profile text', () => {
  it('splits certifications on commas, trimmed, each once', () => {
    expect(splitCertifications(' World Athletics Level 1, ,PB PASI C,world athletics level 1 ')).toEqual(['World Athletics Level 1', 'PB PASI C']);
  });
  it('suggests a valid unique link from a name', () => {
    for (const name of ['Andi Pratama, M.Or', 'Dédé', 'A', '---']) expect(suggestUniqueLink(name)).toMatch(UNIQUE_LINK_PATTERN);
    expect(suggestUniqueLink('Andi Pratama, M.Or')).toBe('andi-pratama-m-or');
  });
  it('accepts only lowercase words joined by single hyphens', () => {
    expect(UNIQUE_LINK_PATTERN.test('andi-pratama')).toBe(true);
    for (const bad of ['ab', 'Andi', 'andi--pratama', '-andi', 'andi-', 'andi pratama', 'a'.repeat(41)]) expect(UNIQUE_LINK_PATTERN.test(bad)).toBe(false);
  });
});
