import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidProgram, plannedChartKm, plannedDistanceKm, unwrapProgram, wrapProgram } from './training-program';

describe('plannedDistanceKm (spec §5)', () => {
  it.each([
    ['(HM)', 21.1],
    ['HM', 21.1],
    ['(hm race)', 21.1],
    ['(FM)', 42.2],
    ['(10k)', 10],
    ['(10K)', 10],
    ['(10 km)', 10],
    ['(2k + 6k + 2k)', 10],
    ['(5.5k)', 5.5],
    ['(5,5 km)', 5.5],
    ['(1.2k + 3.3k)', 4.5],
  ])('%j plans %d km', (program, km) => {
    expect(plannedDistanceKm(program)).toBe(km);
  });

  it.each(['(45 menit)', '(60 min)', '', null, undefined, '(santai)'])('%j names no distance', (program) => {
    expect(plannedDistanceKm(program)).toBeNull();
  });

  it('plannedChartKm counts a half marathon as 21 km and no distance as 0', () => {
    expect(plannedChartKm('(HM)')).toBe(21);
    expect(plannedChartKm('(FM)')).toBe(42.2);
    expect(plannedChartKm('(10k)')).toBe(10);
    expect(plannedChartKm('(45 menit)')).toBe(0);
    expect(plannedChartKm(null)).toBe(0);
  });
});

describe('wrapProgram / unwrapProgram', () => {
  it('wraps in parentheses once', () => {
    expect(wrapProgram('10k')).toBe('(10k)');
    expect(wrapProgram(' 10k ')).toBe('(10k)');
    expect(wrapProgram('(10k)')).toBe('(10k)');
    expect(wrapProgram('')).toBe('');
    expect(wrapProgram('   ')).toBe('');
  });

  it('unwraps for the form field', () => {
    expect(unwrapProgram('(10k)')).toBe('10k');
    expect(unwrapProgram('( 2k + 6k + 2k )')).toBe('2k + 6k + 2k');
    expect(unwrapProgram('10k')).toBe('10k');
    expect(unwrapProgram(null)).toBe('');
    expect(unwrapProgram(undefined)).toBe('');
  });

  it('wrapProgram is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = wrapProgram(text);
        expect(wrapProgram(once)).toBe(once);
        if (once !== '') {
          expect(once.startsWith('(')).toBe(true);
          expect(once.endsWith(')')).toBe(true);
        }
      }),
    );
  });

  it('unwrapProgram undoes wrapProgram (property)', () => {
    const notWrapped = fc.string().filter((s) => {
      const t = s.trim();
      return !(t.startsWith('(') && t.endsWith(')'));
    });
    fc.assert(
      fc.property(notWrapped, (text) => {
        expect(unwrapProgram(wrapProgram(text))).toBe(text.trim());
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const wrapped = wrapProgram(text);
        expect(wrapProgram(unwrapProgram(wrapProgram(unwrapProgram(wrapped))))).toBe(wrapProgram(unwrapProgram(wrapped)));
      }),
    );
  });
});

describe('isValidProgram', () => {
  it.each([
    '',
    '5k',
    '5K',
    '10K',
    '(10k)',
    '8 km',
    '21.1k',
    '5,5 km',
    '800m',
    '400 m',
    'HM',
    'FM',
    '(hm race)',
    'Half Marathon',
    'marathon',
    '6x800m',
    '6 x 800 m',
    '8×400m',
    '5x1km',
    '4 x 1k',
    '10x1 menit',
    '2k + 6k + 2k',
    '(2k WU + 6x800m rec 400m jog + 2k CD)',
    '2k pemanasan + 5k tempo + 2k pendinginan',
    '6x800m @ 3\'50',
    '45 menit',
    '30 min',
    '60 mnt',
    '1 jam',
    '1,5 jam',
    '90 detik',
    '00:45:00',
    '45:00',
    '5 kilo',
    '10k easy',
    '5k + 6x100m strides',
  ])('accepts %j', (program) => {
    expect(isValidProgram(program)).toBe(true);
  });

  it.each([
    'lima kilo',
    'cepat sekali',
    'santai',
    '10k cepat sekali',
    '10',
    'x',
    'k',
    '10 kali',
    '()',
    '5k; DROP TABLE training_runs',
    '<script>alert(1)</script>',
    'km',
    '10 ribu langkah',
  ])('refuses %j', (program) => {
    expect(isValidProgram(program)).toBe(false);
  });

  it('accepts every program the demo plan and the form suggestions use (property over distances)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.constantFrom('k', 'K', 'km', ' km', 'm'), (n, unit) => {
        expect(isValidProgram(`${n}${unit}`)).toBe(true);
        expect(isValidProgram(wrapProgram(`${n}${unit}`))).toBe(true);
      }),
    );
  });
});
