import { describe, expect, it } from 'vitest';
import { formatRupiah } from './money';

describe('formatRupiah', () => {
  it.each([
    [0, 'Rp0'],
    [500, 'Rp500'],
    [1_000, 'Rp1.000'],
    [83_333, 'Rp83.333'],
    [100_000, 'Rp100.000'],
    [300_000, 'Rp300.000'],
    [1_000_000, 'Rp1.000.000'],
    [1_234_567_890, 'Rp1.234.567.890'],
  ])('%d → %s', (amount, expected) => {
    expect(formatRupiah(amount)).toBe(expected);
  });

  it('puts the minus sign before Rp', () => {
    expect(formatRupiah(-5_000)).toBe('-Rp5.000');
  });

  it('never shows decimals: fractions are rounded to whole rupiah', () => {
    expect(formatRupiah(91_666.67)).toBe('Rp91.667');
    expect(formatRupiah(83_333.33)).toBe('Rp83.333');
    expect(formatRupiah(0.4)).toBe('Rp0');
  });

  it('rejects values that are not numbers', () => {
    expect(() => formatRupiah(Number.NaN)).toThrow(RangeError);
    expect(() => formatRupiah(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
