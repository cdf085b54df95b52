/**
 * The payments API's contract: the gateway's HTTP notification (Midtrans shape, verified by the
 * server) and the sandbox checkout used when Midtrans is not configured. Pure: no I/O.
 */
import { z } from 'zod';
import { paymentOptionKeys } from './payments';

/** POST /api/payments/notification: any JSON object; its signature and status are checked by the service. */
export const paymentNotificationBodySchema = z.record(z.string(), z.unknown());
export const paymentNotificationAckSchema = z.object({ ok: z.literal(true) });

/** GET and POST /api/payments/sandbox/{ref}: the checkout page of one order (HTML). */
export const sandboxOrderParamsSchema = z.object({ ref: z.string().min(1).max(100) });
/** POST /api/payments/sandbox/{ref}: the checkout page's form (pay or fail, with a method). */
export const sandboxCheckoutBodySchema = z.object({ action: z.enum(['pay', 'fail']), method: z.enum(paymentOptionKeys).optional() });

/* ------------------------------------------------------------------ the money ledger (decision 035) */

const ledgerFigures = {
  gross: z.number().int().describe('Paid by payers'),
  platformFee: z.number().int().describe("Derap's fee on what was kept"),
  gatewayFee: z.number().int().describe('Charged by the gateway, borne by Derap'),
  refunded: z.number().int().describe('Returned to payers'),
  refundOwed: z.number().int().describe('Owed back to payers, not yet returned'),
  net: z.number().int().describe("The organizers' and coaches' net"),
  payoutDue: z.number().int().describe('What Derap owes organizers and coaches'),
  collectedDirectly: z.number().int().describe('Self-managed: kept by organizers directly'),
  platformFeeOwed: z.number().int().describe("Self-managed: Derap's fees organizers owe Derap"),
};
export const ledgerMonthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM.')
    .optional(),
});
export const ledgerExportQuerySchema = z.object({
  month: z.string({ error: 'Pilih bulan yang akan diunduh.' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM.'),
});
export const adminLedgerSchema = z.object({
  month: z.string().nullable().describe("'YYYY-MM' (Asia/Jakarta) or null for all time"),
  months: z.array(z.string()),
  kinds: z.array(z.object({ kind: z.enum(['registration', 'subscription', 'coach_package']), count: z.number().int(), ...ledgerFigures })),
  totals: z.object({ count: z.number().int(), ...ledgerFigures }),
});
export type AdminLedger = z.infer<typeof adminLedgerSchema>;
export const ledgerXlsxSchema = z.string().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
