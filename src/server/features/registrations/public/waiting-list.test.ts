import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, jobs, mailOutbox, runnerRegistrations, waitingListEntries, type EventRow } from '../../../db/schema';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { freshIp, freshRunner, insertEvent, postRegistration, readCategory, readRegistration, registrationPayload } from '../../../test/fixtures/registrations';
import { expireStaleSelfManagedRegistrations } from '../service';
import { OFFER_MINUTES, sweepWaitingList, WAITING_LIST_JOB } from './waiting-list';

/**
 * Issue 26 §5 (decision 033): 'Daftar Tunggu' per full category. A freed slot stays counted and is
 * offered to the next waiting runner by mail with a 30-minute claim link; unclaimed, it passes on,
 * and with nobody left it goes back to the public. `sold` stays exact throughout.
 */

type Err = { code: string; message: string };
type Created = { registration: { registrationId: string; status: string }; payment_url: string | null; resumed: boolean };
const MINUTE = 60_000;

describe('waiting list', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const join = (event: EventRow, runner: { fullName: string; email: string }, categoryId = '10k') =>
    t.app.inject({
      method: 'POST',
      url: '/api/runner-registrations/waiting-list',
      payload: { eventId: event.eventId, categoryId, fullName: runner.fullName, email: runner.email },
      remoteAddress: freshIp(),
    });
  const sweep = (now: Date) => sweepWaitingList({ db: t.database.db, mail: t.app.mail, publicUrl: 'http://localhost:3000' }, now);
  const entries = () => t.database.db.select().from(waitingListEntries).orderBy(waitingListEntries.createdAt);
  /** The claim link's token from the offer mailed to `email`. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.topic, 'waiting-offer:%')));
    expect(mail?.subject).toContain('Slot tersedia untuk Anda');
    return decodeURIComponent(/\?klaim=([^\s"&]+)/.exec(mail!.text)![1]!);
  }
  /** Held registrations plus open offers: what `sold` must always equal. */
  async function held(categoryRef: string): Promise<number> {
    const regs = await t.database.db
      .select()
      .from(runnerRegistrations)
      .where(and(eq(runnerRegistrations.categoryRef, categoryRef), inArray(runnerRegistrations.status, ['pending', 'awaiting_verification', 'confirmed', 'racepack_collected'])));
    const offers = await t.database.db.select().from(waitingListEntries).where(and(eq(waitingListEntries.categoryRef, categoryRef), eq(waitingListEntries.status, 'offered')));
    return regs.length + offers.length;
  }
  /** A full one-slot category whose slot a first runner holds unpaid. */
  async function fullEvent(paymentType: 'platform' | 'self_managed' = 'platform', emailCodeRequired = false) {
    const { event, categories } = await insertEvent(t, { paymentType, categories: [{ name: '10K', slots: 1 }] });
    const holder = freshRunner();
    // The holder got in before the organizer turned the email code on.
    if (emailCodeRequired) await t.database.db.update(events).set({ emailCodeRequired: false }).where(eq(events.id, event.id));
    const first = await postRegistration(t, registrationPayload(event, '10k', { runnerData: holder }));
    expect(first.statusCode).toBe(201);
    if (emailCodeRequired) await t.database.db.update(events).set({ emailCodeRequired: true }).where(eq(events.id, event.id));
    return { event, category: categories[0]!, holder: json<Created>(first).registration.registrationId };
  }

  it('is joined only while the category is full; once per email, with the place in the queue', async () => {
    const { event } = await insertEvent(t, { categories: [{ name: '10K', slots: 1 }] });
    const notFull = await join(event, freshRunner());
    expect(notFull.statusCode).toBe(409);
    expect(json<Err>(notFull)).toMatchObject({ code: 'WAITING_LIST_NOT_FULL', message: 'Kategori ini masih memiliki slot. Silakan langsung mendaftar.' });
    expect((await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))).statusCode).toBe(201);

    const a = freshRunner();
    const b = freshRunner();
    const first = await join(event, a);
    expect(first.statusCode).toBe(201);
    expect(json<{ position: number; message: string }>(first)).toEqual({
      position: 1,
      message: `Anda masuk Daftar Tunggu kategori 10K di urutan ke-1. Bila ada slot yang kosong, kami kirim email berisi tautan klaim yang berlaku ${OFFER_MINUTES} menit.`,
    });
    expect(json<{ position: number }>(await join(event, b)).position).toBe(2);
    // The same email again (however typed): the same place, no second entry.
    const again = await join(event, { ...a, email: a.email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(json<{ position: number }>(again).position).toBe(1);
    expect(await entries()).toHaveLength(2);

    expect((await join(event, freshRunner(), 'marathon')).statusCode).toBe(404);
    expect((await join(event, { fullName: 'X', email: 'bukan-email' })).statusCode).toBe(400);
    expect((await join(event, { fullName: '', email: 'a@gmail.com' })).statusCode).toBe(400);
    const { event: closed } = await insertEvent(t, { regClose: new Date(Date.now() - MINUTE), categories: [{ name: '10K', slots: 1, sold: 1 }] });
    expect(json<Err>(await join(closed, freshRunner())).code).toBe('REGISTRATION_CLOSED');
  });

  it('an expired hold goes to the first waiting runner, by mail with a 30-minute claim link that finishes the registration', async () => {
    const { event, category, holder } = await fullEvent();
    const waiting = freshRunner();
    await join(event, waiting);

    // The holder never pays: the order expires and the slot is kept for the waiting runner.
    const later = new Date(Date.now() + 31 * MINUTE);
    expect(await t.app.payments.expireStaleOrders(later)).toHaveLength(1);
    expect((await readRegistration(t, holder)).status).toBe('expired');
    expect((await readCategory(t, category.id)).sold).toBe(1);
    expect((await entries())[0]).toMatchObject({ status: 'offered', offerExpiresAt: null });
    // Nobody else can take it meanwhile, however fast.
    const bot = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }));
    expect(bot.statusCode).toBe(409);

    const now = new Date();
    expect(await sweep(now)).toEqual({ lapsed: 0, offered: 1 });
    expect(await sweep(now)).toEqual({ lapsed: 0, offered: 0 });
    const token = await mailedToken(waiting.email);
    const [entry] = await entries();
    expect(entry!.offerExpiresAt!.getTime() - now.getTime()).toBe(OFFER_MINUTES * MINUTE);
    expect(entry!.offerTokenHash).not.toContain(token);

    const offer = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/waiting-list/offer?token=${encodeURIComponent(token)}` });
    expect(offer.statusCode).toBe(200);
    expect(json(offer)).toEqual({ eventCode: event.code, categoryId: '10k', categoryName: '10K', fullName: waiting.fullName, email: waiting.email, expiresAt: entry!.offerExpiresAt!.toISOString() });
    expect((await t.app.inject({ method: 'GET', url: '/api/runner-registrations/waiting-list/offer?token=palsu' })).statusCode).toBe(404);

    // The link is this runner's: another email cannot use it.
    const forwarded = await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner(), waitingOffer: token }));
    expect(forwarded.statusCode).toBe(409);
    expect(json<Err>(forwarded).code).toBe('WAITING_OFFER_EMAIL');

    const claimed = await postRegistration(t, registrationPayload(event, '10k', { runnerData: waiting, waitingOffer: token }));
    expect(claimed.statusCode).toBe(201);
    expect(json<Created>(claimed).payment_url).toBeTruthy();
    expect((await readCategory(t, category.id)).sold).toBe(1);
    expect(await held(category.id)).toBe(1);
    expect((await entries())[0]).toMatchObject({ status: 'claimed' });
    // A link works once.
    expect((await t.app.inject({ method: 'GET', url: `/api/runner-registrations/waiting-list/offer?token=${encodeURIComponent(token)}` })).statusCode).toBe(404);
  });

  it('an unclaimed offer lapses after 30 minutes and passes to the next; with nobody left the slot goes back to the public', async () => {
    const { event, category } = await fullEvent('self_managed');
    const [a, b] = [freshRunner(), freshRunner()];
    await join(event, a);
    await join(event, b);
    expect(await expireStaleSelfManagedRegistrations(t.database.db, new Date(Date.now() + 49 * 3_600_000))).toBe(1);
    const start = new Date();
    await sweep(start);
    const tokenA = await mailedToken(a.email);

    expect(await sweep(new Date(start.getTime() + OFFER_MINUTES * MINUTE - 1000))).toEqual({ lapsed: 0, offered: 0 });
    const afterA = new Date(start.getTime() + OFFER_MINUTES * MINUTE + 1000);
    expect(await sweep(afterA)).toEqual({ lapsed: 1, offered: 1 });
    expect((await entries()).map((e) => e.status)).toEqual(['lapsed', 'offered']);
    expect((await readCategory(t, category.id)).sold).toBe(1);
    expect(await held(category.id)).toBe(1);
    const late = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/waiting-list/offer?token=${encodeURIComponent(tokenA)}` });
    expect(late.statusCode).toBe(409);
    expect(json<Err>(late).code).toBe('WAITING_OFFER_EXPIRED');
    await mailedToken(b.email);

    expect(await sweep(new Date(afterA.getTime() + OFFER_MINUTES * MINUTE + 1000))).toEqual({ lapsed: 1, offered: 0 });
    expect((await readCategory(t, category.id)).sold).toBe(0);
    expect((await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))).statusCode).toBe(201);
  });

  it('a claim after its 30 minutes is refused and holds nothing', async () => {
    const { event, category } = await fullEvent('self_managed');
    const waiting = freshRunner();
    await join(event, waiting);
    await expireStaleSelfManagedRegistrations(t.database.db, new Date(Date.now() + 49 * 3_600_000));
    await sweep(new Date(Date.now() - (OFFER_MINUTES + 1) * MINUTE));
    const token = await mailedToken(waiting.email);
    const late = await postRegistration(t, registrationPayload(event, '10k', { runnerData: waiting, waitingOffer: token }));
    expect(late.statusCode).toBe(409);
    expect(json<Err>(late).code).toBe('WAITING_OFFER_EXPIRED');
    expect(await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.emailKey, waiting.email))).toHaveLength(0);
    expect((await readCategory(t, category.id)).sold).toBe(1);
  });

  it("an organizer's cancellation offers the slot too; two slots freed at once go to two runners, exactly", async () => {
    const { event, categories } = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', slots: 3 }] });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(json<Created>(await postRegistration(t, registrationPayload(event, '10k', { runnerData: freshRunner() }))).registration.registrationId);
    const category = categories[0]!;
    const [a, b] = [freshRunner(), freshRunner()];
    await join(event, a);
    await join(event, b);

    // The waiting-list job is due in a minute; the offer pulls it forward so its mail goes at once.
    const due = new Date(Date.now() + 60 * MINUTE);
    await t.database.db.insert(jobs).values({ name: WAITING_LIST_JOB, key: 'periodic', runAt: due, createdAt: new Date(), updatedAt: new Date() });
    const organizer = await t.login('dewi.admin@contoh.id', 'admin');
    const canceled = await t.app.inject({ method: 'POST', url: `/api/runner-registrations/${ids[0]}/cancel`, headers: organizer.headers, payload: { reason: 'Data ganda', refund: false } });
    expect(canceled.statusCode).toBe(200);
    expect((await entries()).map((e) => e.status)).toEqual(['offered', 'waiting']);
    expect((await readCategory(t, category.id)).sold).toBe(3);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, WAITING_LIST_JOB));
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    // The two other holds end together: one goes to b, the other back to the public.
    expect(await expireStaleSelfManagedRegistrations(t.database.db, new Date(Date.now() + 49 * 3_600_000))).toBe(2);
    expect((await entries()).map((e) => e.status)).toEqual(['offered', 'offered']);
    expect((await readCategory(t, category.id)).sold).toBe(2);
    expect(await held(category.id)).toBe(2);
  });

  it('a claim link stands in for the email code', async () => {
    const { event, category } = await fullEvent('self_managed', true);
    const waiting = freshRunner();
    await join(event, waiting);
    await expireStaleSelfManagedRegistrations(t.database.db, new Date(Date.now() + 49 * 3_600_000));
    await sweep(new Date());
    const token = await mailedToken(waiting.email);
    const claimed = await postRegistration(t, registrationPayload(event, '10k', { runnerData: waiting, waitingOffer: token }));
    expect(claimed.statusCode).toBe(201);
    expect((await readCategory(t, category.id)).sold).toBe(1);
  });
});
