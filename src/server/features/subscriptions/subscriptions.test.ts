import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InitiatePaymentResponse, MySubscriptionResponse, SubscriptionChangeResponse } from '../../../domain/subscriptions/contract';
import { subscriptionMessages } from '../../../domain/subscriptions/contract';
import { paygQuote } from '../../../domain/subscriptions/pricing';
import { addDays, jakartaToday } from '../../../domain/shared/wire-date';
import { sandboxKey, sandboxNotification } from '../../adapters/payments/sandbox';
import { mailOutbox } from '../../db/schema/infra';
import { orders } from '../../db/schema/payments';
import { subscriptionGrants } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { postNotification, sandboxEvent } from '../../test/fixtures/payments';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Subscriptions over HTTP (spec §4, §7, §9): the trial once, plans priced by the server, paid
 * notifications extending access exactly once, and what an attacker may try on each.
 */
describe('subscriptions API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const setUser = (id: string, patch: Partial<typeof users.$inferInsert>) => t.database.db.update(users).set(patch).where(eq(users.id, id));
  const grants = (userId: string) => t.database.db.select().from(subscriptionGrants).where(eq(subscriptionGrants.userId, userId)).orderBy(asc(subscriptionGrants.createdAt));
  const mails = (topicPrefix: string) => t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `${topicPrefix}%`));

  const startTrial = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/subscriptions/start-trial', headers, payload });
  const initiate = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/initiate-payment', headers, payload });
  const me = async (headers: Record<string, string>) => json<MySubscriptionResponse>(await t.app.inject({ method: 'GET', url: '/api/subscriptions/me', headers }));

  /** Buys a plan and pays it in the sandbox; returns the order as initiated. */
  async function buyAndPay(who: { userId: string; headers: Record<string, string> }, payload: Record<string, unknown>) {
    const res = await initiate(who.headers, { user_id: who.userId, ...payload });
    expect(res.statusCode).toBe(200);
    const order = json<InitiatePaymentResponse>(res);
    expect((await sandboxEvent(t, order.order_id, order.amount, 'settlement')).statusCode).toBe(200);
    return order;
  }

  describe('POST /api/subscriptions/start-trial', () => {
    it('starts 14 days of trial once; a second try is a 409 with the reason', async () => {
      const rina = await t.login('rina@contoh.id');
      const before = Date.now();
      const res = await startTrial(rina.headers);
      expect(res.statusCode).toBe(200);
      const body = json<SubscriptionChangeResponse>(res);
      expect(body.user).toMatchObject({ _id: rina.userId, subscription_status: 'trialing', has_had_trial: true });
      expect(body.subscription).toMatchObject({ subscription_status: 'trialing', has_access: true, current_plan: 'trial', cancel_at_period_end: false });
      const end = new Date(body.subscription.current_period_end!).getTime();
      expect(end - before).toBeGreaterThanOrEqual(14 * DAY);
      expect(end - Date.now()).toBeLessThanOrEqual(14 * DAY);

      const again = await startTrial(rina.headers);
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ message: subscriptionMessages.trialUsed, code: 'TRIAL_USED' });
      expect((await userRow(rina.userId)).currentPeriodEnd!.getTime()).toBe(end);
      expect(await grants(rina.userId)).toHaveLength(1);
    });

    it('lets only one of two simultaneous clicks win', async () => {
      const rina = await t.login('rina@contoh.id');
      const codes = (await Promise.all([startTrial(rina.headers), startTrial(rina.headers), startTrial(rina.headers)])).map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      expect(await grants(rina.userId)).toHaveLength(1);
    });

    it('refuses a trial after it expired, and for another user id; anonymous is 401', async () => {
      const rina = await t.login('rina@contoh.id');
      const budi = await t.login('budi@contoh.id');
      await setUser(rina.userId, { hasHadTrial: true, subscriptionStatus: 'none', currentPeriodEnd: new Date(Date.now() - 30 * DAY) });
      expect((await startTrial(rina.headers)).statusCode).toBe(409);
      const other = await startTrial(budi.headers, { user_id: rina.userId });
      expect(other.statusCode).toBe(403);
      expect(json(other).message).toBe(subscriptionMessages.notYourAccount);
      expect((await userRow(budi.userId)).hasHadTrial).toBe(false);
      expect((await t.app.inject({ method: 'POST', url: '/api/subscriptions/start-trial', payload: {} })).statusCode).toBe(401);
    });

    it('works without a body at all (the spec shows none)', async () => {
      const rina = await t.login('rina@contoh.id');
      const res = await t.app.inject({ method: 'POST', url: '/api/subscriptions/start-trial', headers: rina.headers });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('POST /api/initiate-payment', () => {
    it.each([
      ['1month', 100_000, 30],
      ['6month', 550_000, 180],
      ['12month', 1_000_000, 360],
    ])('prices %s at Rp%i for %i days, whatever amount the client sends', async (plantype, amount, days) => {
      const rina = await t.login('rina@contoh.id');
      const res = await initiate(rina.headers, { user_id: rina.userId, plantype, amount: 1, price: 1, gross_amount: 1 });
      expect(res.statusCode).toBe(200);
      const body = json<InitiatePaymentResponse>(res);
      expect(body).toMatchObject({ amount, days });
      expect(body.payment_url).toContain(`/api/payments/sandbox/${body.order_id}`);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.gatewayRef, body.order_id));
      expect(order).toMatchObject({ kind: 'subscription', userId: rina.userId, amount, status: 'pending', metadata: { plantype, days } });
      expect(order!.finishUrl).toBe('http://localhost:3000/dashboard?subscription=finished');
      // payable for SUBSCRIPTION_PAYMENT_HOURS (24 by default)
      expect(order!.expiresAt.getTime() - order!.createdAt.getTime()).toBe(24 * 3600_000);
    });

    it('prices pay as you go from the end date, counted from the later of today and the period end', async () => {
      const rina = await t.login('rina@contoh.id');
      const today = jakartaToday();
      const res = await initiate(rina.headers, { user_id: rina.userId, plantype: 'payg', paygdays: 100, endDate: addDays(today, 100) });
      expect(res.statusCode).toBe(200);
      expect(json<InitiatePaymentResponse>(res)).toMatchObject({ days: 100, amount: paygQuote(100).price });

      // With a period ending in 20 days, the same end date buys 80 days.
      await setUser(rina.userId, { subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 20 * DAY) });
      const later = await initiate(rina.headers, { user_id: rina.userId, plantype: 'payg', endDate: addDays(today, 100) });
      expect(json<InitiatePaymentResponse>(later)).toMatchObject({ days: 80, amount: paygQuote(80).price });
    });

    it('refuses pay as you go without a date, with a date not after the base day, too far, or with days that disagree', async () => {
      const rina = await t.login('rina@contoh.id');
      const today = jakartaToday();
      const cases: [Record<string, unknown>, string][] = [
        [{}, subscriptionMessages.paygEndDateRequired],
        [{ endDate: today }, subscriptionMessages.paygEndDateInvalid],
        [{ endDate: addDays(today, -3) }, subscriptionMessages.paygEndDateInvalid],
        [{ endDate: addDays(today, 731) }, subscriptionMessages.paygEndDateInvalid],
        [{ endDate: '2026-02-30' }, subscriptionMessages.paygEndDateInvalid],
        [{ endDate: 'besok' }, subscriptionMessages.paygEndDateInvalid],
        [{ endDate: addDays(today, 30), paygdays: 31 }, subscriptionMessages.paygDaysMismatch],
      ];
      for (const [extra, message] of cases) {
        const res = await initiate(rina.headers, { user_id: rina.userId, plantype: 'payg', ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(json(res).message).toBe(message);
      }
      expect(await t.database.db.select().from(orders)).toEqual([]);
    });

    it("refuses another user's id, a missing id and an unknown plan", async () => {
      const rina = await t.login('rina@contoh.id');
      const budi = await t.login('budi@contoh.id');
      const other = await initiate(budi.headers, { user_id: rina.userId, plantype: '1month' });
      expect(other.statusCode).toBe(403);
      expect(json(other).message).toBe(subscriptionMessages.notYourAccount);
      const missing = await initiate(budi.headers, { plantype: '1month' });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).message).toBe(subscriptionMessages.userIdMissing);
      for (const plantype of ['trial', 'lifetime', '', '1MONTH']) {
        const res = await initiate(budi.headers, { user_id: budi.userId, plantype });
        expect(res.statusCode).toBe(400);
      }
      expect(await t.database.db.select().from(orders)).toEqual([]);
    });

    it('hands back the same open order on a double click instead of a second one', async () => {
      const rina = await t.login('rina@contoh.id');
      const a = json<InitiatePaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, plantype: '6month' }));
      const b = json<InitiatePaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, plantype: '6month' }));
      const c = json<InitiatePaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, plantype: '1month' }));
      expect(b.order_id).toBe(a.order_id);
      expect(c.order_id).not.toBe(a.order_id);
      expect(await t.database.db.select().from(orders)).toHaveLength(2);
    });
  });

  describe('paid notifications', () => {
    it('a paid 6-month order makes the runner active for 180 days, sends a receipt, and shows in the history', async () => {
      const rina = await t.login('rina@contoh.id');
      const before = Date.now();
      const order = await buyAndPay(rina, { plantype: '6month' });
      const row = await userRow(rina.userId);
      expect(row.subscriptionStatus).toBe('active');
      expect(row.currentPeriodEnd!.getTime()).toBeGreaterThanOrEqual(before + 180 * DAY);
      expect(row.currentPeriodEnd!.getTime()).toBeLessThanOrEqual(Date.now() + 180 * DAY);
      const receipt = await mails('subscription-receipt:');
      expect(receipt).toHaveLength(1);
      expect(receipt[0]).toMatchObject({ to: 'rina@contoh.id' });
      expect(receipt[0]!.text).toContain('Rp550.000');
      expect(receipt[0]!.text).toContain(order.order_id);
      const mine = await me(rina.headers);
      expect(mine.subscription).toMatchObject({ subscription_status: 'active', has_access: true, current_plan: '6month' });
      expect(mine.payments).toEqual([expect.objectContaining({ order_id: order.order_id, plantype: '6month', days: 180, amount: 550_000, status: 'paid' })]);
    });

    it('renewing early adds the days after the current end (nothing lost), including after a trial', async () => {
      const rina = await t.login('rina@contoh.id');
      const trialEnd = new Date(json<SubscriptionChangeResponse>(await startTrial(rina.headers)).subscription.current_period_end!);
      await buyAndPay(rina, { plantype: '1month' });
      expect((await userRow(rina.userId)).currentPeriodEnd!.getTime()).toBe(trialEnd.getTime() + 30 * DAY);
      // the status view names what was bought, whose end is the end shown
      expect((await me(rina.headers)).subscription).toMatchObject({ subscription_status: 'active', current_plan: '1month' });
      await buyAndPay(rina, { plantype: '12month' });
      const row = await userRow(rina.userId);
      expect(row.currentPeriodEnd!.getTime()).toBe(trialEnd.getTime() + 390 * DAY);
      expect(row.subscriptionStatus).toBe('active');
      expect((await grants(rina.userId)).map((g) => [g.kind, g.days])).toEqual([
        ['trial', 14],
        ['1month', 30],
        ['12month', 360],
      ]);
    });

    it('pay as you go ends on the chosen Jakarta day', async () => {
      const rina = await t.login('rina@contoh.id');
      const endDate = addDays(jakartaToday(), 45);
      await buyAndPay(rina, { plantype: 'payg', endDate });
      expect(jakartaToday((await userRow(rina.userId)).currentPeriodEnd!)).toBe(endDate);
    });

    it('a lapsed runner who pays again starts from now, not from the old end', async () => {
      const rina = await t.login('rina@contoh.id');
      await setUser(rina.userId, { subscriptionStatus: 'past_due', currentPeriodEnd: new Date(Date.now() - 3 * DAY) });
      const before = Date.now();
      await buyAndPay(rina, { plantype: '1month' });
      const row = await userRow(rina.userId);
      expect(row.subscriptionStatus).toBe('active');
      expect(row.currentPeriodEnd!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
    });

    it('a replayed notification changes nothing and sends no second receipt', async () => {
      const rina = await t.login('rina@contoh.id');
      const order = await buyAndPay(rina, { plantype: '1month' });
      const end = (await userRow(rina.userId)).currentPeriodEnd!.getTime();
      for (let i = 0; i < 3; i++) expect((await sandboxEvent(t, order.order_id, order.amount, 'settlement')).statusCode).toBe(200);
      expect((await userRow(rina.userId)).currentPeriodEnd!.getTime()).toBe(end);
      expect(await grants(rina.userId)).toHaveLength(1);
      expect(await mails('subscription-receipt:')).toHaveLength(1);
    });

    it('a forged notification, a wrong amount or an unconfirmed claim grants nothing', async () => {
      const rina = await t.login('rina@contoh.id');
      const order = json<InitiatePaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, plantype: '12month' }));
      const key = sandboxKey(t.config.jwtSecret);
      const input = { orderRef: order.order_id, amount: order.amount, transactionStatus: 'settlement' as const, paymentType: 'qris', transactionId: 'tx-1' };
      // signed with a guessed key
      expect((await postNotification(t, sandboxNotification(input, 'tebakan'))).statusCode).toBe(401);
      // the signature of a cheaper amount
      expect((await postNotification(t, { ...sandboxNotification({ ...input, amount: 1 }, key) })).statusCode).toBe(400);
      // a correctly signed claim the gateway's status API does not confirm (nobody paid)
      expect((await postNotification(t, sandboxNotification(input, key))).statusCode).toBe(409);
      const row = await userRow(rina.userId);
      expect(row.subscriptionStatus).toBe('none');
      expect(row.currentPeriodEnd).toBeNull();
      expect(await grants(rina.userId)).toEqual([]);
    });

    it('a refunded payment takes its days back', async () => {
      const rina = await t.login('rina@contoh.id');
      await setUser(rina.userId, { subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 10 * DAY) });
      const order = await buyAndPay(rina, { plantype: '1month' });
      const paidEnd = (await userRow(rina.userId)).currentPeriodEnd!.getTime();
      expect((await sandboxEvent(t, order.order_id, order.amount, 'refund')).statusCode).toBe(200);
      const row = await userRow(rina.userId);
      expect(row.currentPeriodEnd!.getTime()).toBe(paidEnd - 30 * DAY);
      expect(row.subscriptionStatus).toBe('active');
      expect((await grants(rina.userId)).map((g) => [g.kind, g.days])).toEqual([
        ['1month', 30],
        ['refund', -30],
      ]);
    });
  });

  describe('PATCH /api/subscriptions/me', () => {
    it('stops at the period end and can be undone; without a running plan it is a 409', async () => {
      const rina = await t.login('rina@contoh.id');
      const none = await t.app.inject({ method: 'PATCH', url: '/api/subscriptions/me', headers: rina.headers, payload: { cancel_at_period_end: true } });
      expect(none.statusCode).toBe(409);
      expect(json(none).message).toBe(subscriptionMessages.nothingToCancel);
      await buyAndPay(rina, { plantype: '1month' });
      const stop = await t.app.inject({ method: 'PATCH', url: '/api/subscriptions/me', headers: rina.headers, payload: { cancel_at_period_end: true } });
      expect(json<SubscriptionChangeResponse>(stop).subscription).toMatchObject({ cancel_at_period_end: true, has_access: true, subscription_status: 'active' });
      const undo = await t.app.inject({ method: 'PATCH', url: '/api/subscriptions/me', headers: rina.headers, payload: { cancel_at_period_end: false } });
      expect(json<SubscriptionChangeResponse>(undo).subscription.cancel_at_period_end).toBe(false);
      const bad = await t.app.inject({ method: 'PATCH', url: '/api/subscriptions/me', headers: rina.headers, payload: { cancel_at_period_end: 'ya', subscription_status: 'active' } });
      expect(bad.statusCode).toBe(400);
    });
  });
});
