import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxMailer } from './outbox';
import type { Mailer } from './port';
import { createSmtpMailer, createSmtpTransport } from './smtp';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail port: SMTP when `SMTP_URL` is set, otherwise the built-in outbox. */
    mail: Mailer;
  }
}

const FLUSH_EVERY_MS = 30_000;

/** Decorates the app with `mail`; with SMTP it also flushes the queue now and then (a mail queued during a long transaction). */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
    const { smtpUrl, from } = opts.config.mail;
    const mailer = smtpUrl
      ? createSmtpMailer({ db: opts.db, transport: createSmtpTransport(smtpUrl), from, log: app.log })
      : createOutboxMailer(opts.db);
    app.decorate('mail', mailer);
    if (mailer.name === 'smtp') {
      const timer = setInterval(() => mailer.flush().catch((err: unknown) => app.log.error({ err }, 'mail flush failed')), FLUSH_EVERY_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
