import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailOutboxResponseSchema } from '../../../domain/mail-outbox/contract';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/infra';
import { allowRoles } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';

export const MAIL_OUTBOX_LIMIT = 50;

/** The latest mail (built-in outbox or SMTP log), for admins checking what the product sent. */
export async function mailOutboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/mail-outbox',
    {
      onRequest: allowRoles('admin'),
      schema: {
        tags: ['admin'],
        summary: `The latest ${MAIL_OUTBOX_LIMIT} mails, newest first (admin)`,
        response: { 200: mailOutboxResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(MAIL_OUTBOX_LIMIT);
      return {
        data: rows.map((m) => ({
          _id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          status: m.status,
          error: m.error,
          topic: m.topic,
          createdAt: m.createdAt.toISOString(),
          attachments: m.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            cid: a.cid ?? null,
            size: Math.floor((a.base64.length * 3) / 4),
          })),
        })),
      };
    },
  );
}
