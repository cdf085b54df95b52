import { describe, expect, it } from 'vitest';
import { greetingAt, greetingForHour, greetUser } from './greeting';
import { formatJakartaDate, jakartaHour } from './jakarta-time';

describe('greetingForHour', () => {
  it.each([
    [0, 'Selamat malam'],
    [3, 'Selamat malam'],
    [4, 'Selamat pagi'],
    [10, 'Selamat pagi'],
    [11, 'Selamat siang'],
    [14, 'Selamat siang'],
    [15, 'Selamat sore'],
    [17, 'Selamat sore'],
    [18, 'Selamat malam'],
    [23, 'Selamat malam'],
  ])('%i:00 → %s', (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });

  it('wraps hours outside 0-23', () => {
    expect(greetingForHour(24 + 8)).toBe('Selamat pagi');
    expect(greetingForHour(-1)).toBe('Selamat malam');
  });
});

describe('greetingAt reads the Jakarta clock (UTC+7), not the machine clock', () => {
  it('01:30 UTC is 08:30 in Jakarta: pagi', () => {
    expect(jakartaHour(new Date('2027-05-21T01:30:00Z'))).toBe(8);
    expect(greetingAt(new Date('2027-05-21T01:30:00Z'))).toBe('Selamat pagi');
  });
  it('05:00 UTC is 12:00 in Jakarta: siang', () => {
    expect(greetingAt(new Date('2027-05-21T05:00:00Z'))).toBe('Selamat siang');
  });
  it('09:59 UTC is 16:59 in Jakarta: sore', () => {
    expect(greetingAt(new Date('2027-05-21T09:59:00Z'))).toBe('Selamat sore');
  });
  it('11:00 UTC is 18:00 in Jakarta: malam', () => {
    expect(greetingAt(new Date('2027-05-21T11:00:00Z'))).toBe('Selamat malam');
  });
  it('20:59 UTC is 03:59 the next day in Jakarta: still malam; 21:00 UTC is pagi', () => {
    expect(greetingAt(new Date('2027-05-21T20:59:00Z'))).toBe('Selamat malam');
    expect(greetingAt(new Date('2027-05-21T21:00:00Z'))).toBe('Selamat pagi');
  });
});

describe('greetUser', () => {
  const morning = new Date('2027-05-21T01:00:00Z');
  it('greets by first name', () => {
    expect(greetUser('Budi Santoso', morning)).toBe('Selamat pagi, Budi');
  });
  it('falls back to the bare greeting without a name', () => {
    expect(greetUser('  ', morning)).toBe('Selamat pagi');
    expect(greetUser(null, morning)).toBe('Selamat pagi');
  });
});

describe('formatJakartaDate', () => {
  it('formats with Indonesian month names', () => {
    expect(formatJakartaDate('2027-05-21T03:00:00Z')).toBe('21 Mei 2027');
  });
  it('uses the Jakarta calendar day (17:30 UTC is already the next day in Jakarta)', () => {
    expect(formatJakartaDate('2027-05-20T17:30:00Z')).toBe('21 Mei 2027');
  });
  it('accepts another pattern', () => {
    expect(formatJakartaDate(new Date('2027-05-21T03:00:00Z'), 'EEEE, d MMMM yyyy')).toBe('Jumat, 21 Mei 2027');
  });
  it("prints '-' for a missing or invalid value", () => {
    expect(formatJakartaDate(null)).toBe('-');
    expect(formatJakartaDate('bukan tanggal')).toBe('-');
  });
});
