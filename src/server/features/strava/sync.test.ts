import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityDay } from '../../../domain/strava/matching';
import { stravaMessages } from '../../../domain/strava/strava';
import type { StravaActivityView } from '../../../domain/strava/contract';
import { isoToPlanDate } from '../../../domain/shared/wire-date';
import type { Run, TrainingPlan } from '../../../domain/training-plan/contract';
import { scoreRun } from '../../../domain/training-plan/scoring';
import { createBuiltInCoach } from '../../adapters/ai/built-in';
import type { AiCoachPort, ChatInput } from '../../adapters/ai/port';
import { createStravaHttp } from '../../adapters/strava/http';
import { startFakeStrava, type FakeActivityInput, type FakeStrava } from '../../adapters/strava/testing/fake-strava';
import { jobs, stravaAccounts, stravaActivities, trainingRuns, users } from '../../db/schema';
import { buildTestApp, testConfig, type TestApp } from '../../test/fixtures/build-test-app';
import { byTitle, planApi, runInput, type Headers } from '../../test/fixtures/training-plan';
import { createJobRunner } from '../../jobs/runner';
import { createBudgetedStrava, createStravaBudget, type StravaBudget } from './budget';
import { requestSync, storeLink } from './service';
import { athleteReadShare } from './budget';
import { PENDING_DELAY_MS, STRAVA_EVENT_JOB, STRAVA_PENDING_JOB, STRAVA_SYNC_JOB } from './service.sync';
import { WEBHOOK_RATE_LIMIT_PER_MINUTE } from './routes.webhook';

const ENV = {
  STRAVA_CLIENT_ID: '4242',
  STRAVA_CLIENT_SECRET: 'shh-secret',
  STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-token-123',
  // The fake Strava's events name subscription 999.
  STRAVA_WEBHOOK_SUBSCRIPTION_ID: '999',
  STRAVA_TOKEN_KEY: 'b2'.repeat(32),
};
const MINUTE = 60_000;
const DAY = 86_400_000;

let fake: FakeStrava;
let t: TestApp;
let webhookUrl: string;
/** The clock of the budget, the fake and the jobs: real time unless a test pins it. */
let pinned: Date | null = null;
const clock = () => pinned ?? new Date();
/** The AI adapter sees what the coach's AI gets of a runner's plan. */
const aiSaw: ChatInput['plan'][] = [];

beforeAll(async () => {
  fake = await startFakeStrava({ clientId: ENV.STRAVA_CLIENT_ID, clientSecret: ENV.STRAVA_CLIENT_SECRET, now: clock });
  const env = { ...ENV, STRAVA_API_URL: fake.url };
  // The wiring's port, but on the test's clock (the burst test moves it across windows).
  const config = testConfig(env).strava!;
  const engine = createBuiltInCoach();
  const ai: AiCoachPort = {
    name: engine.name,
    createPlan: (input) => engine.createPlan(input),
    chat: (input) => {
      aiSaw.push(input.plan);
      return engine.chat(input);
    },
    modify: (input) => engine.modify(input),
    readWorkoutImage: (input) => engine.readWorkoutImage(input),
  };
  // The budget lives in the test app's database, which exists once the app is built.
  let budget: StravaBudget | null = null;
  const http = createStravaHttp(config, { now: clock, onResponse: (headers) => budget?.observe(headers, clock()) });
  const port = createBudgetedStrava(
    http,
    {
      take: (kind, now) => budget!.take(kind, now),
      observe: (headers, now) => budget!.observe(headers, now),
      limited: (until, now) => budget!.limited(until, now),
    },
    clock,
  );
  t = await buildTestApp({ env, deps: { strava: port, ai, now: clock } });
  budget = createStravaBudget(t.database.db, config.limits);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/strava/webhook`;
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  pinned = null;
  aiSaw.length = 0;
  await t.reset();
  fake.resetCounters();
});

const api = () => planApi(t);
type Login = Awaited<ReturnType<TestApp['login']>>;

/** A runner linked to a new athlete at the fake (premium unless said otherwise). */
async function linkedRunner(email: string, opts: { premium?: boolean } = {}) {
  const who = await t.login(email, 'runner');
  if (opts.premium !== false) {
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 365 * DAY) }).where(eq(users.id, who.userId));
  }
  const athlete = fake.createAthlete();
  const grant = await createStravaHttp(t.config.strava!, { now: clock }).exchangeCode(fake.grantCode(athlete.id, 'read,activity:read_all'));
  expect(await storeLink(t.database.db, t.config.strava!, who.userId, grant, clock())).toBe('connected');
  return { ...who, athleteId: athlete.id };
}

/** A Jakarta day some days ago: its plan date, and Strava start instants on it (06:15 WIB is 23:15 UTC the evening before). */
function twoDaysAgo(offsetDays = 2) {
  const day = activityDay(new Date(clock().getTime() - offsetDays * DAY));
  const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { day, date: isoToPlanDate(day), start: at('06:15'), at };
}

const activity = (athleteId: number, start: string, extra: FakeActivityInput = {}) =>
  fake.createActivity(athleteId, { start_date: start, distance: 14_200, moving_time: 5_112, average_heartrate: 148.6, sport_type: 'Run', name: 'Long run Minggu', ...extra });

async function deliver(event: { object_id: number; aspect_type?: 'create' | 'update' | 'delete'; object_type?: 'activity' | 'athlete'; owner_id?: number; event_time?: number; updates?: Record<string, string> }) {
  const res = await fake.deliverWebhook(webhookUrl, event);
  expect(res.status).toBe(200);
  expect(res.ms).toBeLessThan(2_000);
  return res.event;
}

/**
 * Runs every due job. Unpinned, a few minutes ahead, so a job retried after a dropped connection
 * (its backoff is 30 s) runs too; pinned (the budget's windows), exactly at the pinned time, which
 * stands ahead of the jobs' real enqueue time.
 */
const drain = async () => {
  let total = 0;
  for (;;) {
    const ran = await t.app.jobs.runDue(pinned ?? new Date(Date.now() + 5 * MINUTE), 1000);
    total += ran;
    if (ran === 0) return total;
  }
};

const runsOf = async (headers: Headers) => (await api().runs(headers)).filter((r): r is Run => !r.locked);
const activityRows = (userId: string) => t.database.db.select().from(stravaActivities).where(eq(stravaActivities.userId, userId)).orderBy(asc(stravaActivities.startedAt));
const jobRows = (name: string) => t.database.db.select().from(jobs).where(eq(jobs.name, name));

/** A runner with an Easy Run (5k) and a Long Run (15k) planned on the same day. */
async function runnerWithPlan(email = 'lari@contoh.id', opts: { premium?: boolean } = {}) {
  const runner = await linkedRunner(email, opts);
  const when = twoDaysAgo();
  await api().seed(runner.headers, [runInput(when.date, 'Easy Run', { program: '5k' }), runInput(when.date, 'Long Run', { program: '15k', paceRange: "6'00 - 6'15" })]);
  return { runner, when };
}

describe('GET /api/strava/webhook (subscription validation)', () => {
  const validate = (query: string) => t.app.inject({ method: 'GET', url: `/api/strava/webhook?${query}` });

  it('echoes hub.challenge for hub.mode=subscribe and the configured verify token', async () => {
    const res = await validate('hub.mode=subscribe&hub.verify_token=verify-token-123&hub.challenge=15f7d1a91c1f40f8a748fd134752feb3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3' });
  });

  it('refuses a wrong token, another mode or no challenge with 403', async () => {
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=nope&hub.challenge=x',
      'hub.mode=subscribe&hub.verify_token=verify-token-12&hub.challenge=x',
      'hub.mode=unsubscribe&hub.verify_token=verify-token-123&hub.challenge=x',
      'hub.mode=subscribe&hub.challenge=x',
      'hub.mode=subscribe&hub.verify_token=verify-token-123',
      '',
    ]) {
      const res = await validate(query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().message).toMatch(/Strava/);
    }
  });

  it('answers 404 on both methods on a server without Strava config', async () => {
    const bare = await buildTestApp();
    try {
      const get = await bare.app.inject({ method: 'GET', url: '/api/strava/webhook?hub.mode=subscribe&hub.verify_token=verify-token-123&hub.challenge=x' });
      expect(get.statusCode).toBe(404);
      const post = await bare.app.inject({ method: 'POST', url: '/api/strava/webhook', payload: { not: 'an event' } });
      expect(post.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/strava/webhook', () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/strava/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
  const event = { object_type: 'activity', object_id: 1, aspect_type: 'create', owner_id: 2, subscription_id: 999, event_time: 1_700_000_000, updates: {} };

  it('refuses a body that is not Strava’s event shape with 400, in Indonesian', async () => {
    for (const bad of [{}, { ...event, object_type: 'club' }, { ...event, aspect_type: 'upsert' }, { ...event, object_id: 'abc' }, { ...event, owner_id: -1 }, { ...event, event_time: 1.5 }, [event]]) {
      const res = await post(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await post({ ...event, updates: { title: 'x'.repeat(5_000) } })).statusCode).toBe(413);
  });

  it('acknowledges an athlete nobody links, ignores unknown fields, and queues nothing', async () => {
    const res = await post({ ...event, owner_id: 123_456, something_new: { nested: true } });
    expect(res.statusCode).toBe(200);
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(0);
  });
});

describe('webhook events through the job runner', () => {
  it('create: answered at once, then the run of the day closest by distance gets the result (source strava) and its scores', async () => {
    const { runner, when } = await runnerWithPlan();
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    // Nothing happened in the request: no Strava call, only a job.
    expect(fake.requests.byKind.read).toBe(0);
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(1);

    await drain();
    const long = byTitle(await runsOf(runner.headers), 'Long Run');
    expect(long).toMatchObject({ trainingdistance: 14.2, trainingtime: 5112, trainingpace: 360, traininghr: 149, source: 'strava' });
    expect(byTitle(await runsOf(runner.headers), 'Easy Run')).toMatchObject({ trainingdistance: null, source: null });
    // The scores are the scoring's, from the result as any logged run has it: the same as typed.
    const typed = scoreRun({ ...long, source: 'manual' } as Run);
    expect(scoreRun(long)).toEqual(typed);
    expect(scoreRun(long).total).toBeGreaterThan(0);
    const [row] = await activityRows(runner.userId);
    expect(row).toMatchObject({ status: 'matched', runId: long._id, day: when.day, distanceKm: 14.2, movingTimeS: 5112, avgHr: 149, name: 'Long run Minggu' });
    expect(fake.requests.byKind.read).toBe(1);
  });

  it('duplicate deliveries: one job, one Strava read, one fill; a delivery after the sync is one more read and changes nothing', async () => {
    const { runner, when } = await runnerWithPlan();
    const a = activity(runner.athleteId, when.start);
    const first = await deliver({ object_id: a.id, event_time: 1_732_000_000 });
    await Promise.all([deliver({ ...first }), deliver({ ...first }), deliver({ ...first })]);
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(1);
    await drain();
    expect(fake.requests.byKind.read).toBe(1);
    const filled = await activityRows(runner.userId);
    expect(filled).toHaveLength(1);
    await deliver({ ...first });
    await drain();
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(2);
    expect(fake.requests.byKind.read).toBe(2);
    expect(await activityRows(runner.userId)).toEqual(filled);
  });

  it('update: a changed distance moves the result to the closer run and clears the old one; a new name refreshes the row', async () => {
    const { runner, when } = await runnerWithPlan();
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    await drain();
    fake.updateActivity(a.id, { distance: 5_150, moving_time: 1_800, name: 'Ternyata easy' });
    await deliver({ object_id: a.id, aspect_type: 'update', updates: { title: 'Ternyata easy' } });
    await drain();
    const runs = await runsOf(runner.headers);
    expect(byTitle(runs, 'Easy Run')).toMatchObject({ trainingdistance: 5.15, trainingtime: 1800, source: 'strava' });
    expect(byTitle(runs, 'Long Run')).toMatchObject({ trainingdistance: null, trainingtime: null, traininghr: null, source: null });
    expect((await activityRows(runner.userId))[0]).toMatchObject({ name: 'Ternyata easy', runId: byTitle(runs, 'Easy Run')._id });

    // A changed date with no plan that day: unplanned, and the easy run is cleared.
    fake.updateActivity(a.id, { start_date: twoDaysAgo(5).start });
    await deliver({ object_id: a.id, aspect_type: 'update', event_time: 1_900_000_000 });
    await drain();
    expect(byTitle(await runsOf(runner.headers), 'Easy Run')).toMatchObject({ trainingdistance: null, source: null });
    expect((await activityRows(runner.userId))[0]).toMatchObject({ status: 'unplanned', runId: null });
  });

  it('update: a result the runner typed is never overwritten, and a non-run clears what it filled', async () => {
    const { runner, when } = await runnerWithPlan();
    const plan = (await api().get(runner.headers)).json().trainingPlans[0] as TrainingPlan;
    const long = byTitle(plan.trainingPlan, 'Long Run');
    expect((await api().patch(runner.headers, plan._id, long._id, { trainingdistance: 15, trainingtime: 5400, traininghr: 150 })).statusCode).toBe(200);
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    await drain();
    // The long run keeps the typed result; the activity takes the other run of the day.
    let runs = await runsOf(runner.headers);
    expect(byTitle(runs, 'Long Run')).toMatchObject({ trainingdistance: 15, trainingtime: 5400, source: 'manual' });
    expect(byTitle(runs, 'Easy Run')).toMatchObject({ trainingdistance: 14.2, source: 'strava' });

    fake.updateActivity(a.id, { sport_type: 'Ride', type: 'Ride' });
    await deliver({ object_id: a.id, aspect_type: 'update', updates: { type: 'Ride' } });
    await drain();
    runs = await runsOf(runner.headers);
    expect(byTitle(runs, 'Easy Run')).toMatchObject({ trainingdistance: null, source: null });
    expect(byTitle(runs, 'Long Run')).toMatchObject({ trainingdistance: 15, source: 'manual' });
    expect(await activityRows(runner.userId)).toHaveLength(0);
  });

  it('delete: clears what it filled and forgets the activity; a result the runner kept stays', async () => {
    const { runner, when } = await runnerWithPlan();
    const a = activity(runner.athleteId, when.start);
    const b = activity(runner.athleteId, when.at('17:30'), { distance: 5_000, moving_time: 1_750, name: 'Sore' });
    await deliver({ object_id: a.id });
    await deliver({ object_id: b.id });
    await drain();
    let runs = await runsOf(runner.headers);
    expect(byTitle(runs, 'Long Run').source).toBe('strava');
    expect(byTitle(runs, 'Easy Run').source).toBe('strava');
    // The runner keeps the easy run's result (Simpan in Log Hasil Latihan sends it back).
    const planId = ((await api().get(runner.headers)).json().trainingPlans[0] as TrainingPlan)._id;
    const easy = byTitle(runs, 'Easy Run');
    const kept = await api().patch(runner.headers, planId, easy._id, { trainingdistance: easy.trainingdistance, trainingtime: easy.trainingtime, traininghr: easy.traininghr });
    expect(kept.json().item).toMatchObject({ source: 'manual', trainingdistance: 5 });

    // A delete Strava does not confirm (the activity still exists) changes nothing.
    await deliver({ object_id: a.id, aspect_type: 'delete' });
    await drain();
    expect(byTitle(await runsOf(runner.headers), 'Long Run').source).toBe('strava');

    fake.deleteActivity(a.id);
    fake.deleteActivity(b.id);
    await deliver({ object_id: a.id, aspect_type: 'delete', owner_id: runner.athleteId, event_time: 1_900_000_001 });
    await deliver({ object_id: b.id, aspect_type: 'delete', owner_id: runner.athleteId, event_time: 1_900_000_002 });
    await drain();
    runs = await runsOf(runner.headers);
    expect(byTitle(runs, 'Long Run')).toMatchObject({ trainingdistance: null, trainingtime: null, trainingpace: null, traininghr: null, source: null });
    expect(byTitle(runs, 'Easy Run')).toMatchObject({ trainingdistance: 5, source: 'manual' });
    expect(await activityRows(runner.userId)).toHaveLength(0);
  });

  it('athlete deauthorization: the link and the Strava data go once Strava confirms; a forged one changes nothing', async () => {
    const { runner, when } = await runnerWithPlan();
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    await drain();

    // Forged: the token still works at Strava.
    await deliver({ object_type: 'athlete', object_id: runner.athleteId, owner_id: runner.athleteId, aspect_type: 'update', updates: { authorized: 'false' } });
    await drain();
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(1);

    // The runner revokes Derap at Strava; Strava tells us.
    const [token] = fake.tokensOf(runner.athleteId).accessTokens;
    expect((await fetch(`${fake.url}/oauth/deauthorize`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await deliver({ object_type: 'athlete', object_id: runner.athleteId, owner_id: runner.athleteId, aspect_type: 'update', updates: { authorized: 'false' }, event_time: 1_900_000_100 });
    await drain();
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(0);
    expect(await activityRows(runner.userId)).toHaveLength(0);
    expect(byTitle(await runsOf(runner.headers), 'Long Run')).toMatchObject({ trainingdistance: null, source: null });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, runner.userId));
    expect(user!.stravaAthleteId).toBeNull();
  });

  it('two servers applying one runner’s events at once never give one run to two activities', async () => {
    const { runner, when } = await runnerWithPlan('balapan@contoh.id');
    const made = [14_000, 5_200, 9_000].map((distance, i) => activity(runner.athleteId, when.at(`0${6 + i}:00`), { distance }));
    for (const a of made) await deliver({ object_id: a.id });
    const other = await t.openAgain();
    const definitions = [...t.app.jobs.definitions.values()];
    const second = createJobRunner({ db: other.db, log: t.app.log, jobs: definitions, pollMs: 0, workerId: 'server-b' });
    const later = new Date(Date.now() + 1_000);
    await Promise.all([t.app.jobs.runDue(later), second.runDue(later)]);
    await drain();
    const rows = await activityRows(runner.userId);
    expect(rows.map((r) => r.status).sort()).toEqual(['matched', 'matched', 'unplanned']);
    const runs = await runsOf(runner.headers);
    for (const row of rows.filter((r) => r.status === 'matched')) {
      expect(runs.find((r) => r._id === row.runId)).toMatchObject({ trainingdistance: row.distanceKm, source: 'strava' });
    }
    expect(new Set(rows.map((r) => r.runId).filter(Boolean)).size).toBe(2);
  });

  it('automatic sync is premium: a runner without an active subscription spends no Strava call', async () => {
    const { runner, when } = await runnerWithPlan('gratis@contoh.id', { premium: false });
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(0);

    // Premium when the event came, lapsed when its job runs.
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + DAY) }).where(eq(users.id, runner.userId));
    await deliver({ object_id: a.id, event_time: 1_900_000_200 });
    await t.database.db.update(users).set({ subscriptionStatus: 'past_due', currentPeriodEnd: new Date(Date.now() - DAY) }).where(eq(users.id, runner.userId));
    await drain();
    // At most the link's check (a list from now, which tells whether the runner revoked Derap).
    expect(fake.requests.byKind.read).toBeLessThanOrEqual(1);
    expect(byTitle(await runsOf(runner.headers), 'Long Run').trainingdistance).toBeNull();
  });

  it('a burst of 500 events from 50 athletes is 50 jobs and 50 reads, one per athlete, all in the window', { timeout: 180_000 }, async () => {
    // Just after a quarter hour starts, so the whole delivery falls into one window.
    pinned = new Date(Math.ceil((Date.now() + MINUTE) / (15 * MINUTE)) * 15 * MINUTE + 1_000);
    const runners = [];
    for (let i = 0; i < 50; i++) runners.push(await linkedRunner(`burst${i}@contoh.id`));
    const when = twoDaysAgo();
    const events = runners.flatMap((r) =>
      Array.from({ length: 10 }, (_, k) => activity(r.athleteId, when.start, { distance: 3_000 + k * 1_000, moving_time: 1_000 + k * 300 })),
    );
    for (let i = 0; i < events.length; i += 25) await Promise.all(events.slice(i, i + 25).map((a) => deliver({ object_id: a.id })));
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(50);
    pinned = new Date(pinned.getTime() + PENDING_DELAY_MS);
    await drain();
    const all = await jobRows(STRAVA_PENDING_JOB);
    expect(all.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect(fake.requests.byKind.read).toBe(50);
    expect(fake.requests.limited).toBe(0);
    expect(await t.database.db.select().from(stravaActivities)).toHaveLength(500);
  });
});

describe('forged webhook events (issue 26 §7)', () => {
  const post = (payload: unknown, remoteAddress = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: '/api/strava/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress });
  const forged = (ownerId: number, i: number, extra: Record<string, unknown> = {}) => ({
    object_type: 'activity',
    object_id: 5_000_000 + i,
    aspect_type: (['create', 'update', 'delete'] as const)[i % 3],
    owner_id: ownerId,
    subscription_id: 999,
    event_time: 1_800_000_000 + i,
    updates: {},
    ...extra,
  });

  it('an event of another subscription (or of none) is acknowledged and ignored; without our id configured, every event is', async () => {
    const { runner, when } = await runnerWithPlan('langganan@contoh.id');
    const a = activity(runner.athleteId, when.start);
    for (const subscription of [{ subscription_id: 998 }, { subscription_id: undefined }, { subscription_id: 0 }]) {
      const res = await post(forged(runner.athleteId, 0, { object_id: a.id, aspect_type: 'create', ...subscription }));
      expect(res.statusCode).toBe(200);
    }
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(0);
    // Ours: queued.
    expect((await post(forged(runner.athleteId, 0, { object_id: a.id, aspect_type: 'create' }))).statusCode).toBe(200);
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(1);

    const { STRAVA_WEBHOOK_SUBSCRIPTION_ID: _omitted, ...withoutId } = { ...ENV, STRAVA_API_URL: fake.url };
    const other = await buildTestApp({ env: withoutId });
    try {
      const res = await other.app.inject({ method: 'POST', url: '/api/strava/webhook', payload: forged(runner.athleteId, 1) });
      expect(res.statusCode).toBe(200);
      expect(await other.database.db.select().from(jobs).where(eq(jobs.name, STRAVA_PENDING_JOB))).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('1 000 forged events for one athlete from 100 addresses are one job and one read; another runner’s real activity syncs within a minute', { timeout: 120_000 }, async () => {
    const { runner: victim, when } = await runnerWithPlan('korban@contoh.id');
    const mine = activity(victim.athleteId, when.start);
    const other = await linkedRunner('lain@contoh.id');
    const real = activity(other.athleteId, when.start, { name: 'Lari pagi sungguhan' });
    for (let i = 0; i < 1_000; i += 50) {
      const batch = Array.from({ length: 50 }, (_, k) => post(forged(victim.athleteId, i + k), `198.51.100.${(i + k) % 100}`));
      for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(200);
    }
    // The real event, from Strava, in the middle of the flood.
    await deliver({ object_id: real.id });
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(2);
    expect(fake.requests.byKind.read).toBe(0);

    const ran = await t.app.jobs.runDue(new Date(Date.now() + MINUTE));
    expect(ran).toBeGreaterThanOrEqual(2);
    expect((await activityRows(other.userId)).map((r) => r.activityId)).toEqual([String(real.id)]);
    // The victim's one sync listed what is new: their real activity is there, nothing forged is.
    expect((await activityRows(victim.userId)).map((r) => r.activityId)).toEqual([String(mine.id)]);
    expect(fake.requests.byKind.read).toBe(2);
    expect((await jobRows(STRAVA_PENDING_JOB)).every((j) => j.status === 'done')).toBe(true);
  });

  it('a flood that goes on spends at most the athlete’s share of a window; the others are still served in it', { timeout: 120_000 }, async () => {
    pinned = new Date(Math.ceil((Date.now() + MINUTE) / (15 * MINUTE)) * 15 * MINUTE + 1_000);
    const share = athleteReadShare(t.config.strava!.limits);
    expect(share).toBe(10);
    const victim = await linkedRunner('banjir@contoh.id');
    const other = await linkedRunner('tetangga@contoh.id');
    // An event, its sync, again and again: each sync is a read until the share is spent.
    for (let i = 0; i < 30; i++) {
      expect((await post(forged(victim.athleteId, i), `192.0.2.${i}`)).statusCode).toBe(200);
      pinned = new Date(pinned.getTime() + PENDING_DELAY_MS + 1_000);
      await t.app.jobs.runDue(pinned);
    }
    expect(fake.requests.byKind.read).toBe(share);
    const waiting = (await jobRows(STRAVA_PENDING_JOB)).filter((j) => j.status === 'queued');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.runAt.getTime()).toBe(Math.ceil(pinned.getTime() / (15 * MINUTE)) * 15 * MINUTE);

    const real = activity(other.athleteId, twoDaysAgo().start);
    await deliver({ object_id: real.id });
    pinned = new Date(pinned.getTime() + PENDING_DELAY_MS + 1_000);
    await t.app.jobs.runDue(pinned);
    expect((await activityRows(other.userId)).map((r) => r.activityId)).toEqual([String(real.id)]);
    expect(fake.requests.byKind.read).toBe(share + 1);
  });

  it('a per-event job queued by an older release joins its runner’s wait and syncs', async () => {
    const { runner, when } = await runnerWithPlan('lama@contoh.id');
    const a = activity(runner.athleteId, when.start);
    await t.database.db.insert(jobs).values({
      name: STRAVA_EVENT_JOB,
      key: `activity:${a.id}:create:1`,
      payload: { objectType: 'activity', objectId: String(a.id), aspectType: 'create', ownerId: String(runner.athleteId), eventTime: 1, deauthorized: false },
      runAt: new Date(),
    });
    await drain();
    expect(byTitle(await runsOf(runner.headers), 'Long Run')).toMatchObject({ trainingdistance: 14.2, source: 'strava' });
    expect(fake.requests.byKind.read).toBe(1);
  });

  it('one address is limited per minute (429 RATE_LIMITED); another address is not', async () => {
    const victim = await linkedRunner('batas@contoh.id');
    for (let i = 0; i < WEBHOOK_RATE_LIMIT_PER_MINUTE; i += 100) {
      const batch = Array.from({ length: Math.min(100, WEBHOOK_RATE_LIMIT_PER_MINUTE - i) }, (_, k) => post(forged(victim.athleteId, i + k), '203.0.113.50'));
      for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(200);
    }
    const over = await post(forged(victim.athleteId, 9_999), '203.0.113.50');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect((await post(forged(victim.athleteId, 9_998), '203.0.113.51')).statusCode).toBe(200);
    expect(await jobRows(STRAVA_PENDING_JOB)).toHaveLength(1);
  });
});

describe("'Sinkronkan sekarang' (POST /api/strava/sync, job strava.sync)", () => {
  const sync = (who: Login) => t.app.inject({ method: 'POST', url: '/api/strava/sync', headers: who.headers });

  it('queues the last 30 days, pages through them, fills and leaves unplanned, sets last_sync_at; twice changes nothing', async () => {
    // Without premium: the manual sync is for every connected runner.
    const { runner, when } = await runnerWithPlan('manual@contoh.id', { premium: false });
    activity(runner.athleteId, when.start);
    for (let i = 0; i < 104; i++) activity(runner.athleteId, twoDaysAgo(3 + (i % 20)).start, { distance: 4_000 + i * 10, name: `Lari ${i}` });
    activity(runner.athleteId, twoDaysAgo(40).start, { name: 'Terlalu lama' });
    activity(runner.athleteId, twoDaysAgo(4).start, { sport_type: 'Ride', type: 'Ride', name: 'Sepeda' });

    const res = await sync(runner);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: stravaMessages.syncStarted });
    expect(await jobRows(STRAVA_SYNC_JOB)).toHaveLength(1);
    await drain();

    const rows = await activityRows(runner.userId);
    expect(rows).toHaveLength(105);
    expect(rows.filter((r) => r.status === 'matched')).toHaveLength(1);
    expect(byTitle(await runsOf(runner.headers), 'Long Run')).toMatchObject({ trainingdistance: 14.2, source: 'strava' });
    // 105 runs and a ride in the window: two pages (100 + 6), the short one is the last.
    expect(fake.requests.byKind.read).toBe(2);
    const [account] = await t.database.db.select().from(stravaAccounts).where(eq(stravaAccounts.userId, runner.userId));
    expect(account!.lastSyncAt).toBeInstanceOf(Date);

    const snapshot = async () => ({
      runs: await t.database.db.select().from(trainingRuns).orderBy(asc(trainingRuns.id)),
      activities: await t.database.db.select().from(stravaActivities).orderBy(asc(stravaActivities.id)),
    });
    const before = await snapshot();
    expect(await requestSync(t.app.jobs, runner.userId, new Date(Date.now() + 2 * MINUTE))).toBe(true);
    await t.app.jobs.runDue(new Date(Date.now() + 2 * MINUTE));
    expect(await snapshot()).toEqual(before);
  });

  it('a double click queues one sync; not connected → 409', async () => {
    pinned = new Date();
    const runner = await linkedRunner('dua@contoh.id');
    expect((await sync(runner)).json()).toEqual({ message: stravaMessages.syncStarted });
    const again = await sync(runner);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: stravaMessages.syncBusy });
    expect(await jobRows(STRAVA_SYNC_JOB)).toHaveLength(1);
    const stranger = await t.login('asing@contoh.id');
    const res = await sync(stranger);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(stravaMessages.notConnected);
  });

  it('a deleted activity leaves with the next sync', async () => {
    const { runner, when } = await runnerWithPlan('hapus@contoh.id');
    const a = activity(runner.athleteId, when.start);
    await sync(runner);
    await drain();
    expect(byTitle(await runsOf(runner.headers), 'Long Run').source).toBe('strava');
    fake.deleteActivity(a.id);
    await requestSync(t.app.jobs, runner.userId, new Date(Date.now() + 2 * MINUTE));
    await t.app.jobs.runDue(new Date(Date.now() + 2 * MINUTE));
    expect(byTitle(await runsOf(runner.headers), 'Long Run')).toMatchObject({ trainingdistance: null, source: null });
    expect(await activityRows(runner.userId)).toHaveLength(0);
  });
});

describe('unplanned runs: list, keep, discard', () => {
  const list = (who: Login, status = 'unplanned') => t.app.inject({ method: 'GET', url: `/api/strava/activities?status=${status}`, headers: who.headers });
  const act = (who: Login, id: string, what: 'keep' | 'discard') => t.app.inject({ method: 'POST', url: `/api/strava/activities/${id}/${what}`, headers: who.headers });

  it('an activity on a day without a planned run waits; keep makes it a run of the runner’s own log, discard stays discarded', async () => {
    const runner = await linkedRunner('bebas@contoh.id');
    const other = await linkedRunner('lain@contoh.id');
    const when = twoDaysAgo();
    const a = activity(runner.athleteId, when.start, { name: `  ${'Lari santai pagi keliling GBK '.repeat(5)}` });
    const b = activity(runner.athleteId, twoDaysAgo(3).start, { name: '', average_heartrate: undefined, has_heartrate: false });
    await deliver({ object_id: a.id });
    await deliver({ object_id: b.id });
    await drain();

    const waiting = (await list(runner)).json().data as StravaActivityView[];
    expect(waiting.map((v) => v.activityId)).toEqual([String(a.id), String(b.id)]);
    expect(waiting[0]).toMatchObject({ date: when.date, distance: 14.2, time: 5112, pace: 360, avgHeartRate: 149, status: 'unplanned', runId: null });
    // Another runner sees none of them and cannot act on them.
    expect((await list(other)).json().data).toEqual([]);
    expect((await act(other, waiting[0]!._id, 'keep')).statusCode).toBe(404);
    expect((await act(other, waiting[0]!._id, 'discard')).statusCode).toBe(404);
    expect((await act(runner, 'not-a-uuid', 'keep')).statusCode).toBe(404);

    const kept = await act(runner, waiting[0]!._id, 'keep');
    expect(kept.statusCode).toBe(200);
    const run = kept.json() as Run;
    expect(run).toMatchObject({ date: when.date, generatedby: 'user', trainingdistance: 14.2, trainingtime: 5112, traininghr: 149, trainingpace: 360, source: 'manual' });
    expect(run.title).toHaveLength(100);
    expect(run.title.startsWith('Lari santai pagi')).toBe(true);
    expect((await act(runner, waiting[0]!._id, 'keep')).json()).toEqual(run);
    expect((await runsOf(runner.headers)).map((r) => r._id)).toEqual([run._id]);

    const discarded = await act(runner, waiting[1]!._id, 'discard');
    expect(discarded.json()).toEqual({ message: stravaMessages.activityDiscarded });
    expect((await list(runner)).json().data).toEqual([]);
    expect(((await list(runner, 'kept')).json().data as StravaActivityView[]).map((v) => v.runId)).toEqual([run._id]);

    // Later updates leave both as the runner left them.
    fake.updateActivity(a.id, { distance: 9_000 });
    fake.updateActivity(b.id, { distance: 9_000 });
    await deliver({ object_id: a.id, aspect_type: 'update' });
    await deliver({ object_id: b.id, aspect_type: 'update' });
    await drain();
    const rows = await activityRows(runner.userId);
    expect(rows.map((r) => r.status).sort()).toEqual(['discarded', 'kept']);
    expect((await runsOf(runner.headers))[0]).toMatchObject({ trainingdistance: 14.2, source: 'manual' });
    // An empty name keeps as 'Lari dari Strava'.
    await t.database.db.update(stravaActivities).set({ status: 'unplanned' }).where(and(eq(stravaActivities.userId, runner.userId), eq(stravaActivities.activityId, String(b.id))));
    expect((await act(runner, waiting[1]!._id, 'keep')).json()).toMatchObject({ title: 'Lari dari Strava', traininghr: null });
  });
});

describe('privacy: Strava-derived data is the runner’s alone until they keep it', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it("a coach reads a Strava result as not logged everywhere (plan, range, write answers, the AI), cannot turn it into 'manual', and sees it after the runner's Simpan", async () => {
    const { runner, when } = await runnerWithPlan('privat@contoh.id');
    const coach = await t.login('pelatih@contoh.id', 'coach');
    expect((await call('POST', '/api/dev/coaching/connections', coach.headers, { runnerEmail: 'privat@contoh.id', weeks: 4 })).statusCode).toBe(201);
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    await drain();
    const mine = byTitle(await runsOf(runner.headers), 'Long Run');
    expect(mine).toMatchObject({ trainingdistance: 14.2, source: 'strava' });

    const base = `/api/runner/${runner.userId}/training-plans`;
    const hidden = { trainingdistance: null, trainingtime: null, trainingpace: null, traininghr: null, source: null };
    const coachPlan = async () => ((await call('GET', base, coach.headers)).json() as { trainingPlans: TrainingPlan[] }).trainingPlans[0]!;
    let plan = await coachPlan();
    expect(byTitle(plan.trainingPlan, 'Long Run')).toMatchObject(hidden);
    const range = await call('GET', `${base}/range?from=${when.date}&to=${when.date}`, coach.headers);
    expect(byTitle(range.json().trainingPlans[0].trainingPlan, 'Long Run')).toMatchObject(hidden);
    expect(JSON.stringify(range.json())).not.toContain('5112');

    // The coach's AI for the runner gets the same view.
    const chat = await call('POST', `/api/coach/runner/${runner.userId}/ai/chat`, coach.headers, { maingoal: 'Race Selanjutnya', chathistory: [], usermessage: 'pindahkan long run ke hari Minggu' });
    expect(chat.statusCode).toBe(200);
    expect(aiSaw).toHaveLength(1);
    expect(aiSaw[0]!.find((r) => r._id === mine._id)).toMatchObject(hidden);

    // The coach's writes: sending the run back as read, moving it, clearing what they saw as empty.
    const put = await call('PUT', base, coach.headers, { trainingPlan: plan.trainingPlan });
    expect(put.statusCode).toBe(200);
    expect(byTitle(put.json().trainingPlan, 'Long Run')).toMatchObject(hidden);
    const moved = await call('PATCH', `${base}/${plan._id}/item/${mine._id}`, coach.headers, { date: twoDaysAgo(1).date });
    expect(moved.json().item).toMatchObject(hidden);
    const cleared = await call('PATCH', `${base}/${plan._id}/item/${mine._id}`, coach.headers, { trainingdistance: null, trainingtime: null, traininghr: null });
    expect(cleared.statusCode).toBe(200);
    expect(byTitle(await runsOf(runner.headers), 'Long Run')).toMatchObject({ trainingdistance: 14.2, trainingtime: 5112, traininghr: 149, source: 'strava' });

    // The runner presses Simpan in Log Hasil Latihan: the result is theirs, and their coach sees it.
    const planId = ((await api().get(runner.headers)).json().trainingPlans[0] as TrainingPlan)._id;
    const saved = await api().patch(runner.headers, planId, mine._id, { trainingdistance: 14.2, trainingtime: 5112, traininghr: 149 });
    expect(saved.json().item).toMatchObject({ source: 'manual' });
    plan = await coachPlan();
    expect(byTitle(plan.trainingPlan, 'Long Run')).toMatchObject({ trainingdistance: 14.2, trainingtime: 5112, traininghr: 149, source: 'manual' });

    // Clearing a result clears its source.
    const clearedByRunner = await api().patch(runner.headers, planId, mine._id, { trainingdistance: null, trainingtime: null, traininghr: null });
    expect(clearedByRunner.json().item).toMatchObject({ trainingdistance: null, source: null });
  });

  it("a runner's PUT that sends a Strava result back unchanged keeps it the runner's alone; a changed one is 'manual'", async () => {
    const { runner, when } = await runnerWithPlan('put@contoh.id');
    const a = activity(runner.athleteId, when.start);
    await deliver({ object_id: a.id });
    await drain();
    const runs = await runsOf(runner.headers);
    let res = await api().put(runner.headers, runs);
    expect(byTitle(res.json().trainingPlan, 'Long Run').source).toBe('strava');
    res = await api().put(runner.headers, runs.map((r) => (r.title === 'Long Run' ? { ...r, trainingdistance: 14.5 } : r)));
    expect(byTitle(res.json().trainingPlan, 'Long Run')).toMatchObject({ trainingdistance: 14.5, source: 'manual' });
  });
});
