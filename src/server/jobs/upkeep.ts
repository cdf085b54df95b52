import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/infra';

const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

/** One-off jobs that finished (done or given up) a week ago: gone, so the table stays small. */
export async function pruneFinishedJobs(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, new Date(now.getTime() - KEEP_FINISHED_MS))))
    .returning({ id: jobs.id });
  return removed.length;
}
