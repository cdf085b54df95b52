import { describe, expect, it } from 'vitest';
import type { MyCoach } from '../../../../domain/coaching/contract';
import { newestBoughtCoach } from './coaching-return-banner';
import { coachingReturn, withoutCoachingReturn } from './coaching-return';

describe('coachingReturn', () => {
  it.each([
    ['?coaching=finished&order_id=CP-1&status_code=200&transaction_status=settlement', 'paid'],
    ['?coaching=finished&transaction_status=capture', 'paid'],
    ['?coaching=finished&transaction_status=deny', 'failed'],
    ['?coaching=finished&transaction_status=expire', 'failed'],
    ['?coaching=finished&transaction_status=pending', 'pending'],
    ['?coaching=finished', 'pending'],
    ['?subscription=finished&transaction_status=settlement', null],
    ['', null],
  ] as const)('%s → %s', (search, outcome) => {
    expect(coachingReturn(search)).toBe(outcome);
  });

  it('takes only its own parameters out of the address', () => {
    expect(withoutCoachingReturn('?coaching=finished&order_id=CP-1&status_code=200&transaction_status=settlement')).toBe('');
    expect(withoutCoachingReturn('?coaching=finished&tab=x')).toBe('?tab=x');
  });
});

describe('newestBoughtCoach', () => {
  const coach = (name: string, packages: string, startDate: string): MyCoach => ({
    connectionId: name,
    coach: { _id: name, name, uniquelink: null },
    packages,
    startDate: startDate as MyCoach['startDate'],
    endDate: null,
  });

  it('is the bought connection that started last, never a freeslot', () => {
    expect(newestBoughtCoach([coach('A', 'Paket 4 Minggu', '2026-01-01'), coach('B', 'freeslot', '2026-03-01'), coach('C', 'Maraton', '2026-02-01')])?.coach.name).toBe('C');
    expect(newestBoughtCoach([coach('B', 'freeslot', '2026-03-01')])).toBeNull();
  });
});
