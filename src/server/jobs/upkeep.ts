import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/infra';
import { PERIODIC_KEY } from './runner';

const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

/** One-off jobs that finished (done or given up) a week ago: gone, so the table stays small. */
export async function pruneFinishedJobs(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, new Date(now.getTime() - KEEP_FINISHED_MS))))
    .returning({ id: jobs.id });
  return removed.length;
}

/**
 * Runs a periodic job at the runner's next poll (seconds) instead of its next period, in the caller's
 * transaction, so the work it was asked for waits no longer than that (e.g. a waiting-list offer's mail).
 */
export async function runPeriodicJobSoon(tx: Db, name: string, now = new Date()): Promise<void> {
  await tx
    .update(jobs)
    .set({ runAt: now })
    .where(and(eq(jobs.name, name), eq(jobs.key, PERIODIC_KEY), gt(jobs.runAt, now)));
}

/** Where a one-off job stands (queued, done, failed) and its last error; null when there is none. */
export async function oneOffJobState(db: Db, name: string, key: string): Promise<{ status: 'queued' | 'done' | 'failed'; lastError: string | null } | null> {
  const [job] = await db.select({ status: jobs.status, lastError: jobs.lastError }).from(jobs).where(and(eq(jobs.name, name), eq(jobs.key, key)));
  return job ?? null;
}
