import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret of a self-managed registration's payment link (issue 26 §5): sending or replacing the
 * proof of transfer needs it, not the registration id alone (the id travels in mail subjects, on
 * the racepack desk and in the organizer's lists). Derived from the server secret and the id, so
 * nothing is stored and every server and mail can make it; only the runner's own link carries it
 * (the answer to the registration, the mails, and the signed-in runner's list).
 */
export function paymentKeyFor(secret: Uint8Array, registrationId: string): string {
  return createHmac('sha256', secret).update(`derap-registration-payment-key-v1:${registrationId.trim().toUpperCase()}`).digest('base64url').slice(0, 22);
}

/** Whether `key` is the payment link's secret of `registrationId` (constant time). */
export function isPaymentKey(secret: Uint8Array, registrationId: string, key: unknown): boolean {
  if (typeof key !== 'string' || key.length !== 22) return false;
  const expected = Buffer.from(paymentKeyFor(secret, registrationId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
