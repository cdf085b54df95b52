import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoachPaymentResponse } from '../../../domain/coaching/admin-contract';
import { coachingMessages } from '../../../domain/coaching/contract';
import { addDays, jakartaToday } from '../../../domain/shared/wire-date';
import { coachConnections, coachPackages, coachProfiles } from '../../db/schema/coaching';
import { mailOutbox } from '../../db/schema/infra';
import { orders } from '../../db/schema/payments';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { postNotification, sandboxEvent } from '../../test/fixtures/payments';
import { recordSandboxTransaction, sandboxKey } from '../../adapters/payments/sandbox';
import { liveConnection } from './service';
import { fulfilCoachOrder } from './service.purchases';

/**
 * Buying a coach package over HTTP (events-and-coach-pages §4, §7, §9): the server prices it from
 * the package, a paid notification connects the buyer to the coach once, and what an attacker may
 * try (another user's id, a forged price, someone's inactive or own package, a replayed payment).
 */
describe('POST /api/coach/initiate-payment and the coach_package fulfilment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const today = () => jakartaToday();
  const initiate = (headers: Record<string, string> | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/coach/initiate-payment', headers, payload });
  const connectionsOf = (coachId: string) => t.database.db.select().from(coachConnections).where(eq(coachConnections.coachId, coachId)).orderBy(asc(coachConnections.startDate));
  const mails = (topicPrefix: string) => t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `${topicPrefix}%`));

  /** A coach an admin has verified, with a package on sale (`verification` for the other states). */
  async function coachWithPackage(over: Partial<typeof coachPackages.$inferInsert> = {}, verification: 'verified' | 'pending' | 'none' | 'rejected' = 'verified') {
    const coach = await t.login('andi@contoh.id', 'coach', 'Andi Pratama');
    await t.database.db.insert(coachProfiles).values({ userId: coach.userId, shownName: 'Andi Pratama', uniquelink: `andi-${verification}`, verification });
    const [pkg] = await t.database.db
      .insert(coachPackages)
      .values({ coachId: coach.userId, title: 'Paket 4 Minggu', durationWeeks: 4, price: 600_000, ...over })
      .returning();
    return { coach, pkg: pkg! };
  }

  async function buyAndPay(who: { userId: string; headers: Record<string, string> }, packageId: string) {
    const res = await initiate(who.headers, { user_id: who.userId, package_id: packageId });
    expect(res.statusCode, res.body).toBe(200);
    const order = json<CoachPaymentResponse>(res);
    expect((await sandboxEvent(t, order.order_id, order.amount, 'settlement')).statusCode).toBe(200);
    return order;
  }

  it('prices the order from the package, whatever the client sends, and answers the sandbox checkout', async () => {
    const { coach, pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    const res = await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id, price: 1, amount: 1, gross_amount: 1, durationWeeks: 104 });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<CoachPaymentResponse>(res);
    expect(body.amount).toBe(600_000);
    expect(body.payment_url).toBe(`http://localhost:3000/api/payments/sandbox/${body.order_id}`);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.gatewayRef, body.order_id));
    expect(order).toMatchObject({
      kind: 'coach_package',
      userId: rina.userId,
      amount: 600_000,
      status: 'pending',
      metadata: { packageId: pkg.id, coachId: coach.userId, weeks: 4, price: 600_000, title: 'Paket 4 Minggu' },
    });
    expect(order!.finishUrl).toBe('http://localhost:3000/dashboard?coaching=finished');
    // A second click within half an hour hands back the same checkout instead of a second order.
    const again = json<CoachPaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id }));
    expect(again.order_id).toBe(body.order_id);
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
  });

  it('refuses buying for someone else (403), unknown, malformed or deleted packages (404), inactive and own packages (409); anonymous is 401', async () => {
    const { coach, pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    const budi = await t.login('budi@contoh.id');

    const other = await initiate(rina.headers, { user_id: budi.userId, package_id: pkg.id });
    expect(other.statusCode).toBe(403);
    expect(json(other).message).toBe(coachingMessages.buyForYourself);

    for (const package_id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await initiate(rina.headers, { user_id: rina.userId, package_id });
      expect(res.statusCode, package_id).toBe(404);
      expect(json(res).message).toBe(coachingMessages.packageNotFound);
    }

    await t.database.db.update(coachPackages).set({ isActive: false }).where(eq(coachPackages.id, pkg.id));
    const inactive = await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id });
    expect(inactive.statusCode).toBe(409);
    expect(json(inactive).message).toBe(coachingMessages.packageInactive);

    await t.database.db.update(coachPackages).set({ isActive: true, deletedAt: new Date() }).where(eq(coachPackages.id, pkg.id));
    expect((await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id })).statusCode).toBe(404);

    await t.database.db.update(coachPackages).set({ deletedAt: null }).where(eq(coachPackages.id, pkg.id));
    const own = await initiate(coach.headers, { user_id: coach.userId, package_id: pkg.id });
    expect(own.statusCode).toBe(409);
    expect(json(own).message).toBe(coachingMessages.ownPackage);

    expect((await initiate(undefined, { user_id: rina.userId, package_id: pkg.id })).statusCode).toBe(401);
    expect((await initiate(rina.headers, { user_id: rina.userId })).statusCode).toBe(400);
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
  });

  it('refuses to sell for a coach no admin has verified yet (409), whatever the state; the connections the coach has stay', async () => {
    for (const state of ['none', 'pending', 'rejected'] as const) {
      await t.reset();
      const { coach, pkg } = await coachWithPackage({}, state);
      const rina = await t.login('rina@contoh.id');
      const [existing] = await t.database.db
        .insert(coachConnections)
        .values({ coachId: coach.userId, runnerId: rina.userId, title: 'Slot gratis 4 minggu', packages: 'freeslot', status: 'active', startDate: today(), endDate: addDays(today(), 27) })
        .returning();
      const budi = await t.login('budi@contoh.id');
      const res = await initiate(budi.headers, { user_id: budi.userId, package_id: pkg.id });
      expect(res.statusCode, state).toBe(409);
      expect(json(res)).toMatchObject({ code: 'COACH_NOT_VERIFIED', message: coachingMessages.coachNotVerified });
      expect(await t.database.db.select().from(orders)).toHaveLength(0);
      expect(await connectionsOf(coach.userId)).toEqual([existing]);
      // Verified, the same package sells.
      await t.database.db.update(coachProfiles).set({ verification: 'verified' }).where(eq(coachProfiles.userId, coach.userId));
      expect((await initiate(budi.headers, { user_id: budi.userId, package_id: pkg.id })).statusCode).toBe(200);
    }
  });

  it("refuses a package whose seller is no longer a coach (409) and a free one (nothing to pay)", async () => {
    const { coach, pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    await t.login('andi@contoh.id', 'runner');
    expect((await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id })).statusCode).toBe(409);
    await t.login('andi@contoh.id', 'coach');
    await t.database.db.update(coachPackages).set({ price: 0 }).where(eq(coachPackages.coachId, coach.userId));
    const free = await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id });
    expect(free.statusCode).toBe(409);
    expect(json(free).message).toBe(coachingMessages.paymentFailed);
  });

  it("answers the spec's 'Gagal memulai pembayaran.' when the gateway fails, and leaves no open order", async () => {
    const { pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    const spy = vi.spyOn(t.app.payments.gateway, 'createTransaction').mockRejectedValueOnce(new Error('gateway down'));
    const res = await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id });
    spy.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(coachingMessages.paymentFailed);
    const [order] = await t.database.db.select().from(orders);
    expect(order!.status).toBe('canceled');
  });

  it('a paid notification connects the buyer for weeks × 7 days from today with the fee, once, even when replayed; both get a mail', async () => {
    const { coach, pkg } = await coachWithPackage({ durationWeeks: 12, price: 1_500_000, title: 'Paket 12 Minggu' });
    const rina = await t.login('rina@contoh.id', 'runner', 'Rina Wulandari');
    const order = await buyAndPay(rina, pkg.id);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.gatewayRef, order.order_id));
    const rows = await connectionsOf(coach.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      runnerId: rina.userId,
      packageId: pkg.id,
      packages: 'Paket 12 Minggu',
      title: 'Paket 12 Minggu',
      status: 'active',
      startDate: today(),
      endDate: addDays(today(), 84),
      orderId: row!.id,
      amount: 1_500_000,
      platformFee: 180_000,
    });
    expect(await liveConnection(t.database.db, coach.userId, rina.userId)).not.toBeNull();

    // The gateway repeats itself: the same notification again, and a fresh signed one for the same order.
    const notification = await recordSandboxTransaction(t.database.db, sandboxKey(t.config.jwtSecret), { orderRef: order.order_id, amount: order.amount, transactionStatus: 'settlement', paymentType: 'qris' });
    expect((await postNotification(t, notification)).statusCode).toBe(200);
    expect((await postNotification(t, notification)).statusCode).toBe(200);
    expect(await connectionsOf(coach.userId)).toHaveLength(1);
    // The hook itself, run again on the paid order (as a crash between commit and reply could): nothing new.
    const [paidOrder] = await t.database.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(await fulfilCoachOrder(t.app.mail, t.database.db, paidOrder!, 'http://localhost:3000')).toBeNull();
    expect(await connectionsOf(coach.userId)).toHaveLength(1);

    const receipts = await mails('coach-package-receipt:');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: 'rina@contoh.id' });
    expect(receipts[0]!.text).toContain('Rp1.500.000');
    const news = await mails('coach-package-new-runner:');
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ to: 'andi@contoh.id' });
    expect(news[0]!.text).toContain('Rina Wulandari');
    expect(news[0]!.text).toContain('Rp1.320.000');
  });

  it("names the coach as the public page does (the profile's shown name) on the checkout and in the receipt", async () => {
    const { coach, pkg } = await coachWithPackage();
    await t.database.db.update(coachProfiles).set({ shownName: 'Coach Andi P.' }).where(eq(coachProfiles.userId, coach.userId));
    const rina = await t.login('rina@contoh.id');
    const order = await buyAndPay(rina, pkg.id);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.gatewayRef, order.order_id));
    expect(row!.description).toBe('Paket pelatih Coach Andi P. — Paket 4 Minggu');
    const [receipt] = await mails('coach-package-receipt:');
    expect(receipt!.text).toContain('Coach Andi P. kini dapat melihat profil');
    // The receipt's button opens the training calendar (the dashboard reads ?view=).
    expect(receipt!.text).toContain('/dashboard?view=kalender-latihan');
  });

  it('a buyer still coached by the same coach gets the new package after the live one, not overlapping it', async () => {
    const { coach, pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    await buyAndPay(rina, pkg.id);
    await buyAndPay(rina, pkg.id);
    const rows = await connectionsOf(coach.userId);
    expect(rows.map((r) => [r.startDate, r.endDate])).toEqual([
      [today(), addDays(today(), 28)],
      [addDays(today(), 29), addDays(today(), 57)],
    ]);
    // A connection the runner ended does not push the next one back.
    await t.database.db.update(coachConnections).set({ status: 'ended' }).where(eq(coachConnections.coachId, coach.userId));
    await buyAndPay(rina, pkg.id);
    const third = (await connectionsOf(coach.userId)).find((r) => r.status === 'active');
    expect([third!.startDate, third!.endDate]).toEqual([today(), addDays(today(), 28)]);
  });

  it('works end to end through the sandbox checkout page (Bayar), then a refund ends the connection', async () => {
    const { coach, pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    const order = json<CoachPaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id }));
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${order.order_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rp600.000');
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${order.order_id}`, payload: { action: 'pay' } });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('/dashboard?coaching=finished');
    expect(await liveConnection(t.database.db, coach.userId, rina.userId)).not.toBeNull();

    expect((await sandboxEvent(t, order.order_id, order.amount, 'refund')).statusCode).toBe(200);
    expect(await liveConnection(t.database.db, coach.userId, rina.userId)).toBeNull();
    expect((await connectionsOf(coach.userId))[0]!.status).toBe('ended');
  });

  it('an unpaid (denied or expired) order connects nobody', async () => {
    const { coach, pkg } = await coachWithPackage();
    const rina = await t.login('rina@contoh.id');
    const order = json<CoachPaymentResponse>(await initiate(rina.headers, { user_id: rina.userId, package_id: pkg.id }));
    expect((await sandboxEvent(t, order.order_id, order.amount, 'deny')).statusCode).toBe(200);
    expect((await sandboxEvent(t, order.order_id, order.amount, 'expire')).statusCode).toBe(200);
    expect(await connectionsOf(coach.userId)).toHaveLength(0);
  });
});
