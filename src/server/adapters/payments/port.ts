import type { OrderStatus, PaymentGatewayName, PaymentOptionKey } from '../../../domain/payments/payments';

/** What a gateway needs to open a checkout for one order. */
export interface CreateTransactionInput {
  /** Our order id at the gateway (Midtrans `order_id`), unique per order. */
  orderRef: string;
  /** Whole rupiah. */
  amount: number;
  description: string;
  /** The order's kind, used as the item id. */
  itemId: string;
  customer: { name: string; email: string; phone?: string | null };
  /** Empty = every method the merchant account has. */
  enabledPayments: readonly PaymentOptionKey[];
  /** Absolute URL the payer returns to after the checkout. */
  finishUrl: string;
  createdAt: Date;
  expiresInMinutes: number;
}

export interface CreatedTransaction {
  /** Where to send the payer (the spec's `payment_url`). */
  paymentUrl: string;
  /** The gateway's handle for this checkout (Snap token). */
  reference: string;
}

/** What the gateway reports about one order's transaction, in our own terms. */
export interface GatewayTransaction {
  orderRef: string;
  /** Our status for what the gateway reported; null for a status we do not know (nothing changes). */
  status: OrderStatus | null;
  /** The gateway's own word for it (Midtrans `transaction_status`), for the audit log. */
  gatewayStatus: string;
  /** Whole rupiah (or more decimals, which then match no order), as the gateway reported it. */
  grossAmount: number;
  transactionId: string | null;
  paymentType: string | null;
}

/**
 * A notification whose signature and status code have been checked. Its status is still only a
 * claim (Midtrans does not sign it): a change is applied only once `getTransactionStatus` confirms it.
 */
export type VerifiedNotification = GatewayTransaction;

/** What happened when we asked the gateway to stop accepting payment for an order. */
export type ExpireOutcome =
  /** The gateway closed it (or never had it: the payer did not pick a method). */
  | 'expired'
  /** Too late: it was already paid; its notification will (or did) arrive. */
  | 'settled';

/** A refund the gateway accepted (or had already accepted for the same refund key). */
export interface RefundedTransaction {
  orderRef: string;
  refundKey: string;
  /** Whole rupiah sent back by this refund. */
  amount: number;
  /** The gateway's own word for the transaction now (Midtrans `refund` or `partial_refund`). */
  gatewayStatus: string;
  /** The gateway's id of the refund (Midtrans `refund_chargeback_id`), when it gives one. */
  refundId: string | null;
}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Opens a checkout; throws GatewayError when the gateway refuses or cannot be reached. */
  createTransaction(input: CreateTransactionInput): Promise<CreatedTransaction>;
  /** Checks a notification's signature and status code and reads it; throws NotificationRejected otherwise. */
  verifyNotification(body: unknown): Promise<VerifiedNotification>;
  /**
   * Asks the gateway itself what it has for an order (Midtrans `GET /v2/{order_id}/status`); null
   * when it has no transaction for it. Throws GatewayError when it cannot be asked or its answer
   * cannot be used (unreadable, or about another order).
   */
  getTransactionStatus(orderRef: string): Promise<GatewayTransaction | null>;
  /** Closes an unpaid checkout before we expire the order locally; throws GatewayError when unsure. */
  expireTransaction(orderRef: string): Promise<ExpireOutcome>;
  /**
   * Sends `amount` of a settled order back to the payer (Midtrans `POST /v2/{order_id}/refund`).
   * Idempotent by `refundKey`: the same key again answers the first refund and moves no more money.
   * Throws GatewayError when the gateway refuses (not settled, method without refunds, over the
   * amount) or cannot be reached.
   */
  refundTransaction(orderRef: string, amount: number, reason: string, refundKey: string): Promise<RefundedTransaction>;
}

/** The gateway refused a request or could not be reached; `detail` is for the logs only. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export type RejectionReason = 'forged' | 'malformed' | 'status_code_mismatch';

/**
 * A notification that must not change anything: not signed by the gateway, not readable, or with a
 * status code that does not belong to its status (a signed notification whose status was swapped).
 */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}
