import type { StravaConfig } from '../../config';
import { StravaRateLimited, StravaUnauthorized, type StravaActivity, type StravaApiPort, type StravaGrant, type StravaTokens } from './port';
import { retryAtFromHeaders } from './rate-windows';

/**
 * Strava's HTTP API (https://developers.strava.com/docs/reference/) at `config.apiUrl`: the only
 * code that knows Strava's wire shapes. Every call has a timeout; 429 → StravaRateLimited (retry at
 * the end of the window Strava counts in), 401 → StravaUnauthorized, any other failure → Error.
 */

export interface StravaHttpOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Sees every answer's headers (the shared budget reads Strava's counts from them); awaited. */
  onResponse?: (headers: Headers) => Promise<void> | void;
  now?: () => Date;
}

interface StravaTokenJson {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  scope?: string;
  athlete?: { id: number | string; firstname?: string | null; lastname?: string | null };
}

interface StravaActivityJson {
  id: number | string;
  athlete?: { id: number | string };
  name?: string | null;
  sport_type?: string | null;
  type?: string | null;
  start_date: string;
  distance?: number | null;
  moving_time?: number | null;
  average_heartrate?: number | null;
}

export function toStravaActivity(json: StravaActivityJson, fallbackAthleteId = ''): StravaActivity {
  return {
    id: String(json.id),
    athleteId: json.athlete?.id !== undefined ? String(json.athlete.id) : fallbackAthleteId,
    name: json.name ?? '',
    sportType: json.sport_type ?? json.type ?? '',
    startedAt: new Date(json.start_date),
    distanceM: Number(json.distance ?? 0),
    movingTimeS: Math.round(Number(json.moving_time ?? 0)),
    averageHeartrate: typeof json.average_heartrate === 'number' ? json.average_heartrate : null,
  };
}

export function createStravaHttp(config: StravaConfig, opts: StravaHttpOptions = {}): StravaApiPort {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const now = opts.now ?? (() => new Date());
  const base = config.apiUrl.replace(/\/$/, '');

  /** One request; `allow404` makes a 404 answer null instead of an error. */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    init: { token?: string; form?: Record<string, string>; query?: Record<string, string>; allow404?: boolean; tokenGrant?: boolean },
  ): Promise<T | null> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    let res: Response;
    try {
      res = await doFetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    } catch (err) {
      throw new Error(`Strava ${method} ${path} failed: ${(err as Error).name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : (err as Error).message}`, { cause: err });
    }
    try {
      await opts.onResponse?.(res.headers);
    } catch {
      // Reading the counts is best effort: the call itself succeeded or failed on its own.
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new StravaRateLimited(retryAtFromHeaders((n) => res.headers.get(n), now()));
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw new StravaUnauthorized(`Strava ${method} ${path}: 401`);
    }
    // A refused grant (bad or rotated refresh token, used code) is 400 at /oauth/token: the link is gone.
    if (res.status === 400 && init.tokenGrant) {
      const text = await res.text().catch(() => '');
      throw new StravaUnauthorized(`Strava ${path}: 400 ${text.slice(0, 200)}`);
    }
    if (res.status === 404 && init.allow404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new Error(`Strava ${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    }
    try {
      return (await res.json()) as T;
    } catch (err) {
      throw new Error(`Strava ${method} ${path}: invalid JSON`, { cause: err });
    }
  }

  const tokens = (json: StravaTokenJson): StravaTokens => {
    if (!json.access_token || !json.refresh_token || !Number.isFinite(json.expires_at)) throw new Error('Strava /oauth/token: incomplete answer');
    return { accessToken: json.access_token, refreshToken: json.refresh_token, expiresAt: new Date(json.expires_at * 1000) };
  };

  return {
    authorizeUrl({ redirectUri, state, scope }) {
      const url = new URL(`${base}/oauth/authorize`);
      url.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, response_type: 'code', approval_prompt: 'auto', scope, state }).toString();
      return url.href;
    },

    async exchangeCode(code): Promise<StravaGrant> {
      const json = (await call<StravaTokenJson>('POST', '/oauth/token', {
        form: { client_id: config.clientId, client_secret: config.clientSecret, code, grant_type: 'authorization_code' },
        tokenGrant: true,
      }))!;
      if (!json.athlete?.id) throw new Error('Strava /oauth/token: no athlete in the answer');
      const name = [json.athlete.firstname, json.athlete.lastname].filter(Boolean).join(' ');
      // The granted scope arrives on the callback (`scope`); the token answer does not carry it.
      return { ...tokens(json), athleteId: String(json.athlete.id), athleteName: name, scope: json.scope ?? '' };
    },

    async refresh(refreshToken) {
      const json = (await call<StravaTokenJson>('POST', '/oauth/token', {
        form: { client_id: config.clientId, client_secret: config.clientSecret, refresh_token: refreshToken, grant_type: 'refresh_token' },
        tokenGrant: true,
      }))!;
      return tokens(json);
    },

    async deauthorize(accessToken) {
      await call('POST', '/oauth/deauthorize', { form: { access_token: accessToken } });
    },

    async listActivities(accessToken, { after, page, perPage }) {
      const list = await call<StravaActivityJson[]>('GET', '/api/v3/athlete/activities', {
        token: accessToken,
        query: { after: String(Math.floor(after.getTime() / 1000)), page: String(page), per_page: String(perPage) },
      });
      if (!Array.isArray(list)) throw new Error('Strava /athlete/activities: not a list');
      return list.map((a) => toStravaActivity(a));
    },

    async getActivity(accessToken, id) {
      if (!/^\d{1,20}$/.test(id)) return null;
      const json = await call<StravaActivityJson>('GET', `/api/v3/activities/${id}`, { token: accessToken, allow404: true });
      return json ? toStravaActivity(json) : null;
    },
  };
}
