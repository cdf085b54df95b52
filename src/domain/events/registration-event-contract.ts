/**
 * GET /api/events/{code}'s answer: the registration page's event (events-and-coach-pages §2, §3),
 * apart from contract.ts so the page loads it without the organizer's form schemas. Written with
 * zod/mini: classic zod's methods weigh 22 KB gzip in the browser whichever few a page uses, mini's
 * functions are shaken down to the ones used (decision 023). Pure: no I/O.
 */
import { z } from 'zod/mini';
import { eventPaymentTypes, eventStatuses } from './events';
import { paymentOptionKeys } from '../payments/payments';

export const categorySummarySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  price: z.int(),
  adminFee: z.int(),
  slots: z.int(),
  sold: z.int(),
});

/** GET /api/events/{code}: the registration page's event. */
export const registrationEventSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  headerImage: z.nullable(z.string()),
  location: z.string(),
  timezone: z.string(),
  status: z.enum(eventStatuses),
  eventDate: z.string(),
  regOpen: z.string(),
  regClose: z.string(),
  earlyBirdEndDate: z.nullable(z.string()),
  paymentType: z.enum(eventPaymentTypes),
  paymentOptions: z.array(z.enum(paymentOptionKeys)),
  paymentInstruction: z.nullable(z.object({ qrImage: z.string(), instructions: z.string() })),
  /** The form asks for the 6-digit code mailed to the runner before it registers (decision 033). */
  emailCodeRequired: z.boolean(),
  organizer: z.object({ name: z.string() }),
  categories: z.array(
    z.extend(categorySummarySchema, {
      description: z.string(),
      originalPrice: z.nullable(z.int()),
      earlyBird: z.boolean(),
      earlyBirdEndDate: z.nullable(z.string()),
    }),
  ),
});
export type RegistrationEvent = z.output<typeof registrationEventSchema>;
export const registrationEventResponseSchema = z.object({ event: registrationEventSchema });
