/**
 * What the payment gateway charges per settled transaction, by payment method (issue 13 Keuangan;
 * docs/decisions/020-event-changes-and-payouts.md). Derap's published Midtrans rates; Derap bears
 * them out of its admin fee, so they never reduce the organizer's payout. The built-in sandbox is
 * counted with the same table. Pure: no I/O.
 */
import type { PaymentOptionKey } from './payments';

export type GatewayFeeGroup = 'va' | 'qris' | 'gopay' | 'card' | 'other';

export interface GatewayFeeRule {
  label: string;
  /** Percentage of the amount paid (0.7 means 0,7 %). */
  percent: number;
  /** Whole rupiah added per transaction. */
  flat: number;
}

/** The table, in the order the Keuangan view lists it. */
export const gatewayFeeTable: Record<GatewayFeeGroup, GatewayFeeRule> = {
  va: { label: 'Virtual Account / Mandiri Bill', percent: 0, flat: 4_000 },
  qris: { label: 'QRIS', percent: 0.7, flat: 0 },
  gopay: { label: 'GoPay', percent: 2, flat: 0 },
  card: { label: 'Kartu kredit/debit', percent: 2.9, flat: 2_000 },
  // A method the table does not know (a new Midtrans channel) is counted like a virtual account.
  other: { label: 'Metode lain (dihitung seperti VA)', percent: 0, flat: 4_000 },
};

const byOptionKey: Record<PaymentOptionKey, GatewayFeeGroup> = {
  permata_va: 'va',
  other_va: 'va',
  echannel: 'va',
  bni_va: 'va',
  cimb_va: 'va',
  bri_va: 'va',
  gopay: 'gopay',
  other_qris: 'qris',
};

/** Midtrans `payment_type` values of a settled notification. */
const byPaymentType: Record<string, GatewayFeeGroup> = {
  bank_transfer: 'va',
  echannel: 'va',
  permata: 'va',
  qris: 'qris',
  gopay: 'gopay',
  credit_card: 'card',
};

/**
 * The fee group of a payment: the gateway's reported `payment_type` wins (what really happened),
 * then the option key the runner chose on the form.
 */
export function gatewayFeeGroup(paymentType: string | null | undefined, optionKey: string | null | undefined): GatewayFeeGroup {
  if (paymentType && byPaymentType[paymentType]) return byPaymentType[paymentType];
  if (optionKey && optionKey in byOptionKey) return byOptionKey[optionKey as PaymentOptionKey];
  return 'other';
}

/** The gateway's fee on one transaction of `amount` rupiah, rounded to whole rupiah (half up). */
export function gatewayFee(group: GatewayFeeGroup, amount: number): number {
  const rule = gatewayFeeTable[group];
  return Math.round((amount * rule.percent) / 100) + rule.flat;
}
