/**
 * Keuangan (issue 13; docs/decisions/020-event-changes-and-payouts.md): what each paid registration
 * means in money for the organizer and for Derap. Per registration a runner paid `paymentAmount`
 * (ticket price + Derap's admin fee); a refund gives `refunded` of it back (and `refundOwed` is
 * still to go back). Derap keeps its admin fee on what was kept (never more than was kept) and
 * pays the gateway out of it; the organizer's net ('Pendapatan') is the rest. The arithmetic is
 * the money ledger's (domain/payments/ledger.ts, decision 035). Platform events: Derap owes the organizer that net (the payout).
 * Self-managed events: the runner paid the organizer directly, so no payout is due from Derap; the
 * admin fees the organizer collected are owed to Derap instead. Pure: no I/O.
 */
import { gatewayFeeGroup, type GatewayFeeGroup } from '../payments/gateway-fees';
import { ledgerLine } from '../payments/ledger';
import type { EventPaymentType } from './events';

export interface PaidRegistrationMoney {
  paymentType: EventPaymentType;
  /** Whole rupiah the runner paid (price + admin fee). */
  paymentAmount: number;
  adminFee: number;
  /** Whole rupiah returned to the runner (0 when nothing was refunded). */
  refunded: number;
  /** Whole rupiah owed back to the runner, not yet returned (manual refunds not settled). */
  refundOwed?: number;
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
  /** Returned to runners. */
  refunds: number;
  /** Owed back to runners, not yet returned (never paid out). */
  refundsOwed: number;
  /** The organizer's net: gross − refunds − refunds owed − platform fees ('Pendapatan'). */
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
  refundsOwed: 0,
  net: 0,
  payoutDue: 0,
  collectedDirectly: 0,
  platformFeesOwed: 0,
});

/** The fee group a platform payment is charged under; null for self-managed (no gateway). */
export function feeGroupOf(r: PaidRegistrationMoney): GatewayFeeGroup | null {
  return r.paymentType === 'platform' ? gatewayFeeGroup(r.gatewayPaymentType, r.paymentMethod) : null;
}

/** One paid registration's figures: its line of the money ledger (domain/payments/ledger). */
export function registrationMoney(r: PaidRegistrationMoney): MoneyFigures {
  const line = ledgerLine({
    channel: r.paymentType,
    gross: r.paymentAmount,
    fee: r.adminFee,
    refunded: r.refunded,
    refundOwed: r.refundOwed ?? 0,
    gatewayGroup: feeGroupOf(r),
  });
  return {
    paidCount: 1,
    refundedCount: line.refunded + line.refundOwed > 0 ? 1 : 0,
    gross: line.gross,
    platformFees: line.platformFee,
    gatewayFees: line.gatewayFee,
    refunds: line.refunded,
    refundsOwed: line.refundOwed,
    net: line.net,
    payoutDue: line.payoutDue,
    collectedDirectly: line.collectedDirectly,
    platformFeesOwed: line.platformFeeOwed,
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
