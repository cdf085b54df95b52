import { describe, expect, it } from 'vitest';
import { paymentRejectionSchema } from './contract';
import { holdReminderDue, paymentProofMessages as m, selfManagedHoldUntil } from './payment-verification';

describe('self-managed hold', () => {
  const start = new Date('2027-03-01T02:00:00Z');

  it('ends the configured hours after it starts', () => {
    expect(selfManagedHoldUntil(start, 48).toISOString()).toBe('2027-03-03T02:00:00.000Z');
  });

  it('is due for its reminder only inside the last reminder hours, never after the end, never when off', () => {
    const end = selfManagedHoldUntil(start, 48);
    const at = (hoursBeforeEnd: number) => new Date(end.getTime() - hoursBeforeEnd * 3_600_000);
    expect(holdReminderDue(end, at(12.01), 12)).toBe(false);
    expect(holdReminderDue(end, at(12), 12)).toBe(true);
    expect(holdReminderDue(end, at(0.01), 12)).toBe(true);
    expect(holdReminderDue(end, at(0), 12)).toBe(false);
    expect(holdReminderDue(end, at(1), 0)).toBe(false);
  });
});

describe('rejection reason', () => {
  const proofSubmittedAt = '2027-03-01T02:00:00.000Z';
  it('is trimmed, required and at most 500 characters', () => {
    expect(paymentRejectionSchema.parse({ proofSubmittedAt, reason: '  Nominal kurang  ' }).reason).toBe('Nominal kurang');
    expect(paymentRejectionSchema.safeParse({ proofSubmittedAt, reason: '   ' }).error?.issues[0]?.message).toBe(m.reasonRequired);
    expect(paymentRejectionSchema.safeParse({ proofSubmittedAt }).error?.issues[0]?.message).toBe(m.reasonRequired);
    expect(paymentRejectionSchema.safeParse({ proofSubmittedAt, reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(m.reasonTooLong);
    expect(paymentRejectionSchema.safeParse({ proofSubmittedAt: 'kemarin', reason: 'x' }).success).toBe(false);
  });
});
