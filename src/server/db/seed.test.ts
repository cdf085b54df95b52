import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../domain/roles';
import { openTestDatabase } from '../test/build-test-app';
import type { Database } from './client';
import { users } from './schema';
import { readPlan } from '../features/training-plans/service';
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
    const plan = await readPlan(database.db, rina!.id);
    expect(plan!.trainingPlan.length).toBeGreaterThan(30);
    const logged = plan!.trainingPlan.filter((r) => r.trainingdistance !== null);
    expect(logged.length).toBeGreaterThan(10);
    for (const r of logged) expect(r.trainingpace).toBe(Math.round(r.trainingtime! / r.trainingdistance!));
    expect(plan!.trainingPlan.every((r) => r.program === '' || r.program.startsWith('('))).toBe(true);
    expect(plan!.trainingPlan.find((r) => r.title === 'Tempo Run')!.color).toBe('bg-orange-500');
  });
});
