import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plannedChartKm, plannedDistanceKm, unwrapProgram, wrapProgram } from './training-program';

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
