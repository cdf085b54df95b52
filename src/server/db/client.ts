import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

/**
 * The database, or a transaction in it: every query function takes a `Db`, so the same function
 * runs alone or inside a caller's transaction (`db.transaction(async (tx) => fn(tx))`) with no cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL: this process's connections (open, idle, requests waiting for one, the most allowed). PGlite has no pool. */
  pool?(): { total: number; idle: number; waiting: number; max: number };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'pglite'; dir: string | null; pglite?: PGlite }
  | { kind: 'postgres'; url: string; max?: number; timeouts?: DatabaseTimeouts };

/** A database that stops answering must fail requests quickly (503), not hang them. */
export interface DatabaseTimeouts {
  /** Opening a connection. */
  connectMs: number;
  /** One statement, enforced by the server and, one second later, by the client (a silent network). */
  statementMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 5_000, statementMs: 15_000 };

/** How long the health check waits for the database before it answers 503. */
export const PING_TIMEOUT_MS = 800;

/** Opens the database and applies every pending migration (same folder for both engines). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'pglite') {
    if (opts.dir) mkdirSync(opts.dir, { recursive: true });
    const client = opts.pglite ?? new PGlite(opts.dir ?? undefined);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db,
      kind: 'pglite',
      ping: () => ping(db),
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }
  const timeouts = opts.timeouts ?? defaultDatabaseTimeouts;
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1_000,
    // A transaction left open by a stuck request must not hold its row locks for ever.
    idle_in_transaction_session_timeout: Math.max(timeouts.statementMs * 4, 60_000),
  });
  let closing = false;
  // An idle connection can be cut (server restart, terminated backend); the pool drops it and opens
  // another. Without a listener node-postgres rethrows the error and the process dies.
  pool.on('error', (err) => {
    if (!closing) console.warn(`PostgreSQL: koneksi idle terputus (${err.message}).`);
  });
  const db = drizzlePg(pool, { schema });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (err) {
    closing = true;
    await pool.end().catch(() => {});
    throw err;
  }
  return {
    db: db,
    kind: 'postgres',
    ping: () => ping(db),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.max ?? 10 }),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/** Whether the database answers `select 1` within PING_TIMEOUT_MS (a hung connection counts as down). */
async function ping(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the database, retrying while it cannot be reached (a server starting beside the database),
 * and gives up with the last error after `startupSeconds` instead of hanging.
 */
export async function openDatabaseWithRetry(
  opts: DatabaseOptions,
  startupSeconds: number,
  onRetry: (err: unknown, attempt: number) => void = () => {},
): Promise<Database> {
  const deadline = Date.now() + startupSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(opts);
    } catch (err) {
      if (opts.kind !== 'postgres' || Date.now() >= deadline) throw err;
      onRetry(err, attempt);
      const wait = Math.min(1000 * attempt, 5000, Math.max(deadline - Date.now(), 0));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
