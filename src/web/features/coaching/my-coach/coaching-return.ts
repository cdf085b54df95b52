/**
 * Back from a coach package checkout: the server's finish URL is `/dashboard?coaching=finished`, to
 * which the gateway (and our sandbox) appends order_id, status_code and transaction_status.
 */

export type CoachingReturn = 'paid' | 'pending' | 'failed';

const RETURN_PARAMS = ['coaching', 'order_id', 'status_code', 'transaction_status'] as const;
const PAID = new Set(['settlement', 'capture']);
const FAILED = new Set(['deny', 'cancel', 'expire', 'failure']);

/** What the address says about the payment, or null when it is not a return from a coach checkout. */
export function coachingReturn(search: string): CoachingReturn | null {
  const params = new URLSearchParams(search);
  if (params.get('coaching') !== 'finished') return null;
  const status = params.get('transaction_status') ?? '';
  if (PAID.has(status)) return 'paid';
  if (FAILED.has(status)) return 'failed';
  // 'pending', or back without a status (the checkout's "back" link): the webhook decides later.
  return 'pending';
}

/** The search string without the checkout-return parameters ('' or '?a=b'). */
export function withoutCoachingReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
