import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventFormMessages as m } from '../../../domain/events/event-form';
import { EVENT_ADMIN_FEE } from '../../../domain/events/events';
import { eventCategories, events } from '../../db/schema/events';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventPayload, eventsApi, insertRegistration } from '../../test/fixtures/events';
import { findEventByAnyId } from './service';

describe('events API: creation', () => {
  let t: TestApp;
  let api: ReturnType<typeof eventsApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = eventsApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const post = (headers: Record<string, string> | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/events', headers, payload: payload as object });

  it('an organizer creates an event: 201, status diajukan, derived ids, locked admin fee, categories stored', async () => {
    const org = await t.login('siti@contoh.id', 'organizer', 'Siti Rahmawati');
    const res = await post(org.headers, eventPayload({ code: 'JNR_2027!', eventId: 'ignored', categories: [
      { name: 'Half Marathon', price: '300000', slots: '100', adminFee: 1, earlyBird: false, earlyBirdEndDate: '2027-01-01' },
    ] }));
    expect(res.statusCode).toBe(201);
    const { event } = res.json();
    expect(event).toMatchObject({
      code: 'jnr2027',
      eventId: 'jakarta-night-run',
      status: 'diajukan',
      createdBy: { _id: org.userId, name: 'Siti Rahmawati' },
      participants: 0,
      pendingPayment: 0,
      capacity: 100,
      revenue: 0,
      fee: { min: 310000, max: 310000 },
      timezone: 'Asia/Jakarta',
      categories: [{ categoryId: 'half-marathon', name: 'Half Marathon', price: 300000, adminFee: EVENT_ADMIN_FEE, slots: 100, sold: 0, paid: 0, pending: 0 }],
    });
    expect(event.eventdate).toBe(event.eventDate);
    const [stored] = await t.database.db.select().from(eventCategories);
    expect(stored).toMatchObject({ adminFee: EVENT_ADMIN_FEE, earlyBird: false, earlyBirdEndDate: null });
  });

  it('an admin may create events too; runners and coaches get 403, anonymous 401, before any validation', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    expect((await post(admin.headers, eventPayload())).statusCode).toBe(201);
    for (const role of ['runner', 'coach'] as const) {
      const u = await t.login(`${role}@contoh.id`, role);
      const res = await post(u.headers, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const anon = await post(undefined, {});
    expect(anon.statusCode).toBe(401);
  });

  it('answers every validation rule with the spec message (400)', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, m.nameRequired],
      [{ description: '' }, m.descriptionRequired],
      [{ code: '---'.replace(/-/g, '*') }, m.codeRequired],
      [{ location: ' ' }, m.locationRequired],
      [{ regOpen: '' }, m.datesIncomplete],
      [{ regOpen: new Date(Date.now() - 3 * 86_400_000).toISOString() }, m.regOpenPast],
      [{ regClose: eventPayload().regOpen }, m.regCloseNotAfterOpen],
      [{ eventDate: eventPayload().regClose }, m.eventNotAfterClose],
      [{ categories: [] }, m.categoriesInvalid],
      [{ categories: [{ name: '', price: 0, slots: 0 }] }, m.categoriesInvalid],
      [{ categories: [{ name: '5K', price: 1000, slots: 10 }, { name: 'FM', price: 0, slots: 10 }] }, m.priceInvalid],
      [{ categories: [{ name: '5K', price: 1000, slots: 0 }, { name: 'FM', price: 10, slots: 10 }] }, m.slotsInvalid],
      [{ paymentType: 'platform', paymentOptions: [] }, m.paymentOptionsRequired],
      [{ paymentType: undefined }, m.paymentTypeRequired],
      [{ paymentType: 'self_managed', paymentInstruction: { qrImage: 'https://contoh.id/qr.png', instructions: '' } }, m.paymentInstructionsRequired],
      [{ paymentType: 'self_managed', paymentInstruction: { qrImage: '', instructions: 'Transfer ke BCA' } }, m.paymentQrRequired],
      [{ name: 'x'.repeat(121) }, m.nameTooLong],
    ];
    for (const [over, message] of cases) {
      const res = await post(org.headers, eventPayload(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), JSON.stringify(over).slice(0, 80)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    expect(await t.database.db.select().from(events)).toHaveLength(0);
  });

  it('answers a list of categories holding null, numbers or text with 400, not 500', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    for (const categories of [[null], [null, 1], [eventPayload().categories[0], null], ['5K'], [{ ...eventPayload().categories[0], name: 5 }]]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/events', headers: org.headers, payload: eventPayload({ categories }) });
      expect(res.statusCode, JSON.stringify(categories)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const badName = await t.app.inject({ method: 'POST', url: '/api/events', headers: org.headers, payload: eventPayload({ name: 5 }) });
    expect(badName.statusCode).toBe(400);
  });

  it('refuses a used code (409, the spec text) and a used name (409), case-insensitively', async () => {
    const a = await t.login('a@contoh.id', 'organizer');
    const b = await t.login('b@contoh.id', 'organizer');
    await api.create(a.headers, { code: 'JNR-2027' });
    const sameCode = await post(b.headers, eventPayload({ name: 'Lain Lagi', code: 'jnr-2027' }));
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toMatchObject({ message: 'Kode Event telah digunakan, gunakan kode event yang lain!', code: 'DUPLICATE_CODE' });
    const sameName = await post(b.headers, eventPayload({ name: 'JAKARTA night run', code: 'beda' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: m.duplicateEventId, code: 'DUPLICATE_EVENT_ID' });
  });

  it("refuses a code equal to another event's eventId, and a name whose eventId is another event's code (409)", async () => {
    const a = await t.login('a@contoh.id', 'organizer');
    const b = await t.login('b@contoh.id', 'organizer');
    await api.create(a.headers, { name: 'Jakarta Night Run', code: 'bandung-trail' });
    const codeIsSlug = await post(b.headers, eventPayload({ name: 'Lain Lagi', code: 'jakarta-night-run' }));
    expect(codeIsSlug.statusCode).toBe(409);
    expect(codeIsSlug.json()).toMatchObject({ message: m.duplicateCode, code: 'DUPLICATE_CODE' });
    const slugIsCode = await post(b.headers, eventPayload({ name: 'Bandung Trail', code: 'bdg' }));
    expect(slugIsCode.statusCode).toBe(409);
    expect(slugIsCode.json()).toMatchObject({ message: m.duplicateEventId, code: 'DUPLICATE_EVENT_ID' });
    expect(await t.database.db.select().from(events)).toHaveLength(1);
  });

  it('two simultaneous creations with one code: exactly one wins, the other gets the duplicate-code 409', async () => {
    const a = await t.login('a@contoh.id', 'organizer');
    const b = await t.login('b@contoh.id', 'organizer');
    const results = await Promise.all([
      post(a.headers, eventPayload({ name: 'Event A', code: 'race' })),
      post(b.headers, eventPayload({ name: 'Event B', code: 'race' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(m.duplicateCode);
    expect(await t.database.db.select().from(events)).toHaveLength(1);
  });

  it('stores self-managed payment instruction and no payment options', async () => {
    const org = await t.login('siti@contoh.id', 'organizer');
    const created = await api.create(org.headers, {
      paymentType: 'self_managed',
      paymentOptions: ['gopay'],
      paymentInstruction: { qrImage: 'http://localhost:3000/api/files/0123456789abcdef0123456789abcdef.png', instructions: 'Transfer ke BCA 123' },
    });
    await api.setStatus(created._id, 'diterima');
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${created.code}` });
    expect(res.json().event).toMatchObject({
      paymentType: 'self_managed',
      paymentOptions: [],
      paymentInstruction: { qrImage: 'http://localhost:3000/api/files/0123456789abcdef0123456789abcdef.png', instructions: 'Transfer ke BCA 123' },
    });
  });
});

describe('events API: lists, visibility and moderation', () => {
  let t: TestApp;
  let api: ReturnType<typeof eventsApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = eventsApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it("an organizer lists only their own events with real figures; an admin sees everyone's", async () => {
    const a = await t.login('a@contoh.id', 'organizer', 'Org A');
    const b = await t.login('b@contoh.id', 'organizer', 'Org B');
    const admin = await t.login('admin@contoh.id', 'admin');
    const ea = await api.create(a.headers, { name: 'Event A', code: 'ea' });
    await api.create(b.headers, { name: 'Event B', code: 'eb' });
    await insertRegistration(t, ea._id, '5k');
    await insertRegistration(t, ea._id, '10k', { status: 'racepack_collected' });
    await insertRegistration(t, ea._id, '10k', { status: 'pending', paymentStatus: 'pending' });
    await insertRegistration(t, ea._id, '5k', { status: 'expired', paymentStatus: 'expired' });
    await insertRegistration(t, ea._id, '5k', { status: 'pending', paymentStatus: 'pending' });
    await insertRegistration(t, ea._id, '5k', { status: 'pending', paymentStatus: 'pending' });

    const listA = (await t.app.inject({ method: 'GET', url: '/api/events', headers: a.headers })).json().events;
    expect(listA).toHaveLength(1);
    expect(listA[0]).toMatchObject({
      name: 'Event A',
      createdBy: { name: 'Org A' },
      // Paid ('Terbayar') and held but unpaid ('Menunggu pembayaran') apart; revenue ('Pendapatan')
      // counts only paid, as the organizer's net: without Derap's admin fee (decision 020).
      participants: 2,
      pendingPayment: 3,
      capacity: 500,
      revenue: 150000 + 250000,
      registrations: 6,
      fee: { min: 160000, max: 260000 },
      categories: [
        { name: '5K', paid: 1, pending: 2 },
        { name: '10K', paid: 1, pending: 1 },
      ],
    });
    for (const key of ['eventdate', 'regopen', 'regclose', 'eventDate', 'regOpen', 'regClose', 'description', 'paymentType', 'timezone', 'headerImage']) {
      expect(listA[0]).toHaveProperty(key);
    }
    const listB = (await t.app.inject({ method: 'GET', url: '/api/events', headers: b.headers })).json().events;
    expect(listB.map((e: { name: string }) => e.name)).toEqual(['Event B']);
    const all = (await t.app.inject({ method: 'GET', url: '/api/events', headers: admin.headers })).json().events;
    expect(all.map((e: { name: string }) => e.name).sort()).toEqual(['Event A', 'Event B']);

    const runner = await t.login('r@contoh.id', 'runner');
    expect((await t.app.inject({ method: 'GET', url: '/api/events', headers: runner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });

  it('the public list shows accepted events only, soonest first; other statuses only for admins', async () => {
    const org = await t.login('a@contoh.id', 'organizer', 'Org A');
    const later = await api.create(org.headers, { name: 'Later', code: 'later', eventDate: new Date(Date.now() + 90 * 86_400_000).toISOString() });
    const sooner = await api.create(org.headers, { name: 'Sooner', code: 'sooner' });
    const pending = await api.create(org.headers, { name: 'Pending', code: 'pending' });
    await api.setStatus(later._id, 'diterima');
    await api.setStatus(sooner._id, 'diterima');
    const res = await t.app.inject({ method: 'GET', url: '/api/events/status?status=diterima' });
    expect(res.statusCode).toBe(200);
    const list = res.json().events;
    expect(list.map((e: { name: string }) => e.name)).toEqual(['Sooner', 'Later']);
    expect(list[0]).toMatchObject({ code: 'sooner', organizer: { name: 'Org A' } });
    expect(list[0].categories[0]).toEqual({ categoryId: '5k', name: '5K', price: 150000, adminFee: 10000, slots: 300, sold: 0 });
    expect(list[0]).not.toHaveProperty('revenue');

    for (const headers of [undefined, org.headers]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/events/status?status=diajukan', headers });
      expect(refused.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/events/status?status=bogus' })).statusCode).toBe(400);
    const admin = await t.login('admin@contoh.id', 'admin');
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/events/status?status=diajukan', headers: admin.headers });
    expect(asAdmin.json().events.map((e: { _id: string }) => e._id)).toEqual([pending._id]);
  });

  it('GET /api/events/{code}: accepted and closed events are public; others only for their organizer and admins', async () => {
    const owner = await t.login('a@contoh.id', 'organizer');
    const other = await t.login('b@contoh.id', 'organizer');
    const admin = await t.login('admin@contoh.id', 'admin');
    const ev = await api.create(owner.headers, { code: 'kode-ku' });
    const get = (headers?: Record<string, string>, code = 'kode-ku') => t.app.inject({ method: 'GET', url: `/api/events/${code}`, headers });

    for (const headers of [undefined, other.headers]) {
      const res = await get(headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Event dengan kode tersebut tidak ditemukan.');
    }
    expect((await get(owner.headers)).statusCode).toBe(200);
    expect((await get(admin.headers)).statusCode).toBe(200);

    await api.setStatus(ev._id, 'diterima');
    const open = await get(undefined, 'KODE-KU');
    expect(open.statusCode).toBe(200);
    expect(open.json().event).toMatchObject({
      _id: ev._id,
      eventId: 'jakarta-night-run',
      code: 'kode-ku',
      status: 'diterima',
      paymentType: 'platform',
      paymentOptions: ['gopay', 'bni_va'],
      paymentInstruction: null,
      categories: [
        { categoryId: '5k', name: '5K', description: 'Fun run', price: 150000, originalPrice: null, adminFee: 10000, slots: 300, sold: 0, earlyBird: false, earlyBirdEndDate: null },
        { categoryId: '10k' },
      ],
    });
    await api.setStatus(ev._id, 'tutup');
    expect((await get()).statusCode).toBe(200);
    await api.setStatus(ev._id, 'ditolak');
    expect((await get()).statusCode).toBe(404);
    expect((await get(undefined, 'tidak-ada')).statusCode).toBe(404);
    expect((await get(undefined, 'kode_ku')).statusCode).toBe(404);
  });

  it('findEventByAnyId finds an event by id, slug or code', async () => {
    const org = await t.login('a@contoh.id', 'organizer');
    const ev = await api.create(org.headers, { code: 'KODE' });
    for (const key of [ev._id, 'jakarta-night-run', 'kode', 'KODE']) {
      expect((await findEventByAnyId(t.database.db, key))?.event.id, key).toBe(ev._id);
    }
    expect((await findEventByAnyId(t.database.db, ev._id))!.categories.map((c) => c.categoryId)).toEqual(['5k', '10k']);
    expect(await findEventByAnyId(t.database.db, 'nope')).toBeNull();
  });

  it("findEventByAnyId prefers the eventId over another event's equal code (older data)", async () => {
    const org = await t.login('a@contoh.id', 'organizer');
    const codeOwner = await api.create(org.headers, { name: 'Derap Lain', code: 'kode-satu' });
    const slugOwner = await api.create(org.headers, { name: 'Bandung Trail', code: 'kode-dua' });
    // The pairing createEvent now refuses, made directly as older data could have it.
    await t.database.db.update(events).set({ code: 'bandung-trail' }).where(eq(events.id, codeOwner._id));
    for (let i = 0; i < 3; i++) expect((await findEventByAnyId(t.database.db, 'bandung-trail'))?.event.id).toBe(slugOwner._id);
    expect((await findEventByAnyId(t.database.db, codeOwner._id))?.event.id).toBe(codeOwner._id);
  });

  it('admin moderation: filter by status, allowed moves, refused moves, unknown ids, and roles', async () => {
    const org = await t.login('a@contoh.id', 'organizer');
    const admin = await t.login('admin@contoh.id', 'admin');
    const ev = await api.create(org.headers, { code: 'mod' });
    await api.create(org.headers, { name: 'Other', code: 'other' });
    const patch = (status: string, headers = admin.headers, id = ev._id) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/events/${id}/status`, headers, payload: { status } });

    const pendingList = await t.app.inject({ method: 'GET', url: '/api/admin/events?status=diajukan', headers: admin.headers });
    expect(pendingList.json().events).toHaveLength(2);

    const accepted = await patch('diterima');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().event).toMatchObject({ _id: ev._id, status: 'diterima' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/events?status=diterima', headers: admin.headers })).json().events).toHaveLength(1);

    const again = await patch('diterima');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Status event sudah Diterima.', code: 'SAME_STATUS' });
    const back = await patch('diajukan');
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ message: 'Status event tidak dapat diubah dari Diterima menjadi Diajukan.', code: 'INVALID_TRANSITION' });
    expect((await patch('tutup')).json().event.status).toBe('tutup');
    expect((await patch('diterima')).json().event.status).toBe('diterima');
    expect((await patch('ditolak')).json().event.status).toBe('ditolak');

    expect((await patch('bogus')).statusCode).toBe(400);
    expect((await patch('diterima', admin.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await patch('diterima', admin.headers, 'not-a-uuid')).statusCode).toBe(404);
    expect((await patch('diterima', org.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: org.headers })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, ev._id));
    expect(row!.status).toBe('ditolak');
  });
});
