import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EventFinance, OrganizerFinance } from '../../../domain/events/contract';
import { addFigures, emptyFigures, feeGroupOf, registrationMoney, type MoneyFigures, type PaidRegistrationMoney } from '../../../domain/events/finance';
import { gatewayFee, gatewayFeeTable, type GatewayFeeGroup } from '../../../domain/payments/gateway-fees';
import type { Db } from '../../db/client';
import { eventCategories, events, type EventRow } from '../../db/schema/events';
import { orderRefunds, orders } from '../../db/schema/payments';
import { runnerRegistrations } from '../../db/schema/registrations';
import type { UserRow } from '../../db/schema/users';
import {
  paidRegistrationSql,
  registrationLedgerJoins,
  registrationMonthSql as monthSql,
  registrationRefundOwedSql,
  registrationRefundedSql,
  registrationLedgerColumns,
} from '../payments/service.ledger';
import { managedEvent } from './lifecycle';

/**
 * Keuangan (decision 020): the paid registrations of some events, grouped by everything that
 * decides their money (one row per event, month, category, method and amounts, with a count), then
 * turned into figures by the domain's `registrationMoney`. A registration counts in the Jakarta
 * month it was paid (the gateway's settlement, else the organizer's verification, else its
 * confirmation). What a refund returned and what is still owed back are the money ledger's
 * (payments/service.ledger.ts, decision 035), so this view and the admin's agree to the rupiah.
 */
interface MoneyGroup extends PaidRegistrationMoney {
  eventRef: string;
  categoryRef: string;
  month: string;
  n: number;
}

async function moneyGroups(db: Db, where: SQL | undefined): Promise<MoneyGroup[]> {
  const rows = await db
    .select({
      eventRef: runnerRegistrations.eventRef,
      categoryRef: runnerRegistrations.categoryRef,
      month: monthSql,
      ...registrationLedgerColumns,
      n: sql<number>`count(*)::float8`,
    })
    .from(runnerRegistrations)
    .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
    .leftJoin(orders, registrationLedgerJoins.orders)
    .leftJoin(orderRefunds, registrationLedgerJoins.refunds)
    .where(and(paidRegistrationSql, where))
    .groupBy(
      runnerRegistrations.eventRef,
      runnerRegistrations.categoryRef,
      monthSql,
      events.paymentType,
      runnerRegistrations.paymentAmount,
      runnerRegistrations.adminFee,
      registrationRefundedSql,
      registrationRefundOwedSql,
      orders.paymentType,
      runnerRegistrations.paymentMethod,
    );
  return rows.map((r) => ({ ...r, refunded: Number(r.refunded), refundOwed: Number(r.refundOwed), n: Number(r.n) }));
}

const figuresOf = (g: MoneyGroup): MoneyFigures => {
  const one = registrationMoney(g);
  for (const key of Object.keys(one) as (keyof MoneyFigures)[]) one[key] *= g.n;
  return one;
};

function sumBy<K>(groups: MoneyGroup[], keyOf: (g: MoneyGroup) => K): Map<K, MoneyFigures> {
  const out = new Map<K, MoneyFigures>();
  for (const g of groups) {
    const key = keyOf(g);
    out.set(key, addFigures(out.get(key) ?? emptyFigures(), figuresOf(g)));
  }
  return out;
}

const eventHeader = (e: EventRow) => ({
  _id: e.id,
  name: e.name,
  code: e.code,
  status: e.status,
  paymentType: e.paymentType,
  eventDate: e.eventDate.toISOString(),
});

/** GET /api/events/{id}/finance: one event's totals, months (newest first), categories and payment methods. */
export async function eventFinance(db: Db, user: Pick<UserRow, 'id' | 'role'>, key: string): Promise<EventFinance> {
  const event = await managedEvent(db, user, key);
  const groups = await moneyGroups(db, eq(runnerRegistrations.eventRef, event.id));
  const categories = await db.select().from(eventCategories).where(eq(eventCategories.eventRef, event.id)).orderBy(eventCategories.position);
  const byCategory = sumBy(groups, (g) => g.categoryRef);
  const byMonth = sumBy(groups, (g) => g.month);
  const methods = new Map<GatewayFeeGroup, { count: number; amount: number; fee: number }>();
  for (const g of groups) {
    const group = feeGroupOf(g);
    if (!group) continue;
    const m = methods.get(group) ?? { count: 0, amount: 0, fee: 0 };
    m.count += g.n;
    m.amount += g.paymentAmount * g.n;
    m.fee += gatewayFee(group, g.paymentAmount) * g.n;
    methods.set(group, m);
  }
  return {
    event: eventHeader(event),
    totals: groups.reduce((t, g) => addFigures(t, figuresOf(g)), emptyFigures()),
    months: [...byMonth.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([month, f]) => ({ month, ...f })),
    categories: categories.map((c) => ({ categoryId: c.categoryId, name: c.name, ...(byCategory.get(c.id) ?? emptyFigures()) })),
    methods: (Object.keys(gatewayFeeTable) as GatewayFeeGroup[])
      .filter((g) => methods.has(g))
      .map((g) => ({ group: g, label: gatewayFeeTable[g].label, ...methods.get(g)! })),
  };
}

/** GET /api/events/finance: every event of the organizer (an admin: all) for one Jakarta month, or all time. */
export async function organizerFinance(db: Db, user: Pick<UserRow, 'id' | 'role'>, month: string | null): Promise<OrganizerFinance> {
  const own = user.role === 'admin' ? undefined : eq(events.createdBy, user.id);
  const groups = await moneyGroups(db, own);
  const months = [...new Set(groups.map((g) => g.month))].sort((a, b) => b.localeCompare(a));
  const chosen = month ? groups.filter((g) => g.month === month) : groups;
  const byEvent = sumBy(chosen, (g) => g.eventRef);
  // All time lists every event (an event without sales shows zeros); a month only those with sales in it.
  const ids = [...byEvent.keys()];
  const rows = month
    ? ids.length
      ? await db.select().from(events).where(inArray(events.id, ids)).orderBy(desc(events.eventDate))
      : []
    : await db.select().from(events).where(own).orderBy(desc(events.eventDate));
  return {
    month,
    months,
    totals: chosen.reduce((t, g) => addFigures(t, figuresOf(g)), emptyFigures()),
    events: rows.map((e) => ({ ...eventHeader(e), figures: byEvent.get(e.id) ?? emptyFigures() })),
  };
}
