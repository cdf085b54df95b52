/**
 * Keuangan (issue 13; docs/decisions/020-event-changes-and-payouts.md): what each paid registration
 * means in money for the organizer and for Derap. Per registration a runner paid `paymentAmount`
 * (ticket price + Derap's admin fee); a refund gives `refunded` of it back. Derap keeps its admin
 * fee on what was kept (never more than was kept) and pays the gateway out of it; the organizer's
 * net ('Pendapatan') is the rest. Platform events: Derap owes the organizer that net (the payout).
 * Self-managed events: the runner paid the organizer directly, so no payout is due from Derap; the
 * admin fees the organizer collected are owed to Derap instead. Pure: no I/O.
 */
import { gatewayFee, gatewayFeeGroup, type GatewayFeeGroup } from '../payments/gateway-fees';
import type { EventPaymentType } from './events';

export interface PaidRegistrationMoney {
  paymentType: EventPaymentType;
  /** Whole rupiah the runner paid (price + admin fee). */
  paymentAmount: number;
  adminFee: number;
  /** Whole rupiah given back (0 when nothing was refunded). */
  refunded: number;
  /** The gateway's `payment_type` (platform payments) and the option the runner chose. */
  gatewayPaymentType?: string | null;
  paymentMethod?: string | null;
}

export interface MoneyFigures {
  /** Registrations paid (refunded ones included). */
  paidCount: number;
  refundedCount: number;
  /** Paid by runners. */
  gross: number;
  /** Derap's admin fees on what was kept. */
  platformFees: number;
  /** Charged by the payment gateway, borne by Derap (0 for self-managed). */
  gatewayFees: number;
  /** Given back to runners. */
  refunds: number;
  /** The organizer's net: gross − refunds − platform fees ('Pendapatan'). */
  net: number;
  /** What Derap owes the organizer (platform events: the net; self-managed: 0). */
  payoutDue: number;
  /** Self-managed: paid to the organizer directly (gross − refunds). */
  collectedDirectly: number;
  /** Self-managed: admin fees the organizer collected for Derap. */
  platformFeesOwed: number;
}

export const emptyFigures = (): MoneyFigures => ({
  paidCount: 0,
  refundedCount: 0,
  gross: 0,
  platformFees: 0,
  gatewayFees: 0,
  refunds: 0,
  net: 0,
  payoutDue: 0,
  collectedDirectly: 0,
  platformFeesOwed: 0,
});

/** The fee group a platform payment is charged under; null for self-managed (no gateway). */
export function feeGroupOf(r: PaidRegistrationMoney): GatewayFeeGroup | null {
  return r.paymentType === 'platform' ? gatewayFeeGroup(r.gatewayPaymentType, r.paymentMethod) : null;
}

/** One paid registration's figures. */
export function registrationMoney(r: PaidRegistrationMoney): MoneyFigures {
  const refunded = Math.min(Math.max(r.refunded, 0), r.paymentAmount);
  const kept = r.paymentAmount - refunded;
  const platformFee = Math.min(r.adminFee, kept);
  const net = kept - platformFee;
  const group = feeGroupOf(r);
  const selfManaged = r.paymentType === 'self_managed';
  return {
    paidCount: 1,
    refundedCount: refunded > 0 ? 1 : 0,
    gross: r.paymentAmount,
    platformFees: platformFee,
    // The gateway keeps its fee on a refunded payment too.
    gatewayFees: group ? gatewayFee(group, r.paymentAmount) : 0,
    refunds: refunded,
    net,
    payoutDue: selfManaged ? 0 : net,
    collectedDirectly: selfManaged ? kept : 0,
    platformFeesOwed: selfManaged ? platformFee : 0,
  };
}

export function addFigures(into: MoneyFigures, more: MoneyFigures): MoneyFigures {
  for (const key of Object.keys(into) as (keyof MoneyFigures)[]) into[key] += more[key];
  return into;
}

export function sumMoney(rows: readonly PaidRegistrationMoney[]): MoneyFigures {
  return rows.reduce((total, r) => addFigures(total, registrationMoney(r)), emptyFigures());
}

/** 'YYYY-MM' of an instant on the Jakarta calendar. */
export function jakartaMonth(instant: Date): string {
  return new Date(instant.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 7);
}

/** 'Mei 2027' for '2027-05'. */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 15)).toLocaleDateString('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
