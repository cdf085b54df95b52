import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jakartaToday, isValidIsoDay, type IsoDay } from '../../../domain/shared/wire-date';
import {
  subscriptionMessages,
  type PaidPlanType,
  type SubscriptionGrant,
  type SubscriptionPayment,
  type SubscriptionSummary,
  paidPlanTypes,
} from '../../../domain/subscriptions/contract';
import {
  PAYG_MAX_DAYS,
  SUBSCRIPTION_PLANS,
  TRIAL_DAYS,
  paygDaysUntil,
  paygQuote,
  planDays,
} from '../../../domain/subscriptions/pricing';
import {
  DAY_MS,
  PAST_DUE_GRACE_DAYS,
  RENEWAL_REMINDER_DAYS,
  accessEndDay,
  extendPeriod,
  grantKindLabels,
  hasPremiumAccess,
  lapsedStatus,
  type GrantKind,
} from '../../../domain/subscriptions/subscription';
import type { Mailer } from '../../adapters/mail/port';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/payments';
import { subscriptionGrants } from '../../db/schema/subscriptions';
import { users, type UserRow } from '../../db/schema/users';
import { findReusableOrder, type PaymentService } from '../payments/service';
import { patchUserState } from '../users/service';
import { receiptMail, reminderMail } from './mails';

/**
 * Subscriptions (spec §4, §5, §9): the trial, plans bought through the payment module, an admin's
 * grants, and the lifecycle that ends periods. A user's period changes only here, under a lock of
 * their row, and every change is written to the ledger (`subscription_grants`). Other features ask
 * `hasPremiumAccess` (domain) of the user they already hold.
 */

/** Where the payer returns after the checkout; the dashboard shows the result (decision 013). */
export const SUBSCRIPTION_FINISH_PATH = '/dashboard?subscription=finished';
/** An identical open order younger than this is handed back instead of a new one (double clicks, reloads). */
const LIFECYCLE_BATCH = 500;

/** What an order of kind 'subscription' buys, as written in its metadata by `initiatePayment`. */
interface SubscriptionOrderMeta {
  plantype: PaidPlanType;
  days: number;
  endDate?: IsoDay;
}

function orderMeta(order: OrderRow): SubscriptionOrderMeta | null {
  const m = order.metadata as Partial<SubscriptionOrderMeta>;
  if (!m || !paidPlanTypes.includes(m.plantype as PaidPlanType) || !Number.isInteger(m.days) || (m.days ?? 0) <= 0) return null;
  return { plantype: m.plantype as PaidPlanType, days: m.days!, ...(m.endDate ? { endDate: m.endDate } : {}) };
}

async function lockUser(tx: Db, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound(subscriptionMessages.userNotFound);
  return row;
}

/** Adds `days` to a locked user's period and writes the ledger entry. Returns the updated user. */
async function grantDays(
  tx: Db,
  user: UserRow,
  grant: { kind: GrantKind; days: number; orderId?: string | null; reason?: string | null; grantedBy?: string | null; status: 'active' | 'trialing' },
  now: Date,
): Promise<UserRow | null> {
  const { start, end } = extendPeriod(user.currentPeriodEnd, grant.days, now);
  const [entry] = await tx
    .insert(subscriptionGrants)
    .values({
      userId: user.id,
      kind: grant.kind,
      days: grant.days,
      periodStart: start,
      periodEnd: end,
      orderId: grant.orderId ?? null,
      reason: grant.reason ?? null,
      grantedBy: grant.grantedBy ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptionGrants.id });
  // The ledger already holds this order's grant: the gateway repeated itself, nothing more to give.
  if (!entry) return null;
  return (await patchUserState(tx, user.id, { subscriptionStatus: grant.status, currentPeriodEnd: end, cancelAtPeriodEnd: false, updatedAt: now }))!;
}

/**
 * The plan shown in the status view: the latest grant whose days have not all run out (a plan bought
 * during a trial shows as that plan, and the end date shown is where it ends).
 */
async function currentPlan(db: Db, user: UserRow, now: Date): Promise<GrantKind | null> {
  if (!hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd }, now)) return null;
  const [latest] = await db
    .select({ kind: subscriptionGrants.kind })
    .from(subscriptionGrants)
    .where(and(eq(subscriptionGrants.userId, user.id), gt(subscriptionGrants.periodEnd, now), sql`${subscriptionGrants.kind} <> 'refund'`))
    .orderBy(desc(subscriptionGrants.createdAt))
    .limit(1);
  return latest?.kind ?? null;
}

export async function subscriptionSummary(db: Db, user: UserRow, now: Date = new Date()): Promise<SubscriptionSummary> {
  return {
    subscription_status: user.subscriptionStatus,
    current_period_end: user.currentPeriodEnd ? user.currentPeriodEnd.toISOString() : null,
    has_had_trial: user.hasHadTrial,
    cancel_at_period_end: user.cancelAtPeriodEnd,
    has_access: hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd }, now),
    current_plan: await currentPlan(db, user, now),
  };
}

/** A user's subscription orders, newest first (the result view and the admin's payment history). */
export async function listSubscriptionPayments(db: Db, userId: string, limit = 50): Promise<SubscriptionPayment[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'subscription')))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.flatMap((o) => {
    const meta = orderMeta(o);
    if (!meta) return [];
    return [
      {
        order_id: o.gatewayRef,
        plantype: meta.plantype,
        days: meta.days,
        amount: o.amount,
        status: o.status,
        created_at: o.createdAt.toISOString(),
        paid_at: o.paidAt ? o.paidAt.toISOString() : null,
      },
    ];
  });
}

/** The ledger of one user, newest first, with the name of the admin behind each grant. */
export async function listSubscriptionGrants(db: Db, userId: string, limit = 100): Promise<SubscriptionGrant[]> {
  const rows = await db
    .select({ grant: subscriptionGrants, admin: { id: users.id, name: users.name }, orderRef: orders.gatewayRef })
    .from(subscriptionGrants)
    .leftJoin(users, eq(users.id, subscriptionGrants.grantedBy))
    .leftJoin(orders, eq(orders.id, subscriptionGrants.orderId))
    .where(eq(subscriptionGrants.userId, userId))
    .orderBy(desc(subscriptionGrants.createdAt))
    .limit(limit);
  return rows.map(({ grant, admin, orderRef }) => ({
    _id: grant.id,
    kind: grant.kind,
    days: grant.days,
    period_start: grant.periodStart.toISOString(),
    period_end: grant.periodEnd.toISOString(),
    order_id: orderRef ?? null,
    reason: grant.reason,
    granted_by: admin ? { _id: admin.id, name: admin.name } : null,
    created_at: grant.createdAt.toISOString(),
  }));
}

/** POST /api/subscriptions/start-trial: 14 days, once per user (checked under the row lock, so two clicks cannot both win). */
export async function startTrial(db: Db, userId: string, now: Date = new Date()): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.hasHadTrial) throw conflict(subscriptionMessages.trialUsed, 'TRIAL_USED');
    // A paying runner who also takes the trial keeps 'active'; the trial's days come after the paid ones.
    const status = hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd }, now) && user.subscriptionStatus === 'active' ? 'active' : 'trialing';
    await patchUserState(tx, userId, { hasHadTrial: true });
    const updated = await grantDays(tx, user, { kind: 'trial', days: TRIAL_DAYS, status }, now);
    return updated!;
  });
}

/** PATCH /api/subscriptions/me: stop at the period end (access stays until then), or keep going. */
export async function setCancelAtPeriodEnd(db: Db, userId: string, cancel: boolean, now: Date = new Date()): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!hasPremiumAccess({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd }, now)) {
      throw conflict(subscriptionMessages.nothingToCancel, 'NO_ACTIVE_SUBSCRIPTION');
    }
    return (await patchUserState(tx, userId, { cancelAtPeriodEnd: cancel, updatedAt: now }))!;
  });
}

export interface PlanQuote {
  plantype: PaidPlanType;
  days: number;
  amount: number;
  description: string;
  endDate?: IsoDay;
}

/**
 * What a plan costs the caller now, computed here from the plan alone (spec §9); a client never
 * sends an amount. Pay as you go: the days run from the later of today and the current period end
 * to `endDate`; a `paygdays` that disagrees is refused (the page was stale).
 */
export function quotePlan(user: UserRow, body: { plantype: string; paygdays?: number; endDate?: string }, now: Date = new Date()): PlanQuote {
  const plantype = body.plantype as PaidPlanType;
  if (!paidPlanTypes.includes(plantype)) throw badRequest(subscriptionMessages.planUnknown, 'INVALID_PLAN');
  if (plantype !== 'payg') {
    const plan = SUBSCRIPTION_PLANS[plantype];
    return { plantype, days: planDays(plan), amount: plan.total, description: `Derap AI Coaching Premium — ${grantKindLabels[plantype]}` };
  }
  if (!body.endDate) throw badRequest(subscriptionMessages.paygEndDateRequired, 'PAYG_END_DATE_REQUIRED');
  if (!isValidIsoDay(body.endDate)) throw badRequest(subscriptionMessages.paygEndDateInvalid, 'PAYG_END_DATE_INVALID');
  const days = paygDaysUntil(body.endDate, jakartaToday(now), accessEndDay(user.currentPeriodEnd));
  if (days < 1 || days > PAYG_MAX_DAYS) throw badRequest(subscriptionMessages.paygEndDateInvalid, 'PAYG_END_DATE_INVALID');
  if (body.paygdays !== undefined && body.paygdays !== days) throw badRequest(subscriptionMessages.paygDaysMismatch, 'PAYG_DAYS_MISMATCH');
  const { price } = paygQuote(days);
  return { plantype, days, amount: price, endDate: body.endDate, description: `Derap AI Coaching Premium — Durasi Bebas ${days} hari` };
}

/**
 * POST /api/initiate-payment: an order of kind 'subscription' through the payment module. An
 * identical open order of the last half hour is handed back instead of a second one.
 */
export async function initiatePayment(
  deps: { db: Db; payments: PaymentService; payableHours: number },
  user: UserRow,
  body: { user_id?: string; plantype: string; paygdays?: number; endDate?: string },
  now: Date = new Date(),
): Promise<{ payment_url: string; order_id: string; amount: number; days: number }> {
  if (!body.user_id) throw badRequest(subscriptionMessages.userIdMissing, 'USER_ID_REQUIRED');
  if (body.user_id !== user.id) throw forbidden(subscriptionMessages.notYourAccount);
  const quote = quotePlan(user, body, now);
  const same = await findReusableOrder(deps.db, {
    userId: user.id,
    kind: 'subscription',
    amount: quote.amount,
    now,
    same: (o) => {
      const m = orderMeta(o);
      return m?.plantype === quote.plantype && m.days === quote.days && m.endDate === quote.endDate;
    },
  });
  if (same) return { payment_url: same.paymentUrl!, order_id: same.gatewayRef, amount: same.amount, days: quote.days };

  const metadata: SubscriptionOrderMeta = { plantype: quote.plantype, days: quote.days, ...(quote.endDate ? { endDate: quote.endDate } : {}) };
  const { order, payment_url } = await deps.payments.createOrder({
    kind: 'subscription',
    userId: user.id,
    amount: quote.amount,
    description: quote.description,
    metadata: { ...metadata },
    customer: { name: user.name, email: user.email },
    finishUrl: SUBSCRIPTION_FINISH_PATH,
    // Long enough for a bank transfer to a virtual account; nothing is held meanwhile.
    expiresInMinutes: deps.payableHours * 60,
  });
  return { payment_url, order_id: order.gatewayRef, amount: order.amount, days: quote.days };
}

/** The paid order's days, added from the later of now and the period end, once (the ledger's unique order). */
export async function fulfilSubscriptionOrder(mail: Mailer, tx: Db, order: OrderRow, publicUrl: string, now: Date = new Date()): Promise<void> {
  const meta = orderMeta(order);
  // A subscription order always has its metadata; without it there is nothing safe to grant.
  if (!meta || !order.userId) throw new AppError('invalid', 'Pesanan langganan tidak lengkap.', 'SUBSCRIPTION_ORDER_INVALID');
  const user = await lockUser(tx, order.userId);
  const updated = await grantDays(tx, user, { kind: meta.plantype, days: meta.days, orderId: order.id, status: 'active' }, now);
  if (!updated) return;
  await mail.enqueue(receiptMail({ user: updated, order, plantype: meta.plantype, days: meta.days, publicUrl, paidAt: now }), { tx });
}

/** A paid order refunded or voided: its days are taken back (at most once). */
export async function revokeSubscriptionOrder(tx: Db, order: OrderRow, now: Date = new Date()): Promise<void> {
  if (!order.userId) return;
  const [granted] = await tx
    .select()
    .from(subscriptionGrants)
    .where(and(eq(subscriptionGrants.orderId, order.id), sql`${subscriptionGrants.kind} <> 'refund'`));
  if (!granted) return;
  const user = await lockUser(tx, order.userId);
  const end = user.currentPeriodEnd ?? now;
  const newEnd = new Date(end.getTime() - granted.days * DAY_MS);
  const [entry] = await tx
    .insert(subscriptionGrants)
    .values({ userId: user.id, kind: 'refund', days: -granted.days, periodStart: newEnd, periodEnd: end, orderId: order.id, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptionGrants.id });
  if (!entry) return;
  const ended = newEnd.getTime() <= now.getTime();
  await patchUserState(tx, user.id, { currentPeriodEnd: newEnd, ...(ended ? { subscriptionStatus: 'canceled' as const, cancelAtPeriodEnd: false } : {}), updatedAt: now });
}

/** An admin adds days of access to a user, with the reason recorded in the ledger. */
export async function grantByAdmin(db: Db, admin: UserRow, userId: string, input: { days: number; reason: string }, now: Date = new Date()): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const updated = await grantDays(tx, user, { kind: 'admin', days: input.days, reason: input.reason, grantedBy: admin.id, status: 'active' }, now);
    return updated!;
  });
}

/** Connects subscription orders to the payment module (called once by the wiring). */
export function registerSubscriptionPaymentHooks(payments: PaymentService, mail: Mailer, publicUrl: string) {
  payments.registerFulfilment('subscription', async (tx, order) => {
    await fulfilSubscriptionOrder(mail, tx, order, publicUrl);
    mail.kick();
  });
  payments.registerOnRefunded('subscription', (tx, order) => revokeSubscriptionOrder(tx, order));
}

/**
 * The lifecycle (a job, every few minutes): periods that ended lapse (past_due, or canceled when the
 * runner had stopped them), past_due becomes none after the grace days, and runners whose period
 * ends within three days get one reminder per period end. Each change is a guarded update of the
 * row as it was read and each reminder has a topic, so a second run, or a run on another server at
 * the same moment, changes and sends nothing twice.
 */
export async function runSubscriptionLifecycle(deps: { db: Db; mail: Mailer; publicUrl: string; log?: FastifyBaseLogger }, now: Date = new Date()) {
  const { db, mail } = deps;
  let lapsed = 0;
  let cleared = 0;
  const graceStart = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS);
  for (;;) {
    const due = await db
      .select()
      .from(users)
      .where(
        or(
          and(inArray(users.subscriptionStatus, ['active', 'trialing']), or(isNull(users.currentPeriodEnd), lte(users.currentPeriodEnd, now))),
          and(eq(users.subscriptionStatus, 'past_due'), or(isNull(users.currentPeriodEnd), lte(users.currentPeriodEnd, graceStart))),
        ),
      )
      .limit(LIFECYCLE_BATCH);
    let changed = 0;
    for (const user of due) {
      const next = lapsedStatus({ status: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd, cancelAtPeriodEnd: user.cancelAtPeriodEnd }, now);
      if (!next) continue;
      const row = await patchUserState(db, user.id, { subscriptionStatus: next, cancelAtPeriodEnd: false, updatedAt: now }, user);
      if (!row) continue;
      changed++;
      if (next === 'none') cleared++;
      else lapsed++;
    }
    if (due.length < LIFECYCLE_BATCH || changed === 0) break;
  }

  const soon = await db
    .select()
    .from(users)
    .where(
      and(
        inArray(users.subscriptionStatus, ['active', 'trialing']),
        eq(users.cancelAtPeriodEnd, false),
        gt(users.currentPeriodEnd, now),
        lte(users.currentPeriodEnd, new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS)),
      ),
    );
  let reminded = 0;
  for (const user of soon) {
    if (await mail.enqueue(reminderMail({ user, publicUrl: deps.publicUrl }))) reminded++;
  }
  if (reminded > 0) mail.kick();
  if (lapsed + cleared + reminded > 0) deps.log?.info({ lapsed, cleared, reminded }, 'subscription lifecycle');
  return { lapsed, cleared, reminded };
}
