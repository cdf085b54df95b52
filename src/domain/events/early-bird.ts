/**
 * Early bird pricing (issue 13, docs/decisions/020-event-changes-and-payouts.md): a category with
 * `earlyBird` sells at `price` until the end of its end date's day in Asia/Jakarta, then at
 * `originalPrice` (its normal price). Both the server (what a registration is charged) and the
 * pages (what they show, with or without the 'Early bird' tag) ask this one function. Pure: no I/O,
 * and light (no date library): the public registration form imports it.
 */
import { JAKARTA_OFFSET_MS } from '../shared/jakarta-clock';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PricedCategory {
  price: number;
  originalPrice?: number | null;
  earlyBird?: boolean | null;
  earlyBirdEndDate?: Date | string | null;
}

/**
 * The instant early bird ends: 00:00 Jakarta of the day after the end date's Jakarta day (the end
 * date is inclusive, whatever time of day it was stored with). Null for a missing or unreadable date.
 */
export function earlyBirdEndsAt(endDate: Date | string | null | undefined): Date | null {
  if (endDate === null || endDate === undefined || endDate === '') return null;
  const instant = typeof endDate === 'string' ? new Date(endDate) : endDate;
  if (Number.isNaN(instant.getTime())) return null;
  // Jakarta has no daylight saving: its days are whole UTC+7 days.
  const local = instant.getTime() + JAKARTA_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - JAKARTA_OFFSET_MS);
}

/** Whether the category sells at its early bird price at `now`. */
export function isEarlyBirdActive(category: PricedCategory, now: Date = new Date(), eventEarlyBirdEnd?: Date | string | null): boolean {
  if (!category.earlyBird) return false;
  const ends = earlyBirdEndsAt(category.earlyBirdEndDate ?? eventEarlyBirdEnd ?? null);
  // Early bird without an end date never ends (data older than the end date rule).
  return ends === null || now.getTime() < ends.getTime();
}

export interface PriceNow {
  /** What a runner is charged for the category now (before the admin fee). */
  price: number;
  /** The normal price to show struck through while early bird lasts; null otherwise. */
  originalPrice: number | null;
  /** Whether the 'Early bird' tag shows. */
  earlyBird: boolean;
}

/**
 * The price of a category at `now`: the early bird price while it lasts, then the normal price
 * (`originalPrice`; a category without one keeps its price). Outside early bird, an
 * `originalPrice` above the price stays a plain struck-through "normal price".
 */
export function categoryPriceAt(category: PricedCategory, now: Date = new Date(), eventEarlyBirdEnd?: Date | string | null): PriceNow {
  const normal = category.originalPrice ?? null;
  if (category.earlyBird) {
    if (isEarlyBirdActive(category, now, eventEarlyBirdEnd)) {
      return { price: category.price, originalPrice: normal !== null && normal > category.price ? normal : null, earlyBird: true };
    }
    return { price: normal !== null && normal > 0 ? normal : category.price, originalPrice: null, earlyBird: false };
  }
  return { price: category.price, originalPrice: normal !== null && normal > category.price ? normal : null, earlyBird: false };
}
