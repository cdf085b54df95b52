import { createHmac, randomUUID } from 'node:crypto';
import { midtransSignature, midtransTime, readMidtransNotification } from './midtrans';
import type { PaymentGateway } from './port';

/**
 * The built-in gateway (default when no Midtrans server key is set): `payment_url` opens our own
 * checkout page, and its buttons make the server send itself the same Midtrans-shaped, signed
 * notification Midtrans would send, through the same webhook. No money moves.
 */

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox';

/** A signing key only this server knows, stable across restarts (derived from the JWT secret). */
export function sandboxKey(secret: Uint8Array): string {
  return createHmac('sha256', secret).update('derap-payments-sandbox-v1').digest('hex');
}

export function sandboxCheckoutUrl(publicUrl: string, orderRef: string): string {
  return `${publicUrl}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(orderRef)}`;
}

export function createSandboxGateway(opts: { publicUrl: string; key: string }): PaymentGateway {
  return {
    name: 'sandbox',
    async createTransaction(input) {
      return { paymentUrl: sandboxCheckoutUrl(opts.publicUrl, input.orderRef), reference: input.orderRef };
    },
    async verifyNotification(body) {
      return readMidtransNotification(body, opts.key);
    },
    // Nothing is open anywhere else: the checkout page itself refuses an expired order.
    async expireTransaction() {
      return 'expired';
    },
  };
}

export type SandboxOutcome = 'pay' | 'fail';

/** The notification Midtrans would send for a settled (pay) or denied (fail) payment, signed with `key`. */
export function sandboxNotification(
  input: { orderRef: string; amount: number; outcome: SandboxOutcome; paymentType: string; now?: Date },
  key: string,
): Record<string, string> {
  const now = input.now ?? new Date();
  const statusCode = input.outcome === 'pay' ? '200' : '202';
  const grossAmount = `${input.amount}.00`;
  const time = midtransTime(now).slice(0, 19);
  return {
    transaction_time: time,
    transaction_status: input.outcome === 'pay' ? 'settlement' : 'deny',
    transaction_id: randomUUID(),
    status_message: input.outcome === 'pay' ? 'Sandbox: pembayaran berhasil' : 'Sandbox: pembayaran ditolak',
    status_code: statusCode,
    signature_key: midtransSignature(input.orderRef, statusCode, grossAmount, key),
    ...(input.outcome === 'pay' ? { settlement_time: time } : {}),
    payment_type: input.paymentType,
    order_id: input.orderRef,
    merchant_id: 'DERAP-SANDBOX',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
  };
}
