import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/payments';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventsApi, insertRegistration } from '../../test/fixtures/events';

describe('Keuangan API (decision 020)', () => {
  let t: TestApp;
  let api: ReturnType<typeof eventsApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = eventsApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  let refs = 0;
  /** A platform payment's order as the gateway left it. */
  async function order(amount: number, status: 'paid' | 'refunded', paymentType: string, paidAt: string) {
    const [row] = await t.database.db
      .insert(orders)
      .values({
        kind: 'registration',
        amount,
        status,
        gateway: 'sandbox',
        gatewayRef: `ref-${++refs}-${Math.random()}`,
        description: 'uji',
        finishUrl: 'http://localhost/x',
        expiresAt: new Date(paidAt),
        paidAt: new Date(paidAt),
        paymentType,
      })
      .returning();
    return row!.id;
  }

  async function setUp() {
    const org = await t.login('siti@contoh.id', 'organizer');
    const platform = await api.create(org.headers);
    const selfManaged = await api.create(org.headers, {
      name: 'Bandung Trail',
      code: 'bdg',
      paymentType: 'self_managed',
      paymentInstruction: { qrImage: 'https://contoh.id/qr.png', instructions: 'Transfer ke BCA' },
    });
    const other = await t.login('lain@contoh.id', 'organizer');
    const othersEvent = await api.create(other.headers, { name: 'Bali Run', code: 'bali' });
    // Platform, May 2027 (Jakarta): a 10K paid by VA, a 5K by QRIS, a 10K refunded in full; one pending (not counted).
    await insertRegistration(t, platform._id, '10k', { paymentMethod: 'bni_va', orderId: await order(260000, 'paid', 'bank_transfer', '2027-05-10T03:00:00Z') });
    await insertRegistration(t, platform._id, '5k', { paymentMethod: 'other_qris', orderId: await order(160000, 'paid', 'qris', '2027-05-31T18:00:00Z') }); // 1 June in Jakarta
    await insertRegistration(t, platform._id, '10k', {
      status: 'canceled',
      paymentStatus: 'paid',
      paymentMethod: 'gopay',
      orderId: await order(260000, 'refunded', 'gopay', '2027-05-12T03:00:00Z'),
    });
    await insertRegistration(t, platform._id, '10k', { status: 'pending', paymentStatus: 'pending' });
    // Self-managed: one verified transfer.
    await insertRegistration(t, selfManaged._id, '10k', { paymentVerifiedAt: new Date('2027-05-20T03:00:00Z') });
    await insertRegistration(t, othersEvent._id, '10k', { paymentVerifiedAt: new Date('2027-05-20T03:00:00Z') });
    return { org, other, platform, selfManaged, othersEvent };
  }

  it('one event: gross, platform fees, gateway fees, refunds and payout, per month, category and method', async () => {
    const { org, platform } = await setUp();
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${platform._id}/finance`, headers: org.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.event).toMatchObject({ name: 'Jakarta Night Run', paymentType: 'platform' });
    expect(body.totals).toEqual({
      paidCount: 3,
      refundedCount: 1,
      gross: 680000,
      platformFees: 20000,
      gatewayFees: 4000 + 1120 + 5200,
      refunds: 260000,
      refundsOwed: 0,
      net: 400000,
      payoutDue: 400000,
      collectedDirectly: 0,
      platformFeesOwed: 0,
    });
    expect(body.months.map((x: { month: string; net: number }) => [x.month, x.net])).toEqual([
      ['2027-06', 150000],
      ['2027-05', 250000],
    ]);
    expect(body.categories.map((x: { categoryId: string; gross: number }) => [x.categoryId, x.gross])).toEqual([
      ['5k', 160000],
      ['10k', 520000],
    ]);
    expect(body.methods.map((x: { group: string; count: number; fee: number }) => [x.group, x.count, x.fee])).toEqual([
      ['va', 1, 4000],
      ['qris', 1, 1120],
      ['gopay', 1, 5200],
    ]);
    // 'Pendapatan' in the event list is the same net.
    const list = (await t.app.inject({ method: 'GET', url: '/api/events', headers: org.headers })).json().events;
    expect(list.find((e: { _id: string }) => e._id === platform._id).revenue).toBe(400000);
  });

  it('self-managed: money went to the organizer directly, no payout due, admin fees owed to Derap', async () => {
    const { org, selfManaged } = await setUp();
    const body = (await t.app.inject({ method: 'GET', url: `/api/events/${selfManaged._id}/finance`, headers: org.headers })).json();
    expect(body.totals).toMatchObject({ gross: 260000, net: 250000, payoutDue: 0, gatewayFees: 0, collectedDirectly: 260000, platformFeesOwed: 10000 });
    expect(body.methods).toEqual([]);
  });

  it('the monthly view: own events only, per Jakarta month or all time', async () => {
    const { org, other, platform, selfManaged } = await setUp();
    const may = await t.app.inject({ method: 'GET', url: '/api/events/finance?month=2027-05', headers: org.headers });
    expect(may.statusCode).toBe(200);
    expect(may.json()).toMatchObject({
      month: '2027-05',
      months: ['2027-06', '2027-05'],
      totals: { gross: 260000 + 260000 + 260000, refunds: 260000, net: 500000, payoutDue: 250000 },
    });
    expect(may.json().events.map((e: { _id: string }) => e._id).sort()).toEqual([platform._id, selfManaged._id].sort());
    const all = (await t.app.inject({ method: 'GET', url: '/api/events/finance', headers: org.headers })).json();
    expect(all).toMatchObject({ month: null, totals: { net: 650000, payoutDue: 400000 } });
    const june = (await t.app.inject({ method: 'GET', url: '/api/events/finance?month=2027-06', headers: org.headers })).json();
    expect(june.events).toHaveLength(1);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/events/finance', headers: other.headers })).json();
    expect(theirs.events.map((e: { name: string }) => e.name)).toEqual(['Bali Run']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/events/finance?month=2027-13', headers: org.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Bulan harus berformat YYYY-MM.');
  });

  it('who may read: owner and admin; another organizer 403, runner and coach 403, anonymous 401', async () => {
    const { other, platform } = await setUp();
    const admin = await t.login('admin@contoh.id', 'admin');
    const url = `/api/events/${platform._id}/finance`;
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
    for (const role of ['runner', 'coach'] as const) {
      const u = await t.login(`${role}@contoh.id`, role);
      expect((await t.app.inject({ method: 'GET', url, headers: u.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/events/finance', headers: u.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const adminAll = (await t.app.inject({ method: 'GET', url: '/api/events/finance', headers: admin.headers })).json();
    expect(adminAll.events).toHaveLength(3);
  });
});
