import { sql } from 'drizzle-orm';
import type { Role } from '../../domain/users/roles';
import type { StoragePort } from '../adapters/storage/port';
import type { Db } from '../db/client';
import { jakartaToday } from '../../domain/shared/wire-date';
import { addRuns } from '../features/training-plan/service';
import { saveProfile } from '../features/ai-coach/service';
import type { CreatePlanRequest } from '../../domain/ai-coach/contract';
import { seedDemoCalendar } from './demo-calendar';
import { seedDemoGroupRuns } from './demo-group-runs';
import { seedDemoEvents } from './demo-events';
import { seedDemoCoaching } from './demo-coaching';
import { demoSubscriptions, seedDemoSubscriptions } from './demo-subscriptions';
import { buildDemoPlan } from './demo-plan';
import { users } from '../db/schema/users';

export interface DemoUser {
  name: string;
  email: string;
  role: Role;
  subscriptionStatus?: 'trialing' | 'active' | 'past_due' | 'none';
  /** Days from now the period ends (negative: it ended); the ledger in demo-subscriptions.ts adds up to it. */
  periodDays?: number;
}

/** Demo accounts, one or more per role; sign in with their email on the development form. */
export const demoUsers: DemoUser[] = [
  { name: 'Rina Wulandari', email: 'rina.wulandari@derap.id', role: 'runner', subscriptionStatus: 'active', periodDays: 180 },
  { name: 'Budi Santoso', email: 'budi.santoso@derap.id', role: 'runner', subscriptionStatus: 'trialing', periodDays: 10 },
  { name: 'Putu Ayu Saraswati', email: 'putu.saraswati@derap.id', role: 'runner' },
  { name: 'Agus Setiawan', email: 'agus.setiawan@derap.id', role: 'runner', subscriptionStatus: 'none', periodDays: -30 },
  { name: 'Yoga Prasetyo', email: 'yoga.prasetyo@derap.id', role: 'runner', subscriptionStatus: 'past_due', periodDays: -2 },
  { name: 'Andi Pratama', email: 'andi.pratama@derap.id', role: 'coach', subscriptionStatus: 'active', periodDays: 360 },
  { name: 'Siti Rahmawati', email: 'siti.rahmawati@derap.id', role: 'organizer' },
  { name: 'Dewi Lestari', email: 'dewi.lestari@derap.id', role: 'admin' },
];

/** Rina follows an 8-week AI plan with logged results; Budi's trial ends mid-plan, so later AI runs are locked. */
const demoPlans = [
  { email: 'rina.wulandari@derap.id', weeks: 8, behind: 4, form: {} },
  {
    email: 'budi.santoso@derap.id',
    weeks: 6,
    behind: 1,
    form: { jenisKelamin: 'Laki-laki', kemampuanLari: 'Pemula', runningExperience: '6-12 Bulan', kategoriTargetRace: '10K', targetWaktu: '01:05:00', personalBests: [], jarakMingguan: 12, lariTerjauh: 7 },
  },
];

/**
 * Loads demo data on first start only (an empty users table); returns whether it did. `storage`
 * receives the demo proofs of transfer (without it those registrations stay unpaid holds).
 */
export async function seedDemoData(db: Db, now = new Date(), storage?: StoragePort): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(users).values(
      demoUsers.map((u) => ({
        name: u.name,
        email: u.email,
        role: u.role,
        subscriptionStatus: u.subscriptionStatus ?? 'none',
        hasHadTrial: demoSubscriptions.some((d) => d.email === u.email && d.history.includes('trial')),
        currentPeriodEnd: u.periodDays ? new Date(now.getTime() + u.periodDays * 86_400_000) : null,
      })),
    ).returning({ id: users.id, email: users.email });
    await seedDemoSubscriptions(tx, new Map(inserted.map((u) => [u.email, u.id])), now);
    const today = jakartaToday(now);
    for (const { email, weeks, behind, form: answers } of demoPlans) {
      const user = inserted.find((u) => u.email === email);
      if (!user) continue;
      const owner = { id: user.id, currentPeriodEnd: null };
      const { runs, form, span } = buildDemoPlan(today, weeks, behind, answers as Partial<CreatePlanRequest>);
      // The form the plan came from: the AI coach's chat and re-evaluation read it.
      await saveProfile(tx, user.id, form, span);
      // The demo stands in for the AI: its runs are stored as the AI's, the rest as the runner's own.
      await addRuns(tx, owner, runs.filter((r) => r.generatedby === 'ai'), 'ai', today);
      await addRuns(tx, owner, runs.filter((r) => r.generatedby !== 'ai'), 'user', today);
    }
    const organizer = inserted.find((u) => u.email === 'siti.rahmawati@derap.id');
    if (organizer) await seedDemoEvents(tx, organizer.id, now, storage);
    await seedDemoCalendar(tx, now);
    await seedDemoGroupRuns(tx, new Map(inserted.map((u) => [u.email, u.id])), now);
    const id = (email: string) => inserted.find((u) => u.email === email)?.id;
    const coaching = { coachId: id('andi.pratama@derap.id'), adminId: id('dewi.lestari@derap.id'), buyerId: id('rina.wulandari@derap.id'), freeslotRunnerId: id('budi.santoso@derap.id') };
    if (coaching.coachId && coaching.adminId && coaching.buyerId && coaching.freeslotRunnerId) {
      await seedDemoCoaching(tx, coaching as Record<keyof typeof coaching, string>, now, storage);
    }
  });
  return true;
}
