import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bibMessages, bibRangeOf, bibRangesClash, describeBibRange, formatBibNumber } from './bib-numbers';

describe('bib numbers', () => {
  it('pads the number to the width of the range end, after the prefix', () => {
    expect(formatBibNumber({ prefix: '10K-', end: 2000 }, 231)).toBe('10K-0231');
    expect(formatBibNumber({ prefix: '', end: 99 }, 7)).toBe('07');
    expect(formatBibNumber({ prefix: 'HM', end: 5 }, 5)).toBe('HM5');
    expect(describeBibRange({ prefix: '10K-', start: 1, end: 2000 })).toBe('10K-0001 s.d. 10K-2000 (2.000 nomor)');
    expect(bibRangeOf({ bibPrefix: 'A', bibStart: null, bibEnd: null })).toBeNull();
    expect(bibMessages.exhausted('10K', { prefix: '10K-', start: 1, end: 2 })).toMatch(/^Nomor BIB kategori 10K sudah habis \(10K-1 s\.d\. 10K-2\)\. Pendaftaran tetap terkonfirmasi/);
  });

  it('two ranges that do not clash never print the same bib', () => {
    const range = fc
      .tuple(fc.constantFrom('', 'A', 'a', '1', 'A1'), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }))
      .map(([prefix, x, y]) => ({ prefix, start: Math.min(x, y), end: Math.max(x, y) }));
    fc.assert(
      fc.property(range, range, (a, b) => {
        if (bibRangesClash(a, b)) return;
        const printed = new Set<string>();
        for (let n = a.start; n <= a.end; n++) printed.add(formatBibNumber(a, n).toUpperCase());
        // Prefixes that are prefixes of each other ('A' and 'A1') are the organizer's to avoid; the
        // database's unique index and the skip in bib-numbers.ts cover them.
        if (a.prefix.toUpperCase() !== b.prefix.toUpperCase()) return;
        for (let n = b.start; n <= b.end; n++) expect(printed.has(formatBibNumber(b, n).toUpperCase())).toBe(false);
      }),
    );
  });
});
