import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrderStatus } from '../../../domain/payments/payments';
import { jakartaWallClock } from '../../../domain/shared/jakarta-time';
import type { MidtransConfig } from '../../config';
import {
  GatewayError,
  NotificationRejected,
  type CreateTransactionInput,
  type CreatedTransaction,
  type ExpireOutcome,
  type GatewayTransaction,
  type PaymentGateway,
  type RefundedTransaction,
  type VerifiedNotification,
} from './port';

/**
 * Midtrans Snap (https://docs.midtrans.com): `POST {snap}/snap/v1/transactions` opens a checkout and
 * answers `{ token, redirect_url }`; Midtrans then POSTs HTTP notifications signed with
 * `SHA512(order_id + status_code + gross_amount + serverKey)`. The signature does not cover
 * `transaction_status`, so a notification must also carry the status code of its status, and a
 * change it claims is applied only once `GET /v2/{order_id}/status` confirms it (Midtrans' own advice).
 */

const REQUEST_TIMEOUT_MS = 15_000;
/** Snap limits: item name 50 characters, customer first name 255. */
const ITEM_NAME_MAX = 50;
const CUSTOMER_NAME_MAX = 255;

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(orderId + statusCode + grossAmount + serverKey).digest('hex');
}

/**
 * Our status for a Midtrans `transaction_status` (+ `fraud_status` for card captures), or null for a
 * status we do not know (logged, nothing changes).
 */
export function mapMidtransStatus(transactionStatus: string, fraudStatus?: string | null): OrderStatus | null {
  switch (transactionStatus) {
    case 'capture':
      // A captured card under fraud review is not money yet; a denied one is a failed attempt.
      if (fraudStatus === 'challenge') return 'pending';
      if (fraudStatus === 'deny') return 'failed';
      return 'paid';
    case 'settlement':
      return 'paid';
    case 'pending':
    case 'authorize':
      return 'pending';
    case 'deny':
    case 'failure':
      return 'failed';
    case 'cancel':
      return 'canceled';
    case 'expire':
      return 'expired';
    case 'refund':
    case 'chargeback':
      return 'refunded';
    case 'partial_refund':
    case 'partial_chargeback':
      // Part of the money went back; the order itself stays paid.
      return 'paid';
    default:
      return null;
  }
}

/**
 * The `status_code` a Midtrans notification carries with each `transaction_status` (docs.midtrans.com
 * "Status Codes" and its notification samples): 200 success (settlement; card capture accepted,
 * authorize; refunds and chargebacks), 201 pending (and a card capture challenged by the fraud
 * check), 202 denied, expired, failed or canceled. Cancel also comes as 200 (a voided card, "other
 * methods: settlement or cancel"), so both are accepted; every cancel is confirmed with the status
 * API anyway. Null for a status we do not know (it changes nothing).
 */
export function expectedStatusCodes(transactionStatus: string, fraudStatus?: string | null): readonly string[] | null {
  switch (transactionStatus) {
    case 'capture':
      if (fraudStatus === 'challenge') return ['201'];
      if (fraudStatus === 'deny') return ['202'];
      return ['200'];
    case 'settlement':
    case 'authorize':
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return ['200'];
    case 'pending':
      return ['201'];
    case 'deny':
    case 'expire':
    case 'failure':
      return ['202'];
    case 'cancel':
      return ['200', '202'];
    default:
      return null;
  }
}

function text(body: Record<string, unknown>, key: string): string | null {
  const v = body[key];
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/**
 * Verifies and reads a Midtrans-shaped notification signed with `serverKey` (also used by the
 * sandbox): its signature, then that its status code belongs to its status.
 */
export function readMidtransNotification(body: unknown, serverKey: string): VerifiedNotification {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new NotificationRejected('malformed', 'Notifikasi pembayaran tidak valid.');
  }
  const b = body as Record<string, unknown>;
  const orderId = text(b, 'order_id');
  const statusCode = text(b, 'status_code');
  const grossAmount = text(b, 'gross_amount');
  const signature = text(b, 'signature_key');
  const transactionStatus = text(b, 'transaction_status');
  if (!orderId || !statusCode || !grossAmount || !signature || !transactionStatus) {
    throw new NotificationRejected('malformed', 'Notifikasi pembayaran tidak lengkap.');
  }
  // Midtrans order ids are at most 50 of [A-Za-z0-9-_~.]; statuses are lower-case words.
  if (!/^[\w.~-]{1,100}$/.test(orderId) || !/^[a-z_]{1,40}$/.test(transactionStatus) || !/^\d{3}$/.test(statusCode)) {
    throw new NotificationRejected('malformed', 'Notifikasi pembayaran tidak valid.');
  }
  const expected = Buffer.from(midtransSignature(orderId, statusCode, grossAmount, serverKey), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new NotificationRejected('forged', 'Tanda tangan notifikasi tidak valid.');
  }
  if (!/^\d+(\.\d{1,2})?$/.test(grossAmount)) {
    throw new NotificationRejected('malformed', 'Jumlah pada notifikasi pembayaran tidak valid.');
  }
  const fraudStatus = text(b, 'fraud_status');
  const codes = expectedStatusCodes(transactionStatus, fraudStatus);
  if (codes && !codes.includes(statusCode)) {
    throw new NotificationRejected('status_code_mismatch', 'Kode status notifikasi tidak sesuai dengan status transaksinya.');
  }
  return {
    orderRef: orderId,
    status: mapMidtransStatus(transactionStatus, fraudStatus),
    gatewayStatus: transactionStatus,
    grossAmount: Number(grossAmount),
    transactionId: text(b, 'transaction_id'),
    paymentType: text(b, 'payment_type'),
  };
}

/**
 * Reads a `GET /v2/{order_id}/status` answer for `orderRef`. Its authenticity comes from the
 * channel (our server key, over https), so no signature check; but it must be about this order.
 */
export function readMidtransStatus(body: Record<string, unknown>, orderRef: string): GatewayTransaction {
  const orderId = text(body, 'order_id');
  // Some methods (DANA, ShopeePay) answer 'PENDING' in capitals.
  const transactionStatus = text(body, 'transaction_status')?.toLowerCase() ?? null;
  const grossAmount = text(body, 'gross_amount');
  if (orderId !== orderRef) throw new GatewayError('Midtrans menjawab untuk pesanan lain.', { orderRef, answeredFor: orderId });
  if (!transactionStatus || !grossAmount || !/^\d+(\.\d{1,2})?$/.test(grossAmount)) {
    throw new GatewayError('Status transaksi Midtrans tidak terbaca.', { orderRef, body });
  }
  const fraudStatus = text(body, 'fraud_status')?.toLowerCase() ?? null;
  return {
    orderRef,
    status: mapMidtransStatus(transactionStatus, fraudStatus),
    gatewayStatus: transactionStatus,
    grossAmount: Number(grossAmount),
    transactionId: text(body, 'transaction_id'),
    paymentType: text(body, 'payment_type'),
  };
}

/** Midtrans refund reasons are at most 255 characters; refund keys letters, digits, - and _. */
const REFUND_REASON_MAX = 255;
const REFUND_KEY = /^[A-Za-z0-9_-]{1,100}$/;

const amountOf = (value: unknown): number | null => {
  const t = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null;
  return t !== null && /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : null;
};

/**
 * The refund with `refundKey` in a `GET /v2/{order_id}/status` answer's `refunds` list, if Midtrans
 * has it (a refund accepted earlier whose answer we never got, or a replay it refused as a duplicate).
 */
export function findMidtransRefund(body: Record<string, unknown>, orderRef: string, refundKey: string): RefundedTransaction | null {
  if (text(body, 'order_id') !== orderRef || !Array.isArray(body.refunds)) return null;
  for (const entry of body.refunds as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const r = entry as Record<string, unknown>;
    const amount = amountOf(r.refund_amount);
    if (r.refund_key !== refundKey || amount === null) continue;
    return {
      orderRef,
      refundKey,
      amount,
      gatewayStatus: text(body, 'transaction_status')?.toLowerCase() ?? 'refund',
      refundId: r.refund_chargeback_id === undefined || r.refund_chargeback_id === null ? null : String(r.refund_chargeback_id),
    };
  }
  return null;
}

/** Snap's `expiry.start_time`: 'yyyy-MM-dd HH:mm:ss +0700' in Jakarta time. */
export function midtransTime(instant: Date): string {
  const wall = jakartaWallClock(instant);
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)} +0700`;
}

/** The Snap request body for one order. */
export function snapRequestBody(input: CreateTransactionInput): Record<string, unknown> {
  const customer: Record<string, string> = {
    first_name: input.customer.name.trim().slice(0, CUSTOMER_NAME_MAX),
    email: input.customer.email.trim(),
  };
  if (input.customer.phone?.trim()) customer.phone = input.customer.phone.trim();
  return {
    transaction_details: { order_id: input.orderRef, gross_amount: input.amount },
    item_details: [{ id: input.itemId, price: input.amount, quantity: 1, name: input.description.slice(0, ITEM_NAME_MAX) }],
    customer_details: customer,
    ...(input.enabledPayments.length ? { enabled_payments: [...input.enabledPayments] } : {}),
    callbacks: { finish: input.finishUrl },
    expiry: { start_time: midtransTime(input.createdAt), unit: 'minute', duration: input.expiresInMinutes },
  };
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await res.json();
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface MidtransOptions extends MidtransConfig {
  /** Sent as X-Override-Notification so the dashboard setting is not needed; null = use the dashboard's. */
  notificationUrl: string | null;
  fetch?: typeof fetch;
}

export function createMidtransGateway(opts: MidtransOptions): PaymentGateway {
  const doFetch = opts.fetch ?? fetch;
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${opts.serverKey}:`).toString('base64')}`,
  };

  async function call(url: string, init: RequestInit): Promise<{ res: Response; body: Record<string, unknown> | null }> {
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (err) {
      throw new GatewayError('Midtrans tidak dapat dihubungi.', { url, cause: err instanceof Error ? err.message : String(err) });
    }
    return { res, body: await readJson(res) };
  }

  async function getTransactionStatus(orderRef: string): Promise<GatewayTransaction | null> {
    const { res, body } = await call(`${opts.apiUrl}/v2/${encodeURIComponent(orderRef)}/status`, { method: 'GET', headers });
    // 404: no transaction (with Snap, until the payer picks a method), as the HTTP status or in the body.
    if (res.status === 404 || (res.ok && body?.status_code === '404')) return null;
    if (!res.ok || !body) throw new GatewayError('Midtrans tidak dapat memberi status transaksi.', { status: res.status, body });
    return readMidtransStatus(body, orderRef);
  }

  async function statusBody(orderRef: string): Promise<Record<string, unknown> | null> {
    const { res, body } = await call(`${opts.apiUrl}/v2/${encodeURIComponent(orderRef)}/status`, { method: 'GET', headers });
    return res.ok && body ? body : null;
  }

  return {
    name: 'midtrans',

    async createTransaction(input): Promise<CreatedTransaction> {
      const { res, body } = await call(`${opts.snapUrl}/snap/v1/transactions`, {
        method: 'POST',
        headers: opts.notificationUrl ? { ...headers, 'x-override-notification': opts.notificationUrl } : headers,
        body: JSON.stringify(snapRequestBody(input)),
      });
      const token = body?.token;
      const redirectUrl = body?.redirect_url;
      if (!res.ok || typeof token !== 'string' || typeof redirectUrl !== 'string') {
        throw new GatewayError('Midtrans menolak membuat transaksi.', {
          status: res.status,
          errors: body?.error_messages ?? body,
        });
      }
      return { paymentUrl: redirectUrl, reference: token };
    },

    async verifyNotification(body) {
      return readMidtransNotification(body, opts.serverKey);
    },

    getTransactionStatus,

    async expireTransaction(orderRef): Promise<ExpireOutcome> {
      const { res, body } = await call(`${opts.apiUrl}/v2/${encodeURIComponent(orderRef)}/expire`, { method: 'POST', headers });
      const code = String(body?.status_code ?? res.status);
      // 407: expired now. 404: the payer never picked a method, so there is nothing to pay at Midtrans.
      if (code === '407' || code === '404') return 'expired';
      // Anything else (412: cannot be changed) — ask what it is now.
      const transaction = await getTransactionStatus(orderRef);
      if (transaction === null) return 'expired';
      const mapped = transaction.status;
      if (mapped === 'paid' || mapped === 'refunded') return 'settled';
      if (mapped === 'expired' || mapped === 'canceled' || mapped === 'failed') return 'expired';
      throw new GatewayError('Transaksi Midtrans belum dapat dikedaluwarsakan.', { status: res.status, body, transactionStatus: transaction.gatewayStatus });
    },

    async refundTransaction(orderRef, amount, reason, refundKey): Promise<RefundedTransaction> {
      if (!REFUND_KEY.test(refundKey) || !Number.isSafeInteger(amount) || amount <= 0) {
        throw new GatewayError('Permintaan pengembalian dana tidak valid.', { orderRef, refundKey, amount });
      }
      const { res, body } = await call(`${opts.apiUrl}/v2/${encodeURIComponent(orderRef)}/refund`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refund_key: refundKey, amount, reason: reason.trim().slice(0, REFUND_REASON_MAX) }),
      });
      // Midtrans' Core API answers HTTP 200 with its own status code in the body, errors included.
      const code = String(body?.status_code ?? res.status);
      const transactionStatus = typeof body?.transaction_status === 'string' ? body.transaction_status.toLowerCase() : null;
      if (res.ok && body && code === '200' && (transactionStatus === 'refund' || transactionStatus === 'partial_refund')) {
        if (text(body, 'order_id') !== null && text(body, 'order_id') !== orderRef) {
          throw new GatewayError('Midtrans menjawab untuk pesanan lain.', { orderRef, answeredFor: body.order_id });
        }
        const key = text(body, 'refund_key');
        if (key !== null && key !== refundKey) throw new GatewayError('Midtrans menjawab untuk pengembalian dana lain.', { orderRef, refundKey, answeredFor: key });
        return {
          orderRef,
          refundKey,
          amount: amountOf(body.refund_amount) ?? amount,
          gatewayStatus: transactionStatus,
          refundId: body.refund_chargeback_id === undefined || body.refund_chargeback_id === null ? null : String(body.refund_chargeback_id),
        };
      }
      // Refused now, perhaps because this very refund was accepted before (a retry after an answer
      // that never arrived): Midtrans lists the refunds of a transaction with their keys.
      const current = await statusBody(orderRef).catch(() => null);
      const earlier = current ? findMidtransRefund(current, orderRef, refundKey) : null;
      if (earlier) return earlier;
      throw new GatewayError('Midtrans menolak pengembalian dana.', {
        status: res.status,
        statusCode: code,
        message: body?.status_message ?? body?.error_messages ?? null,
      });
    },
  };
}
