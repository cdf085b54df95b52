import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { migrationsFolder, type Database } from '../client';
import { openTestDatabase } from '../../test/fixtures/build-test-app';
import * as schema from './index';

/**
 * The schema is split by owning feature (src/server/db/schema/<feature>.ts); the database must not
 * notice. What drizzle-kit would generate from the split modules against the last snapshot is
 * nothing, and a database migrated from zero has exactly the tables, columns and indexes the
 * modules declare (on PGlite, and on PostgreSQL in the api-postgres project).
 */

/** The parts of drizzle-kit's snapshot this test reads. */
type PgSnapshot = {
  tables: Record<string, { name: string; columns: Record<string, { name: string; notNull: boolean }>; indexes: Record<string, unknown>; compositePrimaryKeys: Record<string, { name: string }>; uniqueConstraints: Record<string, { name: string }> }>;
};

function lastSnapshot(): PgSnapshot {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries[journal.entries.length - 1]!;
  const file = path.join(migrationsFolder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as PgSnapshot;
}

const declared = () => generateDrizzleJson(schema as Record<string, unknown>) as unknown as PgSnapshot;

describe('the schema split by owner', () => {
  it('generates no migration against the last snapshot', async () => {
    expect(await generateMigration(lastSnapshot() as unknown as DrizzleSnapshotJSON, declared() as unknown as DrizzleSnapshotJSON)).toEqual([]);
  });

  describe('a database migrated from zero', () => {
    let database: Database;
    let drop: () => Promise<void>;
    // A fresh test database is the migrations applied to an empty one (PGlite: once, in global-setup).
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase());
    });
    afterAll(() => drop());

    it('has the tables, columns and indexes the modules declare', async () => {
      const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const columns = await rowsOf<{ table_name: string; column_name: string; is_nullable: string }>(
        sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`,
      );
      const indexes = await rowsOf<{ tablename: string; indexname: string }>(sql`select tablename, indexname from pg_indexes where schemaname = 'public'`);
      const actual: Record<string, { columns: string[]; indexes: string[] }> = {};
      const of = (t: string) => (actual[t] ??= { columns: [], indexes: [] });
      for (const c of columns) of(c.table_name).columns.push(`${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`);
      for (const i of indexes) of(i.tablename).indexes.push(i.indexname);

      const expected: typeof actual = {};
      for (const table of Object.values(declared().tables)) {
        expected[table.name] = {
          columns: Object.values(table.columns).map((c) => `${c.name}${c.notNull ? ' not null' : ''}`),
          // Primary keys and unique constraints are indexes too, in the database.
          indexes: [
            ...Object.keys(table.indexes),
            ...Object.values(table.compositePrimaryKeys).map((k) => k.name),
            ...Object.values(table.uniqueConstraints).map((k) => k.name),
            ...(Object.keys(table.compositePrimaryKeys).length === 0 ? [`${table.name}_pkey`] : []),
          ],
        };
      }
      const sorted = (o: typeof actual) =>
        Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)).map(([t, v]) => [t, { columns: [...v.columns].sort(), indexes: [...v.indexes].sort() }]));
      expect(sorted(actual)).toEqual(sorted(expected));
    });
  });
});
