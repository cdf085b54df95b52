import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema/infra';

/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so a limit holds across
 * every server behind the load balancer (its built-in store counts per process). One upsert per
 * limited request: a row whose window has ended starts again at 1, otherwise it counts up.
 */

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows whose window ended this long ago are deleted by the `rate-limits.prune` job. */
const PRUNE_AFTER_MS = 60 * 60 * 1000;

/** What the plugin hands `child()` at run time: the route's merged limit options with `routeInfo`. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

export async function countHit(db: Db, key: string, timeWindowMs: number, now = new Date()): Promise<{ current: number; ttl: number }> {
  const windowEnd = new Date(now.getTime() + timeWindowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitHits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitHits.windowEndsAt} <= ${now.toISOString()}::timestamptz then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimitHits.count, windowEndsAt: rateLimitHits.windowEndsAt });
  return { current: row!.count, ttl: Math.max(row!.windowEndsAt.getTime() - now.getTime(), 0) };
}

export async function pruneRateLimitHits(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEndsAt, new Date(now.getTime() - PRUNE_AFTER_MS)))
    .returning({ key: rateLimitHits.key });
  return removed.length;
}

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly namespace: string;
    /** The plugin constructs the root store with its options; routes get named children. */
    constructor(namespace: unknown = 'global') {
      this.namespace = typeof namespace === 'string' ? namespace : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.namespace}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, callback: Callback) {
      const now = new Date();
      db.select()
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} = ${`${this.namespace}|${key}`}`)
        .then(
          ([row]) =>
            callback(null, row && row.windowEndsAt > now ? { current: row.count, ttl: row.windowEndsAt.getTime() - now.getTime() } : { current: 0, ttl: 0 }),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /** Each route counts on its own, as the built-in store does. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const info = (routeOptions as unknown as ChildOptions).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseStore(`${method} ${info.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
