/**
 * What every API error answers (any 4xx/5xx): the Indonesian message, a machine code and, for
 * invalid input, one message per field. The errors plugin sends it and documents it on every
 * route; the web's API client reads it. Pure.
 */
import { z } from 'zod';

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's id (also in the `X-Request-Id` header): what a runner quotes to support, what its log lines carry. */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
