import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { insertEvent, postRegistration, readCategory, readRegistration, registrationPayload } from '../test/fixtures/registrations';
import { serverFeatures } from '../app';
import { jobRegistry } from '../job-registry';
import { createJobRunner, PERIODIC_KEY, RetryAt, retryDelayMs, type JobDefinition } from './runner';

const MINUTE = 60_000;
const T0 = new Date('2026-11-23T03:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('the durable job runner (on the database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** A runner over test definitions, as one server of several would have it. */
  const runner = (definitions: JobDefinition[], workerId?: string) => createJobRunner({ db: t.database.db, log: t.app.log, jobs: definitions, pollMs: 0, workerId });
  const rowsOf = (name: string) => t.database.db.select().from(jobs).where(eq(jobs.name, name));

  it('runs a keyed one-off job exactly once although two servers race for it, and refuses to queue the key twice', async () => {
    const effects: string[] = [];
    const definition = (server: string): JobDefinition => ({
      name: 'test.once',
      run: async ({ payload }) => {
        effects.push(`${server}:${String(payload.registrationId)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const a = runner([definition('a')], 'server-a');
    const b = runner([definition('b')], 'server-b');
    expect(await a.enqueue('test.once', { registrationId: 'R1' }, { key: 'R1', runAt: T0 })).toBe(true);
    expect(await b.enqueue('test.once', { registrationId: 'R1' }, { key: 'R1' })).toBe(false);

    const c = runner([definition('c')], 'server-c');
    const ran = await Promise.all([a.runDue(T0), b.runDue(T0), c.runDue(T0)]);
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(effects).toHaveLength(1);
    expect(effects[0]).toMatch(/^(a|b|c):R1$/);
    const [row] = await rowsOf('test.once');
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lockedUntil: null });

    expect(await a.runDue(at(MINUTE))).toBe(0);
    expect(effects).toHaveLength(1);
  });

  it('runs a periodic job once per period however many servers poll, and keeps one row for it', async () => {
    let runs = 0;
    const every = 10 * MINUTE;
    const definition: JobDefinition = { name: 'test.periodic', every, run: async () => void runs++ };
    const servers = [runner([definition], 's1'), runner([definition], 's2'), runner([definition], 's3')];

    await Promise.all(servers.map((s) => s.runDue(T0)));
    expect(runs).toBe(1);
    await Promise.all(servers.map((s) => s.runDue(at(every - 1))));
    expect(runs).toBe(1);
    await Promise.all(servers.map((s) => s.runDue(at(every))));
    expect(runs).toBe(2);

    const rows = await rowsOf('test.periodic');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: PERIODIC_KEY, status: 'queued', runAt: at(2 * every), attempts: 0, lastRunAt: at(every) });
  });

  it('retries a failing one-off job with growing backoff, then marks it failed after its attempts', async () => {
    let calls = 0;
    const definition: JobDefinition = {
      name: 'test.flaky',
      maxAttempts: 3,
      run: async () => {
        calls++;
        throw new Error(`down ${calls}`);
      },
    };
    const r = runner([definition]);
    await r.enqueue('test.flaky', {}, { runAt: T0 });

    expect(await r.runDue(T0)).toBe(1);
    let [row] = await rowsOf('test.flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'down 1', runAt: at(retryDelayMs(1)) });

    // Not before its backoff ends.
    expect(await r.runDue(at(retryDelayMs(1) - 1))).toBe(0);
    expect(await r.runDue(at(retryDelayMs(1)))).toBe(1);
    [row] = await rowsOf('test.flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 2, runAt: at(retryDelayMs(1) + retryDelayMs(2)) });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    expect(await r.runDue(at(retryDelayMs(1) + retryDelayMs(2)))).toBe(1);
    [row] = await rowsOf('test.flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'down 3' });
    expect(await r.runDue(at(24 * 60 * MINUTE))).toBe(0);
    expect(calls).toBe(3);
  });

  it('puts a job that says RetryAt back to that time without using up its attempts, however often', async () => {
    let calls = 0;
    const windowEnd = (n: number) => at(n * 15 * MINUTE);
    const definition: JobDefinition = {
      name: 'test.budget',
      maxAttempts: 2,
      run: async ({ now }) => {
        calls++;
        // Refused for five windows in a row (a budget that is spent), then it goes through.
        if (calls <= 5) throw new RetryAt(windowEnd(calls), 'budget spent');
        expect(now.getTime()).toBeGreaterThanOrEqual(windowEnd(5).getTime());
      },
    };
    const r = runner([definition]);
    await r.enqueue('test.budget', {}, { runAt: T0 });
    let clock = T0;
    for (let i = 1; i <= 5; i++) {
      expect(await r.runDue(clock)).toBe(1);
      const [row] = await rowsOf('test.budget');
      expect(row).toMatchObject({ status: 'queued', attempts: 0, runAt: windowEnd(i), lockedBy: null, lastError: expect.stringContaining('budget spent') });
      // Not a moment before the time it named.
      expect(await r.runDue(new Date(windowEnd(i).getTime() - 1))).toBe(0);
      clock = windowEnd(i);
    }
    expect(await r.runDue(clock)).toBe(1);
    const [row] = await rowsOf('test.budget');
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(calls).toBe(6);
  });

  it('a RetryAt in the past is put back just after now, not run again in the same tick', async () => {
    let calls = 0;
    const r = runner([{ name: 'test.past', run: async () => { calls++; throw new RetryAt(at(-MINUTE)); } }]);
    await r.enqueue('test.past', {}, { runAt: T0 });
    expect(await r.runDue(T0)).toBe(1);
    expect(calls).toBe(1);
    const [row] = await rowsOf('test.past');
    expect(row!.runAt.getTime()).toBe(T0.getTime() + 1);
  });

  it('a periodic job that fails waits for its next period instead of stopping', async () => {
    let calls = 0;
    const r = runner([{ name: 'test.periodic-fail', every: MINUTE, run: async () => { calls++; throw new Error('boom'); } }]);
    await r.runDue(T0);
    await r.runDue(at(MINUTE));
    expect(calls).toBe(2);
    const [row] = await rowsOf('test.periodic-fail');
    expect(row).toMatchObject({ status: 'queued', runAt: at(2 * MINUTE), lastError: 'boom' });
  });

  it('leaves a job to the server that holds its lease, and takes it over when that server died', async () => {
    let runs = 0;
    const definition: JobDefinition = { name: 'test.leased', leaseMs: 5 * MINUTE, run: async () => void runs++ };
    const r = runner([definition], 'alive');
    await r.enqueue('test.leased', {}, { runAt: T0 });
    // Another server claimed it at T0 and then died without settling.
    await t.database.db.update(jobs).set({ lockedBy: 'dead', lockedUntil: at(5 * MINUTE), attempts: 1 }).where(eq(jobs.name, 'test.leased'));

    expect(await r.runDue(at(4 * MINUTE))).toBe(0);
    expect(await r.runDue(at(5 * MINUTE + 1))).toBe(1);
    expect(runs).toBe(1);
    const [row] = await rowsOf('test.leased');
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('refuses to enqueue an unknown or periodic job, and a name registered twice', () => {
    const r = runner([{ name: 'test.p', every: MINUTE, run: async () => {} }]);
    return Promise.all([
      expect(r.enqueue('test.nope')).rejects.toThrow(/no one-off job/),
      expect(r.enqueue('test.p')).rejects.toThrow(/no one-off job/),
      expect(async () => runner([{ name: 'x', run: async () => {} }, { name: 'x', run: async () => {} }])).rejects.toThrow(/twice/),
    ]);
  });

  it('a job queued inside a transaction that rolls back never runs', async () => {
    let runs = 0;
    const r = runner([{ name: 'test.tx', run: async () => void runs++ }]);
    await t.database.db
      .transaction(async (tx) => {
        await r.enqueue('test.tx', {}, { executor: tx, runAt: T0 });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await r.runDue(T0)).toBe(0);
    expect(runs).toBe(0);
  });
});

describe('the registry of the product’s jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Sweeps on (as in production), polling off: the test moves the clock and runs what is due.
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '60' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('names each background job once, and leaves the sweeps out when PAYMENT_EXPIRY_SWEEP_SECONDS=0 and the flush out without SMTP', async () => {
    expect([...t.app.jobs.definitions.keys()].sort()).toEqual([
      'ai-coach.evaluate-plans',
      'ai-coach.prune',
      'auth.prune-sessions',
      'jobs.prune',
      'payments.expire-orders',
      'payments.prune-rejections',
      'rate-limits.prune',
      'registrations.cancel-event',
      'registrations.sweep',
      'registrations.waiting-list',
      'subscriptions.lifecycle',
    ]);
    const quiet = jobRegistry(serverFeatures, {
      config: { ...t.config, paymentExpirySweepSeconds: 0 },
      database: t.database,
      db: t.database.db,
      payments: t.app.payments,
      mail: t.app.mail,
      storage: null as never,
      identity: null,
      ai: null as never,
      schedule: null as never,
      strava: null,
    });
    expect(quiet.map((j) => j.name).sort()).toEqual([
      'ai-coach.evaluate-plans',
      'ai-coach.prune',
      'auth.prune-sessions',
      'jobs.prune',
      'rate-limits.prune',
      'registrations.cancel-event',
      'subscriptions.lifecycle',
    ]);
  });

  it('the payment expiry job expires an unpaid registration once its hold is over and frees the slot, once', async () => {
    const { event, categories } = await insertEvent(t);
    const created = (await postRegistration(t, registrationPayload(event))).json<{ registration: { registrationId: string } }>();
    const id = created.registration.registrationId;
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);

    await t.app.jobs.runDue(new Date(Date.now() + MINUTE));
    expect(await readRegistration(t, id)).toMatchObject({ status: 'pending' });

    const afterHold = new Date(Date.now() + (t.config.registrationHoldMinutes + 2) * MINUTE);
    await t.app.jobs.runDue(afterHold);
    expect(await readRegistration(t, id)).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);

    // Run again a period later: nothing is freed twice.
    await t.app.jobs.runDue(new Date(afterHold.getTime() + 2 * MINUTE));
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
  });

  it('the server polls for due jobs by itself when JOBS_POLL_SECONDS > 0', async () => {
    const polling = await buildTestApp({ env: { JOBS_POLL_SECONDS: '0.05' } });
    try {
      await vi.waitFor(
        async () => {
          const rows = await polling.database.db.select().from(jobs).where(eq(jobs.name, 'rate-limits.prune'));
          expect(rows[0]?.lastRunAt).toBeInstanceOf(Date);
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await polling.close();
    }
  });
});
