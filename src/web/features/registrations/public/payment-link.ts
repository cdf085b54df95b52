/**
 * The runner's self-managed payment page link carries the secret that lets its holder send or
 * replace the proof of transfer (`?key=`, issue 26 §5): the registration's answer, the mails and the
 * signed-in runner's list give it. This browser remembers the keys it has seen, so the page's other
 * links (the held registration, the success page) lead to a page that can still upload. Not
 * personal data: a capability for one registration's proof, kept for the latest few only.
 */
const STORE = 'derap:payment-keys';
const KEEP = 20;

function read(): Record<string, string> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORE) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Remembers `key` for `registrationId` (ignored when storage is blocked). */
export function rememberPaymentKey(registrationId: string, key: string | null | undefined): void {
  if (!key) return;
  try {
    const entries = Object.entries(read()).filter(([id, k]) => id !== registrationId && typeof k === 'string');
    localStorage.setItem(STORE, JSON.stringify(Object.fromEntries([...entries.slice(-(KEEP - 1)), [registrationId, key]])));
  } catch {
    // Storage blocked: the link in the mail still carries the key.
  }
}

/** The remembered key of `registrationId`, or null. */
export function rememberedPaymentKey(registrationId: string): string | null {
  const key = read()[registrationId];
  return typeof key === 'string' ? key : null;
}

/** `/registration-payment/{id}`, with `?key=` when the key is given or remembered. */
export function paymentPagePath(registrationId: string, key?: string | null): string {
  const known = key ?? rememberedPaymentKey(registrationId);
  return `/registration-payment/${encodeURIComponent(registrationId)}${known ? `?key=${encodeURIComponent(known)}` : ''}`;
}
