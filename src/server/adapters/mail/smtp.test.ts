import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/infra';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../test/fixtures/multipart';
import { freshIp, insertEvent, postRegistration, registrationPayload } from '../../test/fixtures/registrations';
import { createSmtpMailer, createSmtpTransport } from './smtp';

/** A tiny SMTP server on 127.0.0.1 (RFC 5321 subset nodemailer needs): records each message, rejects chosen recipients. */
async function startSmtpServer(opts: { reject?: (rcpt: string) => boolean } = {}) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (opts.reject?.(line)) reply('550 5.1.1 mailbox unavailable');
          else {
            current.to.push(line);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP mail adapter against a local SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'derap-smtp-'));

  beforeAll(async () => {
    smtp = await startSmtpServer({ reject: (rcpt) => rcpt.includes('ditolak@') });
    t = await buildTestApp({
      env: {
        PAYMENT_EXPIRY_SWEEP_SECONDS: '0',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Derap <no-reply@derap.id>',
        STORAGE_DIR: storageDir,
      },
    });
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('is the adapter when SMTP_URL is set; a confirmed registration is delivered with the inline QR and marked sent', async () => {
    expect(t.app.mail.name).toBe('smtp');
    const { event } = await insertEvent(t, { paymentType: 'self_managed', name: 'Bandung Trail 2027' });
    const created = json<{ registration: { registrationId: string }; paymentKey: string }>(
      await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined })),
    );
    const id = created.registration.registrationId;
    // The runner sends the proof of transfer; the organizer verifies it, which sends the confirmation.
    const body = multipart([{ field: 'file', filename: 'bukti.png', type: 'image/png', bytes: TINY_PNG }]);
    const proof = await t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${id}/payment-status-paid?key=${created.paymentKey}`, headers: body.headers, payload: body.payload, remoteAddress: freshIp() });
    expect(proof.statusCode).toBe(200);
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, event.createdBy));
    const organizer = await t.login(owner!.email, 'organizer');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/runner-registrations/${id}/payment-verify`,
      headers: organizer.headers,
      payload: { proofSubmittedAt: json<{ registration: { proofSubmittedAt: string } }>(proof).registration.proofSubmittedAt },
    });
    expect(res.statusCode).toBe(200);
    // delivered after the transaction committed, without anyone calling flush
    await vi.waitFor(async () => {
      const [row] = await t.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'sent', error: null });
    });
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.from).toContain('no-reply@derap.id');
    expect(message.to[0]).toContain('rina@gmail.com');
    expect(message.data).toMatch(/^Subject: .*Pendaftaran Berhasil/m);
    expect(message.data).toContain('Content-Type: image/png');
    expect(message.data).toMatch(new RegExp(`Content-ID: <qr-${id.toLowerCase()}@derap>`, 'i'));
    expect(message.data).toContain('text/html');
    expect(message.data).toContain('text/plain');
    // a second flush sends nothing again
    expect(await t.app.mail.flush()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('marks a refused mail failed with the reason, and never resends it', async () => {
    const transport = createSmtpTransport(smtp.url, { timeoutMs: 5000 });
    const mailer = createSmtpMailer({ db: t.database.db, transport, from: 'Derap <no-reply@derap.id>', log: t.app.log });
    await mailer.enqueue({ to: 'ditolak@contoh.id', subject: 'Uji', text: 'halo', html: '<p>halo</p>', topic: 'test:1' });
    await mailer.enqueue({ to: 'diterima@contoh.id', subject: 'Uji 2', text: 'halo', html: '<p>halo</p>', topic: 'test:2' });
    expect(await mailer.enqueue({ to: 'diterima@contoh.id', subject: 'Uji 2', text: 'halo', html: '<p>halo</p>', topic: 'test:2' })).toBe(false);
    expect(await mailer.flush()).toBe(2);
    const rows = await t.database.db.select().from(mailOutbox);
    const byTopic = Object.fromEntries(rows.map((r) => [r.topic, r]));
    expect(byTopic['test:1']).toMatchObject({ status: 'failed' });
    expect(byTopic['test:1']!.error).toMatch(/550|mailbox unavailable/);
    expect(byTopic['test:2']).toMatchObject({ status: 'sent', error: null });
    expect(await mailer.flush()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    await mailer.close();
  });
});
