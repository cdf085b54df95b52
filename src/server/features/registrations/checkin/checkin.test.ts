import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CHECKIN_BATCH, qrDigest, type CheckinList, type CheckinSyncResponse } from '../../../../domain/registrations/checkin';
import { runnerRegistrations } from '../../../db/schema/registrations';
import { buildTestApp, type TestApp } from '../../../test/fixtures/build-test-app';
import { insertCategory, insertEvent, insertRegistration, insertRegistrations } from '../../../test/fixtures/registration-data';
import { qrTokenDigest } from './service';

/** The offline racepack desk (decision 022): the check-in list and the sync of offline marks. */
describe('offline racepack desk API', () => {
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
    const coach = await t.login('andi@contoh.id', 'coach', 'Andi');
    const event = await insertEvent(t.database.db, siti.userId, { name: 'Bali Sunrise Run 2027', code: 'bali-sunrise' });
    const tenK = await insertCategory(t.database.db, event.id, { name: '10K' });
    const half = await insertCategory(t.database.db, event.id, { name: 'Half Marathon', price: 350_000 });
    return { siti, other, admin, runner, coach, event, tenK, half };
  }

  const listUrl = (key: string, query = '') => `/api/runner-registrations/event/${key}/checkin-list${query}`;
  const syncUrl = (key: string) => `/api/runner-registrations/event/${key}/checkin-sync`;
  const getList = async (key: string, headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(key, query), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CheckinList;
  };
  const sync = (key: string, headers: Record<string, string> | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: syncUrl(key), headers, payload: payload as object });
  const mark = (registrationId: string, scannedAt: string, deviceId = 'DEVICE-A1', deviceName?: string) => ({ registrationId, scannedAt, deviceId, ...(deviceName ? { deviceName } : {}) });

  it('401 anonymous; 403 for runners, coaches and another organizer; admin may; unknown event 404', async () => {
    const { siti, other, admin, runner, coach, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const body = { marks: [mark(reg.registrationId, new Date().toISOString())] };
    expect((await t.app.inject({ method: 'GET', url: listUrl(event.eventId) })).statusCode).toBe(401);
    expect((await sync(event.eventId, undefined, body)).statusCode).toBe(401);
    for (const who of [runner, coach, other]) {
      expect((await t.app.inject({ method: 'GET', url: listUrl(event.eventId), headers: who.headers })).statusCode).toBe(403);
      // Refused before the body is looked at, even a bad one.
      expect((await sync(event.eventId, who.headers, { marks: 'nonsense' })).statusCode).toBe(403);
    }
    // Another organizer's marks changed nothing.
    expect((await sync(event.eventId, other.headers, body)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, reg.id));
    expect(row!.status).toBe('confirmed');
    expect((await getList(event.eventId, admin.headers)).rows).toHaveLength(1);
    expect((await getList(event.code, siti.headers)).rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: listUrl('tidak-ada'), headers: admin.headers })).statusCode).toBe(404);
    expect((await sync('tidak-ada', admin.headers, body)).statusCode).toBe(404);
  });

  it('lists only what the desk needs: a digest of the QR token (never the token), name, BIB, category, size, status', async () => {
    const { siti, event, tenK, half } = await setup();
    const ayu = await insertRegistration(t.database.db, event, half, { fullName: 'Putu Ayu Saraswati', bibName: 'AYU', tshirtSize: 'S', medicalNotes: 'Asma ringan', identityNo: '5171999988887777', phone: '+6281999000111', email: 'putu.ayu@contoh.id' }, 1);
    const budi = await insertRegistration(t.database.db, event, tenK, { status: 'pending', paymentStatus: 'pending' }, 2);
    const otherEvent = await insertEvent(t.database.db, siti.userId);
    await insertRegistration(t.database.db, otherEvent, await insertCategory(t.database.db, otherEvent.id), {}, 3);

    const res = await t.app.inject({ method: 'GET', url: listUrl(event.eventId), headers: siti.headers });
    const text = res.body;
    const list = res.json() as CheckinList;
    expect(list).toMatchObject({ v: 2, full: true, event: { _id: event.id, eventId: event.eventId, name: 'Bali Sunrise Run 2027', timezone: 'Asia/Jakarta' }, categories: ['10K', 'Half Marathon'] });
    expect(list.rows).toHaveLength(2);
    const ayuRow = list.rows.find((r) => r[0] === ayu.registrationId)!;
    expect(ayuRow).toEqual([ayu.registrationId, qrTokenDigest(ayu.qrToken), 'Putu Ayu Saraswati', 'AYU', 1, 'S', list.statuses.indexOf('confirmed'), null, null, null]);
    const budiRow = list.rows.find((r) => r[0] === budi.registrationId)!;
    expect(list.statuses[budiRow[6]]).toBe('pending');
    // The browser's digest (Web Crypto, domain/registrations/checkin.ts) is the server's.
    expect(await qrDigest(ayu.qrToken)).toBe(ayuRow[1]);
    expect(ayuRow[1]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const secret of [ayu.qrToken, budi.qrToken, '5171999988887777', '+6281999000111', 'putu.ayu@contoh.id', 'Asma ringan', ayu.id, ayu.emergencyContact]) {
      expect(text).not.toContain(secret);
    }
  });

  it('gzip when accepted, ETag answers 304 while nothing changed, `since` returns only the changes', async () => {
    const { siti, event, tenK } = await setup();
    await insertRegistrations(t.database.db, event, tenK, 300);
    const plain = await t.app.inject({ method: 'GET', url: listUrl(event.eventId), headers: siti.headers });
    const zipped = await t.app.inject({ method: 'GET', url: listUrl(event.eventId), headers: { ...siti.headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as CheckinList;
    const byId = (rows: CheckinList['rows']) => [...rows].sort((a, b) => a[0].localeCompare(b[0]));
    expect(byId(unzipped.rows)).toEqual(byId((plain.json() as CheckinList).rows));
    expect(unzipped.rows).toHaveLength(300);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url: listUrl(event.eventId), headers: { ...siti.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A cursor taken now sees the rows changed within its overlap; one from later sees only new changes.
    const first = plain.json() as CheckinList;
    const incremental = await getList(event.eventId, siti.headers, `?since=${encodeURIComponent(first.cursor)}`);
    expect(incremental.full).toBe(false);
    const later = new Date(Date.now() + 1000).toISOString();
    expect((await getList(event.eventId, siti.headers, `?since=${later}`)).rows).toHaveLength(0);
    const one = first.rows[5]!;
    await t.database.db.update(runnerRegistrations).set({ status: 'canceled', updatedAt: new Date(Date.now() + 5000) }).where(eq(runnerRegistrations.registrationId, one[0]));
    const changed = await getList(event.eventId, siti.headers, `?since=${encodeURIComponent(new Date(Date.now() + 2000).toISOString())}`);
    expect(changed.rows.map((r) => [r[0], changed.statuses[r[6]]])).toEqual([[one[0], 'canceled']]);
    const stale = await t.app.inject({ method: 'GET', url: listUrl(event.eventId), headers: { ...siti.headers, 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: listUrl(event.eventId, '?since=kemarin'), headers: siti.headers })).statusCode).toBe(400);
  });

  it('applies marks: collected with the scan time and device; refused for unpaid or canceled; not_found for other events', async () => {
    const { siti, event, tenK } = await setup();
    const ok = await insertRegistration(t.database.db, event, tenK, {}, 1);
    const unpaid = await insertRegistration(t.database.db, event, tenK, { status: 'pending', paymentStatus: 'pending' }, 2);
    const canceled = await insertRegistration(t.database.db, event, tenK, { status: 'canceled', paymentStatus: 'failed' }, 3);
    const otherEvent = await insertEvent(t.database.db, siti.userId);
    const elsewhere = await insertRegistration(t.database.db, otherEvent, await insertCategory(t.database.db, otherEvent.id), {}, 4);
    const scannedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const res = await sync(event.eventId, siti.headers, {
      marks: [mark(ok.registrationId.toLowerCase(), scannedAt, 'DEVICE-A1', 'Meja 1'), mark(unpaid.registrationId, scannedAt), mark(canceled.registrationId, scannedAt), mark(elsewhere.registrationId, scannedAt), mark('REG-TIDAKADA', scannedAt)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as CheckinSyncResponse;
    expect(results.map((r) => r.outcome)).toEqual(['collected', 'refused', 'refused', 'not_found', 'not_found']);
    expect(results[0]).toMatchObject({ registrationId: ok.registrationId, status: 'racepack_collected', collectedAt: scannedAt, collectedDevice: { id: 'DEVICE-A1', name: 'Meja 1' }, message: 'Racepack berhasil ditandai sudah diambil.' });
    expect(results[1]!.message).toBe('Pendaftaran belum dibayar: racepack belum bisa diambil.');
    expect(results[2]!.message).toBe('Pendaftaran ini sudah dibatalkan atau kedaluwarsa: racepack tidak bisa diambil.');
    expect(results[3]!.message).toBe('Pendaftaran tidak ditemukan di event ini.');
    const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, ok.id));
    expect(row).toMatchObject({ status: 'racepack_collected', racepackCollectedBy: siti.userId, racepackCollectedDevice: 'DEVICE-A1', racepackCollectedDeviceName: 'Meja 1' });
    expect(row!.racepackCollectedAt!.toISOString()).toBe(scannedAt);
    const [untouched] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, elsewhere.id));
    expect(untouched!.status).toBe('confirmed');
    // The list now says who took it.
    const list = await getList(event.eventId, siti.headers);
    const okRow = list.rows.find((r) => r[0] === ok.registrationId)!;
    expect([list.statuses[okRow[6]], okRow[7], okRow[8]]).toEqual(['racepack_collected', Date.parse(scannedAt), 'Meja 1']);
  });

  it('two devices, one runner: the first mark to reach the server wins; the other device gets when and which device', async () => {
    const { siti, admin, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const firstAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const a = await sync(event.eventId, siti.headers, { marks: [mark(reg.registrationId, firstAt, 'DEVICE-A1', 'Meja 1')] });
    expect((a.json() as CheckinSyncResponse).results[0]!.outcome).toBe('collected');
    // Device B scanned earlier on its clock but reached the server later: the record stays.
    const b = await sync(event.eventId, admin.headers, { marks: [mark(reg.registrationId, new Date(Date.now() - 9 * 60_000).toISOString(), 'DEVICE-B2', 'Meja 2')] });
    const result = (b.json() as CheckinSyncResponse).results[0]!;
    expect(result).toMatchObject({ outcome: 'already_collected', status: 'racepack_collected', collectedAt: firstAt, collectedDevice: { id: 'DEVICE-A1', name: 'Meja 1' } });
    expect(result.message).toMatch(/^Racepack sudah diambil pada \d{1,2} \w+ \d{4} pukul \d{2}\.\d{2} WIB \(perangkat Meja 1\)\.$/);
    // The scan dialog's online hand-out says the same, naming the device.
    const online = await t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${reg.registrationId}/racepack`, headers: siti.headers, payload: { racePackStatus: 'racepack_collected' } });
    expect(online.statusCode).toBe(409);
    expect(online.json().message).toContain('(perangkat Meja 1)');
  });

  it('an online hand-out first: a desk mark gets the warning naming an online scan', async () => {
    const { siti, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const online = await t.app.inject({ method: 'PATCH', url: `/api/runner-registrations/${reg.registrationId}/racepack`, headers: siti.headers, payload: { racePackStatus: 'racepack_collected' } });
    expect(online.statusCode).toBe(200);
    const res = await sync(event.eventId, siti.headers, { marks: [mark(reg.registrationId, new Date().toISOString())] });
    const result = (res.json() as CheckinSyncResponse).results[0]!;
    expect(result).toMatchObject({ outcome: 'already_collected', collectedDevice: null });
    expect(result.message).toContain('(pemindaian online)');
  });

  it('within one batch the earliest scan wins; a replayed batch changes nothing and answers the same', async () => {
    const { siti, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const early = new Date(Date.now() - 20 * 60_000).toISOString();
    const late = new Date(Date.now() - 10 * 60_000).toISOString();
    // Two devices' marks arrive together (a relay), the later one listed first.
    const body = { marks: [mark(reg.registrationId, late, 'DEVICE-B2'), mark(reg.registrationId, early, 'DEVICE-A1')] };
    const first = (await sync(event.eventId, siti.headers, body)).json() as CheckinSyncResponse;
    expect(first.results.map((r) => r.outcome)).toEqual(['already_collected', 'collected']);
    expect(first.results[1]!.collectedAt).toBe(early);
    const [before] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, reg.id));
    const replay = (await sync(event.eventId, siti.headers, body)).json() as CheckinSyncResponse;
    expect(replay.results).toEqual(first.results);
    const [after] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, reg.id));
    expect(after).toEqual(before);
  });

  it("a scan time ahead of the server's clock is recorded as now", async () => {
    const { siti, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const res = await sync(event.eventId, siti.headers, { marks: [mark(reg.registrationId, new Date(Date.now() + 3_600_000).toISOString())] });
    const collectedAt = Date.parse((res.json() as CheckinSyncResponse).results[0]!.collectedAt!);
    expect(collectedAt).toBeLessThanOrEqual(Date.now());
    expect(collectedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('bounded: more than 500 marks 400, a body over the limit 413, bad marks 400', async () => {
    const { siti, event, tenK } = await setup();
    const reg = await insertRegistration(t.database.db, event, tenK);
    const at = new Date().toISOString();
    const tooMany = await sync(event.eventId, siti.headers, { marks: Array.from({ length: MAX_CHECKIN_BATCH + 1 }, () => mark(reg.registrationId, at)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('500');
    const huge = await sync(event.eventId, siti.headers, { marks: [{ ...mark(reg.registrationId, at), pad: 'x'.repeat(200 * 1024) }] });
    expect(huge.statusCode).toBe(413);
    for (const bad of [{ marks: [] }, { marks: [mark(reg.registrationId, 'kemarin')] }, { marks: [mark(reg.registrationId, at, 'perangkat saya!')] }, {}]) {
      const res = await sync(event.eventId, siti.headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [row] = await t.database.db.select().from(runnerRegistrations).where(eq(runnerRegistrations.id, reg.id));
    expect(row!.status).toBe('confirmed');
  });
});
