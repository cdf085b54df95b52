import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { jobs, mailOutbox } from '../../db/schema/infra';
import { existingPublicReadCache } from '../../plugins/public-cache';

/**
 * What every server shares, read when Prometheus scrapes (issue 29 §3, decision 055): the jobs table
 * and the mail outbox come from PostgreSQL, so any server answers for all of them; the pool and the
 * public cache are this process's own. A database that does not answer leaves its gauges out of the
 * scrape (and `derap_database_up` 0) rather than failing it: the request counters matter most then.
 */
export function registerSharedStateMetrics(
  registry: Registry,
  opts: { database: Database; jobNames: () => Iterable<string>; smtp: boolean },
) {
  const { database } = opts;
  const db = database.db;
  const registers = [registry];
  let up = true;

  new Gauge({
    name: 'derap_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      this.set({ kind: database.kind }, up ? 1 : 0);
    },
  });

  new Gauge({
    name: 'derap_db_pool_connections',
    help: "This process's PostgreSQL pool: connections open (total), idle, requests waiting for one, and the most allowed (max); absent on PGlite, which has one in-process connection",
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const pool = database.pool?.();
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
    },
  });

  // Both job gauges are collected at once on each scrape: one query serves them.
  type JobStateRow = { name: string; queued: number; scheduled: number; running: number; failed: number; oldest: number };
  let reading: Promise<JobStateRow[] | null> | null = null;
  const jobRows = () => {
    reading ??= readJobStates().finally(() => {
      reading = null;
    });
    return reading;
  };
  const readJobStates = async (): Promise<JobStateRow[] | null> => {
    const due = sql`${jobs.status} = 'queued' and ${jobs.runAt} <= now() and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`;
    let rows: JobStateRow[];
    try {
      rows = await db
        .select({
          name: jobs.name,
          queued: sql<number>`(count(*) filter (where ${due}))::int`,
          scheduled: sql<number>`(count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} > now() and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())))::int`,
          running: sql<number>`(count(*) filter (where ${jobs.status} = 'queued' and ${jobs.lockedUntil} >= now()))::int`,
          failed: sql<number>`(count(*) filter (where ${jobs.status} = 'failed'))::int`,
          oldest: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${due})), 0)::float8`,
        })
        .from(jobs)
        .groupBy(jobs.name);
      up = true;
    } catch {
      up = false;
      return null;
    }
    // Every job this server knows shows up, at 0 when it has no rows: an alert on a series needs the series.
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const name of opts.jobNames()) if (!byName.has(name)) byName.set(name, { name, queued: 0, scheduled: 0, running: 0, failed: 0, oldest: 0 });
    return [...byName.values()];
  };
  const jobStates = ['queued', 'scheduled', 'running', 'failed'] as const;
  new Gauge({
    name: 'derap_jobs',
    help: 'Rows of the shared jobs table by name and state: queued (due, waiting for a server), scheduled (due later), running (leased by a server), failed (gave up; kept until the prune job removes it)',
    labelNames: ['name', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of (await jobRows()) ?? []) for (const state of jobStates) this.set({ name: row.name, state }, Number(row[state]));
    },
  });
  new Gauge({
    name: 'derap_jobs_oldest_queued_seconds',
    help: 'How long the oldest due job has waited for a server to run it, by job name (0: none waiting)',
    labelNames: ['name'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of (await jobRows()) ?? []) this.set({ name: row.name }, Number(row.oldest));
    },
  });

  new Gauge({
    name: 'derap_mail_outbox',
    help: 'Mail in the shared outbox: queued (waiting for SMTP; always 0 with the built-in outbox, which only keeps mail) and failed (SMTP gave up)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const [row] = await db
          .select({
            stored: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'stored'))::int`,
            failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'failed'))::int`,
          })
          .from(mailOutbox);
        this.set({ state: 'queued' }, opts.smtp ? Number(row?.stored ?? 0) : 0);
        this.set({ state: 'failed' }, Number(row?.failed ?? 0));
      } catch {
        up = false;
      }
    },
  });

  new Counter({
    name: 'derap_public_cache_lookups_total',
    help: "Lookups in this process's public read cache (decision 015): hit (from memory, or joining a load already under way) or miss (read from the database)",
    labelNames: ['result'] as const,
    registers,
    collect() {
      const cache = existingPublicReadCache(db);
      this.reset();
      this.inc({ result: 'hit' }, cache?.lookups.hits ?? 0);
      this.inc({ result: 'miss' }, cache?.lookups.misses ?? 0);
    },
  });
}
