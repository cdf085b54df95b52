/**
 * GET /api/events/{code}'s answer: the registration page's event (events-and-coach-pages §2, §3),
 * apart from contract.ts so the page loads it without the organizer's form schemas. Pure: no I/O.
 */
import { z } from 'zod';
import { eventPaymentTypes, eventStatuses } from './events';
import { paymentOptionKeys } from '../payments/payments';

export const categorySummarySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  price: z.number().int(),
  adminFee: z.number().int(),
  slots: z.number().int(),
  sold: z.number().int(),
});

/** GET /api/events/{code}: the registration page's event. */
export const registrationEventSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  headerImage: z.string().nullable(),
  location: z.string(),
  timezone: z.string(),
  status: z.enum(eventStatuses),
  eventDate: z.string(),
  regOpen: z.string(),
  regClose: z.string(),
  earlyBirdEndDate: z.string().nullable(),
  paymentType: z.enum(eventPaymentTypes),
  paymentOptions: z.array(z.enum(paymentOptionKeys)),
  paymentInstruction: z.object({ qrImage: z.string(), instructions: z.string() }).nullable(),
  organizer: z.object({ name: z.string() }),
  categories: z.array(
    categorySummarySchema.extend({
      description: z.string(),
      originalPrice: z.number().int().nullable(),
      earlyBird: z.boolean(),
      earlyBirdEndDate: z.string().nullable(),
    }),
  ),
});
export type RegistrationEvent = z.infer<typeof registrationEventSchema>;
export const registrationEventResponseSchema = z.object({ event: registrationEventSchema });
