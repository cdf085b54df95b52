import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDateToIso } from '../../domain/shared/wire-date';
import { roles } from '../../domain/users/roles';
import { openTestDatabase } from '../test/fixtures/build-test-app';
import type { Database } from '../db/client';
import { createLocalDiskStorage } from '../adapters/storage/local-disk';
import { coachConnections, coachPackages, coachProfiles } from '../db/schema/coaching';
import { calendarEvents } from '../db/schema/event-calendar';
import { eventCategories, events } from '../db/schema/events';
import { orders } from '../db/schema/payments';
import { runnerRegistrations } from '../db/schema/registrations';
import { subscriptionGrants } from '../db/schema/subscriptions';
import { uploads } from '../db/schema/uploads';
import { users } from '../db/schema/users';
import { listCalendar } from '../features/event-calendar/service';
import { findGroupRun, listGroupRuns } from '../features/group-runs/service';
import { connectionIsLive } from '../../domain/coaching/coaching';
import { addDays, jakartaToday } from '../../domain/shared/wire-date';
import { liveConnection } from '../features/coaching/service';
import { readPlan } from '../features/training-plan/service';
import { seedDemoData } from './seed';

describe('demo data', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('loads at least one user of every role on first start, and only then', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const rows = await database.db.select().from(users);
    for (const role of roles) expect(rows.some((u) => u.role === role), role).toBe(true);
    expect(rows.every((u) => /^[A-Z][a-z]+( [A-Z][a-z]+)+$/.test(u.name))).toBe(true);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await database.db.select().from(users)).toHaveLength(rows.length);
  });
});

describe('demo training plans', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it("gives the demo runner an 8-week plan with logged results, readable through the plan service", async () => {
    const now = new Date('2026-11-25T03:00:00Z');
    await seedDemoData(database.db, now);
    const [rina] = await database.db.select().from(users).where(eq(users.email, 'rina.wulandari@derap.id'));
    const plan = await readPlan(database.db, rina!);
    const runs = plan!.trainingPlan.filter((r) => !r.locked);
    expect(runs).toHaveLength(plan!.trainingPlan.length); // a 180-day subscription: nothing locked
    expect(runs.length).toBeGreaterThan(30);
    const logged = runs.filter((r) => r.trainingdistance !== null);
    expect(logged.length).toBeGreaterThan(10);
    for (const r of logged) expect(r.trainingpace).toBe(Math.round(r.trainingtime! / r.trainingdistance!));
    expect(runs.every((r) => r.program === '' || r.program.startsWith('('))).toBe(true);
    expect(runs.find((r) => r.title.startsWith('Tempo '))!.color).toBe('bg-orange-500');
    // The AI's sessions are stored as the AI's, the two she added herself as hers.
    expect(runs.filter((r) => r.generatedby === 'user').map((r) => r.title).sort()).toEqual(['Easy Run Pagi', 'Fun Run Komunitas']);
    expect(runs.filter((r) => r.generatedby === 'ai').length).toBe(runs.length - 2);
  });

  it("locks Budi's AI runs after his 10-day trial: they read as stubs, his own runs stay whole", async () => {
    const [budi] = await database.db.select().from(users).where(eq(users.email, 'budi.santoso@derap.id'));
    const plan = await readPlan(database.db, budi!);
    const locked = plan!.trainingPlan.filter((r) => r.locked);
    expect(locked.length).toBeGreaterThan(5);
    for (const r of locked) expect(Object.keys(r).sort()).toEqual(['_id', 'date', 'generatedby', 'locked']);
    const lastOpenDay = '2026-12-05'; // 10 days after 25 November, Jakarta
    for (const r of plan!.trainingPlan) {
      const day = planDateToIso(r.date)!;
      expect(r.locked, r.date).toBe(r.generatedby === 'ai' && day > lastOpenDay);
    }
  });
});

describe('demo running calendar (issue 16 item 6)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('lists a dozen approved events ahead, road and trail in several cities, with the accepted Derap events, and two waiting', async () => {
    const now = new Date('2026-11-24T03:00:00Z');
    await seedDemoData(database.db, now);
    const rows = await database.db.select().from(calendarEvents);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(2);
    const approved = rows.filter((r) => r.status === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(12);
    expect(new Set(approved.map((r) => r.roadortrail))).toEqual(new Set(['road', 'trail']));
    expect(new Set(approved.map((r) => r.location.split(',').at(-1)!.trim())).size).toBeGreaterThanOrEqual(6);
    const shown = await listCalendar(database.db, {}, '2026-11-24');
    expect(shown.filter((e) => e.source === 'submission')).toHaveLength(approved.length);
    expect(shown.some((e) => e.source === 'platform' && e.registerUrl?.startsWith('/register/'))).toBe(true);
  });
});

describe('demo group runs (issue 16 item 6)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('has upcoming group runs in Jakarta, Bandung and Surabaya, with participants counted', async () => {
    const now = new Date('2026-11-24T03:00:00Z');
    await seedDemoData(database.db, now);
    const listed = await listGroupRuns(database.db, {}, now);
    expect(new Set(listed.map((r) => r.city))).toEqual(new Set(['Jakarta', 'Bandung', 'Surabaya']));
    const first = await findGroupRun(database.db, listed[0]!.id, null);
    expect(first!.participants).toHaveLength(first!.participantsCount);
    expect(listed.every((r) => r.participantsCount > 0 && new Date(r.startsAt) > now)).toBe(true);
  });
});

describe('demo subscriptions (issue 10 item 7)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('has an active, a trialing, an expired-trial and a past-due runner, each with a ledger adding up to the period end', async () => {
    const now = new Date('2026-11-25T03:00:00Z');
    await seedDemoData(database.db, now);
    const byEmail = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!;
    const expectations: [string, string, boolean, number][] = [
      ['rina.wulandari@derap.id', 'active', true, 180],
      ['budi.santoso@derap.id', 'trialing', true, 10],
      ['agus.setiawan@derap.id', 'none', true, -30],
      ['yoga.prasetyo@derap.id', 'past_due', true, -2],
      ['putu.saraswati@derap.id', 'none', false, 0],
    ];
    for (const [email, status, trialUsed, days] of expectations) {
      const user = await byEmail(email);
      expect(user, email).toMatchObject({ subscriptionStatus: status, hasHadTrial: trialUsed });
      if (days === 0) {
        expect(user.currentPeriodEnd).toBeNull();
        continue;
      }
      expect(user.currentPeriodEnd!.getTime() - now.getTime(), email).toBe(days * 86_400_000);
      const ledger = await database.db.select().from(subscriptionGrants).where(eq(subscriptionGrants.userId, user.id));
      const last = ledger.reduce((a, b) => (a.periodEnd > b.periodEnd ? a : b));
      expect(last.periodEnd.getTime(), email).toBe(user.currentPeriodEnd!.getTime());
    }
    const rina = await byEmail('rina.wulandari@derap.id');
    const paid = await database.db.select().from(orders).where(eq(orders.userId, rina.id));
    expect(paid.filter((o) => o.kind === 'subscription').map((o) => [o.kind, o.status, o.amount])).toEqual([['subscription', 'paid', 550_000]]);
  });
});

describe('demo events', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('gives the demo organizer accepted future events, a full category, one not yet open, one closed, and registrations', async () => {
    const now = new Date('2026-11-25T03:00:00Z');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'derap-demo-'));
    const storage = createLocalDiskStorage({ root: dir, publicBaseUrl: 'http://localhost:3000' });
    await seedDemoData(database.db, now, storage);
    const [siti] = await database.db.select().from(users).where(eq(users.email, 'siti.rahmawati@derap.id'));
    const rows = await database.db.select().from(events);
    expect(rows.every((e) => e.createdBy === siti!.id)).toBe(true);
    const accepted = rows.filter((e) => e.status === 'diterima');
    expect(accepted.every((e) => e.eventDate > now)).toBe(true);
    expect(accepted.some((e) => e.regOpen <= now && e.regClose > now)).toBe(true);
    expect(accepted.some((e) => e.regOpen > now)).toBe(true);
    expect(accepted.some((e) => e.regClose < now)).toBe(true);
    expect(rows.some((e) => e.status === 'diajukan')).toBe(true);

    const categories = await database.db.select().from(eventCategories);
    expect(categories.some((c) => c.sold === c.slots)).toBe(true);
    expect(new Set(categories.map((c) => c.eventRef)).size).toBe(rows.length);

    // Each category's sold count equals the registrations that hold a slot.
    const regs = await database.db.select().from(runnerRegistrations);
    expect(regs.length).toBeGreaterThanOrEqual(20);
    for (const c of categories) {
      const held = regs.filter((r) => r.categoryRef === c.id && ['pending', 'awaiting_verification', 'confirmed', 'racepack_collected'].includes(r.status));
      expect(held.length, c.name).toBe(c.sold);
    }
    expect(regs.every((r) => r.paymentAmount === r.eventFee + r.adminFee)).toBe(true);
    expect(new Set(regs.map((r) => r.qrToken)).size).toBe(regs.length);
    expect(regs.some((r) => r.status === 'racepack_collected' && r.racepackCollectedAt)).toBe(true);
    // Bib numbers: every paid runner of a category with a range has one, unique in its event; unpaid ones none.
    const ranged = new Set(categories.filter((c) => c.bibStart !== null).map((c) => c.id));
    expect(ranged.size).toBeGreaterThan(0);
    const paid = regs.filter((r) => ranged.has(r.categoryRef) && ['confirmed', 'racepack_collected'].includes(r.status));
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((r) => r.bibNumber)).toBe(true);
    expect(new Set(paid.map((r) => `${r.eventRef} ${r.bibNumber}`)).size).toBe(paid.length);
    expect(regs.filter((r) => !['confirmed', 'racepack_collected'].includes(r.status)).every((r) => r.bibNumber === null)).toBe(true);

    // An open self-managed event with proofs of transfer for the organizer to verify: real PNGs in
    // storage, private, holding their slots without expiring.
    const selfManaged = rows.find((e) => e.paymentType === 'self_managed' && e.status === 'diterima' && e.regOpen <= now && e.regClose > now)!;
    const awaiting = regs.filter((r) => r.eventRef === selfManaged.id && r.status === 'awaiting_verification');
    expect(awaiting.length).toBeGreaterThanOrEqual(2);
    for (const r of awaiting) {
      expect(r).toMatchObject({ paymentStatus: 'pending', expiresAt: null });
      expect(r.paymentProofSubmittedAt!.getTime()).toBeLessThan(now.getTime());
      const [upload] = await database.db.select().from(uploads).where(eq(uploads.key, r.paymentProofKey!));
      expect(upload).toMatchObject({ visibility: 'private', contentType: 'image/png' });
      expect(readFileSync(path.join(dir, r.paymentProofKey!)).subarray(1, 4).toString()).toBe('PNG');
    }
    const verified = regs.filter((r) => r.eventRef === selfManaged.id && r.status === 'confirmed');
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.every((r) => r.paymentVerifiedAt && r.paymentStatus === 'paid')).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('demo coaching', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('gives Andi a verified profile with pictures, three packages, Rina by a paid purchase, Budi in a freeslot and one empty slot', async () => {
    const now = new Date('2026-11-25T03:00:00Z');
    const today = jakartaToday(now);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'derap-demo-coach-'));
    const storage = createLocalDiskStorage({ root: dir, publicBaseUrl: 'http://localhost:3000' });
    await seedDemoData(database.db, now, storage);
    const byEmail = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!;
    const [andi, dewi, rina, budi] = await Promise.all(['andi.pratama@derap.id', 'dewi.lestari@derap.id', 'rina.wulandari@derap.id', 'budi.santoso@derap.id'].map(byEmail));

    const [profile] = await database.db.select().from(coachProfiles).where(eq(coachProfiles.userId, andi!.id));
    expect(profile).toMatchObject({ uniquelink: 'andi-pratama', verification: 'verified', verifiedBy: dewi!.id, availability: true, packageshown: 'show' });
    expect(profile!.bio.length).toBeGreaterThan(50);
    expect(profile!.bio.length).toBeLessThanOrEqual(500);
    expect(profile!.certifications.length).toBeGreaterThanOrEqual(2);
    // The photo and header are public uploads the file route serves; the certificate is private.
    for (const url of [profile!.profileImageUrl, profile!.headerImageUrl]) {
      const key = url!.split('/').pop()!;
      const [upload] = await database.db.select().from(uploads).where(eq(uploads.key, key));
      expect(upload).toMatchObject({ visibility: 'public', ownerId: andi!.id });
    }
    const [doc] = await database.db.select().from(uploads).where(eq(uploads.key, profile!.verificationDocuments[0]!));
    expect(doc!.visibility).toBe('private');

    const packages = await database.db.select().from(coachPackages).where(eq(coachPackages.coachId, andi!.id));
    expect(packages.map((p) => [p.durationWeeks, p.price, p.isActive]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [4, 600_000, true],
      [12, 1_500_000, true],
      [16, 2_400_000, false],
    ]);

    const connections = await database.db.select().from(coachConnections).where(eq(coachConnections.coachId, andi!.id));
    expect(connections).toHaveLength(3);
    const bought = connections.find((c) => c.runnerId === rina!.id)!;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, bought.orderId!));
    expect(order).toMatchObject({ kind: 'coach_package', status: 'paid', userId: rina!.id, amount: 1_500_000 });
    expect(bought).toMatchObject({ packages: 'Persiapan Half Marathon 12 Minggu', amount: 1_500_000, platformFee: 180_000, startDate: addDays(today, -14), endDate: addDays(today, 70) });
    const freeslot = connections.find((c) => c.runnerId === budi!.id)!;
    expect(freeslot).toMatchObject({ packages: 'freeslot', createdBy: dewi!.id });
    const empty = connections.find((c) => c.runnerId === null)!;
    expect(empty).toMatchObject({ packages: 'freeslot', startDate: null, endDate: null, durationWeeks: 4 });
    // Both runners are live for the coach today (the access rule), the empty slot is not.
    expect(await liveConnection(database.db, andi!.id, rina!.id, today)).not.toBeNull();
    expect(await liveConnection(database.db, andi!.id, budi!.id, today)).not.toBeNull();
    expect(connectionIsLive(empty, today)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
