import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isoToPlanDate, planDateToIso } from '../shared/wire-date';
import {
  MAX_LOGGED_HEART_RATE,
  MAX_RUN_DISTANCE_KM,
  MAX_RUN_TIME_SECONDS,
  MIN_HEART_RATE,
  canDeleteRun,
  generatedByValues,
  isRunLocked,
  lockedStub,
  messages,
  resultIsAllOrNone,
  visibleRun,
} from './training-plan';
import { planInputSchema, planRunSchema, replaceInputSchema, replaceItemSchema, runInputSchema, runPatchSchema, type Run } from './contract';

const valid = { date: '05-01-2027', title: 'Easy Run' };

/** The first validation message for `input`, or null when it parses. */
function firstIssue(schema: typeof runInputSchema | typeof runPatchSchema, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('runInputSchema', () => {
  it('accepts a minimal run and fills defaults', () => {
    const parsed = runInputSchema.parse({ ...valid, title: '  Easy Run  ' });
    expect(parsed).toMatchObject({ date: '05-01-2027', title: 'Easy Run', program: '', paceRange: '' });
  });

  it('accepts a full run with a result', () => {
    const parsed = runInputSchema.parse({
      ...valid,
      program: '(10k)',
      paceRange: "5'00 - 5'10",
      periodization: 'Base',
      generatedby: 'ai',
      trainingdistance: 10.5,
      trainingtime: 3000,
      traininghr: 150,
    });
    expect(parsed.trainingdistance).toBe(10.5);
  });

  it('requires a date with the spec message', () => {
    expect(firstIssue(runInputSchema, { title: 'Easy Run' })).toBe(messages.dateRequired);
    expect(firstIssue(runInputSchema, { ...valid, date: '' })).toBe(messages.dateRequired);
    expect(firstIssue(runInputSchema, { ...valid, date: '   ' })).toBe(messages.dateRequired);
    expect(messages.dateRequired).toBe('Tanggal tidak boleh kosong.');
  });

  it.each(['2027-01-05', '5-1-2027', '05/01/2027', 'besok'])('rejects the malformed date %j with the format message', (date) => {
    expect(firstIssue(runInputSchema, { ...valid, date })).toBe(messages.dateInvalid);
  });

  it.each(['31-02-2026', '29-02-2027', '00-01-2027', '01-13-2027'])('says %j is not on the calendar (not a format error)', (date) => {
    expect(firstIssue(runInputSchema, { ...valid, date })).toBe(messages.dateNotInCalendar);
    expect(messages.dateNotInCalendar).not.toMatch(/DD-MM-YYYY/);
  });

  it.each(['01-01-1999', '01-01-2101', '01-01-0202'])('says %j is out of the accepted range', (date) => {
    expect(firstIssue(runInputSchema, { ...valid, date })).toBe(messages.dateOutOfRange);
    expect(messages.dateOutOfRange).toContain('2000');
    expect(messages.dateOutOfRange).toContain('2100');
  });

  it('refuses free-text programs and pace ranges with their Indonesian messages', () => {
    expect(firstIssue(runInputSchema, { ...valid, program: 'lima kilo' })).toBe(messages.programInvalid);
    expect(firstIssue(runInputSchema, { ...valid, paceRange: 'cepat sekali' })).toBe(messages.paceRangeInvalid);
    expect(firstIssue(runInputSchema, { ...valid, paceRange: "0'30 - 0'40" })).toBe(messages.paceRangeInvalid);
  });

  it('accepts legitimate programs and normalises the pace range to the plan notation', () => {
    const parsed = runInputSchema.parse({ ...valid, program: '6x800m', paceRange: '4:10-4:15/km' });
    expect(parsed).toMatchObject({ program: '6x800m', paceRange: "4'10 - 4'15" });
    expect(runInputSchema.parse({ ...valid, program: '(HM)', paceRange: '' })).toMatchObject({ program: '(HM)', paceRange: '' });
  });

  it('accepts 29-02-2028', () => {
    expect(firstIssue(runInputSchema, { ...valid, date: '29-02-2028' })).toBeNull();
  });

  it('requires a title', () => {
    expect(firstIssue(runInputSchema, { ...valid, title: '' })).toBe(messages.titleRequired);
    expect(firstIssue(runInputSchema, { ...valid, title: '   ' })).toBe(messages.titleRequired);
    expect(firstIssue(runInputSchema, { date: valid.date })).toBe(messages.titleRequired);
    expect(firstIssue(runInputSchema, { ...valid, title: 'x'.repeat(101) })).not.toBeNull();
  });

  it.each([
    ['trainingdistance', -1],
    ['trainingdistance', 0],
    ['trainingdistance', MAX_RUN_DISTANCE_KM + 1],
    ['trainingdistance', '10'],
    ['trainingtime', -60],
    ['trainingtime', 0],
    ['trainingtime', 12.5],
    ['trainingtime', MAX_RUN_TIME_SECONDS + 1],
    ['traininghr', -1],
    ['traininghr', MIN_HEART_RATE - 1],
    ['traininghr', MAX_LOGGED_HEART_RATE + 1],
    ['traininghr', 150.5],
    ['periodization', 'Peak'],
    ['generatedby', 'admin'],
  ])('rejects %s = %j', (field, value) => {
    expect(firstIssue(runInputSchema, { ...valid, [field]: value })).not.toBeNull();
  });

  it('accepts the limits themselves and null results', () => {
    expect(
      firstIssue(runInputSchema, {
        ...valid,
        trainingdistance: MAX_RUN_DISTANCE_KM,
        trainingtime: MAX_RUN_TIME_SECONDS,
        traininghr: MAX_LOGGED_HEART_RATE,
      }),
    ).toBeNull();
    expect(firstIssue(runInputSchema, { ...valid, traininghr: MIN_HEART_RATE })).toBeNull();
    expect(firstIssue(runInputSchema, { ...valid, trainingdistance: null, trainingtime: null, traininghr: null })).toBeNull();
  });

  it('planInputSchema needs a list of runs', () => {
    expect(planInputSchema.safeParse({ trainingPlan: [valid] }).success).toBe(true);
    expect(planInputSchema.safeParse({ trainingPlan: valid }).success).toBe(false);
    expect(planInputSchema.safeParse({ trainingPlan: [{ ...valid, date: '' }] }).success).toBe(false);
  });
});

describe('runPatchSchema', () => {
  it('rejects an empty object', () => {
    expect(runPatchSchema.safeParse({}).success).toBe(false);
    expect(runPatchSchema.safeParse({ date: undefined }).success).toBe(false);
  });

  it('accepts a new date, a result, or clearing the result', () => {
    expect(firstIssue(runPatchSchema, { date: '06-01-2027' })).toBeNull();
    expect(firstIssue(runPatchSchema, { trainingdistance: 10, trainingtime: 3000, traininghr: 150 })).toBeNull();
    expect(firstIssue(runPatchSchema, { trainingdistance: null, trainingtime: null, traininghr: null })).toBeNull();
  });

  it('validates the date and the result figures', () => {
    expect(firstIssue(runPatchSchema, { date: '31-02-2027' })).toBe(messages.dateNotInCalendar);
    expect(firstIssue(runPatchSchema, { date: '31-02-2027x' })).toBe(messages.dateInvalid);
    expect(firstIssue(runPatchSchema, { date: '' })).toBe(messages.dateRequired);
    expect(firstIssue(runPatchSchema, { trainingdistance: -5 })).not.toBeNull();
    expect(firstIssue(runPatchSchema, { trainingtime: MAX_RUN_TIME_SECONDS + 1 })).not.toBeNull();
    expect(firstIssue(runPatchSchema, { traininghr: 999 })).not.toBeNull();
  });
});

describe('resultIsAllOrNone', () => {
  it('is true only when all three or none are filled (property over every combination)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (d, t, h, useUndefined) => {
        const empty = useUndefined ? undefined : null;
        const result = {
          trainingdistance: d ? 10 : empty,
          trainingtime: t ? 3000 : empty,
          traininghr: h ? 150 : empty,
        } as { trainingdistance: number | null; trainingtime: number | null; traininghr: number | null };
        const filled = [d, t, h].filter(Boolean).length;
        expect(resultIsAllOrNone(result)).toBe(filled === 0 || filled === 3);
      }),
    );
  });

  it('counts 0 as filled, not empty', () => {
    expect(resultIsAllOrNone({ trainingdistance: 0, trainingtime: null, traininghr: null })).toBe(false);
  });

  it('has the spec message', () => {
    expect(messages.allOrNone).toBe('Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.');
  });
});

describe('canDeleteRun', () => {
  it('only runs made by the user', () => {
    expect(canDeleteRun({ generatedby: 'user' })).toBe(true);
    expect(canDeleteRun({ generatedby: 'coach' })).toBe(false);
    expect(canDeleteRun({ generatedby: 'ai' })).toBe(false);
    expect(messages.deleteNotUser).toBe('Hanya bisa menghapus aktivitas yang Anda buat sendiri');
  });
});


describe('isRunLocked', () => {
  const end = '2027-01-31';

  it('locks AI runs after the period end day only', () => {
    expect(isRunLocked({ generatedby: 'ai', day: '2027-02-01' }, end)).toBe(true);
    expect(isRunLocked({ generatedby: 'ai', day: '2027-01-31' }, end)).toBe(false);
    expect(isRunLocked({ generatedby: 'ai', day: '2027-01-01' }, end)).toBe(false);
  });

  it('never locks user or coach runs', () => {
    expect(isRunLocked({ generatedby: 'user', day: '2027-03-01' }, end)).toBe(false);
    expect(isRunLocked({ generatedby: 'coach', day: '2027-03-01' }, end)).toBe(false);
    expect(isRunLocked({ generatedby: 'user', day: '2027-03-01' }, null)).toBe(false);
    expect(isRunLocked({ generatedby: 'coach', day: '2027-03-01' }, null)).toBe(false);
  });

  it('locks every AI run of a user with no period end (status none or canceled)', () => {
    expect(isRunLocked({ generatedby: 'ai', day: '2000-01-01' }, null)).toBe(true);
    expect(isRunLocked({ generatedby: 'ai', day: '2099-12-31' }, null)).toBe(true);
  });

  it('locks exactly the AI runs dated after the end, or all AI runs without an end (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...generatedByValues),
        fc.integer({ min: -400, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2026-01-01', n)), { nil: null }),
        (generatedby, offset, endDay) => {
          const day = addDays(endDay ?? '2027-01-01', offset);
          expect(isRunLocked({ generatedby, day }, endDay)).toBe(generatedby === 'ai' && (endDay === null || offset > 0));
        },
      ),
    );
  });

  it('has the coach-view text', () => {
    expect(messages.locked).toBe('Program ini dibatasi');
  });
});

const anyRun = fc.record({
  _id: fc.uuid(),
  date: fc.integer({ min: 0, max: 3000 }).map((n) => isoToPlanDate(addDays('2026-01-01', n))),
  title: fc.string({ minLength: 1 }),
  program: fc.string(),
  paceRange: fc.string(),
  color: fc.string(),
  periodization: fc.constantFrom('Base' as const, 'Build' as const, 'Taper' as const, null),
  generatedby: fc.constantFrom(...generatedByValues),
  trainingdistance: fc.option(fc.double({ min: 0.1, max: 300, noNaN: true }), { nil: null }),
  trainingtime: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  trainingpace: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
  traininghr: fc.option(fc.integer({ min: 30, max: 250 }), { nil: null }),
  source: fc.constantFrom('manual' as const, 'strava' as const, null),
  locked: fc.constant(false as const),
}) satisfies fc.Arbitrary<Run>;

describe('visibleRun (what any read path returns)', () => {
  it('a locked run is only its _id, date, generatedby and locked: true', () => {
    const run = fc.sample(anyRun, 1)[0]!;
    const ai = { ...run, generatedby: 'ai' as const, date: '01-02-2027' };
    const stub = visibleRun(ai, '2027-01-31');
    expect(stub).toEqual({ _id: ai._id, date: '01-02-2027', generatedby: 'ai', locked: true });
    expect(Object.keys(stub).sort()).toEqual(['_id', 'date', 'generatedby', 'locked']);
    expect(planRunSchema.parse(stub)).toEqual(stub);
  });

  it('an open run is returned whole, with locked: false', () => {
    const run = { ...fc.sample(anyRun, 1)[0]!, generatedby: 'user' as const };
    expect(visibleRun(run, null)).toEqual(run);
    expect(visibleRun(run, null).locked).toBe(false);
  });

  it('never leaks title, program, pace, colour or result of a locked run, and hides nothing else (property)', () => {
    fc.assert(
      fc.property(anyRun, fc.option(fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2026-01-01', n)), { nil: null }), (run, end) => {
        const seen = visibleRun(run, end);
        const locked = isRunLocked({ generatedby: run.generatedby, day: planDateToIso(run.date)! }, end);
        expect(seen.locked).toBe(locked);
        if (seen.locked) {
          expect(seen).toEqual(lockedStub(run));
          const text = JSON.stringify(seen);
          for (const key of ['title', 'program', 'paceRange', 'color', 'periodization', 'trainingdistance', 'trainingtime', 'trainingpace', 'traininghr']) {
            expect(seen).not.toHaveProperty(key);
          }
          expect(text.length).toBeLessThan(200);
        } else {
          expect(seen).toEqual(run);
        }
      }),
    );
  });

  it('fails closed: an AI run whose date cannot be read is locked', () => {
    const run = { ...fc.sample(anyRun, 1)[0]!, generatedby: 'ai' as const, date: 'rusak' };
    expect(visibleRun(run, '2099-12-31').locked).toBe(true);
  });
});

describe('replaceItemSchema (PUT items)', () => {
  it('takes a full run, or a locked stub sent back as it was read', () => {
    expect(replaceItemSchema.safeParse({ ...valid, program: '5k' }).success).toBe(true);
    expect(replaceItemSchema.safeParse({ ...valid, locked: false }).success).toBe(true);
    const stub = { _id: '11111111-1111-4111-8111-111111111111', date: '01-02-2027', generatedby: 'ai', locked: true };
    expect(replaceItemSchema.parse(stub)).toEqual(stub);
    expect(replaceItemSchema.parse({ _id: stub._id, locked: true })).toEqual({ _id: stub._id, locked: true });
  });

  it('a stub needs its _id; a full run still needs its title', () => {
    expect(replaceItemSchema.safeParse({ locked: true, date: '01-02-2027' }).success).toBe(false);
    const noTitle = replaceItemSchema.safeParse({ date: '01-02-2027' });
    expect(noTitle.success ? null : noTitle.error.issues[0]!.message).toBe(messages.titleRequired);
    expect(replaceInputSchema.safeParse({ trainingPlan: [{ _id: 'x', locked: 'ya' }] }).success).toBe(false);
  });
});
