/**
 * The AI coach API's contract. Every `/api/ai/*` route answers 403 with PREMIUM_REQUIRED_MESSAGE
 * unless the caller has premium access (active or trialing); the AI routes themselves arrive with
 * the AI coach issue.
 */
import { z } from 'zod';
import { subscriptionStatuses } from '../subscriptions/subscription';

/** GET /api/ai/access: 200 with this when AI features are open to the caller. */
export const aiAccessResponseSchema = z.object({
  access: z.literal(true),
  subscription_status: z.enum(subscriptionStatuses),
  current_period_end: z.string().nullable(),
});
export type AiAccessResponse = z.infer<typeof aiAccessResponseSchema>;
