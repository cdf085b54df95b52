/**
 * What the runner typed in a registration form, kept in sessionStorage (this tab only, gone when
 * it closes) so a reload during a rush (decision 018) does not lose the form; cleared once the
 * registration is made. Only known fields with the right types are read back.
 */

export type DraftValues = Record<string, string | boolean>;

const key = (eventKey: string) => `derap:registration-draft:${eventKey}`;

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
