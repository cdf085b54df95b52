import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isoFromParts,
  isoToLocalDate,
  isoToPlanDate,
  isValidIsoDay,
  jakartaToday,
  parseWireDate,
  planDateProblem,
  planDateToIso,
  startOfWeek,
  weekDays,
  weekdayIndex,
  wireDateToIso,
} from './wire-date';

/** Any calendar day the plan accepts, as an ISO day computed independently of the code under test. */
const anyIsoDay = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2100, 11, 31, 23, 59, 59)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('planDateToIso / isoToPlanDate', () => {
  it('converts DD-MM-YYYY to YYYY-MM-DD and back', () => {
    expect(planDateToIso('05-01-2027')).toBe('2027-01-05');
    expect(planDateToIso(' 23-11-2026 ')).toBe('2026-11-23');
    expect(isoToPlanDate('2027-01-05')).toBe('05-01-2027');
  });

  it('round-trips every valid day (property)', () => {
    fc.assert(
      fc.property(anyIsoDay, (iso) => {
        const wire = isoToPlanDate(iso);
        expect(wire).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        expect(planDateToIso(wire)).toBe(iso);
        expect(isValidIsoDay(iso)).toBe(true);
      }),
    );
  });

  it.each(['31-02-2027', '29-02-2027', '30-02-2028', '31-04-2027', '32-01-2027', '00-01-2027', '01-00-2027', '01-13-2027'])(
    'rejects the impossible day %s',
    (value) => {
      expect(planDateToIso(value)).toBeNull();
    },
  );

  it('accepts 29 February in a leap year only', () => {
    expect(planDateToIso('29-02-2028')).toBe('2028-02-29');
    expect(planDateToIso('29-02-2000')).toBe('2000-02-29');
    expect(planDateToIso('29-02-2100')).toBeNull(); // centuries not divisible by 400 are not leap years
  });

  it.each(['5-1-2027', '05-1-2027', '2027-01-05', '05/01/2027', '05-01-27', '', 'abc', '05-01-2027x'])('rejects the malformed %j', (value) => {
    expect(planDateToIso(value)).toBeNull();
  });

  it('rejects years outside 2000-2100', () => {
    expect(planDateToIso('31-12-1999')).toBeNull();
    expect(planDateToIso('01-01-2101')).toBeNull();
    expect(planDateToIso('01-01-0202')).toBeNull();
    expect(planDateToIso('01-01-2000')).toBe('2000-01-01');
    expect(planDateToIso('31-12-2100')).toBe('2100-12-31');
  });

  it('isoToPlanDate refuses a non-ISO value', () => {
    expect(() => isoToPlanDate('05-01-2027')).toThrow();
  });

  it('isValidIsoDay checks the calendar', () => {
    expect(isValidIsoDay('2027-02-29')).toBe(false);
    expect(isValidIsoDay('2028-02-29')).toBe(true);
    expect(isValidIsoDay('2027-1-5')).toBe(false);
  });

  it('isoFromParts pads', () => {
    expect(isoFromParts(2027, 1, 5)).toBe('2027-01-05');
  });
});

describe('addDays / daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2027-01-01', '2028-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2027-01-10', '2027-01-03')).toBe(-7);
  });

  it('are inverse of each other (property)', () => {
    fc.assert(
      fc.property(anyIsoDay, fc.integer({ min: -20_000, max: 20_000 }), (iso, n) => {
        expect(daysBetween(iso, addDays(iso, n))).toBe(n);
        expect(addDays(addDays(iso, n), -n)).toBe(iso);
      }),
    );
    fc.assert(
      fc.property(anyIsoDay, anyIsoDay, (a, b) => {
        expect(addDays(a, daysBetween(a, b))).toBe(b);
      }),
    );
  });
});

describe('weekdayIndex / startOfWeek / weekDays', () => {
  it('counts Monday as 0 and Sunday as 6', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // Monday
    expect(weekdayIndex('2026-11-24')).toBe(1);
    expect(weekdayIndex('2026-11-28')).toBe(5); // Saturday
    expect(weekdayIndex('2026-11-29')).toBe(6); // Sunday
    expect(weekdayIndex('2027-01-01')).toBe(4); // Friday
  });

  it('startOfWeek of a Sunday is the Monday six days earlier', () => {
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });

  it('startOfWeek is a Monday on or before the day, at most 6 days earlier (property)', () => {
    fc.assert(
      fc.property(anyIsoDay, (iso) => {
        const monday = startOfWeek(iso);
        expect(weekdayIndex(monday)).toBe(0);
        const back = daysBetween(monday, iso);
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(6);
        expect(back).toBe(weekdayIndex(iso));
      }),
    );
  });

  it('weekDays lists Monday to Sunday of the week', () => {
    expect(weekDays('2026-11-26')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    fc.assert(
      fc.property(anyIsoDay, (iso) => {
        const days = weekDays(iso);
        expect(days).toHaveLength(7);
        expect(days.map(weekdayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(days).toContain(iso);
      }),
    );
  });
});

describe('jakartaToday', () => {
  it('uses the Jakarta calendar day (UTC+7), not UTC', () => {
    expect(jakartaToday(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23');
    expect(jakartaToday(new Date('2026-11-22T16:59:59Z'))).toBe('2026-11-22');
    expect(jakartaToday(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
  });
});

describe('isoToLocalDate', () => {
  it('is local midnight of the same calendar day', () => {
    const date = isoToLocalDate('2027-01-05');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2027, 0, 5, 0]);
  });
});

describe('planDateProblem', () => {
  it('is null for a real day in range', () => {
    expect(planDateProblem('05-01-2027')).toBeNull();
    expect(planDateProblem(' 29-02-2028 ')).toBeNull();
  });

  it.each(['5-1-2027', '2027-01-05', '05/01/2027', '05-01-27', '', 'abc', '05-01-2027x'])('calls %j a format problem', (value) => {
    expect(planDateProblem(value)).toBe('format');
  });

  it.each(['31-02-2026', '29-02-2027', '31-04-2027', '32-01-2027', '00-01-2027', '01-00-2027', '01-13-2027', '29-02-2100'])(
    'calls %s a day that is not on the calendar',
    (value) => {
      expect(planDateProblem(value)).toBe('calendar');
    },
  );

  it.each(['31-12-1999', '01-01-2101', '01-01-0202', '15-06-9999'])('calls %s out of range', (value) => {
    expect(planDateProblem(value)).toBe('range');
  });

  it('has no problem exactly when planDateToIso reads the value (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 9999 })).map(
            ([d, m, y]) => `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${String(y).padStart(4, '0')}`,
          ),
          fc.string(),
        ),
        (value) => {
          expect(planDateProblem(value) === null).toBe(planDateToIso(value) !== null);
        },
      ),
    );
  });
});

describe('parseWireDate / wireDateToIso (any year, e.g. a date of birth)', () => {
  it('reads DD-MM-YYYY of any year from 100 on', () => {
    expect(parseWireDate('17-08-1945')).toEqual({ year: 1945, month: 8, day: 17 });
    expect(wireDateToIso('17-08-1945')).toBe('1945-08-17');
    expect(wireDateToIso('29-02-2024')).toBe('2024-02-29');
  });

  it('refuses other shapes, unreal days and two-digit years', () => {
    for (const bad of ['1945-08-17', '17/08/1945', ' 17-08-1945', '7-08-1945', '29-02-2023', '31-04-1990', '00-01-1990', '01-13-1990', '01-01-0050']) {
      expect(parseWireDate(bad)).toBeNull();
      expect(wireDateToIso(bad)).toBeNull();
    }
  });

  it('agrees with planDateToIso on every plan day (property)', () => {
    fc.assert(
      fc.property(anyIsoDay, (iso) => {
        expect(wireDateToIso(isoToPlanDate(iso))).toBe(iso);
      }),
    );
  });
});
