import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STRAVA_DEFAULT_LIMITS, dayStart, quarterStart, type RateLimits } from '../rate-windows';

/**
 * A stand-in for Strava on 127.0.0.1 with Strava's HTTP shapes (issue 15), for API tests, the
 * browser journey and local demos (scripts/fake-strava.ts):
 * - `GET /oauth/authorize`: a small consent page ('Authorize' → redirect_uri?state&code&scope,
 *   'Cancel' → redirect_uri?state&error=access_denied);
 * - `POST /oauth/token`: authorization_code and refresh_token grants; access tokens last 6 hours;
 *   a refresh ROTATES the refresh token (the old one is refused afterwards, 400 invalid);
 * - `POST /oauth/deauthorize`: revokes every token of the athlete for this app;
 * - `GET /api/v3/athlete/activities` (paged, `after`, `before`) and `GET /api/v3/activities/{id}`;
 * - X-RateLimit-* and X-ReadRateLimit-* headers on every API answer, 429 past its limits;
 * - control endpoints under `/_fake/*` so a test in another process can drive it: POST athletes,
 *   POST activities {athleteId, ...}, PATCH/DELETE activities/{id}, POST webhook {callbackUrl, ...event},
 *   POST codes {athleteId, scope}, GET/DELETE requests, GET tokens/{athleteId}, POST clock {now},
 *   POST limits {overall15, ...}.
 */

export interface FakeAthlete {
  id: number;
  firstname: string;
  lastname: string;
}

/** Strava's activity JSON, the fields Derap reads and a few more. */
export interface FakeActivity {
  id: number;
  resource_state: number;
  athlete: { id: number; resource_state: number };
  name: string;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  total_elevation_gain: number;
  type: string;
  sport_type: string;
  start_date: string;
  start_date_local: string;
  timezone: string;
  has_heartrate: boolean;
  average_heartrate?: number;
  max_heartrate?: number;
  private: boolean;
}

export type FakeActivityInput = Partial<Omit<FakeActivity, 'id' | 'athlete' | 'resource_state'>>;

export interface StravaWebhookEvent {
  object_type: 'activity' | 'athlete';
  object_id: number;
  aspect_type: 'create' | 'update' | 'delete';
  owner_id: number;
  subscription_id: number;
  event_time: number;
  updates: Record<string, string>;
}

/** What the fake received, counted like Strava counts (every request to the API, 429s included). */
export interface FakeStravaRequests {
  /** Requests by kind: 'authorize' (the page), 'token', 'deauthorize', 'read' (API GETs). */
  byKind: Record<'authorize' | 'token' | 'deauthorize' | 'read', number>;
  /** Answers 429. */
  limited: number;
  /** Per window key ('15m:<ISO start>' and 'day:<YYYY-MM-DD>'), UTC like Strava. */
  windows: Record<string, { overall: number; reads: number }>;
  /** The most reads the fake served in any one quarter hour (429s not counted). */
  maxReads15: number;
  /** Reads answered 200/404 (not 429) per quarter hour. */
  servedReads: Record<string, number>;
}

export interface FakeStravaOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  limits?: Partial<RateLimits>;
  now?: () => Date;
  /** The subscription id webhook events carry. */
  subscriptionId?: number;
}

export interface FakeStrava {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: FakeStravaRequests;
  close(): Promise<void>;
  createAthlete(partial?: Partial<Omit<FakeAthlete, 'id'>>): FakeAthlete;
  createActivity(athleteId: number | string, partial?: FakeActivityInput): FakeActivity;
  updateActivity(id: number | string, partial: FakeActivityInput): FakeActivity;
  deleteActivity(id: number | string): void;
  /** POSTs a Strava-shaped event (defaults filled) to the callback URL; returns the HTTP status and time taken. */
  deliverWebhook(callbackUrl: string, event: Partial<StravaWebhookEvent> & Pick<StravaWebhookEvent, 'object_id'>): Promise<{ status: number; ms: number; event: StravaWebhookEvent }>;
  /**
   * What 'Authorize' on the consent page does, without the page: a code for redirect_uri's callback
   * (the scope granted; 'read' is always in it, as at Strava).
   */
  grantCode(athleteId: number | string, scope?: string): string;
  /** The athlete's tokens that still work (for tests that check rotation and revocation). */
  tokensOf(athleteId: number | string): { accessTokens: string[]; refreshTokens: string[]; deauthorized: boolean };
  /** Fixes the fake's clock (a Date), or hands it back to the real one (null). */
  setClock(now: Date | (() => Date) | null): void;
  setLimits(limits: Partial<RateLimits>): void;
  /** The next API answers are this status (e.g. 500, 503) instead of the real answer; 0 drops the connection. */
  failNext(status: number, count?: number): void;
  resetCounters(): void;
}

const ACCESS_TTL_S = 6 * 60 * 60;

export async function startFakeStrava(opts: FakeStravaOptions = {}): Promise<FakeStrava> {
  const clientId = opts.clientId ?? '12345';
  const clientSecret = opts.clientSecret ?? 'fake-strava-secret';
  const subscriptionId = opts.subscriptionId ?? 999;
  let limits: RateLimits = { ...STRAVA_DEFAULT_LIMITS, ...opts.limits };
  let clock: () => Date = opts.now ?? (() => new Date());
  let nextAthleteId = 1000 + Math.floor(Math.random() * 1000);
  let nextActivityId = 9_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const failures: number[] = [];

  const athletes = new Map<number, FakeAthlete>();
  const activities = new Map<number, FakeActivity>();
  const codes = new Map<string, { athleteId: number; scope: string; expiresAt: number }>();
  const accessTokens = new Map<string, { athleteId: number; expiresAt: number; scope: string }>();
  const refreshTokens = new Map<string, { athleteId: number; scope: string }>();
  const deauthorized = new Set<number>();

  const emptyRequests = (): FakeStravaRequests => ({
    byKind: { authorize: 0, token: 0, deauthorize: 0, read: 0 },
    limited: 0,
    windows: {},
    maxReads15: 0,
    servedReads: {},
  });
  const requests = emptyRequests();

  const nowS = () => Math.floor(clock().getTime() / 1000);
  const token = () => randomBytes(20).toString('hex');

  function createAthlete(partial: Partial<Omit<FakeAthlete, 'id'>> = {}): FakeAthlete {
    const id = nextAthleteId++;
    const athlete = { id, firstname: partial.firstname ?? 'Atlet', lastname: partial.lastname ?? String(id) };
    athletes.set(id, athlete);
    return athlete;
  }

  function createActivity(athleteId: number | string, partial: FakeActivityInput = {}): FakeActivity {
    const owner = Number(athleteId);
    if (!athletes.has(owner)) throw new Error(`fake Strava: no athlete ${athleteId}`);
    const start = partial.start_date ?? clock().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const sport = partial.sport_type ?? partial.type ?? 'Run';
    const activity: FakeActivity = {
      id: nextActivityId++,
      resource_state: 2,
      athlete: { id: owner, resource_state: 1 },
      name: 'Lari Pagi',
      distance: 5000,
      moving_time: 1800,
      elapsed_time: partial.moving_time ?? 1800,
      total_elevation_gain: 0,
      type: sport,
      sport_type: sport,
      start_date: start,
      start_date_local: start,
      timezone: '(GMT+07:00) Asia/Jakarta',
      has_heartrate: partial.average_heartrate !== undefined,
      private: false,
      ...partial,
    };
    activities.set(activity.id, activity);
    return activity;
  }

  function updateActivity(id: number | string, partial: FakeActivityInput): FakeActivity {
    const current = activities.get(Number(id));
    if (!current) throw new Error(`fake Strava: no activity ${id}`);
    const next = { ...current, ...partial };
    if (partial.average_heartrate !== undefined) next.has_heartrate = true;
    activities.set(current.id, next);
    return next;
  }

  function deleteActivity(id: number | string) {
    activities.delete(Number(id));
  }

  function tokensOf(athleteId: number | string) {
    const owner = Number(athleteId);
    const now = nowS();
    return {
      accessTokens: [...accessTokens].filter(([, t]) => t.athleteId === owner && t.expiresAt > now).map(([k]) => k),
      refreshTokens: [...refreshTokens].filter(([, t]) => t.athleteId === owner).map(([k]) => k),
      deauthorized: deauthorized.has(owner),
    };
  }

  async function deliverWebhook(callbackUrl: string, partial: Partial<StravaWebhookEvent> & Pick<StravaWebhookEvent, 'object_id'>) {
    const event: StravaWebhookEvent = {
      object_type: partial.object_type ?? 'activity',
      object_id: partial.object_id,
      aspect_type: partial.aspect_type ?? 'create',
      owner_id: partial.owner_id ?? activities.get(Number(partial.object_id))?.athlete.id ?? 0,
      subscription_id: partial.subscription_id ?? subscriptionId,
      event_time: partial.event_time ?? nowS(),
      updates: partial.updates ?? {},
    };
    const started = Date.now();
    const res = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event), signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started, event };
  }

  // --- rate limits -------------------------------------------------------------------------------

  function windowsOf(now: Date) {
    return { quarter: `15m:${quarterStart(now).toISOString()}`, day: `day:${dayStart(now).toISOString().slice(0, 10)}` };
  }
  function counts(key: string) {
    return (requests.windows[key] ??= { overall: 0, reads: 0 });
  }

  /** Counts one API request; false when it is past the limits (answer 429). */
  function count(res: ServerResponse, read: boolean): boolean {
    const { quarter, day } = windowsOf(clock());
    const q = counts(quarter);
    const d = counts(day);
    const over =
      q.overall >= limits.overall15 || d.overall >= limits.overallDaily || (read && (q.reads >= limits.read15 || d.reads >= limits.readDaily));
    // Strava counts every request it receives, refused ones too.
    q.overall += 1;
    d.overall += 1;
    if (read) {
      q.reads += 1;
      d.reads += 1;
    }
    res.setHeader('X-RateLimit-Limit', `${limits.overall15},${limits.overallDaily}`);
    res.setHeader('X-RateLimit-Usage', `${q.overall},${d.overall}`);
    res.setHeader('X-ReadRateLimit-Limit', `${limits.read15},${limits.readDaily}`);
    res.setHeader('X-ReadRateLimit-Usage', `${q.reads},${d.reads}`);
    if (over) {
      requests.limited += 1;
      return false;
    }
    if (read) {
      const served = (requests.servedReads[quarter] ?? 0) + 1;
      requests.servedReads[quarter] = served;
      requests.maxReads15 = Math.max(requests.maxReads15, served);
    }
    return true;
  }

  // --- HTTP ----------------------------------------------------------------------------------------

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };
  const fault = (res: ServerResponse, status: number, message: string, errors: unknown[] = []) => send(res, status, { message, errors });
  const redirect = (res: ServerResponse, to: string) => {
    res.statusCode = 302;
    res.setHeader('location', to);
    res.end();
  };

  async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    }
    return Object.fromEntries(new URLSearchParams(text));
  }
  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function bearer(req: IncomingMessage) {
    const header = req.headers.authorization ?? '';
    const t = header.startsWith('Bearer ') ? header.slice(7) : '';
    const found = accessTokens.get(t);
    return found && found.expiresAt > nowS() ? found : null;
  }

  const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function consentPage(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (q.get('client_id') !== clientId) return fault(res, 400, 'Bad Request', [{ resource: 'Application', field: 'client_id', code: 'invalid' }]);
    if (q.get('response_type') !== 'code' || !q.get('redirect_uri')) return fault(res, 400, 'Bad Request', [{ resource: 'Application', field: 'redirect_uri', code: 'invalid' }]);
    const scopes = (q.get('scope') ?? 'read').split(',').filter(Boolean);
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`).join('');
    const options = [...athletes.values()].map((a) => `<option value="${a.id}">${escapeHtml(`${a.firstname} ${a.lastname}`)} (${a.id})</option>`).join('');
    const boxes = scopes
      .map((s) => `<label style="display:block;margin:.5rem 0"><input type="checkbox" name="grant" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label>`)
      .join('');
    res.statusCode = 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authorize | Strava (fake)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1 style="color:#fc4c02">Strava (fake)</h1><p>Authorize Derap to connect to your Strava account?</p>
<form method="get" action="/oauth/authorize/decide">${hidden}
<label>Athlete <select name="athlete_id"><option value="new">New athlete</option>${options}</select></label>
${boxes}
<button type="submit" name="decision" value="authorize" style="background:#fc4c02;color:#fff;border:0;padding:.75rem 1.5rem;font-size:1rem">Authorize</button>
<button type="submit" name="decision" value="cancel" style="padding:.75rem 1.5rem;font-size:1rem">Cancel</button>
</form></body></html>`);
  }

  function decide(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const target = new URL(q.get('redirect_uri') ?? '');
    if (q.get('state')) target.searchParams.set('state', q.get('state')!);
    if (q.get('decision') !== 'authorize') {
      target.searchParams.set('error', 'access_denied');
      return redirect(res, target.href);
    }
    const chosen = q.get('athlete_id');
    const athlete = chosen && chosen !== 'new' && athletes.has(Number(chosen)) ? athletes.get(Number(chosen))! : createAthlete();
    // Strava always grants 'read'; the other scopes are the boxes left ticked.
    const granted = ['read', ...q.getAll('grant').filter((s) => s !== 'read')];
    target.searchParams.set('code', grantCode(athlete.id, granted.join(',')));
    target.searchParams.set('scope', granted.join(','));
    return redirect(res, target.href);
  }

  function grantCode(athleteId: number | string, scope = 'read,activity:read_all') {
    const owner = Number(athleteId);
    if (!athletes.has(owner)) throw new Error(`fake Strava: no athlete ${athleteId}`);
    const code = token();
    codes.set(code, { athleteId: owner, scope, expiresAt: nowS() + 600 });
    deauthorized.delete(owner);
    return code;
  }

  function issue(athleteId: number, scope: string) {
    const access = token();
    const refresh = token();
    const expiresAt = nowS() + ACCESS_TTL_S;
    accessTokens.set(access, { athleteId, expiresAt, scope });
    refreshTokens.set(refresh, { athleteId, scope });
    return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_at: expiresAt, expires_in: ACCESS_TTL_S };
  }

  async function tokenEndpoint(req: IncomingMessage, url: URL, res: ServerResponse) {
    const body = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return fault(res, 401, 'Authorization Error', [{ resource: 'Application', field: 'client_id', code: 'invalid' }]);
    }
    if (body.grant_type === 'authorization_code') {
      const grant = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      if (!grant || grant.expiresAt < nowS()) return fault(res, 400, 'Bad Request', [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }]);
      const athlete = athletes.get(grant.athleteId)!;
      return send(res, 200, { ...issue(grant.athleteId, grant.scope), athlete: { id: athlete.id, username: null, resource_state: 2, firstname: athlete.firstname, lastname: athlete.lastname } });
    }
    if (body.grant_type === 'refresh_token') {
      const old = refreshTokens.get(body.refresh_token ?? '');
      if (!old) return fault(res, 400, 'Bad Request', [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }]);
      // Rotation: the old refresh token stops working once a new one is issued.
      refreshTokens.delete(body.refresh_token!);
      return send(res, 200, issue(old.athleteId, old.scope));
    }
    return fault(res, 400, 'Bad Request', [{ resource: 'Application', field: 'grant_type', code: 'invalid' }]);
  }

  async function deauthorizeEndpoint(req: IncomingMessage, url: URL, res: ServerResponse) {
    const body = { ...Object.fromEntries(url.searchParams), ...(await readBody(req)) };
    const header = req.headers.authorization ?? '';
    const given = body.access_token ?? (header.startsWith('Bearer ') ? header.slice(7) : '');
    const found = accessTokens.get(given);
    if (!found || found.expiresAt <= nowS()) return fault(res, 401, 'Authorization Error', [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }]);
    for (const [k, t] of accessTokens) if (t.athleteId === found.athleteId) accessTokens.delete(k);
    for (const [k, t] of refreshTokens) if (t.athleteId === found.athleteId) refreshTokens.delete(k);
    deauthorized.add(found.athleteId);
    return send(res, 200, { access_token: given });
  }

  function listActivities(url: URL, res: ServerResponse, athleteId: number) {
    const q = url.searchParams;
    const after = q.has('after') ? Number(q.get('after')) : null;
    const before = q.has('before') ? Number(q.get('before')) : null;
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const perPage = Math.min(200, Math.max(1, Number(q.get('per_page') ?? 30) || 30));
    const epoch = (a: FakeActivity) => Date.parse(a.start_date) / 1000;
    let list = [...activities.values()].filter((a) => a.athlete.id === athleteId);
    if (after !== null) list = list.filter((a) => epoch(a) > after);
    if (before !== null) list = list.filter((a) => epoch(a) < before);
    // Like Strava: oldest first when `after` is given, newest first otherwise.
    list.sort((a, b) => (after !== null ? epoch(a) - epoch(b) : epoch(b) - epoch(a)) || a.id - b.id);
    return send(res, 200, list.slice((page - 1) * perPage, page * perPage));
  }

  async function control(req: IncomingMessage, url: URL, res: ServerResponse) {
    const parts = url.pathname.split('/').filter(Boolean).slice(1);
    const [what, id] = parts;
    const method = req.method ?? 'GET';
    try {
      if (what === 'athletes' && method === 'POST') return send(res, 201, createAthlete((await readJson(req)) as Partial<FakeAthlete>));
      if (what === 'activities' && method === 'POST' && !id) {
        const { athleteId, ...rest } = await readJson(req);
        return send(res, 201, createActivity(athleteId as number, rest as FakeActivityInput));
      }
      if (what === 'activities' && id && (method === 'PUT' || method === 'PATCH')) return send(res, 200, updateActivity(id, (await readJson(req)) as FakeActivityInput));
      if (what === 'activities' && id && method === 'DELETE') {
        deleteActivity(id);
        return send(res, 200, { ok: true });
      }
      if (what === 'webhook' && method === 'POST') {
        const { callbackUrl, ...event } = await readJson(req);
        return send(res, 200, await deliverWebhook(String(callbackUrl), event as Partial<StravaWebhookEvent> & { object_id: number }));
      }
      if (what === 'codes' && method === 'POST') {
        const { athleteId, scope } = await readJson(req);
        return send(res, 201, { code: grantCode(athleteId as number, scope as string | undefined) });
      }
      if (what === 'requests' && method === 'GET') return send(res, 200, requests);
      if (what === 'requests' && method === 'DELETE') {
        Object.assign(requests, emptyRequests());
        return send(res, 200, requests);
      }
      if (what === 'tokens' && id && method === 'GET') return send(res, 200, tokensOf(id));
      if (what === 'clock' && method === 'POST') {
        const { now } = await readJson(req);
        fake.setClock(typeof now === 'string' ? new Date(now) : null);
        return send(res, 200, { now: clock().toISOString() });
      }
      if (what === 'limits' && method === 'POST') {
        fake.setLimits((await readJson(req)) as Partial<RateLimits>);
        return send(res, 200, limits);
      }
      return fault(res, 404, 'Record Not Found');
    } catch (err) {
      return fault(res, 400, (err as Error).message);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/$/, '');
    if (path.startsWith('/_fake/')) return control(req, url, res);
    if (method === 'GET' && path === '/oauth/authorize') {
      requests.byKind.authorize += 1;
      return consentPage(url, res);
    }
    if (method === 'GET' && path === '/oauth/authorize/decide') return decide(url, res);

    const isToken = method === 'POST' && path === '/oauth/token';
    const isDeauthorize = method === 'POST' && path === '/oauth/deauthorize';
    const isRead = method === 'GET' && path.startsWith('/api/v3/');
    if (!isToken && !isDeauthorize && !isRead) return fault(res, 404, 'Record Not Found');
    requests.byKind[isToken ? 'token' : isDeauthorize ? 'deauthorize' : 'read'] += 1;
    if (!count(res, isRead)) return fault(res, 429, 'Rate Limit Exceeded', [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }]);
    const failure = failures.shift();
    if (failure !== undefined) {
      if (failure === 0) return req.socket.destroy();
      return fault(res, failure, 'Fake failure');
    }
    if (isToken) return tokenEndpoint(req, url, res);
    if (isDeauthorize) return deauthorizeEndpoint(req, url, res);

    const who = bearer(req);
    if (!who) return fault(res, 401, 'Authorization Error', [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }]);
    if (path === '/api/v3/athlete/activities') return listActivities(url, res, who.athleteId);
    const one = /^\/api\/v3\/activities\/(\d+)$/.exec(path);
    if (one) {
      const activity = activities.get(Number(one[1]));
      if (!activity || activity.athlete.id !== who.athleteId) return fault(res, 404, 'Record Not Found', [{ resource: 'Activity', field: 'id', code: 'not found' }]);
      return send(res, 200, { ...activity, resource_state: 3 });
    }
    if (path === '/api/v3/athlete') {
      const a = athletes.get(who.athleteId)!;
      return send(res, 200, { id: a.id, firstname: a.firstname, lastname: a.lastname, resource_state: 2 });
    }
    return fault(res, 404, 'Record Not Found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) fault(res, 500, (err as Error).message);
    });
  });
  // Never close an idle keep-alive connection first: the client (undici keeps them 4 s) could be
  // sending on it at that moment, which fails as 'fetch failed' under load.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStrava = {
    url,
    clientId,
    clientSecret,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    createAthlete,
    createActivity,
    updateActivity,
    deleteActivity,
    deliverWebhook,
    grantCode,
    tokensOf,
    setClock(now) {
      clock = now === null ? (opts.now ?? (() => new Date())) : typeof now === 'function' ? now : () => now;
    },
    setLimits(next) {
      limits = { ...limits, ...next };
    },
    failNext(status, count = 1) {
      for (let i = 0; i < count; i += 1) failures.push(status);
    },
    resetCounters() {
      Object.assign(requests, emptyRequests());
    },
  };
  return fake;
}
