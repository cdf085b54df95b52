import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionMessages, type AdminSubscriptionResponse, type InitiatePaymentResponse } from '../../../domain/subscriptions/contract';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { sandboxEvent } from '../../test/fixtures/payments';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 10 item 6: an admin sees a user's subscription and payments, and grants days with a reason. */
describe('admin: subscriptions of a user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const view = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'GET', url: `/api/admin/users/${id}/subscription`, headers });
  const grant = (headers: Record<string, string>, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/subscription/grants`, headers, payload });

  it('shows status, period end, trial used, payments and the ledger', async () => {
    const admin = await t.login('admin@contoh.id', 'admin', 'Admin Derap');
    const rina = await t.login('rina@contoh.id');
    await t.app.inject({ method: 'POST', url: '/api/subscriptions/start-trial', headers: rina.headers, payload: {} });
    const order = json<InitiatePaymentResponse>(await t.app.inject({ method: 'POST', url: '/api/initiate-payment', headers: rina.headers, payload: { user_id: rina.userId, plantype: '1month' } }));
    await sandboxEvent(t, order.order_id, order.amount, 'settlement');
    await t.app.inject({ method: 'POST', url: '/api/initiate-payment', headers: rina.headers, payload: { user_id: rina.userId, plantype: '12month' } });

    const body = json<AdminSubscriptionResponse>(await view(admin.headers, rina.userId));
    expect(body.subscription).toMatchObject({ subscription_status: 'active', has_had_trial: true, has_access: true });
    expect(body.payments.map((p) => [p.plantype, p.status, p.amount])).toEqual([
      ['12month', 'pending', 1_000_000],
      ['1month', 'paid', 100_000],
    ]);
    expect(body.grants.map((g) => [g.kind, g.days, g.order_id])).toEqual([
      ['1month', 30, order.order_id],
      ['trial', 14, null],
    ]);
  });

  it('grants days from the later of now and the period end, recording the reason and the admin', async () => {
    const admin = await t.login('admin@contoh.id', 'admin', 'Admin Derap');
    const rina = await t.login('rina@contoh.id');
    const end = new Date(Date.now() + 5 * DAY);
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: end }).where(eq(users.id, rina.userId));

    const res = await grant(admin.headers, rina.userId, { days: 30, reason: '  Kompensasi gangguan layanan  ' });
    expect(res.statusCode).toBe(200);
    const body = json<AdminSubscriptionResponse>(res);
    expect(body.subscription.subscription_status).toBe('active');
    expect(new Date(body.subscription.current_period_end!).getTime()).toBe(end.getTime() + 30 * DAY);
    expect(body.grants[0]).toMatchObject({ kind: 'admin', days: 30, reason: 'Kompensasi gangguan layanan', granted_by: { name: 'Admin Derap' } });
  });

  it('refuses bad days, a missing reason and an unknown user with clear messages', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const rina = await t.login('rina@contoh.id');
    for (const days of [0, -3, 731, 1.5, '30']) {
      const res = await grant(admin.headers, rina.userId, { days, reason: 'Uji' });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toContain(subscriptionMessages.grantDays);
    }
    const noReason = await grant(admin.headers, rina.userId, { days: 3, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).message).toContain(subscriptionMessages.grantReason);
    const unknown = await grant(admin.headers, '00000000-0000-4000-8000-000000000000', { days: 3, reason: 'Uji coba' });
    expect(unknown.statusCode).toBe(404);
    expect((await view(admin.headers, 'bukan-id')).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rina.userId));
    expect(row!.currentPeriodEnd).toBeNull();
  });

  it('is for admins only', async () => {
    const rina = await t.login('rina@contoh.id');
    const coach = await t.login('coach@contoh.id', 'coach');
    expect((await grant(rina.headers, rina.userId, { days: 365, reason: 'Gratis untuk saya' })).statusCode).toBe(403);
    expect((await view(coach.headers, rina.userId)).statusCode).toBe(403);
  });
});
