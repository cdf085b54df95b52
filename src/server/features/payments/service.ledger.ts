import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { addLedgerLine, emptyLedgerLine, gatewayRefunded, ledgerLine, type LedgerLine } from '../../../domain/payments/ledger';
import { gatewayFeeGroup } from '../../../domain/payments/gateway-fees';
import type { OrderKind } from '../../../domain/payments/payments';
import type { Db } from '../../db/client';
import { coachConnections } from '../../db/schema/coaching';
import { events } from '../../db/schema/events';
import { orderRefunds, orders } from '../../db/schema/payments';
import { runnerRegistrations } from '../../db/schema/registrations';

/**
 * The money ledger in SQL and its reads (issue 26 §1, decision 035). The arithmetic is
 * domain/payments/ledger.ts; this module only says, from the rows, what each sale was paid, what
 * its refund returned and what is still owed back. Organizer Keuangan (events/finance.ts), the
 * event list's 'Pendapatan', the coach's Keuangan and the admin's view and export all read these.
 *
 * Refunds of a registration: the gateway refund we asked for once it succeeded (its own amount —
 * a Rp100.000 refund of a Rp110.000 payment is Rp100.000), or the whole order when the gateway
 * itself reported it refunded; plus a manual refund once settled. A manual refund not yet settled
 * is owed, never paid out.
 */

/** Joins every registration money query needs: its order and that order's refund (one per order). */
export const registrationLedgerJoins = {
  orders: eq(orders.id, runnerRegistrations.orderId),
  refunds: eq(orderRefunds.orderId, runnerRegistrations.orderId),
};

/** A registration that brought money in: paid, refunded since, or owed back by hand. */
export const paidRegistrationSql = sql`(${runnerRegistrations.paymentStatus} in ('paid', 'refunded') or ${orders.status} = 'refunded' or ${runnerRegistrations.refundMode} = 'manual')`;

const gatewayRefundedSql = sql`(case when ${orderRefunds.status} = 'succeeded' then least(${orderRefunds.amount}, ${orders.amount}) when ${orders.status} = 'refunded' then ${orders.amount} else 0 end)`;
const manualSettledSql = sql`(case when ${runnerRegistrations.refundMode} = 'manual' and ${runnerRegistrations.refundSettledAt} is not null then coalesce(${runnerRegistrations.refundAmount}, 0) else 0 end)`;
/** Returned to the runner (uncapped; the domain caps it at what was paid). */
export const registrationRefundedSql = sql`(${gatewayRefundedSql} + ${manualSettledSql})`;
/** Owed back to the runner and not yet returned. */
export const registrationRefundOwedSql = sql`(case when ${runnerRegistrations.refundMode} = 'manual' and ${runnerRegistrations.refundSettledAt} is null then coalesce(${runnerRegistrations.refundAmount}, 0) else 0 end)`;

/** What one registration's ledger line is computed from (domain/events/finance.ts), for every read of it. */
export const registrationLedgerColumns = {
  paymentType: events.paymentType,
  paymentAmount: runnerRegistrations.paymentAmount,
  adminFee: runnerRegistrations.adminFee,
  refunded: sql<number>`${registrationRefundedSql}::float8`,
  refundOwed: sql<number>`${registrationRefundOwedSql}::float8`,
  gatewayPaymentType: orders.paymentType,
  paymentMethod: runnerRegistrations.paymentMethod,
};
/** The organizer's net of one registration (ledgerLine's `net`, in SQL for the event list). */
export const registrationNetSql = sql`greatest(${runnerRegistrations.paymentAmount} - least(${registrationRefundedSql} + ${registrationRefundOwedSql}, ${runnerRegistrations.paymentAmount}) - ${runnerRegistrations.adminFee}, 0)`;

/** When a sale's money came in: the gateway's settlement, else the organizer's verification, else its confirmation. */
export const registrationPaidAtSql = sql`coalesce(${orders.paidAt}, ${runnerRegistrations.paymentVerifiedAt}, ${runnerRegistrations.confirmedAt}, ${runnerRegistrations.createdAt})`;
const jakartaMonthOf = (at: SQL) => sql<string>`to_char(${at} at time zone 'Asia/Jakarta', 'YYYY-MM')`;
export const registrationMonthSql = jakartaMonthOf(registrationPaidAtSql);

/** The Jakarta month [start, end) as instants, for 'YYYY-MM'. */
export function jakartaMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - 7 * 3_600_000);
  const end = new Date(Date.UTC(y, m, 1) - 7 * 3_600_000);
  return { start, end };
}

/* ------------------------------------------------------------------ coach orders */

export interface CoachLedgerRow {
  packageId: string | null;
  soldAs: string;
  month: string;
  line: LedgerLine;
}

/** Every paid (or since refunded) coach package order, one ledger line each; of one coach, or all. */
export async function coachLedgerRows(db: Db, filter: { coachId?: string; month?: string | null } = {}): Promise<CoachLedgerRow[]> {
  const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const month = jakartaMonthOf(paidAt);
  const where: SQL[] = [isNotNull(coachConnections.orderId), inArray(orders.status, ['paid', 'refunded'])];
  if (filter.coachId) where.push(eq(coachConnections.coachId, filter.coachId));
  if (filter.month) where.push(sql`${month} = ${filter.month}`);
  const rows = await db
    .select({
      packageId: coachConnections.packageId,
      soldAs: coachConnections.packages,
      amount: coachConnections.amount,
      platformFee: coachConnections.platformFee,
      orderAmount: orders.amount,
      orderStatus: orders.status,
      paymentType: orders.paymentType,
      refundAmount: orderRefunds.amount,
      refundStatus: orderRefunds.status,
      month,
    })
    .from(coachConnections)
    .innerJoin(orders, eq(orders.id, coachConnections.orderId))
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
    .where(and(...where));
  return rows.map((r) => ({
    packageId: r.packageId,
    soldAs: r.soldAs,
    month: r.month,
    line: ledgerLine({
      channel: 'platform',
      gross: r.amount,
      fee: r.platformFee,
      refunded: gatewayRefunded({ amount: r.orderAmount, status: r.orderStatus }, r.refundStatus ? { amount: r.refundAmount!, status: r.refundStatus } : null),
      refundOwed: 0,
      gatewayGroup: gatewayFeeGroup(r.paymentType, null),
    }),
  }));
}

/* ------------------------------------------------------------------ the admin's month */

export interface LedgerKindTotal extends LedgerLine {
  kind: OrderKind;
  count: number;
}

/** Registrations of every event for one Jakarta month (or all time), summed: the organizers' Keuangan added up. */
async function registrationTotal(db: Db, month: string | null): Promise<LedgerKindTotal> {
  const rows = await db
    .select({
      ...registrationLedgerColumns,
    })
    .from(runnerRegistrations)
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .leftJoin(orders, registrationLedgerJoins.orders)
    .leftJoin(orderRefunds, registrationLedgerJoins.refunds)
    .where(and(paidRegistrationSql, month ? sql`${registrationMonthSql} = ${month}` : undefined));
  const total: LedgerKindTotal = { kind: 'registration', count: rows.length, ...emptyLedgerLine() };
  for (const r of rows) {
    addLedgerLine(
      total,
      ledgerLine({
        channel: r.paymentType,
        gross: r.paymentAmount,
        fee: r.adminFee,
        refunded: Number(r.refunded),
        refundOwed: Number(r.refundOwed),
        gatewayGroup: r.paymentType === 'platform' ? gatewayFeeGroup(r.gatewayPaymentType, r.paymentMethod) : null,
      }),
    );
  }
  return total;
}

/** Subscriptions: Derap's own sale, so the whole amount kept is Derap's fee and nobody's net. */
async function subscriptionTotal(db: Db, month: string | null): Promise<LedgerKindTotal> {
  const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const rows = await db
    .select({ amount: orders.amount, status: orders.status, paymentType: orders.paymentType, refundAmount: orderRefunds.amount, refundStatus: orderRefunds.status })
    .from(orders)
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
    .where(and(eq(orders.kind, 'subscription'), inArray(orders.status, ['paid', 'refunded']), month ? sql`${jakartaMonthOf(paidAt)} = ${month}` : undefined));
  const total: LedgerKindTotal = { kind: 'subscription', count: rows.length, ...emptyLedgerLine() };
  for (const r of rows) {
    addLedgerLine(
      total,
      ledgerLine({
        channel: 'platform',
        gross: r.amount,
        fee: r.amount,
        refunded: gatewayRefunded(r, r.refundStatus ? { amount: r.refundAmount!, status: r.refundStatus } : null),
        refundOwed: 0,
        gatewayGroup: gatewayFeeGroup(r.paymentType, null),
      }),
    );
  }
  return total;
}

export interface AdminLedger {
  month: string | null;
  months: string[];
  kinds: LedgerKindTotal[];
  totals: LedgerLine & { count: number };
}

/** Months (Jakarta, newest first) in which any order was paid or any self-managed payment verified. */
async function ledgerMonths(db: Db): Promise<string[]> {
  const orderMonth = jakartaMonthOf(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`);
  const [a, b] = await Promise.all([
    db.selectDistinct({ month: orderMonth }).from(orders).where(inArray(orders.status, ['paid', 'refunded'])),
    db
      .selectDistinct({ month: registrationMonthSql })
      .from(runnerRegistrations)
      .leftJoin(orders, registrationLedgerJoins.orders)
      .where(and(paidRegistrationSql, or(sql`${runnerRegistrations.orderId} is null`, sql`${orders.id} is null`))),
  ]);
  return [...new Set([...a, ...b].map((r) => r.month))].sort((x, y) => y.localeCompare(x));
}

/** GET /api/admin/finance: every sale of one Jakarta month (or all time) by kind, from the ledger. */
export async function adminLedger(db: Db, month: string | null): Promise<AdminLedger> {
  const [registration, subscription, coach, months] = await Promise.all([
    registrationTotal(db, month),
    subscriptionTotal(db, month),
    coachLedgerRows(db, { month }),
    ledgerMonths(db),
  ]);
  const coachTotal: LedgerKindTotal = { kind: 'coach_package', count: coach.length, ...emptyLedgerLine() };
  for (const r of coach) addLedgerLine(coachTotal, r.line);
  const kinds = [registration, coachTotal, subscription];
  const totals = { count: 0, ...emptyLedgerLine() };
  for (const k of kinds) addLedgerLine(totals, k).count += k.count;
  return { month, months, kinds, totals };
}
