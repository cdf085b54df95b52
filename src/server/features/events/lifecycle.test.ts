import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventChangeMessages as c } from '../../../domain/events/event-changes';
import { eventFormMessages as m } from '../../../domain/events/event-form';
import { registrationOpenness } from '../../../domain/registrations/openness';
import { eventCategories, events } from '../../db/schema/events';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventPayload, eventsApi, insertRegistration } from '../../test/fixtures/events';
import { freshRunner, postRegistration } from '../../test/fixtures/registrations';
import { lifecycleMessages } from './lifecycle';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('events API: edit, close registration early, delete (decision 020)', () => {
  let t: TestApp;
  let api: ReturnType<typeof eventsApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = eventsApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const put = (headers: Record<string, string> | undefined, id: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/events/${id}`, headers, payload: payload as object });
  /** The payload the edit form sends: the event as created, with each category's own id. */
  const editPayload = (over: Record<string, unknown> = {}) => {
    const base = eventPayload();
    return { ...base, categories: base.categories.map((k) => ({ ...k, categoryId: k.name.toLowerCase() })), ...over };
  };
  const publicEvent = async (code: string) => (await t.app.inject({ method: 'GET', url: `/api/events/${code}` })).json().event;

  it('the owner edits texts and dates: the public page shows them; an accepted event stays accepted', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers);
    await api.setStatus(created._id, 'diterima');
    const eventDate = at(50);
    const res = await put(org.headers, created._id, editPayload({ name: 'Jakarta Night Run 2027', description: 'Rute baru lewat Monas.', eventDate, location: 'Monas' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ name: 'Jakarta Night Run 2027', status: 'diterima', location: 'Monas', eventId: 'jakarta-night-run' });
    const shown = await publicEvent(created.code);
    expect(shown).toMatchObject({ name: 'Jakarta Night Run 2027', description: 'Rute baru lewat Monas.', eventDate });
  });

  it('who may edit: owner and admin; another organizer 403, runner 403, anonymous 401, unknown 404', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const other = await t.login('lain@contoh.id', 'organizer');
    const admin = await t.login('admin@contoh.id', 'admin');
    const runner = await t.login('runner@contoh.id', 'runner');
    const created = await api.create(org.headers);
    const other403 = await put(other.headers, created._id, editPayload());
    expect(other403.statusCode).toBe(403);
    expect(other403.json().message).toBe(lifecycleMessages.notYours);
    expect((await put(runner.headers, created._id, editPayload())).statusCode).toBe(403);
    expect((await put(undefined, created._id, editPayload())).statusCode).toBe(401);
    expect((await put(admin.headers, created._id, editPayload({ description: 'Diubah admin.' }))).statusCode).toBe(200);
    expect((await put(org.headers, '00000000-0000-4000-8000-000000000000', editPayload())).statusCode).toBe(404);
    // Bad input answers 400 with the form's messages, never 500.
    const bad = await put(org.headers, created._id, editPayload({ categories: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(m.categoriesInvalid);
  });

  it('once a category sold a ticket: its price, name and early bird stay, it cannot be removed, slots shrink only to sold', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers);
    await insertRegistration(t, created._id, '10k');
    await t.database.db.update(eventCategories).set({ sold: 1 }).where(eq(eventCategories.categoryId, '10k'));
    const [fiveK, tenK] = editPayload().categories;
    const refused: [unknown[], string, string][] = [
      [[fiveK, { ...tenK, price: 300000 }], c.categoryPrice('10K'), 'categories.1.price'],
      [[fiveK, { ...tenK, name: '10K Plus' }], c.categoryRenamed('10K'), 'categories.1.name'],
      [[fiveK, { ...tenK, earlyBird: true, originalPrice: 300000, earlyBirdEndDate: at(5) }], c.categoryEarlyBird('10K'), 'categories.1.earlyBird'],
      [[fiveK, { ...tenK, slots: 0 }], m.slotsInvalid, 'categories.1.slots'],
      [[fiveK], c.categoryRemoved('10K'), 'categories'],
    ];
    for (const [categories, message, path] of refused) {
      const res = await put(org.headers, created._id, editPayload({ categories }));
      expect([400, 409], message).toContain(res.statusCode);
      expect(res.json().message).toBe(message);
      expect(res.json().errors?.[0]?.path ?? path).toBe(path);
    }
    await t.database.db.update(eventCategories).set({ sold: 5 }).where(eq(eventCategories.categoryId, '10k'));
    const below = await put(org.headers, created._id, editPayload({ categories: [fiveK, { ...tenK, slots: 4 }] }));
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ message: c.slotsBelowSold('10K', 5), code: 'EVENT_CHANGE_REFUSED', errors: [{ path: 'categories.1.slots' }] });
    const code = await put(org.headers, created._id, editPayload({ code: 'kode-baru' }));
    expect(code.json()).toMatchObject({ message: c.codeLocked, errors: [{ path: 'code' }] });

    // Allowed: slots grow or shrink to sold, description changes, the unsold 5K is repriced and renamed, a category is added.
    const ok = await put(
      org.headers,
      created._id,
      editPayload({
        categories: [
          { ...fiveK, name: '5K Fun', price: 175000 },
          { ...tenK, slots: 5, description: 'Rute baru' },
          { name: 'Half Marathon', price: 400000, slots: 50 },
        ],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().event.categories).toMatchObject([
      { categoryId: '5k-fun', name: '5K Fun', price: 175000, locked: false },
      { categoryId: '10k', price: 250000, slots: 5, sold: 5, description: 'Rute baru', locked: true, paid: 1 },
      { categoryId: 'half-marathon', price: 400000, slots: 50, sold: 0 },
    ]);
    const rows = await t.database.db.select().from(eventCategories);
    expect(rows).toHaveLength(3);
  });

  it('a category with only an expired registration row still counts as sold; two unsold names may swap', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers);
    const [fiveK, tenK] = editPayload().categories;
    const swapped = await put(org.headers, created._id, editPayload({ categories: [{ ...fiveK, name: '10K' }, { ...tenK, name: '5K' }] }));
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().event.categories.map((k: { categoryId: string; price: number }) => [k.categoryId, k.price])).toEqual([
      ['10k', 150000],
      ['5k', 250000],
    ]);
    await insertRegistration(t, created._id, '5k', { status: 'expired', paymentStatus: 'expired' });
    const res = await put(org.headers, created._id, editPayload({ categories: [{ ...fiveK, categoryId: '10k', name: '10K' }, { ...tenK, categoryId: '5k', name: '5K', price: 1 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(c.categoryPrice('5K'));
  });

  it('a registration opening already past may stay; a changed one must not be before today', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers);
    const opened = new Date(Date.now() - 3 * DAY);
    await t.database.db.update(events).set({ regOpen: opened }).where(eq(events.id, created._id));
    expect((await put(org.headers, created._id, editPayload({ regOpen: opened.toISOString(), description: 'Tetap.' }))).statusCode).toBe(200);
    const moved = await put(org.headers, created._id, editPayload({ regOpen: new Date(Date.now() - 2 * DAY).toISOString() }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: m.regOpenPast, errors: [{ path: 'regOpen' }] });
  });

  it('editing a rejected event resubmits it (Diajukan); a duplicate code is refused', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers);
    await api.create(org.headers, { name: 'Lain', code: 'lain' });
    await api.setStatus(created._id, 'ditolak');
    const res = await put(org.headers, created._id, editPayload({ description: 'Sudah diperbaiki.' }));
    expect(res.json().event.status).toBe('diajukan');
    const dup = await put(org.headers, created._id, editPayload({ code: 'lain' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(m.duplicateCode);
  });

  it('early bird: the public page and the registration total switch to the normal price after the end day', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const yesterday = new Date(Date.now() - DAY).toISOString();
    const created = await api.create(org.headers, {
      regOpen: new Date().toISOString(),
      categories: [
        { name: '5K', price: 100000, originalPrice: 150000, slots: 10, earlyBird: true, earlyBirdEndDate: at(3) },
        { name: '10K', price: 200000, originalPrice: 250000, slots: 10, earlyBird: true, earlyBirdEndDate: at(3) },
      ],
    });
    // The 10K's early bird ended yesterday.
    await t.database.db.update(eventCategories).set({ earlyBirdEndDate: new Date(yesterday) }).where(eq(eventCategories.categoryId, '10k'));
    await api.setStatus(created._id, 'diterima');
    await t.database.db.update(events).set({ regOpen: new Date(Date.now() - DAY) }).where(eq(events.id, created._id));
    const shown = await publicEvent(created.code);
    expect(shown.categories).toMatchObject([
      { categoryId: '5k', price: 100000, originalPrice: 150000, earlyBird: true },
      { categoryId: '10k', price: 250000, originalPrice: null, earlyBird: false, earlyBirdEndDate: null },
    ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/events', headers: org.headers })).json().events[0];
    expect(list.categories[1]).toMatchObject({ price: 200000, originalPrice: 250000, earlyBird: true, currentPrice: 250000 });
    expect(list.fee).toEqual({ min: 110000, max: 260000 });
    const reg = await postRegistration(t, { eventId: 'jakarta-night-run', categoryId: '10k', paymentMethod: 'gopay', runnerData: freshRunner() });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().registration.payment.amount).toBe(260000);
  });

  it('close registration early: the owner closes it now, the public page says it is closed; refused before opening, twice, or by others', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const other = await t.login('lain@contoh.id', 'organizer');
    const runner = await t.login('runner@contoh.id', 'runner');
    const created = await api.create(org.headers);
    const close = (headers: Record<string, string> | undefined) => t.app.inject({ method: 'POST', url: `/api/events/${created._id}/close-registration`, headers });
    const early = await close(org.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(lifecycleMessages.notOpenYet);
    await api.setStatus(created._id, 'diterima');
    await t.database.db.update(events).set({ regOpen: new Date(Date.now() - DAY) }).where(eq(events.id, created._id));
    expect((await close(other.headers)).statusCode).toBe(403);
    expect((await close(runner.headers)).statusCode).toBe(403);
    expect((await close(undefined)).statusCode).toBe(401);
    const before = Date.now();
    const res = await close(org.headers);
    expect(res.statusCode).toBe(200);
    expect(Math.abs(new Date(res.json().event.regClose).getTime() - before)).toBeLessThan(5000);
    const shown = await publicEvent(created.code);
    const openness = registrationOpenness(shown, new Date(Date.now() + 1000));
    expect(openness.state).toBe('closed');
    expect((await close(org.headers)).json().message).toBe(lifecycleMessages.alreadyClosed);
    const reg = await postRegistration(t, { eventId: 'jakarta-night-run', categoryId: '5k', paymentMethod: 'gopay', runnerData: freshRunner() });
    expect(reg.statusCode).toBe(409);
  });

  it('a canceled event can no longer be edited or closed (409)', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers);
    await api.setStatus(created._id, 'diterima');
    await t.database.db.update(events).set({ status: 'dibatalkan', regOpen: new Date(Date.now() - DAY) }).where(eq(events.id, created._id));
    const edit = await put(org.headers, created._id, editPayload({ name: 'Masih Bisa?' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'EVENT_CANCELED', message: lifecycleMessages.canceled });
    const close = await t.app.inject({ method: 'POST', url: `/api/events/${created._id}/close-registration`, headers: org.headers });
    expect(close.statusCode).toBe(409);
    expect(close.json().message).toBe(lifecycleMessages.canceled);
  });

  it('delete: only while nobody ever registered; otherwise 409 pointing to Batalkan Event; owner or admin only', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const other = await t.login('lain@contoh.id', 'organizer');
    const admin = await t.login('admin@contoh.id', 'admin');
    const del = (headers: Record<string, string> | undefined, id: string) => t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers });
    const a = await api.create(org.headers);
    const b = await api.create(org.headers, { name: 'Bandung Trail', code: 'bdg' });
    const c2 = await api.create(org.headers, { name: 'Bali Run', code: 'bali' });
    expect((await del(other.headers, a._id)).statusCode).toBe(403);
    expect((await del(undefined, a._id)).statusCode).toBe(401);
    const ok = await del(org.headers, a._id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ deleted: true, message: lifecycleMessages.deleted('Jakarta Night Run') });
    expect((await t.app.inject({ method: 'GET', url: '/api/events', headers: org.headers })).json().events.map((e: { code: string }) => e.code).sort()).toEqual(['bali', 'bdg']);
    expect((await del(org.headers, a._id)).statusCode).toBe(404);

    await insertRegistration(t, b._id, '5k', { status: 'expired', paymentStatus: 'expired' });
    const refused = await del(org.headers, b._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: lifecycleMessages.hasRegistrations(1), code: 'EVENT_HAS_REGISTRATIONS' });
    expect(refused.json().message).toContain('Batalkan Event');
    expect((await del(admin.headers, c2._id)).statusCode).toBe(200);
  });
});
