import { describe, expect, it } from 'vitest';
import { cancelEventBodySchema, cancelRegistrationBodySchema, managementMessages as m, registrationCorrectionSchema } from './management';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('management schemas', () => {
  it('a cancellation needs a reason (trimmed, ≤ 500) and a refund choice', () => {
    expect(messages(cancelRegistrationBodySchema.safeParse({ reason: '  ', refund: true }))).toEqual([m.reasonRequired]);
    expect(messages(cancelRegistrationBodySchema.safeParse({ reason: 'x'.repeat(501), refund: false }))).toEqual([m.reasonTooLong]);
    expect(messages(cancelRegistrationBodySchema.safeParse({ reason: 'Cedera' }))).toEqual([m.refundRequired]);
    expect(cancelRegistrationBodySchema.parse({ reason: ' Cedera ', refund: false })).toEqual({ reason: 'Cedera', refund: false });
  });

  it('an event notice is 10 to 2000 characters', () => {
    expect(messages(cancelEventBodySchema.safeParse({ notice: '' }))).toContain(m.noticeRequired);
    expect(messages(cancelEventBodySchema.safeParse({ notice: 'batal' }))).toEqual([m.noticeTooShort]);
    expect(cancelEventBodySchema.safeParse({ notice: 'Dibatalkan karena banjir.' }).success).toBe(true);
  });

  it("corrections use the registration form's rules, leave out what is not sent, and drop identity fields", () => {
    expect(messages(registrationCorrectionSchema.safeParse({ bibName: 'ABCDEFGHIJK' }))).toEqual([
      'Nama BIB maksimal 10 karakter (terisi 11). Tulis nama yang lebih pendek, misalnya nama panggilan.',
    ]);
    expect(registrationCorrectionSchema.safeParse({ tshirtSize: 'XXL' }).success).toBe(false);
    expect(registrationCorrectionSchema.safeParse({ phone: '08-12' }).success).toBe(false);
    // An organizer's correction is stored as the form stores it: +62.
    expect(registrationCorrectionSchema.parse({ phone: '0812 3456 7890' })).toEqual({ phone: '+6281234567890' });
    // Absent fields stay absent (no '-' for an optional text nobody sent); identity is not a field here.
    expect(registrationCorrectionSchema.parse({ bibName: 'RINA', identityNo: '1', fullName: 'X' })).toEqual({ bibName: 'RINA' });
    expect(registrationCorrectionSchema.parse({ community: '' })).toEqual({ community: '-' });
  });
});
