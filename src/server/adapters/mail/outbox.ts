import { and, count, gt, like } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/infra';
import type { Db } from '../../db/client';
import type { Mailer, OutgoingMail } from './port';

/** The mail row, attachments as base64 (jsonb cannot hold bytes). */
export function outboxValues(mail: OutgoingMail, status: 'stored' | 'sent' | 'failed') {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
      base64: a.content.toString('base64'),
    })),
    status,
    topic: mail.topic ?? null,
  };
}

export async function insertMail(executor: Db, mail: OutgoingMail): Promise<boolean> {
  const rows = await executor
    .insert(mailOutbox)
    .values(outboxValues(mail, 'stored'))
    .onConflictDoNothing({ target: mailOutbox.topic })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * The built-in adapter (default without SMTP_URL): the stored row is the delivered mail, readable
 * by admins at `GET /api/admin/mail-outbox`, so development and tests need no mail server.
 */
export function createOutboxMailer(db: Db): Mailer {
  return {
    name: 'outbox',
    enqueue: (mail, opts = {}) => insertMail(opts.tx ?? db, mail),
    flush: async () => 0,
    kick() {},
    close: async () => {},
  };
}

/** Mails whose topic starts with `topicPrefix` written since `since`, whichever server wrote them (per-registration resend limits). */
export async function countMailsSince(db: Db, topicPrefix: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(like(mailOutbox.topic, `${topicPrefix}%`), gt(mailOutbox.createdAt, since)));
  return row?.n ?? 0;
}
