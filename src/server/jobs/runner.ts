import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs, type JobRow } from '../db/schema/infra';

/**
 * The durable job runner: background work lives in the database, not in a server's timers, so
 * several servers share it and a restart loses nothing.
 *
 * - A periodic job has one row (key 'periodic'); after each run it is put back `every` ms later.
 * - A one-off job (`enqueue`) runs once; a keyed one is enqueued once ever (a second enqueue with
 *   the same key is a no-op), so a retried request cannot queue the same work twice.
 * - A server claims a due row with `for update skip locked` and a lease (`locked_until`): two
 *   servers never run one job at the same time, and a server that dies mid-run hands the job on
 *   when the lease ends. Job functions are written to be idempotent (each claims what it changes
 *   by a status), so a re-run after such a crash changes nothing twice.
 * - A failure is retried with exponential backoff up to `maxAttempts`; a periodic job simply waits
 *   for its next period.
 */

export interface JobContext {
  now: Date;
  payload: Record<string, unknown>;
  log: FastifyBaseLogger;
}

export interface JobDefinition {
  name: string;
  run(ctx: JobContext): Promise<unknown>;
  /** Periodic: milliseconds between runs. Absent: a one-off job, run when enqueued. */
  every?: number;
  /** For one-off jobs: how often to try before giving up (default 5). */
  maxAttempts?: number;
  /** How long a run may hold the job before another server may take it over (default 5 minutes). */
  leaseMs?: number;
}

export interface JobRunner {
  /** Starts polling every `pollMs` (when > 0). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs every job that is due now (up to `limit`), one after another; returns how many ran. */
  runDue(now?: Date, limit?: number): Promise<number>;
  /** Queues a one-off job; with a `key`, only once ever. Returns false when that key was queued before. */
  enqueue(name: string, payload?: Record<string, unknown>, opts?: { key?: string; runAt?: Date; executor?: Db }): Promise<boolean>;
  readonly definitions: ReadonlyMap<string, JobDefinition>;
}

/**
 * Thrown by a job that cannot go on before `at` through no fault of its own (an outside service's
 * rate budget is spent): the runner puts the job back to `at` without counting the attempt, so a
 * burst of work waits its turn across windows instead of failing after a few tries.
 */
export class RetryAt extends Error {
  constructor(
    readonly at: Date,
    reason = 'retry later',
  ) {
    super(`${reason}: retry at ${at.toISOString()}`);
  }
}

export const PERIODIC_KEY = 'periodic';
const DEFAULT_LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS);
}

export function createJobRunner(opts: { db: Db; log: FastifyBaseLogger; jobs: JobDefinition[]; pollMs: number; workerId?: string }): JobRunner {
  const { db, log } = opts;
  const workerId = opts.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const definitions = new Map<string, JobDefinition>();
  for (const job of opts.jobs) {
    if (definitions.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    definitions.set(job.name, job);
  }
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<number> | null = null;

  let periodsChecked = false;
  /**
   * Each periodic job has its row (cheap to repeat: a database restored or truncated gets them back).
   * The first time, a job whose period got shorter (config) is pulled forward to run by the new one.
   */
  async function ensurePeriodicRows(now: Date) {
    const periodic = [...definitions.values()].filter((d) => d.every !== undefined);
    if (!periodic.length) return;
    await db
      .insert(jobs)
      .values(periodic.map((d) => ({ name: d.name, key: PERIODIC_KEY, runAt: now, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: [jobs.name, jobs.key] });
    if (periodsChecked) return;
    for (const d of periodic) {
      await db
        .update(jobs)
        .set({ runAt: now })
        .where(and(eq(jobs.name, d.name), eq(jobs.key, PERIODIC_KEY), gt(jobs.runAt, new Date(now.getTime() + d.every!))));
    }
    periodsChecked = true;
  }

  async function claim(now: Date): Promise<JobRow | null> {
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: jobs.id, name: jobs.name })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'queued'),
            lte(jobs.runAt, now),
            inArray(jobs.name, [...definitions.keys()]),
            or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const lease = definitions.get(due.name)?.leaseMs ?? DEFAULT_LEASE_MS;
      const [claimed] = await tx
        .update(jobs)
        .set({ lockedBy: workerId, lockedUntil: new Date(now.getTime() + lease), attempts: sql`${jobs.attempts} + 1`, lastRunAt: now, updatedAt: now })
        .where(eq(jobs.id, due.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** Settles a claimed row, only while this worker still holds it. */
  async function settle(job: JobRow, set: Partial<typeof jobs.$inferInsert>) {
    await db
      .update(jobs)
      .set({ ...set, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  }

  async function runOne(job: JobRow, now: Date) {
    const definition = definitions.get(job.name)!;
    try {
      await definition.run({ now, payload: job.payload, log: log.child({ job: job.name }) });
      if (definition.every !== undefined) await settle(job, { runAt: new Date(now.getTime() + definition.every), attempts: 0, lastError: null });
      else await settle(job, { status: 'done', lastError: null });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof RetryAt) {
        // Not a failure: the claim's attempt is given back. A periodic job keeps its own period when
        // that comes later.
        log.info({ job: job.name, retryAt: err.at }, 'job postponed');
        const at = new Date(Math.max(err.at.getTime(), now.getTime() + 1));
        if (definition.every !== undefined) {
          await settle(job, { runAt: new Date(Math.min(at.getTime(), now.getTime() + definition.every)), attempts: 0, lastError: message });
        } else {
          await settle(job, { runAt: at, attempts: Math.max(job.attempts - 1, 0), lastError: message });
        }
        return;
      }
      log.error({ err, job: job.name, attempt: job.attempts }, 'job failed');
      if (definition.every !== undefined) {
        await settle(job, { runAt: new Date(now.getTime() + definition.every), attempts: 0, lastError: message });
      } else if (job.attempts >= job.maxAttempts) {
        await settle(job, { status: 'failed', lastError: message });
      } else {
        await settle(job, { runAt: new Date(now.getTime() + retryDelayMs(job.attempts)), lastError: message });
      }
    }
  }

  const runner: JobRunner = {
    definitions,

    start() {
      if (opts.pollMs > 0 && !timer) {
        timer = setInterval(() => {
          runner.runDue().catch((err: unknown) => log.error({ err }, 'job runner tick failed'));
        }, opts.pollMs);
        timer.unref();
      }
      return Promise.resolve();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking?.catch(() => 0);
    },

    runDue(now = new Date(), limit = 50) {
      // One tick at a time in a process; other servers coordinate through the row locks.
      ticking ??= (async () => {
        let ran = 0;
        try {
          await ensurePeriodicRows(now);
          while (ran < limit) {
            const job = await claim(now);
            if (!job) break;
            await runOne(job, now);
            ran++;
          }
        } finally {
          ticking = null;
        }
        return ran;
      })();
      return ticking;
    },

    async enqueue(name, payload = {}, enqueueOpts = {}) {
      const definition = definitions.get(name);
      if (!definition || definition.every !== undefined) throw new Error(`no one-off job named ${name}`);
      const now = new Date();
      const inserted = await (enqueueOpts.executor ?? db)
        .insert(jobs)
        .values({
          name,
          key: enqueueOpts.key ?? randomUUID(),
          payload,
          runAt: enqueueOpts.runAt ?? now,
          maxAttempts: definition.maxAttempts ?? 5,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [jobs.name, jobs.key] })
        .returning({ id: jobs.id });
      return inserted.length > 0;
    },
  };
  return runner;
}
