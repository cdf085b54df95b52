import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coachingMessages, type CoachEarnings, type CoachPackage, type CoachProfile, type PublicCoachProfile } from '../../../domain/coaching/contract';
import { coachConnections, coachPackages, coachProfiles } from '../../db/schema/coaching';
import { orders } from '../../db/schema/payments';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../test/fixtures/multipart';

type Headers = Record<string, string>;

/**
 * Profil Pelatih and the public coach page over HTTP (events-and-coach-pages §3–§5, §7, §9): the
 * coach's own profile and packages, what an attacker may try (another coach's package, a foreign
 * image host, a taken link, a package that pays the coach nothing), the public reads and their
 * caching, the earnings of paid sales, and the Open Graph tags of /coaching/{uniquelink}.
 */
describe('coach profile, packages, earnings and public page', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in for the built web app, so /coaching/{link} has an index.html to fill.
    const dist = mkdtempSync(path.join(os.tmpdir(), 'derap-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="id"><head><meta charset="UTF-8" /><meta name="description" content="generic" /><title>Derap — Dari Pelari, Untuk Pelari</title></head><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ env: { PUBLIC_READ_CACHE_SECONDS: '2', WEB_DIST_DIR: dist, STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'derap-files-')) } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const profileInput = (over: Record<string, unknown> = {}) => ({
    shownName: 'Andi Pratama',
    headline: 'Pelatih maraton bersertifikat',
    bio: 'Sepuluh tahun melatih pelari pemula sampai sub-3.',
    certifications: ['IAAF Level 1', 'First Aid'],
    profileImageUrl: null,
    headerImageUrl: null,
    location: 'Jakarta',
    availability: true,
    uniquelink: 'andi-pratama',
    packageshown: 'show',
    ...over,
  });
  const packageInput = (over: Record<string, unknown> = {}) => ({ title: 'Paket 4 Minggu', description: 'Program 10K', durationWeeks: 4, price: 400_000, isActive: true, ...over });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const createProfile = (headers: Headers, over: Record<string, unknown> = {}) => call('POST', '/api/coach/profile', headers, profileInput(over));
  const addPackage = async (headers: Headers, over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/coach/package', headers, packageInput(over));
    expect(res.statusCode, res.body).toBe(201);
    return json<{ package: CoachPackage }>(res).package;
  };
  const upload = async (headers: Headers) => {
    const body = multipart([{ field: 'file', filename: 'a.png', type: 'image/png', bytes: TINY_PNG }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    return json<{ url: string; key: string }>(res);
  };

  describe('the coach profile', () => {
    it("answers 404 'Anda belum memiliki profile!' before one exists, then creates once and updates", async () => {
      const andi = await t.login('andi@contoh.id', 'coach', 'Andi');
      const none = await call('GET', '/api/coach/profile', andi.headers);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(coachingMessages.noProfile);
      expect((await call('PUT', '/api/coach/profile', andi.headers, profileInput())).statusCode).toBe(404);

      const created = await createProfile(andi.headers, { uniquelink: 'Andi-Pratama', certifications: ['IAAF Level 1', 'First Aid'] });
      expect(created.statusCode).toBe(201);
      expect(json<{ profile: CoachProfile }>(created).profile).toMatchObject({ uniquelink: 'andi-pratama', userId: andi.userId, verification: 'none', packageshown: 'show' });
      expect((await createProfile(andi.headers, { uniquelink: 'andi-lagi' })).statusCode).toBe(409);

      const updated = await call('PUT', '/api/coach/profile', andi.headers, profileInput({ headline: 'Baru', availability: false, packageshown: 'contact' }));
      expect(updated.statusCode).toBe(200);
      const mine = json<{ profile: CoachProfile }>(await call('GET', '/api/coach/profile', andi.headers)).profile;
      expect(mine).toMatchObject({ headline: 'Baru', availability: false, packageshown: 'contact', certifications: ['IAAF Level 1', 'First Aid'] });
    });

    it('keeps unique links unique case-insensitively (409 with the message), lets a coach keep their own, and refuses malformed ones', async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const budi = await t.login('budi@contoh.id', 'coach');
      expect((await createProfile(andi.headers)).statusCode).toBe(201);
      const taken = await createProfile(budi.headers, { uniquelink: 'ANDI-PRATAMA' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(coachingMessages.uniqueLinkTaken);
      expect((await createProfile(budi.headers, { uniquelink: 'budi' })).statusCode).toBe(201);
      const steal = await call('PUT', '/api/coach/profile', budi.headers, profileInput({ uniquelink: 'andi-pratama' }));
      expect(steal.statusCode).toBe(409);
      expect((await call('PUT', '/api/coach/profile', andi.headers, profileInput({ uniquelink: 'andi-pratama' }))).statusCode).toBe(200);
      for (const bad of ['ab', '-andi', 'andi--x', 'andi pratama', 'a/b', '<script>']) {
        const res = await createProfile(budi.headers, { uniquelink: bad });
        expect(res.statusCode, bad).toBe(400);
      }
      const longBio = await call('PUT', '/api/coach/profile', andi.headers, profileInput({ bio: 'x'.repeat(501) }));
      expect(longBio.statusCode).toBe(400);
    });

    it('decides a race for one link with the unique index: one 201, one 409, never a 500', async () => {
      const a = await t.login('a@contoh.id', 'coach');
      const b = await t.login('b@contoh.id', 'coach');
      const results = await Promise.all([createProfile(a.headers, { uniquelink: 'rebutan' }), createProfile(b.headers, { uniquelink: 'rebutan' })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it("takes images only from the caller's own uploads on our storage, never another host or another coach's file", async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const budi = await t.login('budi@contoh.id', 'coach');
      const mine = await upload(andi.headers);
      const budis = await upload(budi.headers);
      for (const url of ['https://evil.example/a.png', `https://evil.example/api/files/${mine.key}`, 'javascript:alert(1)', `/api/files/${budis.key}`, '/api/files/ffffffffffffffffffffffffffffffff.png']) {
        const res = await createProfile(andi.headers, { profileImageUrl: url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(coachingMessages.imageOnly);
      }
      const ok = await createProfile(andi.headers, { profileImageUrl: mine.url, headerImageUrl: `/api/files/${mine.key}` });
      expect(ok.statusCode).toBe(201);
      expect(json<{ profile: CoachProfile }>(ok).profile).toMatchObject({ profileImageUrl: `/api/files/${mine.key}`, headerImageUrl: `/api/files/${mine.key}` });
      // An unchanged stored value saves again (e.g. demo pictures set by the seed).
      await t.database.db.update(coachProfiles).set({ headerImageUrl: '/demo/coach-header.jpg' }).where(eq(coachProfiles.userId, andi.userId));
      const again = await call('PUT', '/api/coach/profile', andi.headers, profileInput({ profileImageUrl: `/api/files/${mine.key}`, headerImageUrl: '/demo/coach-header.jpg' }));
      expect(again.statusCode).toBe(200);
    });

    it("limits a burst of writes to 60 a minute, without that limit spilling onto the coach's other routes", async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await call('PUT', '/api/coach/profile', andi.headers, { shownName: '' })).statusCode);
      expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect((await call('GET', '/api/coach/my-packages', andi.headers)).statusCode).toBe(200);
      expect((await call('GET', '/api/coach/earnings', andi.headers)).statusCode).toBe(200);
      expect((await call('POST', '/api/coach/package', andi.headers, packageInput())).statusCode).toBe(201);
    });

    it('refuses runners and organizers (403) and strangers (401)', async () => {
      const rina = await t.login('rina@contoh.id', 'runner');
      const siti = await t.login('siti@contoh.id', 'organizer');
      for (const who of [rina, siti]) {
        expect((await createProfile(who.headers)).statusCode).toBe(403);
        expect((await call('GET', '/api/coach/my-packages', who.headers)).statusCode).toBe(403);
        expect((await call('GET', '/api/coach/earnings', who.headers)).statusCode).toBe(403);
      }
      expect((await createProfile({})).statusCode).toBe(401);
    });
  });

  describe('packages', () => {
    it('adds, lists with the estimated amount received, edits, toggles inactive; accepts lowercase isactive', async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const p = await addPackage(andi.headers, { price: 400_000, durationWeeks: 4 });
      expect(p).toMatchObject({ title: 'Paket 4 Minggu', price: 400_000, durationWeeks: 4, isActive: true, estimatedReceived: 400_000 - 60_000 });
      const edited = await call('PUT', `/api/coach/package/${p._id}`, andi.headers, { title: 'Paket 8 Minggu', durationWeeks: 8, price: 700_000, isactive: false });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().package).toMatchObject({ title: 'Paket 8 Minggu', isActive: false, estimatedReceived: 700_000 - 120_000 });
      const list = json<{ packages: CoachPackage[] }>(await call('GET', '/api/coach/my-packages', andi.headers)).packages;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ _id: p._id, isActive: false });
    });

    it("refuses a package the coach would receive nothing from (price − Rp15.000 × weeks ≤ 0), and every §5 rule", async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      for (const over of [{ price: 15_000, durationWeeks: 1 }, { price: 0, durationWeeks: 1 }, { price: 59_999, durationWeeks: 4 }]) {
        const res = await call('POST', '/api/coach/package', andi.headers, packageInput(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().message).toBe(coachingMessages.receivedZero);
      }
      expect((await call('POST', '/api/coach/package', andi.headers, packageInput({ price: 15_001, durationWeeks: 1 }))).statusCode).toBe(201);
      const p = await addPackage(andi.headers);
      const zero = await call('PUT', `/api/coach/package/${p._id}`, andi.headers, packageInput({ price: 60_000 }));
      expect(zero.json().message).toBe(coachingMessages.receivedZero);
      const bad = [packageInput({ title: '' }), packageInput({ durationWeeks: 0 }), packageInput({ price: -1 }), packageInput({ price: 'abc' })];
      for (const body of bad) expect((await call('POST', '/api/coach/package', andi.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    });

    it("answers 404 for another coach's package (edit and delete), for malformed ids, and never changes it", async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const budi = await t.login('budi@contoh.id', 'coach');
      const p = await addPackage(andi.headers);
      expect((await call('PUT', `/api/coach/package/${p._id}`, budi.headers, packageInput({ price: 1_000_000 }))).statusCode).toBe(404);
      expect((await call('DELETE', `/api/coach/package/${p._id}`, budi.headers)).statusCode).toBe(404);
      expect((await call('DELETE', '/api/coach/package/not-a-uuid', andi.headers)).statusCode).toBe(404);
      expect(json<{ packages: CoachPackage[] }>(await call('GET', '/api/coach/my-packages', budi.headers)).packages).toEqual([]);
      const [row] = await t.database.db.select().from(coachPackages).where(eq(coachPackages.id, p._id));
      expect(row).toMatchObject({ price: 400_000, deletedAt: null });
    });

    it('deletes an unsold package for good, but only hides a sold one (its sales stay)', async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id', 'runner');
      const unsold = await addPackage(andi.headers, { title: 'Belum terjual' });
      const sold = await addPackage(andi.headers, { title: 'Terjual' });
      await t.database.db.insert(coachConnections).values({ coachId: andi.userId, runnerId: rina.userId, packageId: sold._id, packages: 'Terjual', title: 'Terjual' });

      const hard = await call('DELETE', `/api/coach/package/${unsold._id}`, andi.headers);
      expect(hard.json()).toEqual({ deleted: true, soft: false });
      expect(await t.database.db.select().from(coachPackages).where(eq(coachPackages.id, unsold._id))).toEqual([]);
      const soft = await call('DELETE', `/api/coach/package/${sold._id}`, andi.headers);
      expect(soft.json()).toEqual({ deleted: true, soft: true });
      const [kept] = await t.database.db.select().from(coachPackages).where(eq(coachPackages.id, sold._id));
      expect(kept!.deletedAt).not.toBeNull();
      expect(kept!.isActive).toBe(false);
      expect(json<{ packages: CoachPackage[] }>(await call('GET', '/api/coach/my-packages', andi.headers)).packages).toEqual([]);
      // Deleted is gone for editing too.
      expect((await call('PUT', `/api/coach/package/${sold._id}`, andi.headers, packageInput())).statusCode).toBe(404);
    });
  });

  describe('the public page', () => {
    async function coachWithPackages(packageshown: 'show' | 'hide' | 'contact') {
      const andi = await t.login('andi@contoh.id', 'coach', 'Andi Pratama');
      expect((await createProfile(andi.headers, { packageshown })).statusCode).toBe(201);
      const active = await addPackage(andi.headers, { title: 'Aktif' });
      await addPackage(andi.headers, { title: 'Nonaktif', isActive: false });
      const gone = await addPackage(andi.headers, { title: 'Dihapus' });
      await t.database.db.update(coachPackages).set({ deletedAt: new Date() }).where(eq(coachPackages.id, gone._id));
      return { andi, active };
    }

    it('shows the profile and only active packages to anyone, by link in any case, with cache headers and 304', async () => {
      const { andi, active } = await coachWithPackages('show');
      const res = await call('GET', '/api/coach/public/profile/ANDI-Pratama');
      expect(res.statusCode).toBe(200);
      const data = json<{ data: PublicCoachProfile }>(res).data;
      expect(data).toMatchObject({ shownName: 'Andi Pratama', name: 'Andi Pratama', userId: andi.userId, uniquelink: 'andi-pratama', verified: false, packageshown: 'show' });
      expect(data.packages.map((p) => p.title)).toEqual(['Aktif']);
      expect(data.packages[0]).not.toHaveProperty('estimatedReceived');
      expect(res.body).not.toContain('verificationDocuments');
      expect(res.headers['cache-control']).toBe('public, max-age=5, s-maxage=2, stale-while-revalidate=4');
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url: '/api/coach/public/profile/andi-pratama', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

      const packages = await call('GET', `/api/coach/package/user/${andi.userId}`);
      expect(packages.statusCode).toBe(200);
      expect(packages.json().data.map((p: { _id: string }) => p._id)).toEqual([active._id]);
      expect(packages.headers.etag).toBeTruthy();
      expect((await call('GET', '/api/coach/package/user/nope')).json()).toEqual({ data: [] });
    });

    it("sends the packages for 'hide' (the page hides them behind a toggle) and none for 'contact'; verified only when verified", async () => {
      const { andi } = await coachWithPackages('hide');
      expect(json<{ data: PublicCoachProfile }>(await call('GET', '/api/coach/public/profile/andi-pratama')).data.packages).toHaveLength(1);
      // Written straight to the table, as another server (or the admin's verification) would: the
      // cached page follows within the version poll (decision 015).
      const page = async () => json<{ data: PublicCoachProfile }>(await call('GET', '/api/coach/public/profile/andi-pratama')).data;
      await t.database.db.update(coachProfiles).set({ packageshown: 'contact', verification: 'verified' }).where(eq(coachProfiles.userId, andi.userId));
      await expect.poll(async () => { const data = await page(); return [data.packages.length, data.verified]; }, { timeout: 3_000 }).toEqual([0, true]);
      await t.database.db.update(coachProfiles).set({ verification: 'pending' }).where(eq(coachProfiles.userId, andi.userId));
      await expect.poll(async () => (await page()).verified, { timeout: 3_000 }).toBe(false);
    });

    it("answers 404 'Profil tidak ditemukan.' for an unknown link", async () => {
      const res = await call('GET', '/api/coach/public/profile/tidak-ada');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(coachingMessages.profileNotFound);
    });
  });

  describe('Open Graph tags of /coaching/{uniquelink}', () => {
    const metaContent = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

    it("carries the coach's name, headline, absolute photo URL, page URL and a card, and drops the generic ones", async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const photo = await upload(andi.headers);
      await createProfile(andi.headers, { shownName: 'Andi Pratama', headline: 'Pelatih maraton', profileImageUrl: photo.url });
      const res = await call('GET', '/coaching/andi-pratama');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(metaContent(res.body, 'og:title')).toBe('Andi Pratama — Pelatih Lari | Derap');
      expect(metaContent(res.body, 'og:description')).toBe('Pelatih maraton');
      expect(metaContent(res.body, 'og:image')).toBe(`http://localhost:3000/api/files/${photo.key}`);
      expect(metaContent(res.body, 'og:url')).toBe('http://localhost:3000/coaching/andi-pratama');
      expect(metaContent(res.body, 'twitter:card')).toBe('summary_large_image');
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body).toContain('<title>Andi Pratama — Pelatih Lari | Derap</title>');
      expect(res.body).not.toContain('content="generic"');
    });

    it('escapes every value: a name or bio with "><script> stays text', async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      await createProfile(andi.headers, { shownName: 'Andi"><script>alert(1)</script>', headline: '', bio: "Bio '\"><img src=x onerror=alert(1)>" });
      const res = await call('GET', '/coaching/andi-pratama');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('<img src=x');
      expect(metaContent(res.body, 'og:title')).toBe('Andi&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; — Pelatih Lari | Derap');
      expect(metaContent(res.body, 'og:description')).toContain('&#60;img src=x onerror=alert(1)&#62;');
    });

    it('serves the app with generic tags and the default picture for an unknown link', async () => {
      const res = await call('GET', '/coaching/tidak-ada');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(metaContent(res.body, 'og:title')).toBe('Derap — Dari Pelari, Untuk Pelari');
      expect(metaContent(res.body, 'og:image')).toBe('http://localhost:3000/desk-icon-512.png');
      expect(metaContent(res.body, 'og:url')).toBe('http://localhost:3000/coaching/tidak-ada');
      expect(res.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('Keuangan (earnings)', () => {
    let refs = 0;
    async function sale(coachId: string, runnerId: string, pkg: { id: string | null; title: string }, amount: number, fee: number, paidAt: string, status: 'paid' | 'pending' | 'refunded' = 'paid') {
      const [order] = await t.database.db
        .insert(orders)
        .values({
          kind: 'coach_package',
          amount,
          status,
          gateway: 'sandbox',
          gatewayRef: `coach-${++refs}-${Math.random()}`,
          description: pkg.title,
          finishUrl: 'http://localhost/x',
          expiresAt: new Date(paidAt),
          paidAt: status === 'pending' ? null : new Date(paidAt),
        })
        .returning();
      await t.database.db.insert(coachConnections).values({ coachId, runnerId, packageId: pkg.id, packages: pkg.title, title: pkg.title, orderId: order!.id, amount, platformFee: fee });
    }

    it('sums paid sales only, per package and per Jakarta month (newest first); other coaches and freeslots are not counted', async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      const budi = await t.login('budi@contoh.id', 'coach');
      const rina = await t.login('rina@contoh.id', 'runner');
      const four = await addPackage(andi.headers, { title: 'Paket 4 Minggu', price: 400_000, durationWeeks: 4 });
      const eight = await addPackage(andi.headers, { title: 'Paket 8 Minggu', price: 700_000, durationWeeks: 8 });
      await sale(andi.userId, rina.userId, { id: four._id, title: 'Paket 4 Minggu' }, 400_000, 60_000, '2026-09-10T03:00:00Z');
      // 31 October 20:00 UTC is 1 November in Jakarta.
      await sale(andi.userId, rina.userId, { id: four._id, title: 'Paket 4 Minggu' }, 400_000, 60_000, '2026-10-31T20:00:00Z');
      await sale(andi.userId, rina.userId, { id: eight._id, title: 'Paket 8 Minggu' }, 700_000, 120_000, '2026-11-02T03:00:00Z');
      await sale(andi.userId, rina.userId, { id: eight._id, title: 'Paket 8 Minggu' }, 700_000, 120_000, '2026-11-03T03:00:00Z', 'pending');
      await sale(andi.userId, rina.userId, { id: eight._id, title: 'Paket 8 Minggu' }, 700_000, 120_000, '2026-11-03T03:00:00Z', 'refunded');
      await sale(budi.userId, rina.userId, { id: null, title: 'Paket Budi' }, 999_000, 15_000, '2026-11-02T03:00:00Z');
      await t.database.db.insert(coachConnections).values({ coachId: andi.userId, runnerId: rina.userId, packages: 'freeslot', title: 'Slot gratis' });

      const res = await call('GET', '/api/coach/earnings', andi.headers);
      expect(res.statusCode).toBe(200);
      const body = json<CoachEarnings>(res);
      // The refunded sale stays a sale, refunded in full (the gateway reported it: no refund row of ours), so it adds nothing net (decision 035).
      expect(body.total).toEqual({ sales: 4, gross: 2_200_000, refunds: 700_000, platformFee: 240_000, net: 1_260_000 });
      expect(body.byPackage).toEqual([
        { packageId: eight._id, title: 'Paket 8 Minggu', sales: 2, gross: 1_400_000, refunds: 700_000, platformFee: 120_000, net: 580_000 },
        { packageId: four._id, title: 'Paket 4 Minggu', sales: 2, gross: 800_000, refunds: 0, platformFee: 120_000, net: 680_000 },
      ]);
      expect(body.byMonth).toEqual([
        { month: '2026-11', sales: 3, gross: 1_800_000, refunds: 700_000, platformFee: 180_000, net: 920_000 },
        { month: '2026-09', sales: 1, gross: 400_000, refunds: 0, platformFee: 60_000, net: 340_000 },
      ]);
      // A sold package deleted later keeps its line.
      await call('DELETE', `/api/coach/package/${four._id}`, andi.headers);
      expect(json<CoachEarnings>(await call('GET', '/api/coach/earnings', andi.headers)).byPackage[1]).toMatchObject({ title: 'Paket 4 Minggu', sales: 2 });
    });

    it('is empty for a coach with no sales', async () => {
      const andi = await t.login('andi@contoh.id', 'coach');
      expect(json<CoachEarnings>(await call('GET', '/api/coach/earnings', andi.headers))).toEqual({
        total: { sales: 0, gross: 0, refunds: 0, platformFee: 0, net: 0 },
        byPackage: [],
        byMonth: [],
      });
    });
  });
});
