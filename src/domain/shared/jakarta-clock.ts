/** The product's clock: Asia/Jakarta (WIB, UTC+7 all year, no daylight saving). */
export const JAKARTA_TIME_ZONE = 'Asia/Jakarta';
export const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The wall-clock date and time in Jakarta at `instant`, whatever the machine's own time zone. */
export function jakartaParts(instant: Date) {
  const shifted = new Date(instant.getTime() + JAKARTA_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(), // 0-11
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}
