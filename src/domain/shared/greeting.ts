import { jakartaHour } from './jakarta-time';

export type Greeting = 'Selamat pagi' | 'Selamat siang' | 'Selamat sore' | 'Selamat malam';

/**
 * The Indonesian time-of-day greeting for an hour of the day (0-23):
 * pagi 04:00-10:59, siang 11:00-14:59, sore 15:00-17:59, malam 18:00-03:59.
 */
export function greetingForHour(hour: number): Greeting {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  if (h >= 4 && h < 11) return 'Selamat pagi';
  if (h >= 11 && h < 15) return 'Selamat siang';
  if (h >= 15 && h < 18) return 'Selamat sore';
  return 'Selamat malam';
}

/** The greeting for an instant, read on the product's clock (Asia/Jakarta). */
export function greetingAt(instant: Date): Greeting {
  return greetingForHour(jakartaHour(instant));
}

/** 'Selamat pagi, Budi' — uses the first word of the name; just the greeting when there is no name. */
export function greetUser(name: string | null | undefined, instant: Date): string {
  const first = name?.trim().split(/\s+/)[0];
  const greeting = greetingAt(instant);
  return first ? `${greeting}, ${first}` : greeting;
}
