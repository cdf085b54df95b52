import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './plan-date';
import {
  MAX_LOGGED_HEART_RATE,
  MAX_RUN_DISTANCE_KM,
  MAX_RUN_TIME_SECONDS,
  MIN_HEART_RATE,
  canDeleteRun,
  generatedByValues,
  isRunLocked,
  messages,
  planInputSchema,
  resultIsAllOrNone,
  runInputSchema,
  runPatchSchema,
} from './training-plan';

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

  it.each(['31-02-2027', '29-02-2027', '2027-01-05', '5-1-2027', '00-01-2027', '01-01-1999'])('rejects the date %j as invalid', (date) => {
    expect(firstIssue(runInputSchema, { ...valid, date })).toBe(messages.dateInvalid);
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
    expect(firstIssue(runPatchSchema, { date: '31-02-2027' })).toBe(messages.dateInvalid);
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
    expect(messages.deleteNotUser).toBe('Hanya bisa menghapus aktivitas yang dibuat oleh user');
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
  });

  it('never locks without a period end', () => {
    expect(isRunLocked({ generatedby: 'ai', day: '2099-12-31' }, null)).toBe(false);
  });

  it('locks exactly the AI runs dated after the end (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...generatedByValues),
        fc.integer({ min: -400, max: 400 }),
        fc.option(fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2026-01-01', n)), { nil: null }),
        (generatedby, offset, endDay) => {
          const day = addDays(endDay ?? '2027-01-01', offset);
          expect(isRunLocked({ generatedby, day }, endDay)).toBe(generatedby === 'ai' && endDay !== null && offset > 0);
        },
      ),
    );
  });

  it('has the coach-view text', () => {
    expect(messages.locked).toBe('Program ini dibatasi');
  });
});
