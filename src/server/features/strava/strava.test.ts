import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { stravaMessages } from '../../../domain/strava/strava';
import { createStravaHttp } from '../../adapters/strava/http';
import { StravaUnauthorized } from '../../adapters/strava/port';
import { startFakeStrava, type FakeStrava } from '../../adapters/strava/testing/fake-strava';
import { stravaAccounts, stravaActivities } from '../../db/schema/strava';
import { trainingRuns } from '../../db/schema/training-plan';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { insertAiRun } from '../../test/fixtures/training-plan';
import { createBudgetedStrava, createStravaBudget } from './budget';
import { STRAVA_SYNC_JOB, accessTokenFor, checkConnectState, createConnectState, requestSync, type StravaDeps } from './service';
import { openToken } from './token-crypto';

let fake: FakeStrava;
let t: TestApp;
const TOKEN_KEY = 'a1'.repeat(32);
const CALLBACK = 'http://localhost:3000/api/strava/callback';

beforeAll(async () => {
  fake = await startFakeStrava({ clientId: '4242', clientSecret: 'shh-secret' });
  t = await buildTestApp({
    env: {
      STRAVA_CLIENT_ID: '4242',
      STRAVA_CLIENT_SECRET: 'shh-secret',
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-token-123',
      STRAVA_API_URL: fake.url,
      STRAVA_TOKEN_KEY: TOKEN_KEY,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  await t.reset();
  fake.resetCounters();
});

type Login = Awaited<ReturnType<TestApp['login']>>;

function deps(): StravaDeps {
  const config = t.config.strava!;
  const budget = createStravaBudget(t.database.db, config.limits);
  return { db: t.database.db, config, strava: createBudgetedStrava(createStravaHttp(config), budget) };
}

/** GET /api/strava/connect as the runner: the consent page's address. */
async function beginConnect(who: Login) {
  const res = await t.app.inject({ method: 'GET', url: '/api/strava/connect', headers: who.headers });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

/** What the fake's consent page does when the runner presses a button: the callback's address. */
async function consent(authorize: URL, opts: { decision?: 'authorize' | 'cancel'; athleteId?: number; grant?: string[] } = {}) {
  const decide = new URL('/oauth/authorize/decide', fake.url);
  for (const k of ['client_id', 'redirect_uri', 'state', 'scope']) decide.searchParams.set(k, authorize.searchParams.get(k) ?? '');
  decide.searchParams.set('athlete_id', opts.athleteId ? String(opts.athleteId) : 'new');
  for (const g of opts.grant ?? ['activity:read_all']) decide.searchParams.append('grant', g);
  decide.searchParams.set('decision', opts.decision ?? 'authorize');
  const res = await fetch(decide, { redirect: 'manual' });
  return new URL(res.headers.get('location')!);
}

async function callback(who: Login | null, back: URL) {
  const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: who?.headers ?? {} });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

async function connect(who: Login, athleteId?: number) {
  const back = await consent(await beginConnect(who), { athleteId });
  expect(await callback(who, back)).toBe('/dashboard?strava=connected');
  const [account] = await t.database.db.select().from(stravaAccounts).where(eq(stravaAccounts.userId, who.userId));
  return account!;
}

describe('GET /api/strava/connect', () => {
  it('sends a signed-in runner to Strava’s consent page with activity:read_all and a state', async () => {
    const runner = await t.login('lari@example.com');
    const to = await beginConnect(runner);
    expect(to.origin + to.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: '4242',
      redirect_uri: CALLBACK,
      response_type: 'code',
      approval_prompt: 'auto',
      scope: 'activity:read_all',
    });
    expect(to.searchParams.get('state')!.length).toBeGreaterThan(20);
    expect((await fetch(to)).status).toBe(200);
  });

  it('sends a visitor without a session to the login page, which brings them back to the settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/strava/connect' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?next=${encodeURIComponent('/dashboard?view=pengaturan')}`);
    const back = await t.app.inject({ method: 'GET', url: '/api/strava/callback?state=x&code=y&scope=read,activity:read_all' });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/login?next=${encodeURIComponent('/dashboard?view=pengaturan')}`);
    expect(fake.requests.byKind.token).toBe(0);
  });
});

describe('GET /api/strava/callback', () => {
  it('stores the athlete id and sealed tokens (never a plain token in the database) and queues nothing twice', async () => {
    const runner = await t.login('lari@example.com');
    const account = await connect(runner);
    const plain = fake.tokensOf(account.athleteId);
    expect(plain.accessTokens).toHaveLength(1);
    expect(plain.refreshTokens).toHaveLength(1);
    // Nothing anywhere in the database holds a plain token.
    const dump = JSON.stringify((await t.database.db.execute(sql`select * from strava_accounts`)) as unknown);
    for (const token of [...plain.accessTokens, ...plain.refreshTokens]) expect(dump).not.toContain(token);
    expect(account.accessTokenEnc).toMatch(/^v1\./);
    expect(openToken(t.config.strava!.tokenKey, account.accessTokenEnc)).toBe(plain.accessTokens[0]);
    expect(openToken(t.config.strava!.tokenKey, account.refreshTokenEnc)).toBe(plain.refreshTokens[0]);
    expect(account.scope).toBe('read,activity:read_all');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: runner.headers });
    expect(me.json()).toMatchObject({ user: { strava: { id: account.athleteId } } });
    const status = await t.app.inject({ method: 'GET', url: '/api/strava/status', headers: runner.headers });
    expect(status.json()).toMatchObject({ configured: true, connected: true, athleteId: account.athleteId, lastSyncAt: null, autoSync: false, unplanned: 0 });
  });

  it('a reconnect replaces the tokens', async () => {
    const runner = await t.login('lari@example.com');
    const first = await connect(runner);
    const second = await connect(runner, Number(first.athleteId));
    expect(second.athleteId).toBe(first.athleteId);
    expect(second.refreshTokenEnc).not.toBe(first.refreshTokenEnc);
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(1);
  });

  it('a reconnect with ANOTHER Strava account forgets what came from the first; the same account keeps it', async () => {
    const runner = await t.login('lari@example.com');
    const first = await connect(runner);
    const synced = () => t.database.db.select().from(stravaActivities).where(eq(stravaActivities.userId, runner.userId));
    const activity = { userId: runner.userId, sportType: 'Run', startedAt: new Date('2026-11-20T23:00:00Z'), day: '2026-11-21', distanceKm: 5, movingTimeS: 1800, status: 'unplanned' as const };
    await t.database.db.insert(stravaActivities).values({ ...activity, activityId: '9001' });
    await connect(runner, Number(first.athleteId));
    expect(await synced()).toHaveLength(1);
    const second = await connect(runner);
    expect(second.athleteId).not.toBe(first.athleteId);
    expect(await synced()).toHaveLength(0);
  });

  it('refuses a forged, another user’s, expired or reused state', async () => {
    const runner = await t.login('lari@example.com');
    const other = await t.login('lain@example.com');
    const authorize = await beginConnect(runner);
    const back = await consent(authorize);
    const state = back.searchParams.get('state')!;

    const forged = new URL(back);
    forged.searchParams.set('state', `${state.split('.')[0]}.${'A'.repeat(43)}`);
    expect(await callback(runner, forged)).toBe('/dashboard?view=pengaturan&strava=invalid');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expect(await callback(runner, missing)).toBe('/dashboard?view=pengaturan&strava=invalid');
    // The runner's state in another user's session (a link sent to a victim).
    expect(await callback(other, back)).toBe('/dashboard?view=pengaturan&strava=invalid');
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(0);

    expect(await checkConnectState(t.database.db, t.config.jwtSecret, runner.userId, state, new Date(Date.now() + 11 * 60_000))).toBe(false);
    expect(await checkConnectState(t.database.db, t.config.jwtSecret, runner.userId, state)).toBe(true);

    expect(await callback(runner, back)).toBe('/dashboard?strava=connected');
    // The same state again, with a fresh code for the same athlete: refused.
    const athleteId = (await t.database.db.select().from(stravaAccounts))[0]!.athleteId;
    const again = new URL(back);
    again.searchParams.set('code', fake.grantCode(athleteId));
    expect(await callback(runner, again)).toBe('/dashboard?view=pengaturan&strava=invalid');
  });

  it('Cancel at Strava → denied; activity:read_all unticked → scope; nothing stored', async () => {
    const runner = await t.login('lari@example.com');
    expect(await callback(runner, await consent(await beginConnect(runner), { decision: 'cancel' }))).toBe('/dashboard?view=pengaturan&strava=denied');
    expect(await callback(runner, await consent(await beginConnect(runner), { grant: [] }))).toBe('/dashboard?view=pengaturan&strava=scope');
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(0);
    expect(fake.requests.byKind.token).toBe(0);
  });

  it('an athlete linked to another Derap user → taken, and the first link stays', async () => {
    const first = await t.login('lari@example.com');
    const second = await t.login('lain@example.com');
    const account = await connect(first);
    const back = await consent(await beginConnect(second), { athleteId: Number(account.athleteId) });
    expect(await callback(second, back)).toBe('/dashboard?view=pengaturan&strava=taken');
    const rows = await t.database.db.select().from(stravaAccounts);
    expect(rows.map((r) => r.userId)).toEqual([first.userId]);
    const [secondUser] = await t.database.db.select().from(users).where(eq(users.id, second.userId));
    expect(secondUser!.stravaAthleteId).toBeNull();
  });

  it('Strava failing the code exchange → failed, nothing stored', async () => {
    const runner = await t.login('lari@example.com');
    const back = await consent(await beginConnect(runner));
    fake.failNext(500);
    expect(await callback(runner, back)).toBe('/dashboard?view=pengaturan&strava=failed');
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(0);
  });
});

describe('accessTokenFor', () => {
  it('refreshes a token that expires within 5 minutes, stores the rotated refresh token; the old one is refused', async () => {
    const runner = await t.login('lari@example.com');
    const account = await connect(runner);
    const d = deps();
    const oldAccess = openToken(d.config.tokenKey, account.accessTokenEnc);
    const oldRefresh = openToken(d.config.tokenKey, account.refreshTokenEnc);
    // Fresh: the stored token, no call.
    expect(await accessTokenFor(d, runner.userId)).toBe(oldAccess);
    expect(fake.requests.byKind.token).toBe(1);

    await t.database.db.update(stravaAccounts).set({ expiresAt: new Date(Date.now() + 4 * 60_000) }).where(eq(stravaAccounts.userId, runner.userId));
    // Two servers at once (on PostgreSQL a second connection pool): one refresh at Strava, both get the new token.
    const second = await t.openAgain();
    const [a, b] = await Promise.all([accessTokenFor(d, runner.userId), accessTokenFor({ ...deps(), db: second.db }, runner.userId)]);
    expect(a).toBe(b);
    expect(a).not.toBe(oldAccess);
    expect(fake.requests.byKind.token).toBe(2);

    const [row] = await t.database.db.select().from(stravaAccounts).where(eq(stravaAccounts.userId, runner.userId));
    const newRefresh = openToken(d.config.tokenKey, row!.refreshTokenEnc);
    expect(newRefresh).not.toBe(oldRefresh);
    expect(fake.tokensOf(account.athleteId).refreshTokens).toEqual([newRefresh]);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 5 * 3600_000);
    await expect(createStravaHttp(d.config).refresh(oldRefresh)).rejects.toBeInstanceOf(StravaUnauthorized);
  });

  it('a refused refresh (revoked at Strava) forgets the link and throws StravaUnauthorized', async () => {
    const runner = await t.login('lari@example.com');
    const account = await connect(runner);
    const d = deps();
    await createStravaHttp(d.config).deauthorize(openToken(d.config.tokenKey, account.accessTokenEnc));
    await t.database.db.update(stravaAccounts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(stravaAccounts.userId, runner.userId));
    await expect(accessTokenFor(d, runner.userId)).rejects.toBeInstanceOf(StravaUnauthorized);
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(0);
    await expect(accessTokenFor(d, runner.userId)).rejects.toBeInstanceOf(StravaUnauthorized);
  });
});

describe('POST /api/strava/disconnect', () => {
  async function withStravaData(runner: Login) {
    const account = await connect(runner);
    const fromStrava = await insertAiRun(t, runner.userId, '2026-11-20', 'Long Run', { trainingDistance: 16.1, trainingTime: 5800, trainingPace: 360, trainingHr: 150, resultSource: 'strava' });
    const typed = await insertAiRun(t, runner.userId, '2026-11-21', 'Easy Run', { trainingDistance: 5, trainingTime: 1800, trainingPace: 360, trainingHr: 140, resultSource: 'manual' });
    await t.database.db.insert(stravaActivities).values([
      { userId: runner.userId, activityId: '111', sportType: 'Run', startedAt: new Date('2026-11-19T23:00:00Z'), day: '2026-11-20', distanceKm: 16.1, movingTimeS: 5800, status: 'matched', runId: fromStrava.id },
      { userId: runner.userId, activityId: '112', sportType: 'Run', startedAt: new Date('2026-11-22T23:00:00Z'), day: '2026-11-23', distanceKm: 3, movingTimeS: 1000, status: 'unplanned' },
    ]);
    return { account, fromStrava, typed };
  }
  const run = async (id: string) => (await t.database.db.select().from(trainingRuns).where(eq(trainingRuns.id, id)))[0]!;

  it('deauthorizes at Strava, then deletes the link and the Strava-derived data; results the runner kept stay', async () => {
    const runner = await t.login('lari@example.com');
    const { account, fromStrava, typed } = await withStravaData(runner);
    expect((await t.app.inject({ method: 'GET', url: '/api/strava/status', headers: runner.headers })).json()).toMatchObject({ unplanned: 1 });

    const res = await t.app.inject({ method: 'POST', url: '/api/strava/disconnect', headers: runner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: stravaMessages.disconnected });
    expect(fake.requests.byKind.deauthorize).toBe(1);
    expect(fake.tokensOf(account.athleteId)).toMatchObject({ deauthorized: true, accessTokens: [], refreshTokens: [] });

    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(0);
    expect(await t.database.db.select().from(stravaActivities)).toHaveLength(0);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, runner.userId));
    expect(user!.stravaAthleteId).toBeNull();
    expect(await run(fromStrava.id)).toMatchObject({ trainingDistance: null, trainingTime: null, trainingPace: null, trainingHr: null, resultSource: null, title: 'Long Run' });
    expect(await run(typed.id)).toMatchObject({ trainingDistance: 5, trainingTime: 1800, trainingHr: 140, resultSource: 'manual' });
    expect((await t.app.inject({ method: 'GET', url: '/api/strava/status', headers: runner.headers })).json()).toMatchObject({ connected: false, athleteId: null, unplanned: 0 });

    const again = await t.app.inject({ method: 'POST', url: '/api/strava/disconnect', headers: runner.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: stravaMessages.notConnected });
  });

  it('Strava down or 5xx → 502 with the Indonesian message and nothing deleted', async () => {
    const runner = await t.login('lari@example.com');
    const { fromStrava } = await withStravaData(runner);
    for (const failure of [503, 0]) {
      fake.failNext(failure);
      const res = await t.app.inject({ method: 'POST', url: '/api/strava/disconnect', headers: runner.headers });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: stravaMessages.disconnectFailed });
    }
    expect(await t.database.db.select().from(stravaAccounts)).toHaveLength(1);
    expect(await t.database.db.select().from(stravaActivities)).toHaveLength(2);
    expect(await run(fromStrava.id)).toMatchObject({ trainingDistance: 16.1, resultSource: 'strava' });
  });

  it('already revoked at Strava (401) → goes on and forgets', async () => {
    const runner = await t.login('lari@example.com');
    const { account } = await withStravaData(runner);
    await createStravaHttp(t.config.strava!).deauthorize(openToken(t.config.strava!.tokenKey, account.accessTokenEnc));
    const res = await t.app.inject({ method: 'POST', url: '/api/strava/disconnect', headers: runner.headers });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(stravaActivities)).toHaveLength(0);
  });

  it('another runner’s disconnect touches nothing of this one', async () => {
    const runner = await t.login('lari@example.com');
    const other = await t.login('lain@example.com');
    await withStravaData(runner);
    const res = await t.app.inject({ method: 'POST', url: '/api/strava/disconnect', headers: other.headers });
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(stravaActivities)).toHaveLength(2);
  });
});

describe('status and sync requests', () => {
  it('autoSync follows the subscription (active or trialing)', async () => {
    const runner = await t.login('lari@example.com');
    await connect(runner);
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + 86_400_000) }).where(eq(users.id, runner.userId));
    expect((await t.app.inject({ method: 'GET', url: '/api/strava/status', headers: runner.headers })).json()).toMatchObject({ autoSync: true });
    await t.database.db.update(users).set({ subscriptionStatus: 'past_due' }).where(eq(users.id, runner.userId));
    expect((await t.app.inject({ method: 'GET', url: '/api/strava/status', headers: runner.headers })).json()).toMatchObject({ autoSync: false });
  });

  it('requestSync queues strava.sync once for a double click', async () => {
    const queued: { name: string; payload: unknown; key?: string }[] = [];
    const keys = new Set<string>();
    const jobs = {
      definitions: new Map([[STRAVA_SYNC_JOB, { name: STRAVA_SYNC_JOB, run: async () => {} }]]),
      enqueue: async (name: string, payload: Record<string, unknown> = {}, opts: { key?: string } = {}) => {
        if (opts.key && keys.has(opts.key)) return false;
        if (opts.key) keys.add(opts.key);
        queued.push({ name, payload, key: opts.key });
        return true;
      },
    };
    const at = new Date('2026-11-24T10:00:05Z');
    expect(await requestSync(jobs, 'u1', at)).toBe(true);
    expect(await requestSync(jobs, 'u1', new Date(at.getTime() + 2000))).toBe(false);
    expect(queued).toEqual([{ name: STRAVA_SYNC_JOB, payload: { userId: 'u1' }, key: expect.any(String) }]);
    // Without the sync feature on this server, nothing is queued (and nothing fails).
    expect(await requestSync({ definitions: new Map(), enqueue: jobs.enqueue }, 'u2', at)).toBe(false);
  });

  it('a state is made for one user only', async () => {
    const runner = await t.login('lari@example.com');
    const other = await t.login('lain@example.com');
    const state = await createConnectState(t.database.db, t.config.jwtSecret, runner.userId);
    expect(await checkConnectState(t.database.db, t.config.jwtSecret, other.userId, state)).toBe(false);
    expect(await checkConnectState(t.database.db, new TextEncoder().encode('another-secret-another-secret-0123'), runner.userId, state)).toBe(false);
  });
});

describe('without STRAVA_* config', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(() => bare.close());

  it('connect explains on the settings page; status says not configured', async () => {
    const runner = await bare.login('lari@example.com');
    const res = await bare.app.inject({ method: 'GET', url: '/api/strava/connect', headers: runner.headers });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?view=pengaturan&strava=unconfigured');
    const status = await bare.app.inject({ method: 'GET', url: '/api/strava/status', headers: runner.headers });
    expect(status.json()).toEqual({ configured: false, connected: false, athleteId: null, connectedAt: null, lastSyncAt: null, autoSync: false, unplanned: 0 });
    const disconnect = await bare.app.inject({ method: 'POST', url: '/api/strava/disconnect', headers: runner.headers });
    expect(disconnect.statusCode).toBe(409);
  });
});
