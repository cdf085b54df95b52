import ExcelJS from 'exceljs';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { gatewayFeeGroup, gatewayFeeTable } from '../../../domain/payments/gateway-fees';
import { gatewayRefunded, ledgerLine, type LedgerLine } from '../../../domain/payments/ledger';
import type { OrderKind } from '../../../domain/payments/payments';
import { jakartaWallClock } from '../../../domain/shared/jakarta-time';
import type { Db } from '../../db/client';
import { coachConnections } from '../../db/schema/coaching';
import { events } from '../../db/schema/events';
import { orderRefunds, orders } from '../../db/schema/payments';
import { runnerRegistrations } from '../../db/schema/registrations';
import { jakartaMonthRange } from './service.ledger';

/**
 * The admin's month export (issue 26 §1, decision 035): what the gateway settles in one Jakarta
 * month, so it can be put next to the gateway's settlement report line by line. Sheet
 * 'Pembayaran': every order paid in the month (gateway settlement time), with its ledger line
 * (gateway fee, Derap's fee, refunds, the seller's net). Sheet 'Refund': every refund that left in
 * the month — through the gateway (the time it confirmed) or by Derap's own bank transfer for a
 * payment the gateway cannot refund (the time an admin marked it settled). Sheet 'Ringkasan': the
 * totals, including what the gateway pays Derap (paid − gateway fees − gateway refunds).
 * Self-managed payments never pass through Derap and are not in it (Keuangan shows them).
 */

export const kindLabels: Record<OrderKind, string> = { registration: 'Pendaftaran event', coach_package: 'Paket pelatih', subscription: 'Langganan' };

export interface LedgerExportOrder {
  paidAt: Date;
  orderRef: string;
  kind: OrderKind;
  description: string;
  method: string;
  status: string;
  line: LedgerLine;
}

export interface LedgerExportRefund {
  at: Date;
  orderRef: string;
  kind: OrderKind;
  via: 'gateway' | 'manual';
  amount: number;
  reason: string;
}

export interface LedgerExport {
  month: string;
  orders: LedgerExportOrder[];
  refunds: LedgerExportRefund[];
  summary: { paidCount: number; paid: number; gatewayFees: number; gatewayRefunds: number; manualRefunds: number; settledByGateway: number };
}

/** The month's orders and refunds, as the workbook lists them. */
export async function ledgerExport(db: Db, month: string): Promise<LedgerExport> {
  const { start, end } = jakartaMonthRange(month);
  const orderRows = await db
    .select({
      order: orders,
      refundAmount: orderRefunds.amount,
      refundStatus: orderRefunds.status,
      regAdminFee: runnerRegistrations.adminFee,
      regAmount: runnerRegistrations.paymentAmount,
      regMethod: runnerRegistrations.paymentMethod,
      regRefundMode: runnerRegistrations.refundMode,
      regRefundAmount: runnerRegistrations.refundAmount,
      regRefundSettledAt: runnerRegistrations.refundSettledAt,
      coachFee: coachConnections.platformFee,
    })
    .from(orders)
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
    .leftJoin(runnerRegistrations, eq(runnerRegistrations.orderId, orders.id))
    .leftJoin(coachConnections, eq(coachConnections.orderId, orders.id))
    .where(and(inArray(orders.status, ['paid', 'refunded']), gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .orderBy(orders.paidAt, orders.gatewayRef);

  const exported: LedgerExportOrder[] = orderRows.map((r) => {
    const o = r.order;
    const fee = o.kind === 'registration' ? (r.regAdminFee ?? 0) : o.kind === 'coach_package' ? (r.coachFee ?? 0) : o.amount;
    const manual = r.regRefundMode === 'manual' ? (r.regRefundAmount ?? 0) : 0;
    const settled = manual > 0 && r.regRefundSettledAt !== null;
    return {
      paidAt: o.paidAt!,
      orderRef: o.gatewayRef,
      kind: o.kind,
      description: o.description,
      method: o.paymentType ?? '-',
      status: o.status,
      line: ledgerLine({
        channel: 'platform',
        gross: o.amount,
        fee,
        refunded: gatewayRefunded(o, r.refundStatus ? { amount: r.refundAmount!, status: r.refundStatus } : null) + (settled ? manual : 0),
        refundOwed: settled ? 0 : manual,
        gatewayGroup: gatewayFeeGroup(o.paymentType, r.regMethod),
      }),
    };
  });

  const inMonth = (at: AnyPgColumn) => and(gte(at, start), lt(at, end));
  const [viaGateway, reportedByGateway, manual] = await Promise.all([
    db
      .select({ at: orderRefunds.completedAt, orderRef: orders.gatewayRef, kind: orders.kind, amount: sql<number>`least(${orderRefunds.amount}, ${orders.amount})`, reason: orderRefunds.reason })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(and(eq(orderRefunds.status, 'succeeded'), inMonth(orderRefunds.completedAt))),
    // Refunded in the gateway's own dashboard: no refund row of ours, the order's last change is when we heard.
    db
      .select({ at: orders.updatedAt, orderRef: orders.gatewayRef, kind: orders.kind, amount: orders.amount })
      .from(orders)
      .leftJoin(orderRefunds, and(eq(orderRefunds.orderId, orders.id), eq(orderRefunds.status, 'succeeded')))
      .where(and(eq(orders.status, 'refunded'), sql`${orderRefunds.id} is null`, inMonth(orders.updatedAt))),
    // A platform payment the gateway cannot refund (bank transfer): Derap sends it back by hand.
    db
      .select({ at: runnerRegistrations.refundSettledAt, orderRef: orders.gatewayRef, amount: runnerRegistrations.refundAmount, reason: runnerRegistrations.cancelReason })
      .from(runnerRegistrations)
      .innerJoin(orders, eq(orders.id, runnerRegistrations.orderId))
      .innerJoin(events, eq(events.id, runnerRegistrations.eventRef))
      .where(and(eq(runnerRegistrations.refundMode, 'manual'), isNotNull(runnerRegistrations.refundSettledAt), inMonth(runnerRegistrations.refundSettledAt))),
  ]);
  const refunds: LedgerExportRefund[] = [
    ...viaGateway.map((r) => ({ at: r.at!, orderRef: r.orderRef, kind: r.kind, via: 'gateway' as const, amount: Number(r.amount), reason: r.reason })),
    ...reportedByGateway.map((r) => ({ at: r.at, orderRef: r.orderRef, kind: r.kind, via: 'gateway' as const, amount: r.amount, reason: 'Refund dari dasbor gateway' })),
    ...manual.map((r) => ({ at: r.at!, orderRef: r.orderRef, kind: 'registration' as const, via: 'manual' as const, amount: r.amount ?? 0, reason: r.reason ?? '-' })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderRef.localeCompare(b.orderRef));

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const paid = sum(exported.map((o) => o.line.gross));
  const gatewayFees = sum(exported.map((o) => o.line.gatewayFee));
  const gatewayRefunds = sum(refunds.filter((r) => r.via === 'gateway').map((r) => r.amount));
  return {
    month,
    orders: exported,
    refunds,
    summary: {
      paidCount: exported.length,
      paid,
      gatewayFees,
      gatewayRefunds,
      manualRefunds: sum(refunds.filter((r) => r.via === 'manual').map((r) => r.amount)),
      settledByGateway: paid - gatewayFees - gatewayRefunds,
    },
  };
}

const wib = (at: Date) => `${jakartaWallClock(at).replace('T', ' ').slice(0, 16)} WIB`;
const methodLabel = (paymentType: string) => (paymentType === '-' ? '-' : `${gatewayFeeTable[gatewayFeeGroup(paymentType, null)].label} (${paymentType})`);
const RUPIAH = '"Rp"#,##0';

/** The workbook of `ledgerExport`, as bytes. */
export async function ledgerWorkbook(data: LedgerExport): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Derap';
  const sheet = (name: string, columns: { header: string; key: string; width: number; money?: boolean }[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.money ? { numFmt: RUPIAH } : {} }));
    ws.getRow(1).font = { bold: true };
    return ws;
  };

  const summary = sheet('Ringkasan', [
    { header: 'Keterangan', key: 'label', width: 48 },
    { header: 'Jumlah', key: 'value', width: 20, money: true },
  ]);
  const s = data.summary;
  summary.addRows([
    { label: `Bulan (WIB)`, value: data.month },
    { label: `Pembayaran diterima gateway (${s.paidCount} order)`, value: s.paid },
    { label: 'Biaya gateway', value: s.gatewayFees },
    { label: 'Refund melalui gateway', value: s.gatewayRefunds },
    { label: 'Diselesaikan gateway ke Derap (pembayaran − biaya − refund)', value: s.settledByGateway },
    { label: 'Refund transfer manual oleh Derap', value: s.manualRefunds },
  ]);

  const paidSheet = sheet('Pembayaran', [
    { header: 'Tanggal bayar', key: 'paidAt', width: 20 },
    { header: 'Order ID', key: 'orderRef', width: 34 },
    { header: 'Jenis', key: 'kind', width: 18 },
    { header: 'Keterangan', key: 'description', width: 40 },
    { header: 'Metode', key: 'method', width: 30 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Dibayar', key: 'gross', width: 14, money: true },
    { header: 'Biaya gateway', key: 'gatewayFee', width: 14, money: true },
    { header: 'Biaya Derap', key: 'platformFee', width: 14, money: true },
    { header: 'Dikembalikan', key: 'refunded', width: 14, money: true },
    { header: 'Refund terutang', key: 'refundOwed', width: 14, money: true },
    { header: 'Bersih penjual', key: 'net', width: 14, money: true },
  ]);
  for (const o of data.orders) {
    paidSheet.addRow({
      paidAt: wib(o.paidAt),
      orderRef: o.orderRef,
      kind: kindLabels[o.kind],
      description: o.description,
      method: methodLabel(o.method),
      status: o.status === 'refunded' ? 'Dikembalikan' : 'Lunas',
      gross: o.line.gross,
      gatewayFee: o.line.gatewayFee,
      platformFee: o.line.platformFee,
      refunded: o.line.refunded,
      refundOwed: o.line.refundOwed,
      net: o.line.net,
    });
  }

  const refundSheet = sheet('Refund', [
    { header: 'Tanggal', key: 'at', width: 20 },
    { header: 'Order ID', key: 'orderRef', width: 34 },
    { header: 'Jenis', key: 'kind', width: 18 },
    { header: 'Melalui', key: 'via', width: 24 },
    { header: 'Jumlah', key: 'amount', width: 14, money: true },
    { header: 'Alasan', key: 'reason', width: 48 },
  ]);
  for (const r of data.refunds) {
    refundSheet.addRow({
      at: wib(r.at),
      orderRef: r.orderRef,
      kind: kindLabels[r.kind],
      via: r.via === 'gateway' ? 'Gateway' : 'Transfer manual Derap',
      amount: r.amount,
      // A string cell, never a formula, whatever an organizer typed.
      reason: r.reason,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
