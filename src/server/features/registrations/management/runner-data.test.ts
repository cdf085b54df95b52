import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoToPlanDate } from '../../../../domain/shared/wire-date';
import { runnerRegistrations } from '../../../db/schema/registrations';
import { buildTestApp, type TestApp } from '../../../test/fixtures/build-test-app';
import { insertCategory, insertEvent, insertRegistration, insertRegistrations } from '../../../test/fixtures/registration-data';

/** The organizer's registration tools: who may see what, search, lookup by QR value, racepack. */
describe('organizer registration API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function setup() {
    const siti = await t.login('siti.rahmawati@derap.id', 'organizer', 'Siti Rahmawati');
    const other = await t.login('joko.organizer@contoh.id', 'organizer', 'Joko');
    const admin = await t.login('dewi.lestari@derap.id', 'admin', 'Dewi');
    const runner = await t.login('rina@contoh.id', 'runner', 'Rina');
    const event = await insertEvent(t.database.db, siti.userId, { name: 'Bali Sunrise Run 2027', code: 'bali-sunrise' });
    const tenK = await insertCategory(t.database.db, event.id, { name: '10K' });
    const half = await insertCategory(t.database.db, event.id, { name: 'Half Marathon', price: 350_000 });
    return { siti, other, admin, runner, event, tenK, half };
  }

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const patch = (url: string, headers: Record<string, string> | undefined, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });

  it('401 anonymous, 403 for runners and coaches on every route, even with a bad body', async () => {
    const { runner, event } = await setup();
    const coach = await t.login('andi@contoh.id', 'coach');
    const reg = await insertRegistration(t.database.db, event, await insertCategory(t.database.db, event.id, { name: '5K' }));
    const urls = [
      `/api/runner-registrations/event/${event.eventId}`,
      `/api/runner-registrations/event/${event.eventId}/csv`,
      `/api/runner-registrations/event/${event.eventId}/xlsx`,
      `/api/runner-registrations/${reg.registrationId}`,
    ];
    for (const url of urls) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, runner.headers)).statusCode).toBe(403);
      expect((await get(url, coach.headers)).statusCode).toBe(403);
    }
    const racepackUrl = `/api/runner-registrations/${reg.registrationId}/racepack`;
    expect((await patch(racepackUrl, undefined, { nonsense: 1 })).statusCode).toBe(401);
    const refused = await patch(racepackUrl, runner.headers, { nonsense: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("another organizer gets 403 for the event's list, CSV and .xlsx and 404 for its registrations (never 400)", async () => {
    const { other, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    expect((await get(`/api/runner-registrations/event/${event.eventId}`, other.headers)).statusCode).toBe(403);
    expect((await get(`/api/runner-registrations/event/${event.eventId}/csv`, other.headers)).statusCode).toBe(403);
    expect((await get(`/api/runner-registrations/event/${event.eventId}/xlsx`, other.headers)).statusCode).toBe(403);
    for (const value of [reg.id, reg.registrationId, reg.qrToken]) {
      const res = await get(`/api/runner-registrations/${encodeURIComponent(value)}`, other.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Registration not found.', code: 'NOT_FOUND' });
    }
    const res = await patch(`/api/runner-registrations/${reg.registrationId}/racepack`, other.headers, { racePackStatus: 'nope' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, reg.id));
    expect(row!.status).toBe('confirmed');
  });

  it('lists newest first with the registration shape; finds the event by slug, code or _id; admin sees it too', async () => {
    const { siti, admin, event, tenK, half } = await setup();
    const older = await insertRegistration(t.database.db, event, tenK, { createdAt: new Date('2027-01-01T01:00:00Z') }, 1);
    const newer = await insertRegistration(t.database.db, event, half, { createdAt: new Date('2027-01-02T01:00:00Z'), status: 'pending', paymentStatus: 'pending' }, 2);
    const otherEvent = await insertEvent(t.database.db, siti.userId);
    await insertRegistration(t.database.db, otherEvent, await insertCategory(t.database.db, otherEvent.id), {}, 3);
    for (const key of [event.eventId, event.code, event.id]) {
      const res = await get(`/api/runner-registrations/event/${key}`, siti.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(2);
      expect(body.registrations.map((r: { _id: string }) => r._id)).toEqual([newer.id, older.id]);
    }
    const asAdmin = (await get(`/api/runner-registrations/event/${event.eventId}`, admin.headers)).json();
    expect(asAdmin.total).toBe(2);
    expect(asAdmin.registrations[0]).toMatchObject({
      _id: newer.id,
      registrationId: newer.registrationId,
      eventId: event.eventId,
      eventName: 'Bali Sunrise Run 2027',
      categoryId: 'half-marathon',
      categoryName: 'Half Marathon',
      status: 'pending',
      payment: { status: 'pending', amount: 360_000 },
      runnerData: { fullName: newer.fullName, dob: isoToPlanDate(newer.dob) },
    });
    expect((await get('/api/runner-registrations/event/tidak-ada', admin.headers)).statusCode).toBe(404);
  });

  it('searches id, name, email, phone, BIB, identity no., category, status and payment status (ILIKE, escaped)', async () => {
    const { siti, event, tenK, half } = await setup();
    const ayu = await insertRegistration(t.database.db, event, tenK, {
      fullName: 'Putu Ayu Saraswati',
      email: 'putu.ayu@contoh.id',
      phone: '+6281999000111',
      bibName: 'AYU_100%',
      identityNo: '5171999988887777',
    });
    const budi = await insertRegistration(t.database.db, event, half, { fullName: 'Budi Santoso', email: 'budi@contoh.id', bibName: 'BUDI', status: 'pending', paymentStatus: 'pending', phone: '+6281200000000', identityNo: '3174000011112222' });
    const search = async (q: string) => {
      const res = await get(`/api/runner-registrations/event/${event.eventId}?q=${encodeURIComponent(q)}`, siti.headers);
      expect(res.statusCode).toBe(200);
      return (res.json().registrations as { _id: string }[]).map((r) => r._id).sort();
    };
    expect(await search('saraswati')).toEqual([ayu.id]);
    expect(await search('PUTU.AYU@')).toEqual([ayu.id]);
    expect(await search('999000')).toEqual([ayu.id]);
    // A phone typed as people write it finds the stored +62 form.
    expect(await search('0819-9900-0111')).toEqual([ayu.id]);
    expect(await search('62 812 000')).toEqual([budi.id]);
    expect(await search('5171999')).toEqual([ayu.id]);
    expect(await search(ayu.registrationId.toLowerCase())).toEqual([ayu.id]);
    expect(await search(budi.id.slice(0, 13))).toEqual([budi.id]);
    expect(await search('half')).toEqual([budi.id]);
    expect(await search('pending')).toEqual([budi.id]);
    expect(await search('lunas')).toEqual([ayu.id]);
    expect(await search('terkonfirmasi')).toEqual([ayu.id]);
    // LIKE wildcards are literal: '%' and '_' only match themselves.
    expect(await search('100%')).toEqual([ayu.id]);
    expect(await search('%')).toEqual([ayu.id]);
    expect(await search('_')).toEqual([ayu.id]);
    expect(await search('tidak ada yang cocok')).toEqual([]);
    expect(await search('   ')).toEqual([ayu.id, budi.id].sort());
  });

  it('looks a registration up by _id, registrationId or QR value (also inside a link); 404 otherwise', async () => {
    const { siti, admin, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK, { fullName: 'Ketut Wirawan' });
    for (const value of [reg.id, reg.id.toUpperCase(), reg.registrationId, reg.registrationId.toLowerCase(), reg.qrToken, `https://derap.id/r/${reg.qrToken}`]) {
      const res = await get(`/api/runner-registrations/${encodeURIComponent(value)}`, siti.headers);
      expect(res.statusCode, value).toBe(200);
      expect(res.json().registration).toMatchObject({ _id: reg.id, eventName: event.name, categoryName: '10K', runnerData: { fullName: 'Ketut Wirawan' } });
    }
    expect((await get(`/api/runner-registrations/${reg.qrToken}`, admin.headers)).statusCode).toBe(200);
    const missing = await get('/api/runner-registrations/QR-TIDAK-ADA', siti.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Registration not found.');
  });

  it('hands out a racepack once: confirmed → racepack_collected, second scan 409 says when', async () => {
    const { siti, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const url = `/api/runner-registrations/${reg.qrToken}/racepack`;
    const first = await patch(url, siti.headers, { racePackStatus: 'racepack_collected' });
    expect(first.statusCode).toBe(200);
    const registration = first.json().registration;
    expect(registration).toMatchObject({ _id: reg.id, status: 'racepack_collected' });
    expect(registration.racepackCollectedAt).toEqual(expect.any(String));
    const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, reg.id));
    expect(row!.racepackCollectedBy).toBe(siti.userId);
    expect(row!.updatedAt.getTime()).toBeGreaterThan(reg.updatedAt.getTime());

    const second = await patch(`/api/runner-registrations/${reg.registrationId}/racepack`, siti.headers, { racePackStatus: 'racepack_collected' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('RACEPACK_ALREADY_COLLECTED');
    expect(second.json().message).toMatch(/^Racepack sudah diambil pada \d{1,2} \w+ \d{4} pukul \d{2}\.\d{2} WIB\.$/);
    const at = new Date(registration.racepackCollectedAt);
    const hh = String((at.getUTCHours() + 7) % 24).padStart(2, '0');
    expect(second.json().message).toContain(`pukul ${hh}.${String(at.getUTCMinutes()).padStart(2, '0')} WIB`);
  });

  it('refuses unpaid (409 in Indonesian), canceled and expired registrations, and a wrong body (400) for the owner', async () => {
    const { siti, event, tenK } = await setup();
    const pending = await insertRegistration(t.database.db, event, tenK, { status: 'pending', paymentStatus: 'pending', confirmedAt: null });
    const res = await patch(`/api/runner-registrations/${pending.registrationId}/racepack`, siti.headers, { racePackStatus: 'racepack_collected' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Pendaftaran belum dibayar: racepack belum bisa diambil.', code: 'REGISTRATION_UNPAID' });
    for (const status of ['canceled', 'expired'] as const) {
      const reg = await insertRegistration(t.database.db, event, tenK, { status });
      const r = await patch(`/api/runner-registrations/${reg.registrationId}/racepack`, siti.headers, { racePackStatus: 'racepack_collected' });
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('REGISTRATION_INACTIVE');
    }
    const confirmed = await insertRegistration(t.database.db, event, tenK);
    const bad = await patch(`/api/runner-registrations/${confirmed.registrationId}/racepack`, siti.headers, { racePackStatus: 'confirmed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, pending.id));
    expect(row!.status).toBe('pending');
  });

  it('two scanners racing on one QR code: exactly one succeeds', async () => {
    const { siti, admin, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const url = `/api/runner-registrations/${reg.registrationId}/racepack`;
    const results = await Promise.all([
      patch(url, siti.headers, { racePackStatus: 'racepack_collected' }),
      patch(url, admin.headers, { racePackStatus: 'racepack_collected' }),
      patch(url, siti.headers, { racePackStatus: 'racepack_collected' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('keeps the racepack time in the event time zone', async () => {
    const { siti } = await setup();
    const event = await insertEvent(t.database.db, siti.userId, { name: 'Makassar Run', timezone: 'Asia/Makassar' });
    const category = await insertCategory(t.database.db, event.id);
    const reg = await insertRegistration(t.database.db, event, category, {
      status: 'racepack_collected',
      racepackCollectedAt: new Date('2027-05-21T02:05:00Z'),
    });
    const res = await patch(`/api/runner-registrations/${reg.registrationId}/racepack`, siti.headers, { racePackStatus: 'racepack_collected' });
    expect(res.json().message).toBe('Racepack sudah diambil pada 21 Mei 2027 pukul 10.05 WITA.');
  });

  it('limit returns the newest rows while total counts every match and eventTotal the whole event', async () => {
    const { siti, event, tenK } = await setup();
    await insertRegistrations(t.database.db, event, tenK, 300);
    const all = (await get(`/api/runner-registrations/event/${event.code}`, siti.headers)).json();
    expect(all.registrations).toHaveLength(300);
    expect([all.total, all.eventTotal]).toEqual([300, 300]);
    const page = (await get(`/api/runner-registrations/event/${event.code}?limit=50`, siti.headers)).json();
    expect(page.registrations.map((r: { _id: string }) => r._id)).toEqual(all.registrations.slice(0, 50).map((r: { _id: string }) => r._id));
    expect([page.total, page.eventTotal]).toEqual([300, 300]);
    // fakeRunner cycles 20 first names: 'Budi' is runner 0, 20, 40, ... → 15 of 300.
    const searched = (await get(`/api/runner-registrations/event/${event.code}?limit=10&q=budi`, siti.headers)).json();
    expect(searched.registrations).toHaveLength(10);
    expect([searched.total, searched.eventTotal]).toEqual([15, 300]);
    expect((await get(`/api/runner-registrations/event/${event.code}?limit=0`, siti.headers)).statusCode).toBe(400);
  });

  it('filters by status, payment status, category and racepack, combined with q; lists the categories; 400 on a wrong value', async () => {
    const { siti, event, tenK, half } = await setup();
    await insertRegistration(t.database.db, event, tenK, { fullName: 'Budi Lunas' }, 1);
    await insertRegistration(t.database.db, event, half, { fullName: 'Budi Half' }, 2);
    await insertRegistration(t.database.db, event, tenK, { fullName: 'Rina Menunggu', status: 'pending', paymentStatus: 'pending' }, 3);
    await insertRegistration(t.database.db, event, half, { fullName: 'Sri Diambil', status: 'racepack_collected' }, 4);
    await insertRegistration(t.database.db, event, tenK, { fullName: 'Eko Gagal', status: 'expired', paymentStatus: 'expired' }, 5);
    const list = async (query: string) => {
      const res = await get(`/api/runner-registrations/event/${event.code}?${query}`, siti.headers);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      const body = res.json() as { registrations: { runnerData: { fullName: string } }[]; total: number; eventTotal: number; categories: unknown };
      return { names: body.registrations.map((r) => r.runnerData.fullName).sort(), total: body.total, eventTotal: body.eventTotal, categories: body.categories };
    };
    const all = await list('');
    expect(all.categories).toEqual([
      { categoryId: '10k', name: '10K' },
      { categoryId: 'half-marathon', name: 'Half Marathon' },
    ]);
    expect([all.total, all.eventTotal]).toEqual([5, 5]);
    expect(await list('status=pending')).toMatchObject({ names: ['Rina Menunggu'], total: 1, eventTotal: 5 });
    expect((await list('paymentStatus=paid')).names).toEqual(['Budi Half', 'Budi Lunas', 'Sri Diambil']);
    expect((await list('paymentStatus=expired')).names).toEqual(['Eko Gagal']);
    expect((await list('category=half-marathon')).names).toEqual(['Budi Half', 'Sri Diambil']);
    expect((await list('racepack=collected')).names).toEqual(['Sri Diambil']);
    expect((await list('racepack=not_collected')).names).toEqual(['Budi Half', 'Budi Lunas']);
    expect(await list('racepack=not_collected&category=10k&q=budi')).toMatchObject({ names: ['Budi Lunas'], total: 1, eventTotal: 5 });
    expect((await list('category=tidak-ada')).names).toEqual([]);
    expect((await list('status=confirmed&paymentStatus=pending')).names).toEqual([]);
    for (const bad of ['status=lunas', 'paymentStatus=ok', 'racepack=yes', 'category=', 'offset=-1', 'offset=abc', 'limit=5001']) {
      const res = await get(`/api/runner-registrations/event/${event.code}?${bad}`, siti.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBeTruthy();
    }
  });

  it('pages with offset and limit: newest first, no row twice, total counts every match past the first page', async () => {
    const { siti, event, tenK } = await setup();
    await insertRegistrations(t.database.db, event, tenK, 120);
    const url = (query: string) => `/api/runner-registrations/event/${event.code}?${query}`;
    const all = (await get(url(''), siti.headers)).json() as { registrations: { _id: string }[] };
    const seen: string[] = [];
    for (const offset of [0, 50, 100]) {
      const page = (await get(url(`limit=50&offset=${offset}`), siti.headers)).json() as { registrations: { _id: string }[]; total: number; eventTotal: number };
      expect([page.total, page.eventTotal], `offset ${offset}`).toEqual([120, 120]);
      seen.push(...page.registrations.map((r) => r._id));
    }
    expect(seen).toEqual(all.registrations.map((r) => r._id));
    const beyond = (await get(url('limit=50&offset=500'), siti.headers)).json();
    expect(beyond).toMatchObject({ registrations: [], total: 120, eventTotal: 120 });
    // Fewer than a page of matches past the first page still counts all of them.
    const searched = (await get(url('limit=10&offset=10&q=budi'), siti.headers)).json();
    expect(searched.registrations).toHaveLength(0);
    expect([searched.total, searched.eventTotal]).toEqual([6, 120]);
  });
});
