import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CoachEarnings } from '../../../domain/coaching/contract';
import type { EventFinance, OrganizerFinance } from '../../../domain/events/contract';
import { jakartaMonth } from '../../../domain/events/finance';
import type { AdminLedger } from '../../../domain/payments/contract';
import { managementMessages as m } from '../../../domain/registrations/management';
import { coachPackages, coachProfiles } from '../../db/schema/coaching';
import { eventCategories, type EventRow } from '../../db/schema/events';
import { runnerRegistrations } from '../../db/schema/registrations';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { readOrder, sandboxEvent } from '../../test/fixtures/payments';
import { freshRunner, insertEvent, postRegistration, readRegistration } from '../../test/fixtures/registrations';
import { registrationRow } from '../../test/fixtures/registration-data';

const PRICE = 150_000;
const ADMIN_FEE = 10_000;
const TOTAL = PRICE + ADMIN_FEE;
const DAY = 86_400_000;

type Totals = EventFinance['totals'];
type Session = Awaited<ReturnType<TestApp['login']>>;

/**
 * The money ledger (issue 26 §1, decision 035), through the API on the sandbox gateway: per case,
 * the organizer's Keuangan (event, month view, the list's 'Pendapatan'), the coach's Keuangan and
 * the admin's view read the same lines and agree to the rupiah; only an admin settles a refund
 * Derap owes; the admin's month export matches what the gateway settled.
 */
describe('money ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string>, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  async function organizerOf(event: EventRow): Promise<Session> {
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, event.createdBy));
    return t.login(owner!.email, 'organizer', owner!.name);
  }

  /** A runner registers through the API and pays through the sandbox with `paymentType` (Midtrans' name). */
  async function registerAndPay(event: EventRow, paymentType: 'qris' | 'bank_transfer' | 'gopay', categoryId = '10k') {
    const res = await postRegistration(t, { eventId: event.eventId, categoryId, paymentMethod: paymentType === 'bank_transfer' ? 'bni_va' : 'gopay', runnerData: freshRunner() });
    expect(res.statusCode, res.body).toBe(201);
    const row = await readRegistration(t, json<{ registration: { registrationId: string } }>(res).registration.registrationId);
    const order = await readOrder(t, row.orderId!);
    expect((await sandboxEvent(t, order.gatewayRef, order.amount, 'settlement', paymentType)).statusCode).toBe(200);
    return { row: await readRegistration(t, row.registrationId), order };
  }

  /** A self-managed payment the organizer verified (no order). */
  async function paidByTransfer(event: EventRow, categoryRef: string, i: number) {
    const [row] = await t.database.db
      .insert(runnerRegistrations)
      .values(registrationRow(event, { id: categoryRef, price: PRICE, adminFee: ADMIN_FEE }, i, { paymentMethod: null, paymentVerifiedAt: new Date() }))
      .returning();
    await t.database.db.update(eventCategories).set({ sold: 1 }).where(eq(eventCategories.id, categoryRef));
    return row!;
  }

  const zero: Omit<Totals, 'paidCount' | 'refundedCount' | 'gross'> = {
    platformFees: 0,
    gatewayFees: 0,
    refunds: 0,
    refundsOwed: 0,
    net: 0,
    payoutDue: 0,
    collectedDirectly: 0,
    platformFeesOwed: 0,
  };

  /** Every organizer-side reading of one event agrees with `expected`, and the admin's view adds up to it. */
  async function expectEverywhere(event: EventRow, organizer: Session, expected: Totals) {
    const one = json<EventFinance>(await get(`/api/events/${event.id}/finance`, organizer.headers));
    expect(one.totals).toEqual(expected);
    const all = json<OrganizerFinance>(await get('/api/events/finance', organizer.headers));
    expect(all.totals).toEqual(expected);
    const list = json<{ events: { _id: string; revenue: number }[] }>(await get('/api/events', organizer.headers)).events;
    expect(list.find((e) => e._id === event.id)!.revenue).toBe(expected.net);
    const admin = await t.login('admin@contoh.id', 'admin');
    const ledger = json<AdminLedger>(await get('/api/admin/finance', admin.headers));
    expect(ledger.kinds.find((k) => k.kind === 'registration')).toEqual({
      kind: 'registration',
      count: expected.paidCount,
      gross: expected.gross,
      platformFee: expected.platformFees,
      gatewayFee: expected.gatewayFees,
      refunded: expected.refunds,
      refundOwed: expected.refundsOwed,
      net: expected.net,
      payoutDue: expected.payoutDue,
      collectedDirectly: expected.collectedDirectly,
      platformFeeOwed: expected.platformFeesOwed,
    });
  }

  const cases: { name: string; run: () => Promise<void> }[] = [
    {
      name: "partial refund: the ticket price goes back, Derap's Rp10.000 stays Derap's, nothing is paid out",
      run: async () => {
        const { event } = await insertEvent(t, { categories: [{ name: '10K', price: PRICE }] });
        const organizer = await organizerOf(event);
        const { row } = await registerAndPay(event, 'qris');
        const res = await post(`/api/runner-registrations/${row.registrationId}/cancel`, organizer.headers, { reason: 'Cedera lutut', refund: true });
        expect(res.statusCode, res.body).toBe(200);
        // Was: refunds Rp160.000 (the whole order) and platform fee Rp0.
        await expectEverywhere(event, organizer, { ...zero, paidCount: 1, refundedCount: 1, gross: TOTAL, refunds: PRICE, platformFees: ADMIN_FEE, gatewayFees: 1_120 });
      },
    },
    {
      name: 'full refund reported by the gateway itself: everything back, no fee, no net',
      run: async () => {
        const { event } = await insertEvent(t, { categories: [{ name: '10K', price: PRICE }] });
        const organizer = await organizerOf(event);
        const { order } = await registerAndPay(event, 'gopay');
        await registerAndPay(event, 'gopay');
        expect((await sandboxEvent(t, order.gatewayRef, order.amount, 'refund', 'gopay')).statusCode).toBe(200);
        await expectEverywhere(event, organizer, {
          ...zero,
          paidCount: 2,
          refundedCount: 1,
          gross: 2 * TOTAL,
          refunds: TOTAL,
          platformFees: ADMIN_FEE,
          gatewayFees: 2 * 3_200,
          net: PRICE,
          payoutDue: PRICE,
        });
      },
    },
    {
      name: 'canceled event with VA and QRIS payments: QRIS refunded in full, the VA owed back by Derap and never paid out; only an admin settles it',
      run: async () => {
        const { event } = await insertEvent(t, { categories: [{ name: '10K', price: PRICE }] });
        const organizer = await organizerOf(event);
        const va = await registerAndPay(event, 'bank_transfer');
        await registerAndPay(event, 'qris');
        expect((await post(`/api/events/${event.id}/cancel`, organizer.headers, { notice: 'Dibatalkan karena izin keramaian dicabut.' })).statusCode).toBe(200);
        await t.app.jobs.runDue();
        // Was: 'Pencairan dari Derap' Rp150.000 for the VA payment Derap must send back.
        const owed = { ...zero, paidCount: 2, refundedCount: 2, gross: 2 * TOTAL, refunds: TOTAL, refundsOwed: TOTAL, gatewayFees: 4_000 + 1_120 };
        await expectEverywhere(event, organizer, owed);

        const refused = await post(`/api/runner-registrations/${va.row.registrationId}/refund-settled`, organizer.headers);
        expect(refused.statusCode).toBe(403);
        expect(json(refused)).toMatchObject({ code: 'FORBIDDEN', message: m.refundOwedByDerap });
        expect((await readRegistration(t, va.row.registrationId)).refundSettledAt).toBeNull();

        const admin = await t.login('admin@contoh.id', 'admin');
        const settled = await post(`/api/runner-registrations/${va.row.registrationId}/refund-settled`, admin.headers);
        expect(settled.statusCode, settled.body).toBe(200);
        await expectEverywhere(event, organizer, { ...owed, refunds: 2 * TOTAL, refundsOwed: 0 });
      },
    },
    {
      name: "canceled self-managed event: the transfer is the organizer's to send back, and theirs to settle",
      run: async () => {
        const { event, categories } = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', price: PRICE }] });
        const organizer = await organizerOf(event);
        const paid = await paidByTransfer(event, categories[0]!.id, 1);
        await expectEverywhere(event, organizer, { ...zero, paidCount: 1, refundedCount: 0, gross: TOTAL, platformFees: ADMIN_FEE, net: PRICE, collectedDirectly: TOTAL, platformFeesOwed: ADMIN_FEE });
        expect((await post(`/api/events/${event.id}/cancel`, organizer.headers, { notice: 'Dibatalkan karena izin keramaian dicabut.' })).statusCode).toBe(200);
        await t.app.jobs.runDue();
        const owed = { ...zero, paidCount: 1, refundedCount: 1, gross: TOTAL, refundsOwed: TOTAL };
        await expectEverywhere(event, organizer, owed);
        const settled = await post(`/api/runner-registrations/${paid.registrationId}/refund-settled`, organizer.headers);
        expect(settled.statusCode, settled.body).toBe(200);
        // Was: gone from Keuangan altogether once settled (payment status 'refunded').
        await expectEverywhere(event, organizer, { ...owed, refunds: TOTAL, refundsOwed: 0 });
      },
    },
    {
      name: 'early bird: the ledger counts what the runner paid, not the price of today',
      run: async () => {
        const { event, categories } = await insertEvent(t, { categories: [{ name: '10K', price: 100_000 }] });
        await t.database.db
          .update(eventCategories)
          .set({ earlyBird: true, originalPrice: PRICE, earlyBirdEndDate: new Date(Date.now() + 7 * DAY) })
          .where(eq(eventCategories.id, categories[0]!.id));
        const organizer = await organizerOf(event);
        await registerAndPay(event, 'qris');
        // Early bird over: the category now sells at its normal price.
        await t.database.db.update(eventCategories).set({ earlyBird: false, price: PRICE, originalPrice: null }).where(eq(eventCategories.id, categories[0]!.id));
        await registerAndPay(event, 'qris');
        await expectEverywhere(event, organizer, {
          ...zero,
          paidCount: 2,
          refundedCount: 0,
          gross: 110_000 + TOTAL,
          platformFees: 2 * ADMIN_FEE,
          gatewayFees: 770 + 1_120,
          net: 100_000 + PRICE,
          payoutDue: 100_000 + PRICE,
        });
      },
    },
  ];

  for (const c of cases) it(c.name, c.run);

  it("coach package: the coach's Keuangan and the admin's view read the same lines, a partial refund included", async () => {
    const coach = await t.login('andi@contoh.id', 'coach', 'Andi Pratama');
    await t.database.db.insert(coachProfiles).values({ userId: coach.userId, shownName: 'Andi Pratama', uniquelink: 'andi', verification: 'verified' });
    const [pkg] = await t.database.db.insert(coachPackages).values({ coachId: coach.userId, title: 'Paket 4 Minggu', durationWeeks: 4, price: 600_000 }).returning();
    const orders: { order_id: string; amount: number }[] = [];
    for (const email of ['rina@contoh.id', 'budi@contoh.id']) {
      const runner = await t.login(email);
      const res = await t.app.inject({ method: 'POST', url: '/api/coach/initiate-payment', headers: runner.headers, payload: { user_id: runner.userId, package_id: pkg!.id } });
      expect(res.statusCode, res.body).toBe(200);
      const order = json<{ order_id: string; amount: number }>(res);
      expect((await sandboxEvent(t, order.order_id, order.amount, 'settlement', 'qris')).statusCode).toBe(200);
      orders.push(order);
    }
    const refunded = await t.app.payments.findOrderByRef(orders[1]!.order_id);
    await t.app.payments.refundOrder(refunded!.id, { amount: 250_000, reason: 'Pelari pindah kota' });

    const earnings = json<CoachEarnings>(await get('/api/coach/earnings', coach.headers));
    // Rp15.000 a week is Derap's: Rp60.000 of each; the refund returned Rp250.000 of the second.
    expect(earnings.total).toEqual({ sales: 2, gross: 1_200_000, refunds: 250_000, platformFee: 120_000, net: 830_000 });
    expect(earnings.byMonth).toEqual([{ month: jakartaMonth(new Date()), sales: 2, gross: 1_200_000, refunds: 250_000, platformFee: 120_000, net: 830_000 }]);
    const admin = await t.login('admin@contoh.id', 'admin');
    const ledger = json<AdminLedger>(await get('/api/admin/finance', admin.headers));
    expect(ledger.kinds.find((k) => k.kind === 'coach_package')).toMatchObject({
      count: 2,
      gross: 1_200_000,
      refunded: 250_000,
      platformFee: 120_000,
      net: 830_000,
      payoutDue: 830_000,
      gatewayFee: 2 * 4_200,
    });
  });

  it("the admin's month export lists the month's orders and refunds as the gateway settled them, and agrees with the admin's view", async () => {
    const { event } = await insertEvent(t, { categories: [{ name: '10K', price: PRICE }] });
    const organizer = await organizerOf(event);
    const kept = await registerAndPay(event, 'qris');
    const partial = await registerAndPay(event, 'gopay');
    const va = await registerAndPay(event, 'bank_transfer');
    expect((await post(`/api/runner-registrations/${partial.row.registrationId}/cancel`, organizer.headers, { reason: 'Cedera', refund: true })).statusCode).toBe(200);
    const admin = await t.login('admin@contoh.id', 'admin');
    // The VA payment: canceled without refund by the organizer, then refunded by Derap's own transfer.
    await t.database.db.update(runnerRegistrations).set({ status: 'canceled', canceledAt: new Date(), refundMode: 'manual', refundAmount: TOTAL }).where(eq(runnerRegistrations.id, va.row.id));
    expect((await post(`/api/runner-registrations/${va.row.registrationId}/refund-settled`, admin.headers)).statusCode).toBe(200);

    const month = jakartaMonth(new Date());
    const res = await get(`/api/admin/finance/export?month=${month}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="derap-keuangan-${month}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const out: Record<string, unknown>[] = [];
      const ws = wb.getWorksheet(name)!;
      const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const values = (row.values as unknown[]).slice(1);
        out.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
      });
      return out;
    };
    const paid = rows('Pembayaran');
    expect(paid.map((r) => r['Order ID']).sort()).toEqual([kept.order.gatewayRef, partial.order.gatewayRef, va.order.gatewayRef].sort());
    expect(paid.reduce((s, r) => s + Number(r['Dibayar']), 0)).toBe(3 * TOTAL);
    expect(paid.find((r) => r['Order ID'] === partial.order.gatewayRef)).toMatchObject({ Dikembalikan: PRICE, 'Biaya Derap': ADMIN_FEE, 'Bersih penjual': 0, 'Biaya gateway': 3_200 });
    const refunds = rows('Refund');
    expect(refunds.map((r) => [r['Order ID'], r['Melalui'], r['Jumlah']]).sort()).toEqual(
      [
        [partial.order.gatewayRef, 'Gateway', PRICE],
        [va.order.gatewayRef, 'Transfer manual Derap', TOTAL],
      ].sort(),
    );
    const summary = Object.fromEntries(rows('Ringkasan').map((r) => [String(r['Keterangan']).replace(/ \(.*\)$/, ''), r['Jumlah']]));
    expect(summary).toMatchObject({
      'Pembayaran diterima gateway': 3 * TOTAL,
      'Biaya gateway': 1_120 + 3_200 + 4_000,
      'Refund melalui gateway': PRICE,
      'Diselesaikan gateway ke Derap': 3 * TOTAL - (1_120 + 3_200 + 4_000) - PRICE,
      'Refund transfer manual oleh Derap': TOTAL,
    });
    // The admin's view of the same month: the same money.
    const ledger = json<AdminLedger>(await get(`/api/admin/finance?month=${month}`, admin.headers));
    expect(ledger.totals).toMatchObject({ count: 3, gross: 3 * TOTAL, gatewayFee: 1_120 + 3_200 + 4_000, refunded: PRICE + TOTAL, platformFee: 2 * ADMIN_FEE, net: PRICE });
    expect(ledger.months).toEqual([month]);
  });

  it('who may: the admin only; a month must be YYYY-MM', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    for (const url of ['/api/admin/finance', '/api/admin/finance/export?month=2027-05']) {
      expect((await get(url)).statusCode).toBe(401);
      for (const role of ['organizer', 'coach', 'runner'] as const) {
        expect((await get(url, (await t.login(`${role}@contoh.id`, role)).headers)).statusCode, `${role} ${url}`).toBe(403);
      }
      expect((await get(url, admin.headers)).statusCode).toBe(200);
    }
    for (const url of ['/api/admin/finance?month=2027-13', '/api/admin/finance/export', '/api/admin/finance/export?month=x']) {
      const res = await get(url, admin.headers);
      expect(res.statusCode, url).toBe(400);
    }
    expect(json(await get('/api/admin/finance/export?month=2027-13', admin.headers)).message).toBe('Bulan harus berformat YYYY-MM.');
    expect(json(await get('/api/admin/finance/export', admin.headers)).message).toBe('Pilih bulan yang akan diunduh.');
  });
});
