import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentNotificationAckSchema,
  paymentNotificationBodySchema,
  sandboxCheckoutBodySchema,
  sandboxOrderParamsSchema,
} from '../../../domain/payments/contract';
import { isOpenOrder, isPaymentOptionKey, paymentTypeOf } from '../../../domain/payments/payments';
import { recordSandboxTransaction, sandboxKey, sandboxOutcomeStatus } from '../../adapters/payments/sandbox';
import type { AppConfig } from '../../config';
import { rateLimitKey } from '../../plugins/client-address';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/payments';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { AppError, badRequest } from '../../app-error';
import { renderSandboxCheckout, renderSandboxError, renderSandboxNotFound } from './sandbox-page';
import { NOTIFICATION_PATH, type PaymentService } from './service';

/** The gateway's notifications; bounded because anyone may post to it. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

export interface PaymentsOptions {
  config: AppConfig;
  db: Db;
  payments: PaymentService;
}

/**
 * Payments over HTTP: the public webhook and, when the sandbox gateway serves payments, its
 * checkout page. The service itself is built in the wiring; its expiry sweep is a job.
 */
export async function paymentsPlugin(app: FastifyInstance, opts: PaymentsOptions) {
  const service = opts.payments;
  const gateway = service.gateway;

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      NOTIFICATION_PATH,
      {
        bodyLimit: NOTIFICATION_BODY_LIMIT,
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary:
            'Payment gateway HTTP notification (Midtrans shape): signature_key and status_code verified, a claimed change confirmed with the gateway status API; public',
          security: [],
          body: paymentNotificationBodySchema,
          response: { 200: paymentNotificationAckSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 503: errorSchema },
        },
      },
      async (request) => {
        const bytes = Number(request.headers['content-length']);
        try {
          const { outcome } = await service.handleNotification(request.body, { sender: rateLimitKey(request), bytes: Number.isFinite(bytes) ? bytes : undefined });
          app.metrics.paymentNotification(outcome);
        } catch (err) {
          app.metrics.paymentNotification(refusalOf(err));
          throw err;
        }
        // A valid notification for an order we do not have, or a repeat, is still acknowledged so the gateway stops retrying.
        return { ok: true as const };
      },
    );
  });

  if (gateway.name === 'sandbox') {
    const key = sandboxKey(opts.config.jwtSecret);
    await app.register(async (scope) => {
      // The checkout page posts an ordinary HTML form.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const html = (reply: FastifyReply, status: number, page: string) =>
        reply
          .status(status)
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
          .type('text/html; charset=utf-8')
          .send(page);

      r.get(
        '/api/payments/sandbox/:ref',
        { schema: { tags: ['payments'], summary: 'Sandbox checkout page (HTML) of an order; only without Midtrans', security: [], params: sandboxOrderParamsSchema } },
        async (request, reply) => {
          const order = await service.findOrderByRef(request.params.ref);
          if (!order) return html(reply, 404, renderSandboxNotFound());
          return html(reply, 200, renderSandboxCheckout(order));
        },
      );

      r.post(
        '/api/payments/sandbox/:ref',
        {
          schema: {
            tags: ['payments'],
            summary: 'Sandbox checkout: pay or fail; sends the signed notification to the webhook, then redirects to the finish URL',
            security: [],
            params: sandboxOrderParamsSchema,
            body: sandboxCheckoutBodySchema,
          },
        },
        async (request, reply) => {
          const order = await service.findOrderByRef(request.params.ref);
          if (!order) return html(reply, 404, renderSandboxNotFound());
          if (!isOpenOrder(order.status) || order.expiresAt.getTime() <= Date.now()) {
            return html(reply, 409, renderSandboxCheckout(order));
          }
          const offered = order.enabledPayments.filter(isPaymentOptionKey);
          if (request.body.method && offered.length && !offered.includes(request.body.method)) {
            throw badRequest('Metode pembayaran tidak tersedia untuk pesanan ini.', 'INVALID_PAYMENT_OPTION');
          }
          const method = request.body.method ?? offered[0] ?? 'other_qris';
          // The sandbox "gateway" records what happened (its status call answers from this), then notifies.
          const notification = await recordSandboxTransaction(opts.db, key, {
            orderRef: order.gatewayRef,
            amount: order.amount,
            transactionStatus: sandboxOutcomeStatus[request.body.action],
            paymentType: paymentTypeOf(method),
          });
          // Through the real webhook route, so the sandbox exercises exactly what Midtrans would.
          const res = await app.inject({ method: 'POST', url: NOTIFICATION_PATH, payload: notification });
          if (res.statusCode !== 200) {
            request.log.error({ status: res.statusCode, body: res.body }, 'sandbox notification was refused');
            return html(reply, 502, renderSandboxError(order, 'Notifikasi pembayaran tidak dapat diproses. Silakan coba lagi.'));
          }
          return reply.redirect(finishRedirect(order, notification), 303);
        },
      );
    });
  }
}

/** The finish URL with the query Midtrans appends (order_id, status_code, transaction_status). */
/** A refused notification's result for the metrics, from the code the service answered with. */
const refusals: Record<string, string> = {
  INVALID_SIGNATURE: 'forged',
  STATUS_CODE_MISMATCH: 'status_code_mismatch',
  INVALID_NOTIFICATION: 'invalid',
  AMOUNT_MISMATCH: 'amount_mismatch',
  NOTIFICATION_NOT_CONFIRMED: 'unconfirmed',
  NOTIFICATION_RETRY: 'retry',
};
function refusalOf(err: unknown): string {
  return (err instanceof AppError && err.code && refusals[err.code]) || 'error';
}

function finishRedirect(order: OrderRow, notification: Record<string, string>): string {
  const url = new URL(order.finishUrl);
  url.searchParams.set('order_id', order.gatewayRef);
  url.searchParams.set('status_code', notification.status_code!);
  url.searchParams.set('transaction_status', notification.transaction_status!);
  return url.href;
}
