import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminLedgerSchema, ledgerExportQuerySchema, ledgerMonthQuerySchema, ledgerXlsxSchema } from '../../../domain/payments/contract';
import type { Db } from '../../db/client';
import { allowRoles } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { ledgerExport, ledgerWorkbook } from './ledger-xlsx';
import { adminLedger } from './service.ledger';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The admin's view of the money ledger and its month export (issue 26 §1, decision 035). Admins only. */
export async function ledgerAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', allowRoles('admin'));

  r.get(
    '/api/admin/finance',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The money ledger of one Jakarta month (or all time): per kind (event registrations, coach packages, subscriptions) what payers paid, Derap's fees, " +
          "gateway fees, refunds returned and owed, and the sellers' net and payouts — the sums of the organizers' and coaches' Keuangan",
        querystring: ledgerMonthQuerySchema,
        response: { 200: adminLedgerSchema, ...errors },
      },
    },
    async (request) => adminLedger(db, request.query.month ?? null),
  );

  r.get(
    '/api/admin/finance/export',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary:
          "One Jakarta month's orders and refunds as an Excel workbook (.xlsx), to match the gateway's settlement: sheets Ringkasan, Pembayaran (orders paid in the month) " +
          'and Refund (gateway refunds confirmed and manual refunds settled in the month)',
        querystring: ledgerExportQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: ledgerXlsxSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await ledgerWorkbook(await ledgerExport(db, request.query.month));
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="derap-keuangan-${request.query.month}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(body as unknown as string); // bytes; the schema only documents them
    },
  );
}
