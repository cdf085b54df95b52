import { formatJakartaDate, formatJakartaTime } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import type { PaidPlanType } from '../../../domain/subscriptions/contract';
import { grantKindLabels } from '../../../domain/subscriptions/subscription';
import { composeMail } from '../../adapters/mail/compose';
import type { OutgoingMail } from '../../adapters/mail/port';
import type { OrderRow } from '../../db/schema/payments';
import type { UserRow } from '../../db/schema/users';

/** One receipt per paid order. */
export const receiptTopic = (order: Pick<OrderRow, 'id'>) => `subscription-receipt:${order.id}`;
/** One reminder per period end: a renewal moves the end, and the new end may be reminded again. */
export const reminderTopic = (user: Pick<UserRow, 'id'>, periodEnd: Date) => `subscription-reminder:${user.id}:${periodEnd.getTime()}`;

const when = (instant: Date) => `${formatJakartaDate(instant)} pukul ${formatJakartaTime(instant)} WIB`;
const dashboardUrl = (publicUrl: string) => `${publicUrl}/dashboard?view=kalender-latihan`;

export function receiptMail(p: { user: UserRow; order: OrderRow; plantype: PaidPlanType; days: number; paidAt: Date; publicUrl: string }): OutgoingMail {
  const end = p.user.currentPeriodEnd!;
  return composeMail({
    to: p.user.email,
    subject: `Tanda Terima Pembayaran Langganan Derap (${p.order.gatewayRef})`,
    heading: 'Pembayaran diterima',
    intro: [`Halo ${p.user.name},`, 'Terima kasih! Pembayaran langganan Anda sudah kami terima dan akses AI Coaching Premium Anda sudah aktif.'],
    details: [
      ['Paket', grantKindLabels[p.plantype]],
      ['Durasi', `${p.days} hari`],
      ['Total dibayar', formatRupiah(p.order.amount)],
      ['Nomor pesanan', p.order.gatewayRef],
      ['Tanggal pembayaran', when(p.paidAt)],
      ['Aktif hingga', when(end)],
    ],
    link: { label: 'Buka Kalender Latihan', url: dashboardUrl(p.publicUrl) },
    outro: ['Simpan email ini sebagai bukti pembayaran Anda.'],
    topic: receiptTopic(p.order),
  });
}

export function reminderMail(p: { user: UserRow; publicUrl: string }): OutgoingMail {
  const end = p.user.currentPeriodEnd!;
  const trial = p.user.subscriptionStatus === 'trialing';
  return composeMail({
    to: p.user.email,
    subject: trial ? 'Masa percobaan Derap Anda segera berakhir' : 'Langganan Derap Anda segera berakhir',
    heading: trial ? 'Masa percobaan segera berakhir' : 'Langganan segera berakhir',
    intro: [
      `Halo ${p.user.name},`,
      `${trial ? 'Masa percobaan' : 'Langganan'} AI Coaching Premium Anda berakhir pada ${when(end)}. Setelah itu program AI setelah tanggal tersebut terkunci dan fitur AI tidak dapat digunakan.`,
    ],
    details: [
      ['Status', trial ? 'Percobaan' : 'Aktif'],
      ['Berakhir', when(end)],
    ],
    link: { label: 'Perpanjang Langganan', url: dashboardUrl(p.publicUrl) },
    outro: ['Perpanjang sekarang tanpa kehilangan hari: masa aktif baru dihitung dari tanggal berakhir langganan Anda saat ini.'],
    topic: reminderTopic(p.user, end),
  });
}
