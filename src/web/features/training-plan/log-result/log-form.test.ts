import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../domain/training-plan/training-plan';
import type { Run } from '../../../../domain/training-plan/contract';
import { buildRunPatch, checkLogForm, formatDistanceKm, isEmptyPatch, logFormValues, parseDistanceKm, type LogFormValues } from './log-form';
import { plannedRun } from '../../../../domain/training-plan/run-fixture';

const run = plannedRun({ title: 'Tempo Run', program: '(8k)', paceRange: "4'30 - 4'45", color: 'bg-orange-500' });
const values = (over: Partial<LogFormValues> = {}): LogFormValues => ({ date: '2027-07-14', distance: '', time: '', hr: '', ...over });

describe('parseDistanceKm', () => {
  it('reads a decimal comma or point and refuses anything else', () => {
    expect(parseDistanceKm('10')).toBe(10);
    expect(parseDistanceKm(' 10,5 ')).toBe(10.5);
    expect(parseDistanceKm('10.25')).toBe(10.25);
    expect(parseDistanceKm(',5')).toBe(0.5);
    for (const bad of ['', 'abc', '10km', '1,2,3', '-5', '1e3']) expect(parseDistanceKm(bad)).toBeNull();
  });

  it('reads back what formatDistanceKm writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300_000 }), (metres) => {
        const km = metres / 1000;
        expect(parseDistanceKm(formatDistanceKm(km))).toBe(km);
      }),
    );
  });
});

describe('logFormValues', () => {
  it('opens an unlogged run with its date and empty fields', () => {
    expect(logFormValues(run)).toEqual({ date: '2027-07-14', distance: '', time: '', hr: '' });
  });

  it('opens a logged run with its result in the form’s notation', () => {
    expect(logFormValues({ ...run, trainingdistance: 10.5, trainingtime: 3125, traininghr: 151 })).toEqual({
      date: '2027-07-14',
      distance: '10,5',
      time: '00:52:05',
      hr: '151',
    });
  });
});

describe('checkLogForm', () => {
  it('shows a result Strava filled with the same pace and scores as the same result typed', () => {
    const result = { trainingdistance: 8.12, trainingtime: 2210, trainingpace: 272, traininghr: 162 };
    const fromStrava = { ...run, ...result, source: 'strava' as const };
    const typed = { ...run, ...result, source: 'manual' as const };
    const a = checkLogForm(logFormValues(fromStrava), fromStrava);
    const b = checkLogForm(logFormValues(typed), typed);
    expect(a).toEqual(b);
    expect(a.scores.total).not.toBeNull();
    expect(a.pace).toBe(b.pace);
  });

  it('allows saving an empty result (nothing logged yet)', () => {
    const check = checkLogForm(values(), run);
    expect(check.canSave).toBe(true);
    expect(check.allOrNoneError).toBeNull();
    expect(check.pace).toBe('--:--/km');
    expect(check.scores).toEqual({ distance: null, pace: null, heartRate: null, total: null });
  });

  it('computes pace and the four scores live from a full result', () => {
    const check = checkLogForm(values({ distance: '10', time: '50:00', hr: '150' }), run);
    expect(check.canSave).toBe(true);
    expect(check.result).toEqual({ trainingdistance: 10, trainingtime: 3000, traininghr: 150 });
    expect(check.pace).toBe('05:00/km');
    // 10 of 8 km: ratio 1.25 → 10 − 20 × 0.2 = 6; 5:00 vs the 4:45 bound → 10 × (1 − 2 × 15/285); HR 150 in tempo's 70-90 %.
    expect(check.scores.distance).toBeCloseTo(6);
    expect(check.scores.pace).toBeCloseTo(10 * (1 - (2 * 15) / 285));
    expect(check.scores.heartRate).toBe(10);
    expect(check.scores.total).toBeCloseTo((6 + 10 * (1 - 30 / 285) + 10) / 3);
  });

  it('accepts time as hh:mm:ss, mm:ss or plain seconds', () => {
    for (const time of ['00:50:00', '50:00', '3000']) {
      expect(checkLogForm(values({ distance: '10', time, hr: '150' }), run).result.trainingtime).toBe(3000);
    }
  });

  it('shows the all-or-none alert and blocks saving for every partial combination', () => {
    const filled = { distance: '10', time: '50:00', hr: '150' };
    for (const keep of [['distance'], ['time'], ['hr'], ['distance', 'time'], ['distance', 'hr'], ['time', 'hr']] as const) {
      const partial = values(Object.fromEntries(keep.map((k) => [k, filled[k]])));
      const check = checkLogForm(partial, run);
      expect(check.allOrNoneError).toBe(messages.allOrNone);
      expect(check.canSave).toBe(false);
    }
  });

  it('treats whitespace-only fields as empty', () => {
    expect(checkLogForm(values({ distance: '  ', time: ' ', hr: '' }), run).canSave).toBe(true);
  });

  it('marks unreadable or out-of-range values invalid, with the field’s reason', () => {
    const cases: [Partial<LogFormValues>, keyof ReturnType<typeof checkLogForm>['fieldErrors'], string][] = [
      [{ distance: 'abc' }, 'distance', 'Jarak lari harus berupa angka.'],
      [{ distance: '0' }, 'distance', 'Jarak lari harus lebih dari 0 km.'],
      [{ distance: '301' }, 'distance', 'Jarak lari maksimal 300 km.'],
      [{ time: '5:99' }, 'time', 'Waktu harus berformat hh:mm:ss, mm:ss atau detik.'],
      [{ time: '0' }, 'time', 'Waktu lari harus lebih dari 0 detik.'],
      [{ time: '49:00:00' }, 'time', 'Waktu lari maksimal 48 jam.'],
      [{ hr: '20' }, 'hr', 'Rata-rata HR minimal 30 bpm.'],
      [{ hr: '251' }, 'hr', 'Rata-rata HR maksimal 250 bpm.'],
      [{ hr: '150.5' }, 'hr', 'Rata-rata HR harus bilangan bulat.'],
    ];
    for (const [over, field, reason] of cases) {
      const check = checkLogForm(values({ distance: '10', time: '50:00', hr: '150', ...over }), run);
      expect(check.invalidError).toBe(messages.invalidResult);
      expect(check.fieldErrors[field]).toBe(reason);
      expect(check.canSave).toBe(false);
      expect(check.allOrNoneError).toBeNull();
    }
  });

  it('requires a date', () => {
    const check = checkLogForm(values({ date: '' }), run);
    expect(check.dateError).toBe(messages.dateRequired);
    expect(check.canSave).toBe(false);
  });

  it('never allows saving a combination the server would refuse as incomplete', () => {
    const field = fc.constantFrom('', '10', '5,5', '50:00', '3000', '150', 'x');
    fc.assert(
      fc.property(field, field, field, (distance, time, hr) => {
        const check = checkLogForm(values({ distance, time, hr }), run);
        if (check.canSave) {
          const set = Object.values(check.result).filter((v) => v !== null).length;
          expect([0, 3]).toContain(set);
        }
      }),
    );
  });
});

describe('buildRunPatch', () => {
  const patchFor = (over: Partial<LogFormValues>, base: Run = run) => {
    const v = values(over);
    return buildRunPatch(base, v, checkLogForm(v, base));
  };

  it('sends nothing when nothing changed', () => {
    expect(isEmptyPatch(patchFor({}))).toBe(true);
    const logged = { ...run, trainingdistance: 10, trainingtime: 3000, traininghr: 150 };
    expect(isEmptyPatch(patchFor({ distance: '10,0', time: '00:50:00', hr: '150' }, logged))).toBe(true);
  });

  it('sends the three result fields (time in seconds) when a result is logged', () => {
    expect(patchFor({ distance: '10,5', time: '1:00:00', hr: '148' })).toEqual({ trainingdistance: 10.5, trainingtime: 3600, traininghr: 148 });
  });

  it('sends a changed date as DD-MM-YYYY, alone when the result did not change', () => {
    expect(patchFor({ date: '2027-07-16' })).toEqual({ date: '16-07-2027' });
  });

  it('clears a logged result with three nulls', () => {
    const logged = { ...run, trainingdistance: 10, trainingtime: 3000, traininghr: 150 };
    expect(patchFor({}, logged)).toEqual({ trainingdistance: null, trainingtime: null, traininghr: null });
  });
});

describe('checkLogForm: no result before the run day', () => {
  const filled = { distance: '8', time: '40:00', hr: '160' };

  it('without a clock the rule is off (callers that do not know today)', () => {
    expect(checkLogForm(values(filled), run)).toMatchObject({ notYet: false, futureError: null, canSave: true });
  });

  it('today and past days may be logged', () => {
    expect(checkLogForm(values(filled), run, '2027-07-14')).toMatchObject({ notYet: false, futureError: null, canSave: true });
    expect(checkLogForm(values(filled), run, '2027-08-01')).toMatchObject({ notYet: false, canSave: true });
  });

  it('a day after today: nothing to log, but an empty result still saves (a move)', () => {
    expect(checkLogForm(values(), run, '2027-07-13')).toMatchObject({ notYet: true, futureError: null, canSave: true });
  });

  it('a day after today with any result field filled is refused with the message', () => {
    const check = checkLogForm(values({ distance: '8' }), run, '2027-07-13');
    expect(check.futureError).toBe(messages.resultInFuture);
    expect(check.canSave).toBe(false);
    expect(checkLogForm(values(filled), run, '2027-07-13').canSave).toBe(false);
  });

  it('an unreadable date leaves the rule to the date error', () => {
    expect(checkLogForm(values({ ...filled, date: '' }), run, '2027-07-13')).toMatchObject({ notYet: false, futureError: null });
  });
});

describe("checkLogForm in a coach's view (spec §5: distance and time required, HR optional)", () => {
  const run = { title: 'Easy Run', program: '(5k)', paceRange: '' };
  const values = (distance: string, time: string, hr: string) => ({ date: '2026-01-05' as const, distance, time, hr });
  it('accepts distance and time without HR, and an empty result', () => {
    expect(checkLogForm(values('5', '30:00', ''), run, undefined, 'coach').allOrNoneError).toBeNull();
    expect(checkLogForm(values('', '', ''), run, undefined, 'coach').canSave).toBe(true);
    // The runner's own rule still wants all three.
    expect(checkLogForm(values('5', '30:00', ''), run).allOrNoneError).toBe(messages.allOrNone);
  });
  it('refuses a result without distance or time', () => {
    for (const [d, t, h] of [['5', '', ''], ['', '30:00', '150'], ['', '', '150']]) {
      const check = checkLogForm(values(d!, t!, h!), run, undefined, 'coach');
      expect(check.allOrNoneError).toBe(messages.coachDistanceAndTime);
      expect(check.canSave).toBe(false);
    }
  });
});
