import type { ServerFeature } from './feature-kit';
import type { JobDefinition } from './jobs/runner';
import { pruneFinishedJobs } from './jobs/upkeep';
import { pruneRateLimitHits } from './plugins/rate-limit-store';
import type { FeatureContext, JobContext } from './wiring';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every named background job, in one list: the upkeep of the infrastructure, then what each feature
 * contributes (its plugin.ts). Each calls one plain exported function of its feature (or port),
 * which is tested on its own and safe to run twice.
 */
export function jobRegistry(features: readonly ServerFeature<FeatureContext, JobContext>[], context: JobContext): JobDefinition[] {
  const { db, mail } = context;
  const list: JobDefinition[] = [
    { name: 'rate-limits.prune', every: 10 * MINUTE, run: ({ now }) => pruneRateLimitHits(db, now) },
    { name: 'jobs.prune', every: 6 * HOUR, run: ({ now }) => pruneFinishedJobs(db, now) },
  ];
  for (const feature of features) {
    for (const make of feature.jobs ?? []) {
      const job = make(context);
      if (job) list.push(job);
    }
  }
  // SMTP: mail queued by a transaction that committed after its kick goes out within the half minute.
  if (mail.name === 'smtp') list.push({ name: 'mail.flush', every: 30_000, run: () => mail.flush() });
  return list;
}
