import { describe, expect, it } from 'vitest';
import { purchaseStartDay, slotDatesOnFill } from './coaching';

describe('where a bought package starts (no overlap with a live one of the same coach)', () => {
  it.each([
    ['no live connection: today', [], '2026-03-10'],
    ['a live one ending later: the day after its end', ['2026-04-01'], '2026-04-02'],
    ['several: after the latest', ['2026-04-01', '2026-05-20', '2026-03-15'], '2026-05-21'],
    ['one ending today: tomorrow', ['2026-03-10'], '2026-03-11'],
    ['an end already past is ignored', ['2026-03-01'], '2026-03-10'],
    ['open-ended ones do not push it', [null], '2026-03-10'],
  ] as const)('%s', (_label, ends, expected) => {
    expect(purchaseStartDay(ends, '2026-03-10')).toBe(expected);
  });
});

describe('the dates a slot takes when it is filled', () => {
  it('a freeslot of N weeks runs N×7 days from the fill', () => {
    expect(slotDatesOnFill({ durationWeeks: 4, endDate: null }, '2026-03-10')).toEqual({ startDate: '2026-03-10', endDate: '2026-04-07' });
  });
  it('a slot without a length keeps its end', () => {
    expect(slotDatesOnFill({ durationWeeks: null, endDate: '2026-06-01' }, '2026-03-10')).toEqual({ startDate: '2026-03-10', endDate: '2026-06-01' });
    expect(slotDatesOnFill({ durationWeeks: null, endDate: null }, '2026-03-10')).toEqual({ startDate: '2026-03-10', endDate: null });
  });
});
