import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, mailOutbox, registrationEmailCodes } from '../../../db/schema';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { eventPayload } from '../../../test/fixtures/events';
import { freshIp, insertEvent, postRegistration, readCategory, registrationPayload, runnerData } from '../../../test/fixtures/registrations';
import { EMAIL_CODE_MAX_ATTEMPTS } from './email-code';

/**
 * Issue 26 §5 (decision 033): an organizer may ask for an email code; the slot is held only after
 * the runner typed the 6-digit code mailed to them. Codes are hashed, limited in attempts and
 * time, paced per email, and spent by the registration that won the slot.
 */

type Err = { code: string; message: string };

describe('email code before a slot is held', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const askCode = (eventId: string, email = 'rina@gmail.com') =>
    t.app.inject({ method: 'POST', url: '/api/runner-registrations/email-code', payload: { eventId, email }, remoteAddress: freshIp() });
  /** The code as the runner reads it in their mail (the subject carries it). */
  async function mailedCode(email = 'rina@gmail.com'): Promise<string> {
    const mails = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.topic, 'registration-email-code:%')));
    const latest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.topic!.localeCompare(a.topic!))[0]!;
    return /Kode verifikasi (\d{6})/.exec(latest.subject)![1]!;
  }
  const codeRow = async () => (await t.database.db.select().from(registrationEmailCodes))[0];
  /** Moves every code's clocks back, as if `seconds` had passed. */
  async function age(seconds: number) {
    const back = (d: Date) => new Date(d.getTime() - seconds * 1000);
    for (const row of await t.database.db.select().from(registrationEmailCodes)) {
      await t.database.db
        .update(registrationEmailCodes)
        .set({ sentAt: back(row.sentAt), windowStart: back(row.windowStart), expiresAt: back(row.expiresAt) })
        .where(eq(registrationEmailCodes.id, row.id));
    }
  }

  it('holds no slot without the mailed code, and holds one with it; the code is stored hashed and works once', async () => {
    const { event, categories } = await insertEvent(t, { emailCodeRequired: true, categories: [{ name: '10K', slots: 5 }] });
    const without = await postRegistration(t, registrationPayload(event));
    expect(without.statusCode).toBe(400);
    expect(json<Err>(without)).toMatchObject({ code: 'EMAIL_CODE_REQUIRED', message: 'Masukkan kode verifikasi 6 digit yang kami kirim ke email Anda.' });

    const sent = await askCode(event.eventId);
    expect(sent.statusCode).toBe(200);
    expect(json<{ message: string; resendAfterSeconds: number }>(sent)).toMatchObject({ resendAfterSeconds: 60 });
    expect(json<{ message: string }>(sent).message).toContain('Kode verifikasi 6 digit telah dikirim ke r');
    const code = await mailedCode();
    const stored = (await codeRow())!;
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const wrong = await postRegistration(t, registrationPayload(event, '10k', { emailCode: code === '000000' ? '111111' : '000000' }));
    expect(wrong.statusCode).toBe(400);
    expect(json<Err>(wrong)).toMatchObject({ code: 'EMAIL_CODE_INVALID', message: `Kode verifikasi salah. Sisa percobaan: ${EMAIL_CODE_MAX_ATTEMPTS - 1}.` });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);

    const right = await postRegistration(t, registrationPayload(event, '10k', { emailCode: code }));
    expect(right.statusCode).toBe(201);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
    expect(await codeRow()).toBeUndefined();

    // Spent: the same code cannot be played again (even by the same runner).
    const replay = await postRegistration(t, registrationPayload(event, '10k', { emailCode: code }));
    expect(replay.statusCode).toBe(400);
    expect(json<Err>(replay).code).toBe('EMAIL_CODE_EXPIRED');
  });

  it("a code is this email's only: another address cannot use it", async () => {
    const { event } = await insertEvent(t, { emailCodeRequired: true });
    await askCode(event.eventId);
    const code = await mailedCode();
    const other = await postRegistration(t, registrationPayload(event, '10k', { emailCode: code, runnerData: runnerData({ email: 'bot1@gmail.com', identityNo: '3174000000000099' }) }));
    expect(other.statusCode).toBe(400);
    expect(json<Err>(other).code).toBe('EMAIL_CODE_EXPIRED');
  });

  it(`ends a code after ${EMAIL_CODE_MAX_ATTEMPTS} wrong guesses, even before the right one`, async () => {
    const { event, categories } = await insertEvent(t, { emailCodeRequired: true });
    await askCode(event.eventId);
    const code = await mailedCode();
    const wrongCode = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let i = 0; i < EMAIL_CODE_MAX_ATTEMPTS; i++) answers.push(json<Err>(await postRegistration(t, registrationPayload(event, '10k', { emailCode: wrongCode }))));
    expect(answers.map((a) => a.code)).toEqual(Array(EMAIL_CODE_MAX_ATTEMPTS).fill('EMAIL_CODE_INVALID'));
    expect(answers.at(-1)!.message).toBe('Kode verifikasi salah dan sudah tidak dapat dipakai. Minta kode baru.');
    const late = await postRegistration(t, registrationPayload(event, '10k', { emailCode: code }));
    expect(late.statusCode).toBe(400);
    expect(json<Err>(late)).toMatchObject({ code: 'EMAIL_CODE_EXPIRED', message: 'Kode verifikasi tidak berlaku lagi. Minta kode baru.' });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
  });

  it('a code expires after 10 minutes', async () => {
    const { event } = await insertEvent(t, { emailCodeRequired: true });
    await askCode(event.eventId);
    const code = await mailedCode();
    await age(10 * 60 + 1);
    const late = await postRegistration(t, registrationPayload(event, '10k', { emailCode: code }));
    expect(json<Err>(late).code).toBe('EMAIL_CODE_EXPIRED');
  });

  it('paces resends per email: one a minute, five an hour; a new code replaces the old one', async () => {
    const { event, categories } = await insertEvent(t, { emailCodeRequired: true });
    expect((await askCode(event.eventId)).statusCode).toBe(200);
    const first = await mailedCode();
    const tooSoon = await askCode(event.eventId);
    expect(tooSoon.statusCode).toBe(429);
    expect(json<Err>(tooSoon).code).toBe('EMAIL_CODE_TOO_SOON');
    expect(json<Err>(tooSoon).message).toMatch(/^Kode baru saja dikirim\. Tunggu \d+ detik sebelum meminta kode lagi\.$/);
    // Another address is not held back by this one.
    expect((await askCode(event.eventId, 'budi@gmail.com')).statusCode).toBe(200);

    for (let sends = 2; sends <= 5; sends++) {
      await age(61);
      expect((await askCode(event.eventId)).statusCode).toBe(200);
    }
    await age(61);
    const capped = await askCode(event.eventId);
    expect(capped.statusCode).toBe(429);
    expect(json<Err>(capped).code).toBe('EMAIL_CODE_LIMIT');

    const latest = await mailedCode();
    if (latest !== first) {
      const old = await postRegistration(t, registrationPayload(event, '10k', { emailCode: first }));
      expect(json<Err>(old).code).toBe('EMAIL_CODE_INVALID');
    }
    expect((await postRegistration(t, registrationPayload(event, '10k', { emailCode: latest }))).statusCode).toBe(201);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
  });

  it('refuses a code for an event that does not ask for one, an unknown event, and a malformed code or email', async () => {
    const { event } = await insertEvent(t);
    const off = await askCode(event.eventId);
    expect(off.statusCode).toBe(409);
    expect(json<Err>(off).code).toBe('EMAIL_CODE_NOT_REQUIRED');
    expect((await askCode('tidak-ada')).statusCode).toBe(404);
    expect((await askCode(event.eventId, 'bukan-email')).statusCode).toBe(400);
    const { event: guarded } = await insertEvent(t, { emailCodeRequired: true });
    const malformed = await postRegistration(t, registrationPayload(guarded, '10k', { emailCode: '12ab' }));
    expect(malformed.statusCode).toBe(400);
    expect(json<Err>(malformed).message).toContain('Kode verifikasi terdiri dari 6 angka');
    // Without the setting nothing changes: no code needed.
    expect((await postRegistration(t, registrationPayload(event))).statusCode).toBe(201);
  });

  it("is the organizer's choice in the event form, shown to the registration page", async () => {
    const organizer = await t.login('penyelenggara@contoh.id', 'organizer');
    const created = await t.app.inject({ method: 'POST', url: '/api/events', headers: organizer.headers, payload: eventPayload({ emailCodeRequired: true }) });
    expect(created.statusCode).toBe(201);
    const body = json<{ event: { _id: string; code: string; emailCodeRequired: boolean } }>(created);
    expect(body.event.emailCodeRequired).toBe(true);
    await t.database.db.update(events).set({ status: 'diterima' }).where(eq(events.id, body.event._id));
    const page = await t.app.inject({ method: 'GET', url: `/api/events/${body.event.code}` });
    expect(json<{ event: { emailCodeRequired: boolean } }>(page).event.emailCodeRequired).toBe(true);

    const edited = await t.app.inject({ method: 'PUT', url: `/api/events/${body.event._id}`, headers: organizer.headers, payload: eventPayload({ emailCodeRequired: false }) });
    expect(edited.statusCode).toBe(200);
    expect(json<{ event: { emailCodeRequired: boolean } }>(edited).event.emailCodeRequired).toBe(false);
    // Left out (an older client): off.
    const [row] = await t.database.db.select().from(events).where(eq(events.id, body.event._id));
    expect(row!.emailCodeRequired).toBe(false);
  });
});
