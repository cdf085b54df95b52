import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/infra';
import { insertMail } from './outbox';
import type { Mailer, MailTransport } from './port';

const FLUSH_BATCH = 20;
const INTERRUPTED = 'Pengiriman terputus sebelum selesai.';

/** nodemailer over SMTP (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function createSmtpTransport(smtpUrl: string, opts: { timeoutMs?: number } = {}): MailTransport {
  const timeout = opts.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as never);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * SMTP adapter: mail is queued in `mail_outbox` (status `stored` = waiting) in the caller's
 * transaction and delivered afterwards, one row at a time under `SKIP LOCKED` so several servers
 * can flush. A delivery error marks the row `failed` with the reason (shown to admins); it is not
 * retried automatically, so a bad address cannot loop forever.
 */
export function createSmtpMailer(deps: { db: Db; transport: MailTransport; from: string; log: FastifyBaseLogger }): Mailer {
  const { db, transport, from, log } = deps;
  let pending: NodeJS.Timeout | null = null;
  let closed = false;

  /**
   * Claims one waiting row (marking it failed-while-sending, so a crash mid-send never sends it
   * twice: mail is delivered at most once), sends it with no transaction open, then records the result.
   */
  async function deliverOne(): Promise<boolean> {
    const claimed = await db.execute<{ id: string }>(sql`
      update mail_outbox set status = 'failed', error = ${INTERRUPTED}
      where id = (select id from mail_outbox where status = 'stored' order by created_at limit 1 for update skip locked)
      returning id`);
    const id = (claimed as unknown as { rows: { id: string }[] }).rows[0]?.id;
    if (!id) return false;
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) return true;
    let error: string | null = null;
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments.map((a) => ({ ...a, content: Buffer.from(a.base64, 'base64') })),
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.warn({ err, mailId: row.id }, 'SMTP delivery failed');
    }
    await db
      .update(mailOutbox)
      .set({ status: error ? 'failed' : 'sent', error: error?.slice(0, 500) ?? null })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.error, INTERRUPTED)));
    return true;
  }

  const mailer: Mailer = {
    name: 'smtp',
    enqueue: (mail, opts = {}) => insertMail(opts.tx ?? db, mail),
    async flush() {
      let handled = 0;
      while (!closed && handled < FLUSH_BATCH && (await deliverOne())) handled++;
      return handled;
    },
    kick() {
      if (closed || pending) return;
      // Later than the caller's commit; a mail queued by a transaction that is still open waits for the next flush.
      pending = setTimeout(() => {
        pending = null;
        mailer.flush().catch((err: unknown) => log.error({ err }, 'mail flush failed'));
      }, 100);
      pending.unref();
    },
    async close() {
      closed = true;
      if (pending) clearTimeout(pending);
      transport.close();
    },
  };
  return mailer;
}

/** How many mails wait for SMTP (health and tests). */
export async function queuedMailCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.status, 'stored'));
  return row?.n ?? 0;
}
