import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../domain/roles';
import { openTestDatabase } from '../test/build-test-app';
import type { Database } from './client';
import { users } from './schema';
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
