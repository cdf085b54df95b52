import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStravaHttp } from './http';
import { StravaRateLimited, StravaUnauthorized } from './port';
import { startFakeStrava, type FakeStrava } from './testing/fake-strava';
import type { StravaConfig } from '../../config';

let fake: FakeStrava;
let config: StravaConfig;

beforeAll(async () => {
  fake = await startFakeStrava();
  config = {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookVerifyToken: 'verify-token-1234',
    webhookSubscriptionId: null,
    apiUrl: fake.url,
    tokenKey: new Uint8Array(32),
    limits: { overall15: 200, overallDaily: 2000, read15: 100, readDaily: 1000 },
  };
});
afterAll(() => fake.close());

describe('Strava HTTP adapter against the fake Strava', () => {
  it('walks the consent page, exchanges the code, reads activities, refreshes with rotation and deauthorizes', async () => {
    const strava = createStravaHttp(config);
    const consent = strava.authorizeUrl({ redirectUri: 'http://localhost:3000/api/strava/callback', state: 'st4te', scope: 'activity:read_all' });
    const page = await fetch(consent);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Authorize');
    expect(html).toContain('Cancel');
    const q = new URL(consent).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ client_id: fake.clientId, response_type: 'code', approval_prompt: 'auto', scope: 'activity:read_all', state: 'st4te' });

    // The page's 'Authorize' button.
    const decide = new URL('/oauth/authorize/decide', fake.url);
    for (const k of ['client_id', 'redirect_uri', 'state', 'scope']) decide.searchParams.set(k, q.get(k)!);
    decide.searchParams.set('athlete_id', 'new');
    decide.searchParams.set('grant', 'activity:read_all');
    decide.searchParams.set('decision', 'authorize');
    const back = await fetch(decide, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const callback = new URL(back.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe('http://localhost:3000/api/strava/callback');
    expect(callback.searchParams.get('state')).toBe('st4te');
    expect(callback.searchParams.get('scope')).toBe('read,activity:read_all');

    const grant = await strava.exchangeCode(callback.searchParams.get('code')!);
    expect(grant.athleteId).toMatch(/^\d+$/);
    expect(grant.expiresAt.getTime() - Date.now()).toBeGreaterThan(5.9 * 3600_000);
    // A code works once.
    await expect(strava.exchangeCode(callback.searchParams.get('code')!)).rejects.toBeInstanceOf(StravaUnauthorized);

    const run = fake.createActivity(grant.athleteId, { name: 'Long run', distance: 21097.5, moving_time: 7200, average_heartrate: 151.4, sport_type: 'Run', start_date: '2026-11-22T23:10:00Z' });
    fake.createActivity(grant.athleteId, { name: 'Ride', sport_type: 'Ride', start_date: '2026-11-20T23:10:00Z' });
    const list = await strava.listActivities(grant.accessToken, { after: new Date('2026-11-01T00:00:00Z'), page: 1, perPage: 30 });
    expect(list.map((a) => a.name)).toEqual(['Ride', 'Long run']);
    expect(list[1]).toEqual({
      id: String(run.id),
      athleteId: grant.athleteId,
      name: 'Long run',
      sportType: 'Run',
      startedAt: new Date('2026-11-22T23:10:00Z'),
      distanceM: 21097.5,
      movingTimeS: 7200,
      averageHeartrate: 151.4,
    });
    expect((await strava.listActivities(grant.accessToken, { after: new Date('2026-11-01T00:00:00Z'), page: 2, perPage: 1 })).map((a) => a.name)).toEqual(['Long run']);
    expect(await strava.getActivity(grant.accessToken, String(run.id))).toMatchObject({ distanceM: 21097.5 });
    expect(await strava.getActivity(grant.accessToken, '123')).toBeNull();
    await expect(strava.getActivity('not-a-token', String(run.id))).rejects.toBeInstanceOf(StravaUnauthorized);

    const next = await strava.refresh(grant.refreshToken);
    expect(next.refreshToken).not.toBe(grant.refreshToken);
    await expect(strava.refresh(grant.refreshToken)).rejects.toBeInstanceOf(StravaUnauthorized);
    expect(fake.tokensOf(grant.athleteId).refreshTokens).toEqual([next.refreshToken]);

    await strava.deauthorize(next.accessToken);
    expect(fake.tokensOf(grant.athleteId)).toMatchObject({ accessTokens: [], refreshTokens: [], deauthorized: true });
    await expect(strava.deauthorize(next.accessToken)).rejects.toBeInstanceOf(StravaUnauthorized);
  });

  it("'Cancel' sends the runner back with error=access_denied", async () => {
    const decide = new URL('/oauth/authorize/decide', fake.url);
    decide.search = new URLSearchParams({ redirect_uri: 'http://localhost:3000/api/strava/callback', state: 's', decision: 'cancel' }).toString();
    const back = await fetch(decide, { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('429 → StravaRateLimited at the window end; 5xx and a dropped connection → Error; a silent server times out', async () => {
    const athlete = fake.createAthlete();
    const strava = createStravaHttp(config, { now: () => new Date('2026-11-24T13:20:00Z') });
    const grant = await strava.exchangeCode(fake.grantCode(athlete.id));
    fake.failNext(503);
    await expect(strava.listActivities(grant.accessToken, { after: new Date(0), page: 1, perPage: 10 })).rejects.toThrow(/503/);
    fake.failNext(0);
    await expect(strava.listActivities(grant.accessToken, { after: new Date(0), page: 1, perPage: 10 })).rejects.toThrow(/failed/);

    fake.setLimits({ read15: 0 });
    const limited = await strava.getActivity(grant.accessToken, '1').catch((e: unknown) => e);
    fake.setLimits({ read15: 100 });
    expect(limited).toBeInstanceOf(StravaRateLimited);
    expect((limited as StravaRateLimited).retryAt.toISOString()).toBe('2026-11-24T13:30:00.000Z');

    const silent = createStravaHttp(config, { timeoutMs: 50, fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) });
    await expect(silent.getActivity('t', '1')).rejects.toThrow(/timeout after 50 ms/);
  });

  it('hands every answer’s headers to onResponse', async () => {
    const seen: string[] = [];
    const strava = createStravaHttp(config, { onResponse: (h) => void seen.push(h.get('x-readratelimit-usage') ?? '') });
    const athlete = fake.createAthlete();
    const grant = await strava.exchangeCode(fake.grantCode(athlete.id));
    await strava.getActivity(grant.accessToken, '1');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatch(/^\d+,\d+$/);
  });
});
