/**
 * What the runner typed in a registration form, kept in sessionStorage so a reload during a rush
 * (decision 018) does not lose the form, and so a failed, cancelled or expired payment can be
 * retried without typing everything again: the draft stays until the registration is paid (the
 * success page clears it). Only known fields with the right types are read back.
 *
 * The draft holds the identity number too. That is acceptable only because sessionStorage belongs
 * to this one tab and is gone when it closes: never move it to localStorage or anywhere lasting.
 */

export type DraftValues = Record<string, string | boolean>;

const prefix = 'derap:registration-draft:';
const heldPrefix = 'derap:registration-held:';
const key = (eventKey: string) => `${prefix}${eventKey}`;

export function loadDraft<T extends DraftValues>(eventKey: string, defaults: T): T {
  try {
    const raw = sessionStorage.getItem(key(eventKey));
    if (!raw) return defaults;
    const stored = JSON.parse(raw) as unknown;
    if (!stored || typeof stored !== 'object') return defaults;
    const out: DraftValues = { ...defaults };
    for (const [name, fallback] of Object.entries(defaults)) {
      const value = (stored as Record<string, unknown>)[name];
      if (typeof value === typeof fallback) out[name] = value as string | boolean;
    }
    return out as T;
  } catch {
    // Storage blocked (private mode, quota) or a damaged entry: start empty.
    return defaults;
  }
}

export function saveDraft(eventKey: string, values: DraftValues) {
  try {
    sessionStorage.setItem(key(eventKey), JSON.stringify(values));
  } catch {
    // Storage blocked: the form still holds the values in memory.
  }
}

export function clearDraft(eventKey: string) {
  try {
    sessionStorage.removeItem(key(eventKey));
  } catch {
    // nothing kept
  }
}

/**
 * The registration this tab made at an event and has not seen paid yet: the way back to its payment
 * ('Coba bayar lagi') while it holds its slot. No personal data: the id, the payment page and the deadline.
 */
export interface HeldRegistration {
  registrationId: string;
  /** The gateway's checkout (platform payment); null for a self-managed transfer. */
  paymentUrl: string | null;
  expiresAt: string | null;
}

export function saveHeld(eventKey: string, held: HeldRegistration) {
  try {
    sessionStorage.setItem(`${heldPrefix}${eventKey}`, JSON.stringify(held));
  } catch {
    // Storage blocked: the page still shows it until it is left.
  }
}

/** The held registration of this event, or null when there is none or its hold has ended by `now`. */
export function loadHeld(eventKey: string, now: number = Date.now()): HeldRegistration | null {
  try {
    const raw = sessionStorage.getItem(`${heldPrefix}${eventKey}`);
    if (!raw) return null;
    const held = JSON.parse(raw) as Partial<HeldRegistration> | null;
    if (!held || typeof held.registrationId !== 'string') return null;
    const paymentUrl = typeof held.paymentUrl === 'string' && /^https?:\/\//.test(held.paymentUrl) ? held.paymentUrl : null;
    const expiresAt = typeof held.expiresAt === 'string' ? held.expiresAt : null;
    if (expiresAt && !(new Date(expiresAt).getTime() > now)) {
      clearHeld(eventKey);
      return null;
    }
    return { registrationId: held.registrationId, paymentUrl, expiresAt };
  } catch {
    return null;
  }
}

export function clearHeld(eventKey: string) {
  try {
    sessionStorage.removeItem(`${heldPrefix}${eventKey}`);
  } catch {
    // nothing kept
  }
}

/** Paid: the draft and the held registration of whichever event this registration belongs to go. */
export function forgetPaidRegistration(registrationId: string) {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const name = sessionStorage.key(i);
      if (!name?.startsWith(heldPrefix)) continue;
      const eventKey = name.slice(heldPrefix.length);
      if (loadHeld(eventKey, 0)?.registrationId === registrationId) {
        clearHeld(eventKey);
        clearDraft(eventKey);
      }
    }
  } catch {
    // nothing kept
  }
}

/** Retry-After is capped so a wrong header never leaves the runner waiting long. */
export const MAX_RETRY_SECONDS = 30;
export const DEFAULT_RETRY_SECONDS = 5;

/**
 * Milliseconds until the automatic retry: the server's Retry-After (or 5 s after a network error),
 * between 1 and 30 s, plus up to half of it again at random so a crowd refused together does not
 * come back together.
 */
export function retryDelayMs(retryAfterSeconds: number | undefined, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_SECONDS, Math.max(1, retryAfterSeconds ?? DEFAULT_RETRY_SECONDS)) * 1000;
  return Math.round(base + random() * base * 0.5);
}
