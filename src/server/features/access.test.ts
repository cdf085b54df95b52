import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles as ROLES, type Role } from '../../domain/users/roles';
import { users } from '../db/schema/users';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';

/**
 * Walks every route in the OpenAPI document: anything not on the public list must refuse an
 * anonymous caller with 401, and everything under /api/admin must refuse a runner with 403.
 * New routes are covered automatically; a new public route must be added here on purpose. The same
 * walk holds every route to its contract: a static body and a success schema in OpenAPI.
 */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/auth/config',
  // Answers visitors with { user: null } (no 401 on public pages); reveals nothing but the caller's own user.
  'GET /api/auth/session',
  'GET /api/auth/google',
  'GET /api/auth/google/mobile',
  'GET /api/auth/google/callback',
  'POST /api/auth/dev-login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  // The mobile app exchanges a one-time hand-off code with its PKCE verifier: the pair is the
  // credential (decision 008). Minting a code (POST /api/auth/mobile-handoff/code) needs a user.
  'POST /api/auth/mobile-handoff',
  // Payments: the gateway's webhook (trusted by its signature) and the sandbox checkout (by its unguessable order ref).
  'POST /api/payments/notification',
  'GET /api/payments/sandbox/{ref}',
  'POST /api/payments/sandbox/{ref}',
  // The private calendar feed: the unguessable token in its URL is the credential (Google Calendar
  // fetches it without a session); unknown or revoked tokens answer 404.
  'GET /api/calendar/{token}.ics',
  // Events: the public list (status diterima only for non-admins) and the registration page by code
  // (accepted/closed events only); uploaded images are public by their random key.
  'GET /api/events/status',
  'GET /api/events/{code}',
  'GET /api/files/{key}',
  // Registration needs no account (§6); the self-managed payment page and its 'Saya Sudah Membayar'
  // (with the proof of transfer) are authorised by the unguessable registrationId. The proof image,
  // Verifikasi and Tolak are not public: the walk checks them.
  'POST /api/runner-registrations',
  'GET /api/runner-registrations/{registrationId}/payment',
  'PATCH /api/runner-registrations/{registrationId}/payment-status-paid',
  // The registration form's proof-of-work challenge; where a registration stands after the payment
  // page (authorised by the registration id together with the gateway's unguessable order reference).
  'GET /api/runner-registrations/challenge',
  'GET /api/runner-registrations/{registrationId}/payment-state',
  // The runner's 'Kirim ulang email' on the success page: the same credential as the payment state
  // (registration id + order reference), paid registrations only, rate limited.
  'POST /api/runner-registrations/{registrationId}/resend-confirmation',
  // Issue 26 §5 (decision 033): the email code mailed before a registration (paced per email and
  // per address), joining 'Daftar Tunggu' of a full category, and a claim link's offer (the token
  // mailed to the waiting runner is the credential).
  'POST /api/runner-registrations/email-code',
  'POST /api/runner-registrations/waiting-list',
  'GET /api/runner-registrations/waiting-list/offer',
  // The running calendar (issue 16): approved entries, the .ics feed, and submissions from anyone
  // (always pending; rate limited per address, honeypot). Moderation is under /api/admin.
  'GET /api/eventcalendar',
  'GET /api/eventcalendar.ics',
  'GET /api/eventcalendar/{id}',
  'POST /api/eventcalendar',
  // The public coach page /coaching/{uniquelink} (events spec §6: no login): the profile by its
  // link and a coach's packages on sale; never the verification documents (profile.test.ts).
  'GET /api/coach/public/profile/{uniquelink}',
  'GET /api/coach/package/user/{userId}',
  // Running Buddy (issue 16): upcoming group runs and one run (participants' names only) to anyone.
  'GET /api/group-runs',
  'GET /api/group-runs/{id}',
  // Strava's webhook (issue 15): the subscription's validation (answers only the configured verify
  // token) and its events, which are only queued; the job reads each activity back from Strava with
  // the runner's own token, so a forged event changes nothing Strava does not confirm.
  'GET /api/strava/webhook',
  'POST /api/strava/webhook',
  // Strava's connect and callback are browser navigations: without a session they redirect to the
  // login page (strava.test.ts), and the callback acts only for the user its signed state names.
  'GET /api/strava/connect',
  'GET /api/strava/callback',
]);

/**
 * Who may call each signed-in route, by method and path. Every route of the API must match exactly
 * one line here or be public: a new route fails the walk until it is placed, then every role not
 * listed must get 403 and every listed role must get past authorisation (ownership is each
 * feature's own test).
 */
const SIGNED_IN: readonly Role[] = ROLES;
const ORGANIZERS: readonly Role[] = ['organizer', 'admin'];
/** `premium`: also needs an active or trialing subscription (spec §5), whatever the role. */
const roleRules: { route: RegExp; roles: readonly Role[]; premium?: true }[] = [
  { route: /^\w+ \/api\/admin\//, roles: ['admin'] },
  { route: /^(GET|POST) \/api\/events$/, roles: ORGANIZERS },
  // Edit, delete, close registration early, Keuangan (issue 13; ownership in lifecycle.test.ts and finance.test.ts).
  { route: /^((PUT|DELETE) \/api\/events\/\{id\}|POST \/api\/events\/\{id\}\/close-registration|GET \/api\/events\/(finance|\{id\}\/finance))$/, roles: ORGANIZERS },
  { route: /^POST \/api\/uploads$/, roles: ['organizer', 'admin', 'coach'] },
  {
    route: /^\w+ \/api\/runner-registrations\/(event\/\{eventId\}(\/csv|\/xlsx|\/checkin-list|\/checkin-sync|\/bib-numbers)?|\{registrationId\}(\/racepack|\/payment-proof|\/payment-verify|\/payment-reject|\/cancel|\/resend|\/history|\/refund-settled)?)$/,
    roles: ORGANIZERS,
  },
  // Canceling an event (registered by the registrations feature, decision 021) and its progress.
  { route: /^(GET \/api\/events\/\{id\}\/cancellation|POST \/api\/events\/\{id\}\/cancel)$/, roles: ORGANIZERS },
  { route: /^\w+ \/api\/(training-plans|dev\/training-plans)(\/|$)/, roles: SIGNED_IN },
  { route: /^\w+ \/api\/(subscriptions\/|initiate-payment$)/, roles: SIGNED_IN },
  // Coaching (issue 14): a dev-only shortcut to a connected runner; coach and admin (admins get the coach navigation, spec §6).
  { route: /^POST \/api\/dev\/coaching\/connections$/, roles: ['coach', 'admin'] },
  // Buying a package (any signed-in user, for themself); a coach's own verification request; a dev-only package for the calling coach.
  { route: /^POST \/api\/coach\/initiate-payment$/, roles: SIGNED_IN },
  { route: /^POST \/api\/coach\/verification(\/documents)?$/, roles: ['coach'] },
  { route: /^POST \/api\/dev\/coaching\/packages$/, roles: ['coach'] },
  // Daftar Pelari and Ubah Jadwal's selector; connect / empty a slot (ownership in connections.test.ts).
  { route: /^(GET \/api\/coach\/(connections|my-connections)|PUT \/api\/coach\/connection\/\{id\})$/, roles: ['coach', 'admin'] },
  // Pelatih Saya in Pengaturan: anyone's own coaches; only the connection's runner may end it (connections.test.ts).
  { route: /^(GET \/api\/runner\/coaches|POST \/api\/runner\/coaches\/\{connectionId\}\/end)$/, roles: SIGNED_IN },
  // A coach's invitations (issue 26 §4): anyone's own; the link's token and the id find only the caller's (invitations.test.ts).
  { route: /^(GET \/api\/runner\/coach-invitations(\/by-token\/\{token\})?|POST \/api\/runner\/coach-invitations\/\{id\}\/(accept|decline))$/, roles: SIGNED_IN },
  // Ubah Jadwal: a connected runner's plan, schedule files and the AI for that runner (no premium needed, decision 025).
  { route: /^\w+ \/api\/(runner\/\{runnerId\}\/training-plans|coach\/runner\/\{runnerId\}\/ai\/)/, roles: ['coach', 'admin'] },
  // Profil Pelatih: the caller's own profile, packages and Keuangan (ownership in coaching/profile.test.ts).
  { route: /^(\w+ \/api\/coach\/profile|GET \/api\/coach\/(my-packages|earnings)|POST \/api\/coach\/package|(PUT|DELETE) \/api\/coach\/package\/\{id\})$/, roles: ['coach', 'admin'] },
  // Activity files (.fit/.gpx/.tcx → Log Hasil Latihan): anyone signed in, coaches in Ubah Jadwal too; not AI, so no premium.
  { route: /^POST \/api\/activities\/parse$/, roles: SIGNED_IN },
  // Every AI route, present and future (ai-access.test.ts checks the message).
  { route: /^\w+ \/api\/ai\//, roles: SIGNED_IN, premium: true },
  { route: /^(GET \/api\/auth\/me|GET \/api\/user\/profile|POST \/api\/auth\/mobile-handoff\/code)$/, roles: SIGNED_IN },
  // 'Event Diikuti': anyone signed in sees their own registrations (registrations/public/receipt.test.ts).
  { route: /^GET \/api\/runner-registrations\/mine$/, roles: SIGNED_IN },
  // Running Buddy: anyone signed in creates, joins and leaves; host-only edits are group-runs.test.ts's.
  { route: /^\w+ \/api\/group-runs(\/mine|\/\{id\}(\/join|\/report|\/participants\/\{userId\})?)?$/, roles: SIGNED_IN },
  // Strava (issue 15): anyone signed in links their own account, syncs, keeps or discards their own
  // synced runs; the data is the caller's own (strava.test.ts, sync.test.ts).
  { route: /^\w+ \/api\/strava\//, roles: SIGNED_IN },
];
const rolesOf = (key: string) => roleRules.filter((rule) => rule.route.test(key));

/**
 * Routes for machines, with a secret of their own instead of a user (issue 29 §3): no session of any
 * role opens them (401), only their token does. The walk runs with the token configured.
 */
const METRICS_TOKEN = 'walk-metrics-token-0123456789';
const tokenRoutes = new Map<string, Record<string, string>>([['GET /metrics', { authorization: `Bearer ${METRICS_TOKEN}` }]]);

const sampleId = '00000000-0000-4000-8000-000000000000';

/**
 * Routes of a body method (POST, PUT, PATCH) that publish no JSON body schema, on purpose. Every
 * other one must take a static body from its feature's contract (src/domain/<f>/contract.ts), never
 * an empty `{}`: a new route without one fails the walk until it gets a schema or a line here.
 */
const withoutBodySchema = new Map<string, string>([
  // Actions on the resource the path names: they take no body at all.
  ...[
    'POST /api/runner-registrations/{registrationId}/resend',
    'POST /api/runner-registrations/event/{eventId}/bib-numbers',
    'POST /api/runner-registrations/{registrationId}/refund-settled',
    'POST /api/training-plans/calendar-feed',
    'POST /api/events/{id}/close-registration',
    'POST /api/ai/drafts/{draftId}/save',
    'POST /api/coach/runner/{runnerId}/ai/drafts/{draftId}/save',
    'POST /api/group-runs/{id}/join',
    'POST /api/runner/coaches/{connectionId}/end',
    'POST /api/runner/coach-invitations/{id}/accept',
    'POST /api/runner/coach-invitations/{id}/decline',
    'POST /api/strava/disconnect',
    'POST /api/strava/sync',
    'POST /api/strava/activities/{id}/keep',
    'POST /api/strava/activities/{id}/discard',
  ].map((key) => [key, 'an action without a body'] as const),
  // A file sent as multipart/form-data, streamed by the handler (type checked by content, size limited).
  ...[
    'PATCH /api/runner-registrations/{registrationId}/payment-status-paid',
    'POST /api/uploads',
    'POST /api/coach/verification/documents',
    'POST /api/activities/parse',
    'POST /api/runner/{runnerId}/training-plans/schedule/parse',
  ].map((key) => [key, 'a multipart file'] as const),
  // The payment gateway's notification: its shape is the gateway's (it adds fields as it likes); the
  // service trusts it only by its signature, so the route takes any JSON object.
  ['POST /api/payments/notification', "the gateway's own shape"],
]);

/** Routes whose success is not a JSON body a schema can describe: redirects, HTML pages and file downloads. */
const withoutSuccessSchema = new Map<string, string>([
  ...['GET /api/auth/google', 'GET /api/auth/google/mobile', 'GET /api/auth/google/callback', 'GET /api/strava/connect', 'GET /api/strava/callback'].map(
    (key) => [key, 'a redirect'] as const,
  ),
  ...['GET /api/payments/sandbox/{ref}', 'POST /api/payments/sandbox/{ref}'].map((key) => [key, "the sandbox checkout's HTML page"] as const),
  ...[
    'GET /api/runner-registrations/{registrationId}/payment-proof',
    'GET /api/training-plans/export.ics',
    'GET /api/calendar/{token}.ics',
    'GET /api/eventcalendar.ics',
    'GET /api/files/{key}',
    'GET /api/admin/coaches/{coachId}/documents/{key}',
  ].map((key) => [key, 'a file download'] as const),
]);

type SchemaNode = { type?: string; properties?: Record<string, unknown>; additionalProperties?: unknown; anyOf?: unknown; oneOf?: unknown } & Record<string, unknown>;
type Operation = {
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  responses?: Record<string, { content?: Record<string, { schema?: SchemaNode }> }>;
};

/** A schema that says nothing: `{}`, or an object without properties that takes any property. */
function isEmptySchema(schema: SchemaNode | undefined): boolean {
  if (!schema) return true;
  if (Object.keys(schema).filter((k) => k !== 'description' && k !== '$schema').length === 0) return true;
  const extra = schema.additionalProperties;
  const anyExtra = extra === undefined || extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0);
  return schema.type === 'object' && Object.keys(schema.properties ?? {}).length === 0 && anyExtra && !schema.anyOf && !schema.oneOf;
}

describe('access control over every API route', () => {
  let t: TestApp;
  let routes: { method: string; path: string }[];
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN } });
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as typeof doc;
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase(), path })),
    );
  });
  afterAll(() => t.close());

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(8);
  });

  it("gives every body method a static body schema from its feature's contract, never an empty {} (or names why not)", () => {
    const missing: string[] = [];
    for (const r of routes.filter((x) => ['POST', 'PUT', 'PATCH'].includes(x.method))) {
      const key = `${r.method} ${r.path}`;
      const content = doc.paths[r.path]![r.method.toLowerCase()]!.requestBody?.content;
      const described = !!content && Object.values(content).every((c) => !isEmptySchema(c.schema));
      if (!described && !withoutBodySchema.has(key)) missing.push(key);
    }
    expect(missing).toEqual([]);
    // A line that no longer names a route without a schema is stale: the route got one, or is gone.
    const stale = [...withoutBodySchema.keys()].filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      const content = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content;
      return !doc.paths[path]?.[method.toLowerCase()] || (!!content && Object.values(content).every((c) => !isEmptySchema(c.schema)));
    });
    expect(stale).toEqual([]);
  });

  it('gives every route a response schema for its success status (or names why not)', () => {
    const missing: string[] = [];
    const described = (op: Operation | undefined) =>
      Object.entries(op?.responses ?? {}).some(([status, r]) => /^2\d\d$/.test(status) && Object.values(r.content ?? {}).some((c) => !isEmptySchema(c.schema)));
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (!described(doc.paths[r.path]![r.method.toLowerCase()]) && !withoutSuccessSchema.has(key)) missing.push(key);
    }
    expect(missing).toEqual([]);
    const stale = [...withoutSuccessSchema.keys()].filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      return !op || described(op);
    });
    expect(stale).toEqual([]);
  });

  it('places every route: public, or signed-in with the roles that may call it', () => {
    const unplaced = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !publicRoutes.has(key) && !tokenRoutes.has(key) && rolesOf(key).length !== 1);
    expect(unplaced).toEqual([]);
  });

  it('refuses every role a route does not name with 403, and lets each role it names past authorisation', async () => {
    const wrong: string[] = [];
    const sessions = new Map<Role, Record<string, string>>();
    // Premium routes are walked by users who never call the other routes (start-trial would give them access).
    const freeSessions = new Map<Role, Record<string, string>>();
    const premiumSessions = new Map<Role, Record<string, string>>();
    for (const role of ROLES) {
      sessions.set(role, (await t.login(`${role}.walk@contoh.id`, role)).headers);
      freeSessions.set(role, (await t.login(`${role}.free.walk@contoh.id`, role)).headers);
      const premium = await t.login(`${role}.premium.walk@contoh.id`, role);
      await t.database.db
        .update(users)
        .set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 86_400_000) })
        .where(eq(users.id, premium.userId));
      premiumSessions.set(role, premium.headers);
    }
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (publicRoutes.has(key) || tokenRoutes.has(key)) continue;
      const rule = rolesOf(key)[0]!;
      const url = r.path.replace(/\{[^}]+\}/g, sampleId);
      for (const role of ROLES) {
        const call = (headers: Record<string, string> | undefined) =>
          t.app.inject({ method: r.method as 'GET', url, headers, payload: r.method === 'GET' ? undefined : {} });
        const outcome = (status: number) => (status === 401 || status === 403 ? status : 'passes');
        const res = await call((rule.premium ? freeSessions : sessions).get(role));
        const expected = rule.roles.includes(role) && !rule.premium ? 'passes' : 403;
        if (outcome(res.statusCode) !== expected) wrong.push(`${role} ${key} → ${res.statusCode} (expected ${expected})`);
        if (rule.premium) {
          const paid = await call(premiumSessions.get(role));
          const expectedPaid = rule.roles.includes(role) ? 'passes' : 403;
          if (outcome(paid.statusCode) !== expectedPaid) wrong.push(`premium ${role} ${key} → ${paid.statusCode} (expected ${expectedPaid})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('opens a machine route only to its own token, never to a session of any role', async () => {
    expect(routes.filter((r) => tokenRoutes.has(`${r.method} ${r.path}`))).toHaveLength(tokenRoutes.size);
    for (const [key, headers] of tokenRoutes) {
      const [method, url] = key.split(' ') as ['GET', string];
      for (const role of ROLES) {
        const session = await t.login(`${role}.machine.walk@contoh.id`, role);
        expect((await t.app.inject({ method, url, headers: session.headers })).statusCode, `${role} ${key}`).toBe(401);
      }
      expect((await t.app.inject({ method, url, headers })).statusCode, key).toBe(200);
    }
  });

  it('refuses anonymous callers on every non-public route', async () => {
    const open: string[] = [];
    for (const r of routes) {
      if (publicRoutes.has(`${r.method} ${r.path}`)) continue;
      const url = r.path.replace(/\{[^}]+\}/g, sampleId);
      const res = await t.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' ? undefined : {} });
      if (res.statusCode !== 401) open.push(`${r.method} ${r.path} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it("refuses runners and coaches on every organizer route of registrations (runner data, scan, proof of transfer, Verifikasi, Tolak)", async () => {
    const organizerRoutes = routes.filter(
      (r) => r.path.startsWith('/api/runner-registrations/') && r.path !== '/api/runner-registrations/mine' && !publicRoutes.has(`${r.method} ${r.path}`),
    );
    expect(organizerRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/runner-registrations/event/{eventId}/xlsx',
        'GET /api/runner-registrations/{registrationId}/payment-proof',
        'PATCH /api/runner-registrations/{registrationId}/payment-verify',
        'PATCH /api/runner-registrations/{registrationId}/payment-reject',
        // Bib numbers (issue 28 §6): 'Beri Nomor BIB' and the racepack hand-over's 'Urungkan'.
        'POST /api/runner-registrations/event/{eventId}/bib-numbers',
        'DELETE /api/runner-registrations/{registrationId}/racepack',
      ]),
    );
    for (const role of ['runner', 'coach'] as const) {
      const { headers } = await t.login(`${role}.registrations@contoh.id`, role);
      for (const r of organizerRoutes) {
        const url = r.path.replace(/\{[^}]+\}/g, sampleId);
        const res = await t.app.inject({ method: r.method as 'GET', url, headers, payload: r.method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${role} ${r.method} ${r.path}`).toBe(403);
      }
    }
  });

  it('refuses runners, coaches and organizers on every admin route', async () => {
    for (const role of ['runner', 'coach', 'organizer'] as const) {
      const { headers } = await t.login(`${role}.access@contoh.id`, role);
      for (const r of routes.filter((x) => x.path.startsWith('/api/admin/'))) {
        const url = r.path.replace(/\{[^}]+\}/g, sampleId);
        const res = await t.app.inject({ method: r.method as 'GET', url, headers, payload: r.method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${role} ${r.method} ${r.path}`).toBe(403);
      }
    }
  });
});
