/** The mail outbox's contract (GET /api/admin/mail-outbox): the latest mail the product sent. Pure. */
import { z } from 'zod';

export const mailJsonSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  error: z.string().nullable(),
  topic: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), cid: z.string().nullable(), size: z.number().int() })),
});
export type MailJson = z.infer<typeof mailJsonSchema>;
export const mailOutboxResponseSchema = z.object({ data: z.array(mailJsonSchema) });
