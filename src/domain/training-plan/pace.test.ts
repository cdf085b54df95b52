import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PACE,
  formatDuration,
  formatPace,
  formatPlanPace,
  MAX_PLAN_PACE,
  MIN_PLAN_PACE,
  normalisePaceRange,
  paceFromInput,
  paceSecondsPerKm,
  parseDuration,
  parsePace,
  parsePaceRange,
} from './pace';

describe('parseDuration', () => {
  it.each([
    ['1:02:03', 3723],
    ['01:02:03', 3723],
    ['45:30', 2730],
    ['75:00', 4500], // minutes of mm:ss may exceed 59
    ['3600', 3600],
    [' 50:00 ', 3000],
    ['0:00:00', 0],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['1:60:00', '1:00:60', '10:75', '', '   ', 'abc', '1:2:3', '10:5', '1:02:03:04', '-5', '1.5', '10:', ':30', '1:02:3'])(
    'rejects %j',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );

  it('formatDuration writes hh:mm:ss', () => {
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(4500)).toBe('01:15:00');
    expect(formatDuration(-5)).toBe('00:00:00');
  });

  it('formatDuration and parseDuration round-trip (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 * 3600 }), (seconds) => {
        expect(parseDuration(formatDuration(seconds))).toBe(seconds);
      }),
    );
  });

  it('reads any hh:mm:ss and mm:ss it is given (property)', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), (h, m, s) => {
        expect(parseDuration(`${h}:${two(m)}:${two(s)}`)).toBe(h * 3600 + m * 60 + s);
        expect(parseDuration(`${h * 60 + m}:${two(s)}`)).toBe((h * 60 + m) * 60 + s);
      }),
    );
  });
});

describe('pace', () => {
  it('paceSecondsPerKm is time per km, null when missing or not positive', () => {
    expect(paceSecondsPerKm(10, 3000)).toBe(300);
    expect(paceSecondsPerKm(0, 3000)).toBeNull();
    expect(paceSecondsPerKm(10, 0)).toBeNull();
    expect(paceSecondsPerKm(null, 3000)).toBeNull();
    expect(paceSecondsPerKm(10, undefined)).toBeNull();
    expect(paceSecondsPerKm(-10, 3000)).toBeNull();
    expect(paceSecondsPerKm(Number.POSITIVE_INFINITY, 3000)).toBeNull();
  });

  it('formatPace writes mm:ss/km', () => {
    expect(formatPace(330)).toBe('05:30/km');
    expect(formatPace(300)).toBe('05:00/km');
    expect(formatPace(59.6)).toBe('01:00/km');
  });

  it.each([null, undefined, 0, -30, Number.NaN, Number.POSITIVE_INFINITY])('formatPace(%s) is --:--/km', (value) => {
    expect(formatPace(value)).toBe('--:--/km');
    expect(EMPTY_PACE).toBe('--:--/km');
  });

  it('paceFromInput shows the live pace from the form text', () => {
    expect(paceFromInput('10', '50:00')).toBe('05:00/km');
    expect(paceFromInput('10,5', '52:30')).toBe('05:00/km'); // Indonesian decimal comma
    expect(paceFromInput('5', '0:27:30')).toBe('05:30/km');
  });

  it.each([
    ['', '50:00'],
    ['10', '0'],
    ['10', ''],
    ['0', '50:00'],
    ['abc', '50:00'],
    ['10', '10:75'],
  ])('paceFromInput(%j, %j) is --:--/km', (distance, time) => {
    expect(paceFromInput(distance, time)).toBe('--:--/km');
  });
});

describe('parsePaceRange', () => {
  it('reads a plan range', () => {
    expect(parsePaceRange("4'10 - 4'15")).toEqual([250, 255]);
    expect(parsePaceRange("4'10-4'15")).toEqual([250, 255]);
    expect(parsePaceRange('4:10 – 4:15')).toEqual([250, 255]);
    expect(parsePaceRange("4'10 s/d 4'15")).toEqual([250, 255]);
  });

  it('normalises reversed order', () => {
    expect(parsePaceRange("4'15 - 4'10")).toEqual([250, 255]);
  });

  it('reads a single pace as a point range', () => {
    expect(parsePaceRange("5'30")).toEqual([330, 330]);
  });

  it.each([null, undefined, '', 'abc', 'easy', "4'10 - 4'15 - 4'20", "4'75", "4'10 -", '- 4:10'])('gives null for %j', (text) => {
    expect(parsePaceRange(text)).toBeNull();
  });

  it('parsePace reads one pace', () => {
    expect(parsePace("4'10")).toBe(250);
    expect(parsePace('4:10')).toBe(250);
    expect(parsePace("4'10/km")).toBe(250);
    expect(parsePace('x')).toBeNull();
  });

  it('formatPlanPace and parsePaceRange round-trip (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5999 }), fc.integer({ min: 1, max: 5999 }), (a, b) => {
        expect(parsePaceRange(`${formatPlanPace(a)} - ${formatPlanPace(b)}`)).toEqual([Math.min(a, b), Math.max(a, b)]);
      }),
    );
    expect(formatPlanPace(250)).toBe("4'10");
  });
});

describe('normalisePaceRange', () => {
  it.each([
    ["4'10 - 4'15", "4'10 - 4'15"],
    ["4'10-4'15", "4'10 - 4'15"],
    ['4:10-4:15/km', "4'10 - 4'15"],
    ['4:10 - 4:15 /km', "4'10 - 4'15"],
    ['4:10 – 4:15 min/km', "4'10 - 4'15"],
    ["4'10 s/d 4'15 menit/km", "4'10 - 4'15"],
    ['4.10 - 4.15', "4'10 - 4'15"],
    ["4'15 - 4'10", "4'10 - 4'15"],
    ['4’10 - 4’15', "4'10 - 4'15"],
    [`4'10" - 4'15"`, "4'10 - 4'15"],
    ["5'30", "5'30"],
    ['12:30/km', "12'30"],
    ["4'10 - 4'10", "4'10"],
    ['', ''],
    ['   ', ''],
  ])('%j is the plan range %j', (text, expected) => {
    expect(normalisePaceRange(text)).toBe(expected);
  });

  it.each(['cepat sekali', 'easy', 'zona 2', "4'10 - 4'15 - 4'20", "4'75", "4'10 -", '410', "1'59", "20'01", "0'30 - 0'40", '4:10 km'])(
    'refuses %j',
    (text) => {
      expect(normalisePaceRange(text)).toBeNull();
    },
  );

  it('accepts the bounds themselves', () => {
    expect(normalisePaceRange(formatPlanPace(MIN_PLAN_PACE))).toBe("2'00");
    expect(normalisePaceRange(formatPlanPace(MAX_PLAN_PACE))).toBe("20'00");
  });

  it('keeps what a normalised range means, and normalising twice changes nothing (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_PLAN_PACE, max: MAX_PLAN_PACE }), fc.integer({ min: MIN_PLAN_PACE, max: MAX_PLAN_PACE }), (a, b) => {
        const once = normalisePaceRange(`${formatPlanPace(a)}-${formatPlanPace(b)}`);
        expect(once).not.toBeNull();
        expect(parsePaceRange(once)).toEqual([Math.min(a, b), Math.max(a, b)]);
        expect(normalisePaceRange(once!)).toBe(once);
      }),
    );
  });
});
