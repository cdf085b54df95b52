import type { OrderStatus, PaymentGatewayName, PaymentOptionKey } from '../../../domain/payments';

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

/** A notification whose origin has been proven, in our own terms. */
export interface VerifiedNotification {
  orderRef: string;
  /** Our status for what the gateway reported; null for a status we do not know (nothing changes). */
  status: OrderStatus | null;
  /** The gateway's own word for it (Midtrans `transaction_status`), for the audit log. */
  gatewayStatus: string;
  /** Whole rupiah, as the gateway reported it. */
  grossAmount: number;
  transactionId: string | null;
  paymentType: string | null;
}

/** What happened when we asked the gateway to stop accepting payment for an order. */
export type ExpireOutcome =
  /** The gateway closed it (or never had it: the payer did not pick a method). */
  | 'expired'
  /** Too late: it was already paid; its notification will (or did) arrive. */
  | 'settled';

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Opens a checkout; throws GatewayError when the gateway refuses or cannot be reached. */
  createTransaction(input: CreateTransactionInput): Promise<CreatedTransaction>;
  /** Checks a notification's signature and reads it; throws NotificationRejected otherwise. */
  verifyNotification(body: unknown): Promise<VerifiedNotification>;
  /** Closes an unpaid checkout before we expire the order locally; throws GatewayError when unsure. */
  expireTransaction(orderRef: string): Promise<ExpireOutcome>;
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

/** A notification that must not change anything: not signed by the gateway, or not readable. */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'forged' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}
