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
