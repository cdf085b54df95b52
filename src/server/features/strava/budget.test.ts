import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createStravaHttp } from '../../adapters/strava/http';
import { StravaRateLimited, type StravaApiPort } from '../../adapters/strava/port';
import { startFakeStrava, type FakeStrava } from '../../adapters/strava/testing/fake-strava';
import type { StravaConfig } from '../../config';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/fixtures/build-test-app';
import { createBudgetedStrava, createStravaBudget, type StravaBudget } from './budget';

let fake: FakeStrava;
let db1: Database;
let db2: Database;
let drop: () => Promise<void>;
let clock = new Date('2026-11-23T00:05:00Z');
const now = () => clock;
const limits = { overall15: 200, overallDaily: 2000, read15: 100, readDaily: 1000 };

beforeAll(async () => {
  fake = await startFakeStrava({ now });
  const opened = await openTestDatabase();
  db1 = opened.database;
  db2 = await opened.openAgain();
  drop = opened.drop;
});
afterAll(async () => {
  await fake.close();
  await drop();
});
beforeEach(async () => {
  await db1.db.execute(sql`delete from strava_api_budget`);
  fake.resetCounters();
  fake.setLimits(limits);
});

/** One app server: its own budget handle on the shared database, its own adapter. */
function server(database: Database): { budget: StravaBudget; strava: StravaApiPort } {
  const config: StravaConfig = { clientId: fake.clientId, clientSecret: fake.clientSecret, webhookVerifyToken: 'verify-1234', webhookSubscriptionId: 999, apiUrl: fake.url, tokenKey: new Uint8Array(32), limits };
  const budget = createStravaBudget(database.db, limits);
  const http = createStravaHttp(config, { now, onResponse: (h) => budget.observe(h, now()) });
  return { budget, strava: createBudgetedStrava(http, budget, now) };
}

async function connect(strava: StravaApiPort) {
  const athlete = fake.createAthlete();
  const grant = await strava.exchangeCode(fake.grantCode(athlete.id));
  const activity = fake.createActivity(athlete.id);
  return { grant, activity };
}

describe('the shared Strava budget', () => {
  it('a burst of 500 reads from two servers never passes 100 in a quarter hour at Strava; the rest wait for the window end', async () => {
    clock = new Date('2026-11-23T00:05:00Z');
    const a = server(db1);
    const b = server(db2);
    const { grant, activity } = await connect(a.strava);
    const results = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) => (i % 2 ? a : b).strava.getActivity(grant.accessToken, String(activity.id))),
    );
    const served = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(served).toHaveLength(100);
    expect(refused).toHaveLength(400);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(StravaRateLimited);
      expect((r.reason as StravaRateLimited).retryAt.toISOString()).toBe('2026-11-23T00:15:00.000Z');
    }
    expect(fake.requests.maxReads15).toBe(100);
    expect(fake.requests.byKind.read).toBe(100);
    expect(fake.requests.limited).toBe(0);

    // The next quarter hour has its own 100.
    clock = new Date('2026-11-23T00:15:01Z');
    await expect(b.strava.getActivity(grant.accessToken, String(activity.id))).resolves.not.toBeNull();
    expect(fake.requests.maxReads15).toBe(100);
  });

  it('the daily read limit holds across quarter hours, refused until the UTC day ends', async () => {
    const small = { overall15: 200, overallDaily: 2000, read15: 3, readDaily: 5 };
    clock = new Date('2026-11-23T10:00:00Z');
    const budget = createStravaBudget(db1.db, small);
    for (let i = 0; i < 3; i += 1) await budget.take('read', clock);
    await expect(budget.take('read', clock)).rejects.toMatchObject({ retryAt: new Date('2026-11-23T10:15:00Z') });
    // Writes count against the overall limit only.
    await budget.take('write', clock);
    clock = new Date('2026-11-23T10:20:00Z');
    await budget.take('read', clock);
    await budget.take('read', clock);
    await expect(budget.take('read', clock)).rejects.toMatchObject({ retryAt: new Date('2026-11-24T00:00:00Z') });
    await budget.take('read', new Date('2026-11-24T00:00:01Z'));
  });

  it("raises its counts to Strava's when Strava counted more (another app instance, a restart)", async () => {
    clock = new Date('2026-11-23T12:01:00Z');
    const a = server(db1);
    const { grant, activity } = await connect(a.strava);
    // Someone else spent 98 reads of this quarter hour: Strava's headers say so on our next answer.
    fake.requests.windows['15m:2026-11-23T12:00:00.000Z']!.reads += 97;
    fake.requests.windows['day:2026-11-23']!.reads += 97;
    await a.strava.getActivity(grant.accessToken, String(activity.id));
    const rows = (await db1.db.execute(sql`select "window", reads from strava_api_budget order by "window"`)) as unknown as { rows: { window: string; reads: number }[] };
    expect(rows.rows).toContainEqual({ window: '15m:2026-11-23T12:00:00.000Z', reads: 98 });
    await a.strava.getActivity(grant.accessToken, String(activity.id));
    await a.strava.getActivity(grant.accessToken, String(activity.id));
    await expect(a.strava.getActivity(grant.accessToken, String(activity.id))).rejects.toBeInstanceOf(StravaRateLimited);
    expect(fake.requests.limited).toBe(0);
  });

  it('a 429 from Strava stops every server until the window ends', async () => {
    clock = new Date('2026-11-23T14:02:00Z');
    const a = server(db1);
    const b = server(db2);
    const { grant, activity } = await connect(a.strava);
    // Strava allows less than we think (limits lowered for this app at Strava's side).
    fake.setLimits({ read15: 2 });
    await a.strava.getActivity(grant.accessToken, String(activity.id));
    await a.strava.getActivity(grant.accessToken, String(activity.id));
    await expect(a.strava.getActivity(grant.accessToken, String(activity.id))).rejects.toMatchObject({ retryAt: new Date('2026-11-23T14:15:00Z') });
    expect(fake.requests.limited).toBe(1);
    const before = fake.requests.byKind.read;
    await expect(b.strava.getActivity(grant.accessToken, String(activity.id))).rejects.toMatchObject({ retryAt: new Date('2026-11-23T14:15:00Z') });
    await expect(b.strava.refresh(grant.refreshToken)).rejects.toBeInstanceOf(StravaRateLimited);
    expect(fake.requests.byKind.read).toBe(before);
    clock = new Date('2026-11-23T14:15:00Z');
    await expect(b.strava.getActivity(grant.accessToken, String(activity.id))).resolves.not.toBeNull();
  });
});
