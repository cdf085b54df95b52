import { and, eq } from 'drizzle-orm';
import { coachPlatformFee, connectionIsLive, packageEndDay, purchaseStartDay } from '../../../domain/coaching/coaching';
import { coachingMessages } from '../../../domain/coaching/contract';
import { formatRupiah } from '../../../domain/shared/money';
import { jakartaToday, type IsoDay } from '../../../domain/shared/wire-date';
import { composeMail } from '../../adapters/mail/compose';
import type { Mailer, OutgoingMail } from '../../adapters/mail/port';
import { AppError, conflict, forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { coachConnections, coachPackages, coachProfiles } from '../../db/schema/coaching';
import type { OrderRow } from '../../db/schema/payments';
import { users, type UserRow } from '../../db/schema/users';
import { findReusableOrder, type PaymentService } from '../payments/service';

/**
 * Buying a coach package (events-and-coach-pages §4, §7, §9; issue 14 item 5): an order of kind
 * 'coach_package' through the payment module, priced only from the package row; when the order is
 * paid, one connection in the webhook's transaction, so the runner is coached exactly when the
 * money is in.
 */

/** Where the payer returns after the checkout: the dashboard, where their coach now appears. */
export const COACH_PURCHASE_FINISH_PATH = '/dashboard?coaching=finished';
/** An identical open order younger than this is handed back instead of a second one (double clicks). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a 'coach_package' order buys, written by `initiateCoachPayment` (a snapshot: the package may change later). */
export interface CoachOrderMeta {
  packageId: string;
  coachId: string;
  weeks: number;
  price: number;
  title: string;
}

function orderMeta(order: OrderRow): CoachOrderMeta | null {
  const m = order.metadata as Partial<CoachOrderMeta>;
  if (!m || typeof m.packageId !== 'string' || typeof m.coachId !== 'string' || typeof m.title !== 'string') return null;
  if (!Number.isInteger(m.weeks) || (m.weeks ?? 0) < 1 || !Number.isInteger(m.price)) return null;
  return { packageId: m.packageId, coachId: m.coachId, weeks: m.weeks!, price: m.price!, title: m.title };
}

/**
 * POST /api/coach/initiate-payment: the caller buys a package for themself. The amount is the
 * package's price as stored; anything the client sends besides the two ids is ignored.
 */
export async function initiateCoachPayment(
  deps: { db: Db; payments: PaymentService; payableHours: number },
  user: UserRow,
  body: { user_id: string; package_id: string },
  now: Date = new Date(),
): Promise<{ payment_url: string; order_id: string; amount: number }> {
  if (body.user_id !== user.id) throw forbidden(coachingMessages.buyForYourself);
  if (!UUID.test(body.package_id)) throw notFound(coachingMessages.packageNotFound);
  const [row] = await deps.db
    .select({ pkg: coachPackages, coach: { id: users.id, name: users.name, role: users.role }, shownName: coachProfiles.shownName, verification: coachProfiles.verification })
    .from(coachPackages)
    .innerJoin(users, eq(users.id, coachPackages.coachId))
    .leftJoin(coachProfiles, eq(coachProfiles.userId, coachPackages.coachId))
    .where(eq(coachPackages.id, body.package_id));
  if (!row || row.pkg.deletedAt) throw notFound(coachingMessages.packageNotFound);
  const { pkg, coach } = row;
  if (pkg.coachId === user.id) throw conflict(coachingMessages.ownPackage, 'OWN_PACKAGE');
  // A package whose seller is no longer a coach is not for sale either.
  if (!pkg.isActive || coach.role !== 'coach') throw conflict(coachingMessages.packageInactive, 'PACKAGE_INACTIVE');
  // Strangers pay a coach only once an admin has checked who they are (issue 26 §3).
  if (row.verification !== 'verified') throw conflict(coachingMessages.coachNotVerified, 'COACH_NOT_VERIFIED');
  // A free package cannot go through a gateway (orders are > 0): nothing to pay, nothing to start.
  if (pkg.price <= 0) throw conflict(coachingMessages.paymentFailed, 'PACKAGE_NOT_PAYABLE');

  const same = await findReusableOrder(deps.db, {
    userId: user.id,
    kind: 'coach_package',
    amount: pkg.price,
    now,
    same: (o) => {
      const m = orderMeta(o);
      return m?.packageId === pkg.id && m.weeks === pkg.durationWeeks && m.title === pkg.title;
    },
  });
  if (same) return { payment_url: same.paymentUrl!, order_id: same.gatewayRef, amount: same.amount };

  const metadata: CoachOrderMeta = { packageId: pkg.id, coachId: pkg.coachId, weeks: pkg.durationWeeks, price: pkg.price, title: pkg.title };
  try {
    const { order, payment_url } = await deps.payments.createOrder({
      kind: 'coach_package',
      userId: user.id,
      amount: pkg.price,
      // The name the buyer saw on the public page, not the account's.
      description: `Paket pelatih ${row.shownName || coach.name} — ${pkg.title}`,
      metadata: { ...metadata },
      customer: { name: user.name, email: user.email },
      finishUrl: COACH_PURCHASE_FINISH_PATH,
      expiresInMinutes: deps.payableHours * 60,
    });
    return { payment_url, order_id: order.gatewayRef, amount: order.amount };
  } catch (err) {
    // The gateway's own words mean nothing to a runner buying a package: the spec's message.
    if (err instanceof AppError && err.kind === 'gateway') throw new AppError('gateway', coachingMessages.paymentFailed, 'PAYMENT_GATEWAY_ERROR');
    throw err;
  }
}

export const coachReceiptTopic = (order: Pick<OrderRow, 'id'>) => `coach-package-receipt:${order.id}`;
export const coachNewRunnerTopic = (order: Pick<OrderRow, 'id'>) => `coach-package-new-runner:${order.id}`;

const longDay = (iso: IsoDay) =>
  new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

function receiptMail(p: { buyer: UserRow; coachName: string; order: OrderRow; meta: CoachOrderMeta; startDate: IsoDay; endDate: IsoDay; publicUrl: string }): OutgoingMail {
  return composeMail({
    to: p.buyer.email,
    subject: `Tanda Terima Paket Pelatih Derap (${p.order.gatewayRef})`,
    heading: 'Pembayaran diterima',
    intro: [`Halo ${p.buyer.name},`, `Terima kasih! Pembayaran paket Anda sudah kami terima. ${p.coachName} kini dapat melihat profil dan jadwal latihan Anda.`],
    details: [
      ['Pelatih', p.coachName],
      ['Paket', p.meta.title],
      ['Durasi', `${p.meta.weeks} minggu`],
      ['Berlaku', `${longDay(p.startDate)} – ${longDay(p.endDate)}`],
      ['Total dibayar', formatRupiah(p.order.amount)],
      ['Nomor pesanan', p.order.gatewayRef],
    ],
    link: { label: 'Buka Kalender Latihan', url: `${p.publicUrl}/dashboard?view=kalender-latihan` },
    outro: [
      'Layanan pelatih adalah perjanjian antara Anda dan pelatih; Derap adalah platform dan fasilitator pembayaran.',
      'Anda dapat mengakhiri hubungan dengan pelatih kapan saja di Pengaturan. Simpan email ini sebagai bukti pembayaran.',
    ],
    topic: coachReceiptTopic(p.order),
  });
}

function newRunnerMail(p: { coach: UserRow; buyer: UserRow; meta: CoachOrderMeta; startDate: IsoDay; endDate: IsoDay; amount: number; platformFee: number; publicUrl: string; orderId: string }): OutgoingMail {
  return composeMail({
    to: p.coach.email,
    subject: `Pelari baru: ${p.buyer.name} membeli ${p.meta.title}`,
    heading: 'Pelari baru terhubung',
    intro: [`Halo ${p.coach.name},`, `${p.buyer.name} (${p.buyer.email}) membeli paket Anda dan kini muncul di Daftar Pelari.`],
    details: [
      ['Paket', p.meta.title],
      ['Berlaku', `${longDay(p.startDate)} – ${longDay(p.endDate)}`],
      ['Harga paket', formatRupiah(p.amount)],
      ['Biaya platform', formatRupiah(p.platformFee)],
      ['Diterima', formatRupiah(p.amount - p.platformFee)],
    ],
    link: { label: 'Buka Daftar Pelari', url: `${p.publicUrl}/dashboard?view=daftar-pelari` },
    outro: ['Data lari dari Strava milik pelari tidak dibagikan kepada pelatih; Anda melihat apa yang dicatat pelari.'],
    topic: coachNewRunnerTopic({ id: p.orderId }),
  });
}

/**
 * The paid order's connection, in the webhook's transaction. The unique orderId makes a replayed
 * notification create nothing twice. Rule for a buyer who is still coached by the same coach: the
 * new package starts the day after the latest live end, so paid days never overlap (and none is
 * lost); otherwise it starts today (Asia/Jakarta). The buyer's row is locked so two paid orders of
 * one buyer line up instead of both starting today.
 */
export async function fulfilCoachOrder(mail: Mailer, tx: Db, order: OrderRow, publicUrl: string, today: IsoDay = jakartaToday()): Promise<string | null> {
  const meta = orderMeta(order);
  if (!meta || !order.userId) throw new AppError('invalid', 'Pesanan paket pelatih tidak lengkap.', 'COACH_ORDER_INVALID');
  const [buyer] = await tx.select().from(users).where(eq(users.id, order.userId)).for('update');
  const [coach] = await tx.select().from(users).where(eq(users.id, meta.coachId));
  if (!buyer || !coach) throw new AppError('invalid', 'Pesanan paket pelatih tidak lengkap.', 'COACH_ORDER_INVALID');
  const [already] = await tx.select({ id: coachConnections.id }).from(coachConnections).where(eq(coachConnections.orderId, order.id));
  if (already) return null;

  const current = await tx
    .select()
    .from(coachConnections)
    .where(and(eq(coachConnections.coachId, coach.id), eq(coachConnections.runnerId, buyer.id), eq(coachConnections.status, 'active')));
  const liveEnds = current.filter((c) => connectionIsLive(c, today) || (c.startDate !== null && c.startDate > today)).map((c) => c.endDate);
  const startDate = purchaseStartDay(liveEnds, today);
  const endDate = packageEndDay(startDate, meta.weeks);
  const platformFee = coachPlatformFee(meta.weeks);
  const [created] = await tx
    .insert(coachConnections)
    .values({
      coachId: coach.id,
      runnerId: buyer.id,
      packageId: meta.packageId,
      packages: meta.title,
      title: meta.title,
      startDate,
      endDate,
      orderId: order.id,
      amount: order.amount,
      platformFee,
      createdBy: buyer.id,
    })
    .onConflictDoNothing()
    .returning({ id: coachConnections.id });
  if (!created) return null;
  const [profile] = await tx.select({ shownName: coachProfiles.shownName }).from(coachProfiles).where(eq(coachProfiles.userId, coach.id));
  await mail.enqueue(receiptMail({ buyer, coachName: profile?.shownName || coach.name, order, meta, startDate, endDate, publicUrl }), { tx });
  await mail.enqueue(newRunnerMail({ coach, buyer, meta, startDate, endDate, amount: order.amount, platformFee, publicUrl, orderId: order.id }), { tx });
  return created.id;
}

/** A paid package refunded or voided: its connection ends at once (the coach loses access). */
export async function endRefundedCoachOrder(tx: Db, order: OrderRow, now: Date = new Date()): Promise<void> {
  await tx
    .update(coachConnections)
    .set({ status: 'ended', endedAt: now, updatedAt: now })
    .where(and(eq(coachConnections.orderId, order.id), eq(coachConnections.status, 'active')));
}

/** Connects coach package orders to the payment module (called once by the wiring). */
export function registerCoachingPaymentHooks(payments: PaymentService, mail: Mailer, publicUrl: string) {
  payments.registerFulfilment('coach_package', async (tx, order) => {
    await fulfilCoachOrder(mail, tx, order, publicUrl);
    mail.kick();
  });
  payments.registerOnRefunded('coach_package', (tx, order) => endRefundedCoachOrder(tx, order));
}
