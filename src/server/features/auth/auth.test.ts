import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { isNotNull } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { refreshTokens } from '../../db/schema/auth';
import { REFRESH_GRACE_MS } from './tokens';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { startMockOidc } from '../../test/fixtures/mock-oidc';

/** Cookie jar for app.inject: name → value, from Set-Cookie headers. */
function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (c.value === '' || c.maxAge === 0) continue;
    out[c.name] = c.value;
  }
  return out;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

const userKeys = ['_id', 'name', 'email', 'photo', 'role', 'subscription_status', 'current_period_end', 'has_had_trial', 'strava'].sort();

describe('development sign-in only on the loopback or when asked for (issue 26 §8)', () => {
  const tryDevLogin = async (env: Record<string, string>) => {
    const app = await buildTestApp({ env });
    try {
      const config = (await app.app.inject({ method: 'GET', url: '/api/auth/config' })).json() as { devLogin: boolean };
      const login = await app.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'dev@contoh.id' } });
      return { advertised: config.devLogin, status: login.statusCode };
    } finally {
      await app.close();
    }
  };

  it('a server listening on every interface (or a LAN address) has none, without NODE_ENV or PUBLIC_URL set', async () => {
    expect(await tryDevLogin({ HOST: '0.0.0.0', NODE_ENV: 'development', PUBLIC_URL: '' })).toEqual({ advertised: false, status: 404 });
    expect(await tryDevLogin({ HOST: '192.168.1.20' })).toEqual({ advertised: false, status: 404 });
  });

  it('the loopback (by default, 127.0.0.1, ::1) has it; DEV_LOGIN=true turns it on elsewhere', async () => {
    expect(await tryDevLogin({})).toEqual({ advertised: true, status: 200 });
    expect(await tryDevLogin({ HOST: '127.0.0.1' })).toEqual({ advertised: true, status: 200 });
    expect(await tryDevLogin({ HOST: '0.0.0.0', DEV_LOGIN: 'true' })).toEqual({ advertised: true, status: 200 });
  });
});

describe('development sign-in, tokens and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const devLogin = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: payload as object });
  /** Every used refresh token was used longer ago than the grace window. */
  const endGrace = () => t.database.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1_000) }).where(isNotNull(refreshTokens.usedAt));

  it('advertises the development sign-in when Google is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    // No SUPPORT_WHATSAPP: no support number at all (the help dialog then shows none).
    expect(res.json()).toEqual({ google: false, devLogin: true, mobileApp: { scheme: 'derap', androidPackage: 'id.derap.app' }, supportWhatsapp: null });
  });

  it('without Google, the web flow returns to /login and the app flow to its own /mobile-login page, each with the reason', async () => {
    const web = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(web.statusCode).toBe(302);
    expect(web.headers.location).toBe('/login?error=google_unavailable');
    const redirect = encodeURIComponent('http://localhost:3000/mobile-login?from_app=true');
    const mobile = await t.app.inject({ method: 'GET', url: `/api/auth/google/mobile?redirect=${redirect}` });
    expect(mobile.statusCode).toBe(302);
    expect(mobile.headers.location).toBe('/mobile-login?from_app=true&error=google_unavailable');
  });

  it('creates a runner on first dev sign-in, answers {token, refreshToken, user} and sets httpOnly cookies', async () => {
    const res = await devLogin({ email: 'Sari.Indah@Contoh.id', name: 'Sari Indah' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(Object.keys(body.user).sort()).toEqual(userKeys);
    expect(body.user).toMatchObject({
      name: 'Sari Indah',
      email: 'sari.indah@contoh.id',
      role: 'runner',
      subscription_status: 'none',
      current_period_end: null,
      has_had_trial: false,
      strava: { id: null },
      photo: null,
    });
    const setCookies = res.cookies as { name: string; httpOnly?: boolean; path?: string }[];
    expect(setCookies.find((c) => c.name === 'derap_at')).toMatchObject({ httpOnly: true, path: '/' });
    expect(setCookies.find((c) => c.name === 'derap_rt')).toMatchObject({ httpOnly: true, path: '/api/auth' });

    const again = await devLogin({ email: 'sari.indah@contoh.id' });
    expect(again.json().user._id).toBe(body.user._id);
  });

  it('accepts Indonesian role names and stores the English ones', async () => {
    const res = await devLogin({ email: 'pelatih@contoh.id', role: 'pelatih' });
    expect(res.json().user.role).toBe('coach');
    const org = await devLogin({ email: 'eo@contoh.id', role: 'Penyelenggara' });
    expect(org.json().user.role).toBe('organizer');
  });

  it('refuses bad input with a clear Indonesian 400 and creates nobody', async () => {
    const bad = await devLogin({ email: 'bukan-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Masukkan email yang valid!');
    const role = await devLogin({ email: 'a@contoh.id', role: 'superuser' });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe('Peran tidak dikenal.');
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('Format JSON tidak valid.');
    const admin = await t.login('admin@contoh.id', 'admin');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers });
    expect(list.json().total).toBe(1);
  });

  it('reads the user from a bearer token or from the cookie', async () => {
    const login = await devLogin({ email: 'budi@contoh.id' });
    const { token } = login.json();
    const bearer = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().user.email).toBe('budi@contoh.id');
    const cookie = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(cookiesOf(login)) } });
    expect(cookie.json().user.email).toBe('budi@contoh.id');
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    expect(Object.keys(profile.json().user).sort()).toEqual(userKeys);
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Sesi Anda telah berakhir. Silakan masuk lagi.');
    const { token } = (await devLogin({ email: 'c@contoh.id' })).json();
    const [h, p] = token.split('.');
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${h}.${p}.AAAA` } });
    expect(forged.statusCode).toBe(401);
    const otherKey = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('y')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${otherKey}` } })).statusCode).toBe(401);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json();
    const expired = await new SignJWT({ sid: 'whatever' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.user._id)
      .setIssuer('derap')
      .setAudience('derap-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(t.config.jwtSecret);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
  });

  it('rotates the refresh token on every use', async () => {
    const first = (await devLogin({ email: 'r@contoh.id' })).json();
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.token).toMatch(/^ey/);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: second.refreshToken } });
    expect(r2.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${r2.json().token}` } });
    expect(me.json().user.email).toBe('r@contoh.id');
  });

  it('revokes the whole session when an old refresh token is reused after the grace window', async () => {
    const first = (await devLogin({ email: 'reuse@contoh.id' })).json();
    const rotated = (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } })).json();
    await endGrace();
    // the stolen old token comes back
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(replay.statusCode).toBe(401);
    // ...and now the legitimate newer token and the session's access token are dead too
    const next = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: rotated.refreshToken } });
    expect(next.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${rotated.token}` } });
    expect(me.statusCode).toBe(401);
    // another session of the same user is untouched
    const other = (await devLogin({ email: 'reuse@contoh.id' })).json();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(200);
  });

  it('two simultaneous refreshes with one token both get the same successor pair, and the session goes on (issue 26 §8)', async () => {
    const first = (await devLogin({ email: 'race@contoh.id' })).json();
    const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const pairs = answers.map((a) => a.json() as { token: string; refreshToken: string });
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.token)).size).toBe(1);
    expect(pairs[0]!.refreshToken).not.toBe(first.refreshToken);
    // A moment later (a second tab, a retry after a lost answer), still the same pair.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await refresh(first.refreshToken)).json()).toEqual(pairs[0]);
    // Only hashes are stored: neither refresh token is in the table as it is.
    const stored = JSON.stringify(await t.database.db.select().from(refreshTokens));
    expect(stored).not.toContain(pairs[0]!.refreshToken);
    expect(stored).not.toContain(first.refreshToken);
    // The session lives on: the successor works once, and the access token is valid.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pairs[0]!.token}` } })).statusCode).toBe(200);
    const next = await refresh(pairs[0]!.refreshToken);
    expect(next.statusCode).toBe(200);
    // After the window, the first token's reuse revokes the family: the newest token dies too.
    await endGrace();
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.json().refreshToken)).statusCode).toBe(401);
  });

  it('a web tab and another refreshing from the same cookie at once stay signed in with the same cookies', async () => {
    const login = await devLogin({ email: 'tabs@contoh.id' });
    const jar = cookiesOf(login);
    const both = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: cookieHeader(jar) }, payload: {} })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(cookiesOf(both[0]!)).toEqual(cookiesOf(both[1]!));
  });

  it('refreshes from the httpOnly cookie and sets new cookies (web)', async () => {
    const login = await devLogin({ email: 'web@contoh.id' });
    const jar = cookiesOf(login);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: cookieHeader(jar) }, payload: {} });
    expect(res.statusCode).toBe(200);
    const fresh = cookiesOf(res);
    expect(fresh.derap_rt).toBeDefined();
    expect(fresh.derap_rt).not.toBe(jar.derap_rt);
    expect(fresh.derap_at).toBeDefined();
  });

  it('refuses unknown or missing refresh tokens with 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'nope' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
  });

  it('logout ends the session: its access and refresh tokens stop working', async () => {
    const s = (await devLogin({ email: 'out@contoh.id' })).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${s.token}` }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${s.token}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
  });

  it('logout with only a refresh token (mobile) ends that session', async () => {
    const s = (await devLogin({ email: 'mobile-out@contoh.id' })).json();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: s.refreshToken } });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${s.token}` } })).statusCode).toBe(401);
  });

  it('no longer mints a mobile session for a signed-in browser that merely posts (old hand-off form)', async () => {
    const web = await devLogin({ email: 'handoff@contoh.id' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff', headers: { cookie: cookieHeader(cookiesOf(web)) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('HANDOFF_CODE_REQUIRED');
    expect(res.body).not.toMatch(/"token"|"refreshToken"/);
    expect(res.cookies).toHaveLength(0);
  });
});

describe('rate limiting of sign-in', () => {
  it('answers 429 in Indonesian past the per-minute limit', async () => {
    const t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: `x${i}@contoh.id` } })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'y@contoh.id' } });
      expect(res.json().message).toBe('Terlalu banyak permintaan. Coba lagi sebentar lagi.');
    } finally {
      await t.close();
    }
  });
});

describe('production mode', () => {
  it('refuses to start without Google configured', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/GOOGLE_CLIENT_ID/);
  });
  it('refuses to start without a JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b' })).toThrow(/JWT_SECRET/);
  });
  it('has no development sign-in', async () => {
    const t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'https://accounts.example.test',
        MIDTRANS_SERVER_KEY: 'Mid-server-test', // production refuses the sandbox gateway
      },
    });
    try {
      expect(t.config.devLogin).toBe(false);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'a@contoh.id' } });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toMatchObject({ google: true, devLogin: false });
    } finally {
      await t.close();
    }
  });
});

describe('Google sign-in through OpenID Connect (local OIDC server)', () => {
  let t: TestApp;
  let oidc: Awaited<ReturnType<typeof startMockOidc>>;
  beforeAll(async () => {
    oidc = await startMockOidc();
    t = await buildTestApp({ env: { GOOGLE_ISSUER: oidc.url, GOOGLE_CLIENT_ID: 'derap-web', GOOGLE_CLIENT_SECRET: 'rahasia', SUPPORT_WHATSAPP: '0812-3456-7890' } });
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  /** Runs the browser's part: our redirect → provider's authorize → back to our callback. */
  async function signInWithGoogle(startUrl = '/api/auth/google') {
    const start = await t.app.inject({ method: 'GET', url: startUrl });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(oidc.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    const flowCookie = cookiesOf(start);
    const provider = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    const callback = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: cookieHeader(flowCookie) },
    });
    return { callback, flowCookie, back, start };
  }

  it('is the advertised sign-in method, and dev sign-in is off (with the configured support number, as +62)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toMatchObject({ google: true, devLogin: false, supportWhatsapp: '+6281234567890' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'a@b.id' } })).statusCode).toBe(404);
  });

  it('creates the user as a runner on first sign-in and signs the browser in', async () => {
    oidc.nextIdentity({ sub: 'g-123', email: 'Wayan.Sudarma@gmail.com', name: 'Wayan Sudarma', picture: 'https://lh3.example/p.jpg' });
    const { callback } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const jar = cookiesOf(callback);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(jar) } });
    expect(me.json().user).toMatchObject({
      email: 'wayan.sudarma@gmail.com',
      name: 'Wayan Sudarma',
      role: 'runner',
      photo: 'https://lh3.example/p.jpg',
    });
    // a second sign-in finds the same user
    const again = await signInWithGoogle();
    const me2 = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(cookiesOf(again.callback)) } });
    expect(me2.json().user._id).toBe(me.json().user._id);
  });

  it('keeps the role of an existing user (e.g. an organizer set by an admin)', async () => {
    const existing = await t.login('eo.jakarta@gmail.com', 'organizer', 'EO Jakarta');
    oidc.nextIdentity({ sub: 'g-eo', email: 'eo.jakarta@gmail.com', name: 'EO Jakarta' });
    const { callback } = await signInWithGoogle();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(cookiesOf(callback)) } });
    expect(me.json().user).toMatchObject({ _id: existing.userId, role: 'organizer' });
  });

  it('refuses a callback whose state does not match, creating no session', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const provider = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    back.searchParams.set('state', 'tampered');
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: cookieHeader(cookiesOf(start)) } });
    expect(callback.headers.location).toBe('/login?error=google');
    expect(cookiesOf(callback).derap_at).toBeUndefined();
  });

  it('refuses a callback without the flow cookie (not started by this browser)', async () => {
    const { back } = await signInWithGoogle();
    const replay = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(replay.headers.location).toBe('/login?error=google');
  });

  it('refuses an unverified email', async () => {
    oidc.nextIdentity({ sub: 'g-unv', email: 'unverified@gmail.com', name: 'U', email_verified: false });
    const { callback } = await signInWithGoogle();
    expect(callback.headers.location).toBe('/login?error=email_unverified');
  });

  it('mobile: only our own /mobile-login page is an accepted redirect', async () => {
    for (const bad of [
      'https://evil.example/mobile-login',
      '/dashboard',
      '//evil.example/mobile-login',
      'javascript:alert(1)',
      'http://localhost:3000/mobile-login/../dashboard',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/google/mobile?redirect=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Alamat pengalihan tidak diizinkan.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google/mobile' })).statusCode).toBe(400);
  });

  it('mobile: comes back to /mobile-login with the app\'s challenge and state, and no token in any Location', async () => {
    oidc.nextIdentity({ sub: 'g-m', email: 'mobile@gmail.com', name: 'Mobile User' });
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const back = `/mobile-login?from_app=true&code_challenge=${challenge}&state=app-state-1`;
    const redirect = encodeURIComponent(`http://localhost:3000${back}`);
    const { callback, start, back: providerBack } = await signInWithGoogle(`/api/auth/google/mobile?redirect=${redirect}`);
    expect(callback.headers.location).toBe(back);
    const jar = cookiesOf(callback);
    expect(jar.derap_at).toBeTruthy();

    // The page, after the person presses 'Buka Aplikasi', asks for a code; the app exchanges it.
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mobile-handoff/code',
      headers: { cookie: cookieHeader(jar) },
      payload: { code_challenge: challenge, code_challenge_method: 'S256' },
    });
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff', payload: { code: minted.json().code, code_verifier: verifier } });
    expect(exchanged.statusCode).toBe(200);
    const app = exchanged.json();
    expect(app.user.email).toBe('mobile@gmail.com');

    const secrets = [jar.derap_at!, jar.derap_rt!, app.token, app.refreshToken];
    for (const res of [start, callback, minted, exchanged]) {
      const location = String(res.headers.location ?? '');
      for (const secret of secrets) expect(location).not.toContain(secret);
      expect(location).not.toMatch(/token=|refreshToken=/i);
    }
    expect(providerBack.search).not.toMatch(/token=/i);
    for (const secret of secrets) expect(callback.body).not.toContain(secret);
  });
});
