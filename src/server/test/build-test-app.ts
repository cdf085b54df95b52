import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { snapshotPath } from './pglite-snapshot';
import { startSession } from '../features/auth/tokens';
import { findOrCreateUser, updateUser } from '../features/users/service';
import type { Role } from '../../domain/users/roles';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Empties every table (between tests). */
  reset(): Promise<void>;
  close(): Promise<void>;
  /** Creates (or finds) a user with the role and returns a bearer header for it. */
  login(email: string, role?: Role, name?: string): Promise<{ userId: string; headers: { authorization: string }; token: string; refreshToken: string }>;
}

/** One database per test file: PGlite from the migrated snapshot, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `derap_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.href, max: 20 });
    return {
      database,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const file = snapshotPath();
  const pglite = existsSync(file)
    ? new PGlite({ loadDataDir: new Blob([readFileSync(file)]) })
    : new PGlite();
  const database = await openDatabase({ kind: 'pglite', dir: null, pglite });
  return { database, drop: () => database.close() };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SEED_DEMO: 'false',
    // The registration form's proof of work is exercised by its own tests (registration-challenge.test.ts).
    REGISTRATION_CHALLENGE: 'false',
    ...env,
  });
}

export async function buildTestApp(
  opts: { env?: Record<string, string>; deps?: Partial<Omit<AppDeps, 'config' | 'database'>> } = {},
): Promise<TestApp> {
  const config = testConfig(opts.env);
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ config, database, ...opts.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    async reset() {
      const rows = await database.db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      const tables = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`);
      if (tables.length) await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
    },
    async close() {
      await app.close();
      await drop();
    },
    async login(email, role = 'runner', name) {
      const { user } = await findOrCreateUser(database.db, { email, name: name ?? email.split('@')[0]!, role });
      if (user.role !== role) await updateUser(database.db, user.id, { role });
      const pair = await startSession(database.db, config, user.id, 'mobile');
      return { userId: user.id, headers: { authorization: `Bearer ${pair.token}` }, ...pair };
    },
  };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;
