/**
 * The money ledger (issue 26 §1, docs/decisions/035-money-ledger.md): one line per paid
 * registration, subscription or coach order, computed the same way for the organizer's and the
 * coach's Keuangan and for the admin's view and export, so they agree to the rupiah. Pure: no I/O.
 *
 * A line starts from what the payer paid (`gross`) and Derap's fee on the sale (`fee`: the admin
 * fee of a registration, the platform fee of a coach order, the whole of a subscription). Refunds
 * are split in two: `refunded` is money actually returned to the payer (a refund the gateway
 * confirmed, or a manual refund marked settled), `refundOwed` is money owed back but not yet
 * returned (a canceled event's bank transfers, a self-managed refund on the manual list). Both
 * leave the seller's hands: what is owed back is never paid out.
 */
import { gatewayFee, type GatewayFeeGroup } from './gateway-fees';

/** Who holds the money: Derap through the gateway (`platform`) or the organizer directly (`self_managed`). */
export type LedgerChannel = 'platform' | 'self_managed';

export interface LedgerEntry {
  channel: LedgerChannel;
  /** Whole rupiah the payer paid. */
  gross: number;
  /** Derap's fee on the sale, whole rupiah. */
  fee: number;
  /** Returned to the payer (gateway refund confirmed, or manual refund settled). */
  refunded: number;
  /** Owed back to the payer, not yet returned. */
  refundOwed: number;
  /** The gateway's fee group (platform only; null: no gateway fee). */
  gatewayGroup: GatewayFeeGroup | null;
}

export interface LedgerLine {
  gross: number;
  /** Derap's fee on what the seller keeps (never more than is kept). */
  platformFee: number;
  /** Charged by the gateway on the payment (kept by it on a refund too), borne by Derap. */
  gatewayFee: number;
  refunded: number;
  refundOwed: number;
  /** The seller's (organizer's or coach's) net: gross − refunded − refundOwed − platformFee. */
  net: number;
  /** What Derap owes the seller: the net of platform payments; 0 when self-managed. */
  payoutDue: number;
  /** Self-managed: what stays in the organizer's account once every refund is paid. */
  collectedDirectly: number;
  /** Self-managed: Derap's fees the organizer collected and owes Derap. */
  platformFeeOwed: number;
}

const whole = (n: number) => Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0));

/** One line of the ledger. Refunds are capped at what was paid, returned money first. */
export function ledgerLine(e: LedgerEntry): LedgerLine {
  const gross = whole(e.gross);
  const refunded = Math.min(whole(e.refunded), gross);
  const refundOwed = Math.min(whole(e.refundOwed), gross - refunded);
  const kept = gross - refunded - refundOwed;
  const platformFee = Math.min(whole(e.fee), kept);
  const net = kept - platformFee;
  const selfManaged = e.channel === 'self_managed';
  return {
    gross,
    platformFee,
    gatewayFee: !selfManaged && e.gatewayGroup ? gatewayFee(e.gatewayGroup, gross) : 0,
    refunded,
    refundOwed,
    net,
    payoutDue: selfManaged ? 0 : net,
    collectedDirectly: selfManaged ? kept : 0,
    platformFeeOwed: selfManaged ? platformFee : 0,
  };
}

export const emptyLedgerLine = (): LedgerLine => ({
  gross: 0,
  platformFee: 0,
  gatewayFee: 0,
  refunded: 0,
  refundOwed: 0,
  net: 0,
  payoutDue: 0,
  collectedDirectly: 0,
  platformFeeOwed: 0,
});

const lineKeys = Object.keys(emptyLedgerLine()) as (keyof LedgerLine)[];

/** Adds the figures of `more` (times `n`, for grouped identical lines) into `into`; other keys are left alone. */
export function addLedgerLine<T extends LedgerLine>(into: T, more: LedgerLine, n = 1): T {
  for (const key of lineKeys) into[key] += more[key] * n;
  return into;
}

/**
 * What one order's refund returned, from what the database knows: the refund row we asked the
 * gateway for (its amount once it succeeded), else an order the gateway itself reported refunded
 * (Midtrans' `refund` status is a full refund: the whole amount), else nothing.
 */
export function gatewayRefunded(order: { amount: number; status: string }, refund: { amount: number; status: string } | null): number {
  if (refund?.status === 'succeeded') return Math.min(refund.amount, order.amount);
  if (order.status === 'refunded') return order.amount;
  return 0;
}
