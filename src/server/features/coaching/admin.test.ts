import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coachAdminMessages, type AdminCoach } from '../../../domain/coaching/admin-contract';
import { FREESLOT, slotDatesOnFill } from '../../../domain/coaching/coaching';
import { jakartaToday, addDays } from '../../../domain/shared/wire-date';
import { coachConnections, coachProfiles } from '../../db/schema/coaching';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../test/fixtures/multipart';

/**
 * The admin's coach tools and the coach's verification request (issue 14 items 1, 6): the list,
 * freeslots, Verifikasi / Tolak, and private documents that only the admin can open.
 */
describe('admin coach tools', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'derap-coach-admin-'));
    t = await buildTestApp({ env: { STORAGE_DIR: dir } });
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async (headers: Record<string, string>, q = '') =>
    json<{ data: AdminCoach[] }>(await t.app.inject({ method: 'GET', url: `/api/admin/coaches${q ? `?q=${encodeURIComponent(q)}` : ''}`, headers })).data;
  const addSlots = (headers: Record<string, string>, coachId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/coaches/${coachId}/slots`, headers, payload });
  const decide = (headers: Record<string, string>, coachId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/coaches/${coachId}/verification`, headers, payload });
  const uploadDocument = (headers: Record<string, string>) => {
    const body = multipart([{ field: 'file', filename: 'ktp.png', type: 'image/png', bytes: TINY_PNG }]);
    return t.app.inject({ method: 'POST', url: '/api/coach/verification/documents', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const profileFor = (userId: string, uniquelink: string) =>
    t.database.db.insert(coachProfiles).values({ userId, shownName: 'Andi Pratama', uniquelink }).returning();

  it('lists coaches only, with profile link, verification and slots used/free; searches by name or email', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const andi = await t.login('andi@contoh.id', 'coach', 'Andi Pratama');
    await t.login('sari@contoh.id', 'coach', 'Sari Dewi');
    const rina = await t.login('rina@contoh.id', 'runner', 'Rina Wulandari');
    await profileFor(andi.userId, 'andi-pratama');
    const today = jakartaToday();
    await t.database.db.insert(coachConnections).values([
      { coachId: andi.userId, runnerId: rina.userId, packages: 'Paket 4 Minggu', title: 'Paket 4 Minggu', startDate: today, endDate: addDays(today, 28) },
      { coachId: andi.userId, runnerId: null, packages: FREESLOT, title: 'Slot gratis' },
      // Ended and expired slots count as neither used nor free.
      { coachId: andi.userId, runnerId: rina.userId, packages: FREESLOT, title: 'Slot gratis', status: 'ended', startDate: today },
      { coachId: andi.userId, runnerId: rina.userId, packages: 'Lama', title: 'Lama', startDate: addDays(today, -60), endDate: addDays(today, -1) },
    ]);

    const all = await list(admin.headers);
    expect(all.map((c) => c.name)).toEqual(['Andi Pratama', 'Sari Dewi']);
    expect(all[0]).toMatchObject({ email: 'andi@contoh.id', profile: { uniquelink: 'andi-pratama' }, verification: 'none', slots: { used: 1, free: 1 }, documents: [] });
    expect(all[1]).toMatchObject({ profile: null, verification: 'none', slots: { used: 0, free: 0 } });
    expect((await list(admin.headers, 'SARI@')).map((c) => c.name)).toEqual(['Sari Dewi']);
    expect(await list(admin.headers, '%')).toEqual([]);
  });

  it('adds 1–20 freeslots with no runner and no dates; filled, one runs weeks × 7 days from that day', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const andi = await t.login('andi@contoh.id', 'coach');
    const res = await addSlots(admin.headers, andi.userId, { count: 3, weeks: 8 });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ message: '3 slot gratis ditambahkan.' });
    const rows = await t.database.db.select().from(coachConnections).where(eq(coachConnections.coachId, andi.userId));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ packages: FREESLOT, runnerId: null, startDate: null, endDate: null, durationWeeks: 8, status: 'active', createdBy: admin.userId, amount: 0 });
    }
    expect(slotDatesOnFill(rows[0]!, '2026-01-05')).toEqual({ startDate: '2026-01-05', endDate: '2026-03-02' });
    expect((await list(admin.headers))[0]!.slots).toEqual({ used: 0, free: 3 });
  });

  it.each([
    [{ count: 0, weeks: 4 }, coachAdminMessages.slotCount],
    [{ count: 21, weeks: 4 }, coachAdminMessages.slotCount],
    [{ count: 1.5, weeks: 4 }, coachAdminMessages.slotCount],
    [{ count: 1, weeks: 0 }, coachAdminMessages.slotWeeks],
    [{ count: 1, weeks: 105 }, coachAdminMessages.slotWeeks],
    [{ count: 'banyak', weeks: 4 }, coachAdminMessages.slotCount],
  ])('refuses slots %o with "%s"', async (payload, message) => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const andi = await t.login('andi@contoh.id', 'coach');
    const res = await addSlots(admin.headers, andi.userId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await t.database.db.select().from(coachConnections)).toHaveLength(0);
  });

  it('refuses slots and verification for a user who is not a coach, or no user (404)', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const rina = await t.login('rina@contoh.id', 'runner');
    for (const id of [rina.userId, '00000000-0000-4000-8000-000000000000']) {
      expect((await addSlots(admin.headers, id, { count: 1, weeks: 4 })).statusCode).toBe(404);
      expect((await decide(admin.headers, id, { status: 'verified' })).statusCode).toBe(404);
    }
    expect((await addSlots(admin.headers, 'abc', { count: 1, weeks: 4 })).statusCode).toBe(400);
  });

  it('the coach sends private documents; the admin opens them, verifies (verifiedAt/By) or rejects with a note', async () => {
    const admin = await t.login('admin@contoh.id', 'admin');
    const andi = await t.login('andi@contoh.id', 'coach');
    // No profile yet: nothing to verify.
    const doc = await uploadDocument(andi.headers);
    expect(doc.statusCode, doc.body).toBe(201);
    const { key } = json<{ key: string }>(doc);
    expect((await t.app.inject({ method: 'POST', url: '/api/coach/verification', headers: andi.headers, payload: { documents: [key] } })).statusCode).toBe(409);
    expect((await decide(admin.headers, andi.userId, { status: 'verified' })).statusCode).toBe(409);

    await profileFor(andi.userId, 'andi-pratama');
    // The document is private: the public file route does not serve it.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);
    const sent = await t.app.inject({ method: 'POST', url: '/api/coach/verification', headers: andi.headers, payload: { documents: [key] } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent)).toMatchObject({ verification: 'pending', message: coachAdminMessages.verificationSent });

    const [listed] = await list(admin.headers);
    expect(listed).toMatchObject({ verification: 'pending', documents: [{ key, url: `/api/admin/coaches/${andi.userId}/documents/${key}` }] });
    const file = await t.app.inject({ method: 'GET', url: listed!.documents[0]!.url, headers: admin.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: listed!.documents[0]!.url, headers: andi.headers })).statusCode).toBe(403);
    // A key the coach did not send is absent, even if the file exists.
    const otherKey = json<{ key: string }>(await uploadDocument(andi.headers)).key;
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/coaches/${andi.userId}/documents/${otherKey}`, headers: admin.headers })).statusCode).toBe(404);

    const noNote = await decide(admin.headers, andi.userId, { status: 'rejected', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain(coachAdminMessages.noteRequired);
    const rejected = await decide(admin.headers, andi.userId, { status: 'rejected', note: 'Foto KTP buram.' });
    expect(json(rejected)).toMatchObject({ verification: 'rejected', note: 'Foto KTP buram.' });
    // The coach reads the reason on Profil Pelatih; the public page never carries it.
    const own = json<{ profile: { verification: string; verificationNote: string | null } }>(await t.app.inject({ method: 'GET', url: '/api/coach/profile', headers: andi.headers }));
    expect(own.profile).toMatchObject({ verification: 'rejected', verificationNote: 'Foto KTP buram.' });
    const publicPage = await t.app.inject({ method: 'GET', url: '/api/coach/public/profile/andi-pratama' });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).not.toContain('buram');

    const verified = await decide(admin.headers, andi.userId, { status: 'verified' });
    expect(verified.statusCode).toBe(200);
    const [profile] = await t.database.db.select().from(coachProfiles).where(eq(coachProfiles.userId, andi.userId));
    expect(profile).toMatchObject({ verification: 'verified', verifiedBy: admin.userId, verificationNote: null });
    expect(profile!.verifiedAt).toBeInstanceOf(Date);
    // Once verified, a new request is refused (it would hide the badge).
    expect((await t.app.inject({ method: 'POST', url: '/api/coach/verification', headers: andi.headers, payload: { documents: [key] } })).statusCode).toBe(409);
    expect((await decide(admin.headers, andi.userId, { status: 'pending' })).statusCode).toBe(400);
  });

  it("refuses documents that are not the coach's own private uploads", async () => {
    const andi = await t.login('andi@contoh.id', 'coach');
    const sari = await t.login('sari@contoh.id', 'coach');
    await profileFor(andi.userId, 'andi-pratama');
    const sarisKey = json<{ key: string }>(await uploadDocument(sari.headers)).key;
    const publicUpload = multipart([{ field: 'file', filename: 'foto.png', type: 'image/png', bytes: TINY_PNG }]);
    const publicKey = json<{ key: string }>(
      await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...andi.headers, ...publicUpload.headers }, payload: publicUpload.payload }),
    ).key;
    for (const documents of [[sarisKey], [publicKey], ['../../etc/passwd'], ['0123456789abcdef0123456789abcdef.png'], []]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/coach/verification', headers: andi.headers, payload: { documents } });
      expect(res.statusCode, JSON.stringify(documents)).toBe(400);
    }
    const [profile] = await t.database.db.select().from(coachProfiles).where(eq(coachProfiles.userId, andi.userId));
    expect(profile!.verification).toBe('none');
  });
});
