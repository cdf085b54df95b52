/**
 * What the subscription dialog works out before it asks the server anything: the plan picked, its
 * price and the day access would then last to, the pay-as-you-go date rules (spec §5), and how to
 * read the address the payer comes back to from the checkout. Every price comes from the domain's
 * pricing module; the server computes the amount again and never reads it from us.
 */
import type { SubscriptionPayment } from '../../../domain/subscriptions/contract';
import {
  paygDaysUntil,
  paygEarliestEndDay,
  paygLatestEndDay,
  paygQuote,
  planDays,
  SUBSCRIPTION_PLANS,
  TRIAL_DAYS,
  type PaygQuote,
  type SubscriptionPlanType,
} from '../../../domain/subscriptions/pricing';
import { accessEndDay, extendPeriod, grantKindLabels, type GrantKind } from '../../../domain/subscriptions/subscription';
import { formatJakartaDate, formatJakartaTime } from '../../../domain/shared/jakarta-time';
import { isValidIsoDay, type IsoDay } from '../../../domain/shared/wire-date';

/** The plan a runner picked in the purchase view. */
export type PlanSelection =
  | { kind: 'trial' }
  | { kind: 'subscription'; plan: SubscriptionPlanType }
  | { kind: 'payg'; endDay: IsoDay; days: number };

export interface SelectionQuote {
  /** What the grant will be called (the status view's plan name). */
  kind: GrantKind;
  name: string;
  days: number;
  /** What is charged, in whole Rupiah (0 for the trial). */
  price: number;
  discountPercent: number;
  /** When access would end: the days start at the later of now and the current period end. */
  activeUntil: Date;
}

/** The price, days and new end of a selection, for the confirmation view. */
export function quoteSelection(selection: PlanSelection, currentPeriodEnd: string | null, now: Date = new Date()): SelectionQuote {
  const end = currentPeriodEnd ? new Date(currentPeriodEnd) : null;
  const periodEnd = end && !Number.isNaN(end.getTime()) ? end : null;
  const priced = (kind: GrantKind, days: number, price: number, discountPercent = 0): SelectionQuote => ({
    kind,
    name: grantKindLabels[kind],
    days,
    price,
    discountPercent,
    activeUntil: extendPeriod(periodEnd, days, now).end,
  });
  switch (selection.kind) {
    case 'trial':
      return priced('trial', TRIAL_DAYS, 0);
    case 'subscription': {
      const plan = SUBSCRIPTION_PLANS[selection.plan];
      return priced(selection.plan, planDays(plan), plan.total);
    }
    case 'payg': {
      const quote = paygQuote(selection.days);
      return priced('payg', quote.days, quote.price, quote.discountPercent);
    }
  }
}

/** '21 Mei 2027 pukul 09.05 WIB': the end of a period on the product's clock, with its zone. */
export function formatPeriodEnd(value: Date | string | null | undefined): string {
  if (!value) return '-';
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return '-';
  return `${formatJakartaDate(instant)} pukul ${formatJakartaTime(instant)} WIB`;
}

// ── Pay as you go (spec §5) ─────────────────────────────────────────────────────────────────────

export interface PaygBounds {
  /** The earliest end date allowed: the day after the later of today and the current period end. */
  min: IsoDay;
  max: IsoDay;
  today: IsoDay;
  currentPeriodEndDay: IsoDay | null;
}

export function paygBounds(today: IsoDay, currentPeriodEnd: string | null): PaygBounds {
  const currentPeriodEndDay = accessEndDay(currentPeriodEnd);
  return {
    min: paygEarliestEndDay(today, currentPeriodEndDay),
    max: paygLatestEndDay(today, currentPeriodEndDay),
    today,
    currentPeriodEndDay,
  };
}

/**
 * A date input's value while the year is still being typed ('0002-07-15' on the way to 2027): not
 * a choice yet, so it is neither priced nor cleared.
 */
export function isPartialDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) < 1000;
}

/**
 * What becomes of a date the runner entered: kept, or cleared when it lies outside the allowed
 * range (spec §5: an earlier date than allowed is cleared; so is one past the longest period sold).
 */
export function acceptPaygEndDay(value: string, bounds: PaygBounds): string {
  if (!value || isPartialDate(value)) return value;
  if (!isValidIsoDay(value) || value < bounds.min || value > bounds.max) return '';
  return value;
}

/** The days and price of an end date, or null when there is no complete date in range. */
export function paygChoice(value: string, bounds: PaygBounds): PaygQuote | null {
  if (!value || isPartialDate(value) || acceptPaygEndDay(value, bounds) !== value) return null;
  return paygQuote(paygDaysUntil(value, bounds.today, bounds.currentPeriodEndDay));
}

// ── Back from the checkout ──────────────────────────────────────────────────────────────────────

/** The address parameters the server's finish URL (and the gateway) add: `/dashboard?subscription=finished&order_id=SUB-…`. */
const CHECKOUT_RETURN_PARAMS = ['subscription', 'order_id', 'status_code', 'transaction_status'] as const;

/** The order the payer returns from, when the address says they are back from a subscription checkout. */
export function checkoutReturnOrderId(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get('subscription') !== 'finished') return null;
  const orderId = params.get('order_id')?.trim();
  return orderId ? orderId : null;
}

/** The search string without the checkout-return parameters ('' or '?a=b'). */
export function withoutCheckoutReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CHECKOUT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export type CheckoutOutcome =
  | { state: 'paid'; payment: SubscriptionPayment }
  | { state: 'failed'; payment: SubscriptionPayment }
  | { state: 'pending'; payment: SubscriptionPayment | null };

/** Where an order stands in the runner's payment history: paid, ended without payment, or still open. */
export function checkoutOutcome(payments: readonly SubscriptionPayment[], orderId: string): CheckoutOutcome {
  const payment = payments.find((p) => p.order_id === orderId) ?? null;
  if (!payment || payment.status === 'pending') return { state: 'pending', payment };
  if (payment.status === 'paid') return { state: 'paid', payment };
  return { state: 'failed', payment };
}
