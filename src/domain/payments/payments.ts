/**
 * Payments vocabulary shared by the server and the web app (DESIGN.md §5): what an order pays for,
 * the states it moves through, and the spec's payment option keys with their Indonesian labels.
 * Pure: no I/O.
 */

/** What an order pays for; the feature that owns that kind grants it when the order is paid. */
export const orderKinds = ['subscription', 'registration', 'coach_package'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const orderStatuses = ['pending', 'paid', 'failed', 'expired', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Menunggu pembayaran',
  paid: 'Lunas',
  failed: 'Gagal',
  expired: 'Kedaluwarsa',
  canceled: 'Dibatalkan',
  refunded: 'Dikembalikan',
};

export const paymentGatewayNames = ['midtrans', 'sandbox'] as const;
export type PaymentGatewayName = (typeof paymentGatewayNames)[number];

/** The spec's payment option keys (events-and-coach-pages §3), which are Midtrans Snap `enabled_payments` values. */
export const paymentOptionKeys = ['permata_va', 'other_va', 'echannel', 'bni_va', 'cimb_va', 'bri_va', 'gopay', 'other_qris'] as const;
export type PaymentOptionKey = (typeof paymentOptionKeys)[number];

export const paymentOptionLabels: Record<PaymentOptionKey, string> = {
  permata_va: 'Permata Virtual Account',
  other_va: 'Virtual Account Bank Lain',
  echannel: 'Mandiri Bill Payment',
  bni_va: 'BNI Virtual Account',
  cimb_va: 'CIMB Niaga Virtual Account',
  bri_va: 'BRI Virtual Account',
  gopay: 'GoPay',
  other_qris: 'QRIS',
};

export function isPaymentOptionKey(value: string): value is PaymentOptionKey {
  return (paymentOptionKeys as readonly string[]).includes(value);
}

/** Midtrans' `payment_type` in a notification for a payment made with an option key. */
export function paymentTypeOf(key: PaymentOptionKey): string {
  if (key.endsWith('_va')) return 'bank_transfer';
  if (key === 'other_qris') return 'qris';
  return key; // echannel, gopay
}

/** States an order never leaves. `failed` is not one: Snap lets the payer retry after a denied attempt. */
export const finalOrderStatuses: readonly OrderStatus[] = ['expired', 'canceled', 'refunded'];

/** States whose orders may still be paid, so they expire when their time is up. */
export const openOrderStatuses = ['pending', 'failed'] as const satisfies readonly OrderStatus[];

export function isOpenOrder(status: OrderStatus): boolean {
  return (openOrderStatuses as readonly OrderStatus[]).includes(status);
}

/**
 * The status an order moves to when the gateway reports `reported`, or null when nothing changes.
 * Notifications may arrive twice and out of order, so this only ever moves forward:
 * an open order (pending/failed) can become anything final or paid (failed → pending when the
 * payer starts another attempt); a paid order only becomes refunded or canceled (voided);
 * expired, canceled and refunded never change.
 */
export function nextOrderStatus(current: OrderStatus, reported: OrderStatus): OrderStatus | null {
  if (current === reported) return null;
  switch (current) {
    case 'pending':
    case 'failed':
      return reported === 'refunded' ? null : reported;
    case 'paid':
      return reported === 'refunded' || reported === 'canceled' ? reported : null;
    default:
      return null;
  }
}

/**
 * Midtrans `payment_type`s its refund API can send money back to (docs.midtrans.com "Refund
 * Transaction": cards, e-wallets, QRIS, pay-later); a bank transfer (virtual account) or Mandiri
 * bill payment cannot be refunded through the gateway (decision 021). The sandbox follows the same rule.
 */
export const gatewayRefundablePaymentTypes = ['credit_card', 'gopay', 'shopeepay', 'qris', 'dana', 'ovo', 'kredivo', 'akulaku'] as const;

/** Whether a payment of this type can be refunded through the gateway; unknown (null) is tried. */
export function refundableThroughGateway(paymentType: string | null): boolean {
  return paymentType === null || (gatewayRefundablePaymentTypes as readonly string[]).includes(paymentType);
}
