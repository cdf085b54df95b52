import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentSandboxTransactions } from '../../db/schema/payments';
import { mapMidtransStatus, midtransSignature, midtransTime, readMidtransNotification } from './midtrans';
import { GatewayError, type GatewayTransaction, type PaymentGateway, type RefundedTransaction } from './port';

/**
 * The built-in gateway (default when no Midtrans server key is set): `payment_url` opens our own
 * checkout page, and its buttons make the server send itself the same Midtrans-shaped, signed
 * notification Midtrans would send, through the same webhook. Like Midtrans, it keeps its own
 * record of each order's transaction (`payment_sandbox_transactions`), which its status call
 * answers from, so the webhook's confirmation means here what it means with Midtrans. No money moves.
 */

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox';

/** A signing key only this server knows, stable across restarts (derived from the JWT secret). */
export function sandboxKey(secret: Uint8Array): string {
  return createHmac('sha256', secret).update('derap-payments-sandbox-v1').digest('hex');
}

export function sandboxCheckoutUrl(publicUrl: string, orderRef: string): string {
  return `${publicUrl}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(orderRef)}`;
}

export function createSandboxGateway(opts: { publicUrl: string; key: string; db: Db }): PaymentGateway {
  return {
    name: 'sandbox',
    async createTransaction(input) {
      return { paymentUrl: sandboxCheckoutUrl(opts.publicUrl, input.orderRef), reference: input.orderRef };
    },
    async verifyNotification(body) {
      return readMidtransNotification(body, opts.key);
    },
    getTransactionStatus: (orderRef) => transactionOf(opts.db, orderRef),
    // The checkout page itself refuses an expired order; only one paid there (whose notification
    // did not get through) is reported as settled.
    async expireTransaction(orderRef) {
      const status = (await transactionOf(opts.db, orderRef))?.status;
      return status === 'paid' || status === 'refunded' ? 'settled' : 'expired';
    },
    refundTransaction: (orderRef, amount, _reason, refundKey) => refundSandboxTransaction(opts.db, orderRef, amount, refundKey),
  };
}

/**
 * A refund at the sandbox "gateway", as Midtrans does one: only for a settled transaction, at most
 * its amount, one per order; the same refund key again answers the first refund (no second one).
 */
async function refundSandboxTransaction(db: Db, orderRef: string, amount: number, refundKey: string): Promise<RefundedTransaction> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentSandboxTransactions).where(eq(paymentSandboxTransactions.orderRef, orderRef)).for('update');
    if (!row) throw new GatewayError('Sandbox: transaksi tidak ditemukan.', { orderRef });
    if (row.refundKey !== null) {
      if (row.refundKey !== refundKey) throw new GatewayError('Sandbox: transaksi ini sudah dikembalikan.', { orderRef, refundKey });
      return { orderRef, refundKey, amount: row.refundAmount ?? amount, gatewayStatus: row.transactionStatus, refundId: row.transactionId };
    }
    if (row.transactionStatus !== 'settlement') throw new GatewayError('Sandbox: hanya transaksi lunas yang dapat dikembalikan.', { orderRef, status: row.transactionStatus });
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > row.grossAmount) throw new GatewayError('Sandbox: jumlah pengembalian tidak valid.', { orderRef, amount });
    const transactionStatus = amount === row.grossAmount ? 'refund' : 'partial_refund';
    await tx
      .update(paymentSandboxTransactions)
      .set({ transactionStatus, refundKey, refundAmount: amount, updatedAt: sql`now()` })
      .where(eq(paymentSandboxTransactions.orderRef, orderRef));
    return { orderRef, refundKey, amount, gatewayStatus: transactionStatus, refundId: row.transactionId };
  });
}

async function transactionOf(db: Db, orderRef: string): Promise<GatewayTransaction | null> {
  const [row] = await db.select().from(paymentSandboxTransactions).where(eq(paymentSandboxTransactions.orderRef, orderRef));
  if (!row) return null;
  return {
    orderRef: row.orderRef,
    status: mapMidtransStatus(row.transactionStatus),
    gatewayStatus: row.transactionStatus,
    grossAmount: row.grossAmount,
    transactionId: row.transactionId,
    paymentType: row.paymentType,
  };
}

export type SandboxOutcome = 'pay' | 'fail';

/** The Midtrans status a sandbox checkout button produces. */
export const sandboxOutcomeStatus: Record<SandboxOutcome, SandboxStatus> = { pay: 'settlement', fail: 'deny' };

/** What the sandbox can report, with the status code Midtrans sends for it. */
const sandboxStatusCodes = { settlement: '200', pending: '201', deny: '202', expire: '202', cancel: '202', refund: '200', partial_refund: '200' } as const;
export type SandboxStatus = keyof typeof sandboxStatusCodes;

export interface SandboxNotificationInput {
  orderRef: string;
  amount: number;
  transactionStatus: SandboxStatus;
  paymentType: string;
  transactionId?: string;
  now?: Date;
}

/** The notification Midtrans would send for `transactionStatus`, signed with `key`. Records nothing. */
export function sandboxNotification(input: SandboxNotificationInput, key: string): Record<string, string> {
  const now = input.now ?? new Date();
  const statusCode = sandboxStatusCodes[input.transactionStatus];
  const grossAmount = `${input.amount}.00`;
  const time = midtransTime(now).slice(0, 19);
  const settled = input.transactionStatus === 'settlement';
  return {
    transaction_time: time,
    transaction_status: input.transactionStatus,
    transaction_id: input.transactionId ?? randomUUID(),
    status_message: `Sandbox: ${input.transactionStatus}`,
    status_code: statusCode,
    signature_key: midtransSignature(input.orderRef, statusCode, grossAmount, key),
    ...(settled ? { settlement_time: time } : {}),
    payment_type: input.paymentType,
    order_id: input.orderRef,
    merchant_id: 'DERAP-SANDBOX',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
  };
}

/**
 * What happens at the sandbox "gateway" when its checkout is used (or, in tests, when an
 * operator refunds or voids): it records the order's new status — what its status call will
 * answer — and returns the signed notification to deliver.
 */
export async function recordSandboxTransaction(db: Db, key: string, input: Omit<SandboxNotificationInput, 'transactionId'>): Promise<Record<string, string>> {
  const transactionId = randomUUID();
  const values = {
    transactionStatus: input.transactionStatus,
    grossAmount: input.amount,
    paymentType: input.paymentType,
    transactionId,
    updatedAt: sql`now()`,
  };
  await db
    .insert(paymentSandboxTransactions)
    .values({ orderRef: input.orderRef, ...values })
    .onConflictDoUpdate({ target: paymentSandboxTransactions.orderRef, set: values });
  return sandboxNotification({ ...input, transactionId }, key);
}
