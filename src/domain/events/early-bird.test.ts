import { describe, expect, it } from 'vitest';
import { categoryPriceAt, earlyBirdEndsAt, isEarlyBirdActive } from './early-bird';
import { registrationTotal } from '../registrations/registrations';
import { parseEventInstant } from './event-form';

// Early bird until 20 May 2027 (stored as 00:00 Jakarta = 19 May 17:00 UTC, what the form's date input gives).
const earlyBird = { price: 150_000, originalPrice: 200_000, earlyBird: true, earlyBirdEndDate: parseEventInstant('2027-05-20')!.toISOString(), adminFee: 10_000 };
const jakarta = (wallClock: string) => new Date(`${wallClock}+07:00`);

describe('early bird switch at the end of its day in Asia/Jakarta', () => {
  it('ends at 00:00 Jakarta after the end date, whatever time of day the date was stored with', () => {
    expect(earlyBirdEndsAt(earlyBird.earlyBirdEndDate)!.toISOString()).toBe('2027-05-20T17:00:00.000Z');
    expect(earlyBirdEndsAt(jakarta('2027-05-20T15:30:00'))!.toISOString()).toBe('2027-05-20T17:00:00.000Z');
    expect(earlyBirdEndsAt(jakarta('2027-05-20T23:59:59'))!.toISOString()).toBe('2027-05-20T17:00:00.000Z');
    expect(earlyBirdEndsAt(null)).toBeNull();
    expect(earlyBirdEndsAt('nonsense')).toBeNull();
  });

  it('charges the early bird price up to 23:59:59.999 Jakarta, the normal price from 00:00', () => {
    const lastMoment = new Date(jakarta('2027-05-21T00:00:00').getTime() - 1);
    const midnight = jakarta('2027-05-21T00:00:00');
    expect(isEarlyBirdActive(earlyBird, lastMoment)).toBe(true);
    expect(categoryPriceAt(earlyBird, lastMoment)).toEqual({ price: 150_000, originalPrice: 200_000, earlyBird: true });
    expect(registrationTotal(earlyBird, lastMoment)).toBe(160_000);
    expect(isEarlyBirdActive(earlyBird, midnight)).toBe(false);
    expect(categoryPriceAt(earlyBird, midnight)).toEqual({ price: 200_000, originalPrice: null, earlyBird: false });
    expect(registrationTotal(earlyBird, midnight)).toBe(210_000);
  });

  it('the boundary is Jakarta midnight, not UTC midnight: 21 May 06:59 WIB is still 20 May in UTC but past early bird', () => {
    expect(registrationTotal(earlyBird, new Date('2027-05-20T23:59:00Z'))).toBe(210_000);
    expect(registrationTotal(earlyBird, new Date('2027-05-20T16:59:59Z'))).toBe(160_000);
  });

  it('falls back to the event end date; without any end date early bird lasts; without a normal price the price stays', () => {
    const noDate = { ...earlyBird, earlyBirdEndDate: null };
    expect(isEarlyBirdActive(noDate, jakarta('2030-01-01T00:00:00'), '2027-05-20T00:00:00+07:00')).toBe(false);
    expect(isEarlyBirdActive(noDate, jakarta('2030-01-01T00:00:00'))).toBe(true);
    expect(categoryPriceAt({ ...earlyBird, originalPrice: null }, jakarta('2030-01-01T00:00:00')).price).toBe(150_000);
  });

  it('a category without early bird always costs its price; a higher normal price is only shown struck through', () => {
    expect(categoryPriceAt({ price: 100_000 }, new Date())).toEqual({ price: 100_000, originalPrice: null, earlyBird: false });
    expect(categoryPriceAt({ price: 100_000, originalPrice: 120_000, earlyBird: false }, new Date())).toEqual({ price: 100_000, originalPrice: 120_000, earlyBird: false });
    expect(registrationTotal({ price: 250_000, adminFee: 10_000 })).toBe(260_000);
  });
});
