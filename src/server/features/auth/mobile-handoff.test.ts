import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, mobileHandoffCodes } from '../../db/schema/auth';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { handoffMessages } from './mobile-handoff';

/** A PKCE pair as the app makes it (RFC 7636, S256). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function cookieHeaderOf(res: LightMyRequestResponse): string {
  return (res.cookies as { name: string; value: string }[]).map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('mobile hand-off: one-time code + PKCE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** Signs a browser in (cookies), like /mobile-login after Google or the development sign-in. */
  async function browser(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email } });
    expect(res.statusCode).toBe(200);
    return { cookie: cookieHeaderOf(res), user: res.json().user as { _id: string; email: string }, tokens: res.json() as { token: string; refreshToken: string } };
  }
  const mint = (cookie: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/mobile-handoff/code',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const exchange = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff', headers, payload: payload as object });

  it('exchanges a code once for a separate mobile session of the user who asked for it', async () => {
    const web = await browser('handoff@contoh.id');
    const { verifier, challenge } = pkce();
    const minted = await mint(web.cookie, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect(minted.statusCode).toBe(200);
    const { code, expiresIn } = minted.json();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresIn).toBe(60);
    expect(minted.cookies).toHaveLength(0);

    // The app has no cookie: the code and its verifier are the credential.
    const res = await exchange({ code, code_verifier: verifier });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ _id: web.user._id, email: 'handoff@contoh.id' });
    expect(body.token).toMatch(/^ey/);
    expect(body.refreshToken).not.toBe(web.tokens.refreshToken);
    expect(res.cookies).toHaveLength(0); // the app's tokens never reach the browser's cookies

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().user.email).toBe('handoff@contoh.id');
    const sessions = await t.database.db.select().from(authSessions).where(eq(authSessions.userId, web.user._id));
    expect(sessions.map((s) => s.client).sort()).toEqual(['mobile', 'web']);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: body.refreshToken } });
    expect(refreshed.statusCode).toBe(200);

    // The code is stored only as a hash, and remembers the session it became.
    const [row] = await t.database.db.select().from(mobileHandoffCodes);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(row!.usedAt).not.toBeNull();
    expect(sessions.find((s) => s.client === 'mobile')!.id).toBe(row!.sessionId);
  });

  it('refuses a replayed code, without ending the session the first exchange made', async () => {
    const web = await browser('replay@contoh.id');
    const { verifier, challenge } = pkce();
    const { code } = (await mint(web.cookie, { code_challenge: challenge })).json();
    const first = await exchange({ code, code_verifier: verifier });
    expect(first.statusCode).toBe(200);
    const again = await exchange({ code, code_verifier: verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: handoffMessages.used, code: 'HANDOFF_CODE_USED' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${first.json().token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong verifier and keeps the code for the app that holds the right one', async () => {
    const web = await browser('verifier@contoh.id');
    const { verifier, challenge } = pkce();
    const { code } = (await mint(web.cookie, { code_challenge: challenge })).json();
    const wrong = await exchange({ code, code_verifier: pkce().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: handoffMessages.verifierMismatch, code: 'HANDOFF_VERIFIER_MISMATCH' });
    // The challenge itself is public (it was in the URL): presenting it as the verifier fails too.
    expect((await exchange({ code, code_verifier: challenge })).json().code).toBe('HANDOFF_VERIFIER_MISMATCH');
    expect((await exchange({ code, code_verifier: verifier })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const web = await browser('expired@contoh.id');
    const { verifier, challenge } = pkce();
    const { code } = (await mint(web.cookie, { code_challenge: challenge })).json();
    const [row] = await t.database.db.select().from(mobileHandoffCodes);
    const lifetime = await t.database.db.execute<{ seconds: number }>(
      sql`select extract(epoch from ${mobileHandoffCodes.expiresAt} - ${mobileHandoffCodes.createdAt})::int as seconds from ${mobileHandoffCodes}`,
    );
    expect((lifetime as unknown as { rows: { seconds: number }[] }).rows[0]!.seconds).toBe(60);
    await t.database.db
      .update(mobileHandoffCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mobileHandoffCodes.id, row!.id));
    const res = await exchange({ code, code_verifier: verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: handoffMessages.expired, code: 'HANDOFF_CODE_EXPIRED' });
    const sessions = await t.database.db.select().from(authSessions).where(eq(authSessions.client, 'mobile'));
    expect(sessions).toHaveLength(0);
  });

  it('refuses an unknown code', async () => {
    const res = await exchange({ code: randomBytes(32).toString('base64url'), code_verifier: pkce().verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: handoffMessages.invalid, code: 'HANDOFF_CODE_INVALID' });
  });

  it('lets only one of several simultaneous exchanges of one code win', async () => {
    const web = await browser('race@contoh.id');
    const { verifier, challenge } = pkce();
    const { code } = (await mint(web.cookie, { code_challenge: challenge })).json();
    const results = await Promise.all(Array.from({ length: 5 }, () => exchange({ code, code_verifier: verifier })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().code).toBe('HANDOFF_CODE_USED');
    const sessions = await t.database.db.select().from(authSessions).where(eq(authSessions.client, 'mobile'));
    expect(sessions).toHaveLength(1);
  });

  it('binds the code to the user who asked for it; a user id in the body changes nothing', async () => {
    const rina = await browser('rina.handoff@contoh.id');
    const budi = await browser('budi.handoff@contoh.id');
    const a = pkce();
    const b = pkce();
    const rinaCode = (await mint(rina.cookie, { code_challenge: a.challenge, userId: budi.user._id, user_id: budi.user._id })).json().code;
    const budiCode = (await mint(budi.cookie, { code_challenge: b.challenge })).json().code;
    expect((await exchange({ code: rinaCode, code_verifier: a.verifier })).json().user._id).toBe(rina.user._id);
    expect((await exchange({ code: budiCode, code_verifier: b.verifier })).json().user._id).toBe(budi.user._id);
  });

  it('ignores a cookie on the exchange: the code decides whose session it is', async () => {
    const rina = await browser('rina.cookie@contoh.id');
    const budi = await browser('budi.cookie@contoh.id');
    const p = pkce();
    const { code } = (await mint(rina.cookie, { code_challenge: p.challenge })).json();
    const res = await exchange({ code, code_verifier: p.verifier }, { cookie: budi.cookie });
    expect(res.json().user._id).toBe(rina.user._id);
    expect(res.cookies).toHaveLength(0);
  });

  it('mints codes only for a signed-in user, checking the challenge', async () => {
    const anon = await mint(null, { code_challenge: pkce().challenge });
    expect(anon.statusCode).toBe(401);
    const web = await browser('mint@contoh.id');
    for (const bad of [{}, { code_challenge: 'short' }, { code_challenge: `${pkce().challenge}x` }, { code_challenge: 'a'.repeat(42) + '=' }]) {
      const res = await mint(web.cookie, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(handoffMessages.challengeInvalid);
    }
    const plain = await mint(web.cookie, { code_challenge: pkce().challenge, code_challenge_method: 'plain' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(handoffMessages.methodUnsupported);
    expect(await t.database.db.select().from(mobileHandoffCodes)).toHaveLength(0);
  });

  it('refuses the old cookie-only form of POST /api/auth/mobile-handoff with a clear 400 and mints nothing', async () => {
    const web = await browser('legacy@contoh.id');
    for (const payload of [undefined, {}, { refreshToken: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff', headers: { cookie: web.cookie }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: handoffMessages.codeRequired, code: 'HANDOFF_CODE_REQUIRED' });
      expect(res.body).not.toContain(web.tokens.token);
    }
    // Even with a bearer token (a signed-in app) the old form mints nothing.
    const bearer = await t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff', headers: { authorization: `Bearer ${web.tokens.token}` } });
    expect(bearer.statusCode).toBe(400);
    const sessions = await t.database.db.select().from(authSessions).where(eq(authSessions.client, 'mobile'));
    expect(sessions).toHaveLength(0);
  });

  it('validates the exchange body with Indonesian messages', async () => {
    const missingVerifier = await exchange({ code: 'abc' });
    expect(missingVerifier.statusCode).toBe(400);
    expect(missingVerifier.json().message).toBe(handoffMessages.verifierInvalid);
    const shortVerifier = await exchange({ code: 'abc', code_verifier: 'pendek' });
    expect(shortVerifier.json().message).toBe(handoffMessages.verifierInvalid);
    const hugeCode = await exchange({ code: 'x'.repeat(10_000), code_verifier: pkce().verifier });
    expect(hugeCode.statusCode).toBe(400);
    expect(hugeCode.json().message).toBe(handoffMessages.invalid);
    const nested = await exchange({ code: { $ne: null }, code_verifier: pkce().verifier });
    expect(nested.statusCode).toBe(400);
  });

  it('deletes codes long past their expiry when new ones are minted', async () => {
    const web = await browser('cleanup@contoh.id');
    const old = pkce();
    await mint(web.cookie, { code_challenge: old.challenge });
    await t.database.db.update(mobileHandoffCodes).set({ expiresAt: sql`now() - interval '2 hours'` });
    const recent = pkce();
    await mint(web.cookie, { code_challenge: recent.challenge });
    const rows = await t.database.db.select().from(mobileHandoffCodes);
    expect(rows.map((r) => r.codeChallenge)).toEqual([recent.challenge]);
  });

  it('publishes both routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
    };
    const exchangeDoc = doc.paths['/api/auth/mobile-handoff']!.post!;
    expect(exchangeDoc.requestBody!.content['application/json']!.schema.required).toEqual(['code', 'code_verifier']);
    expect(doc.paths['/api/auth/mobile-handoff/code']!.post!.requestBody!.content['application/json']!.schema.required).toEqual(['code_challenge']);
  });
});

describe('mobile hand-off rate limits', () => {
  it('answers 429 past the per-minute limit on minting and on exchanging', async () => {
    const t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff', payload: { code: 'x', code_verifier: pkce().verifier } })).statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
      const { headers } = await t.login('limit@contoh.id');
      const mints: number[] = [];
      for (let i = 0; i < 3; i++) {
        mints.push((await t.app.inject({ method: 'POST', url: '/api/auth/mobile-handoff/code', headers, payload: { code_challenge: pkce().challenge } })).statusCode);
      }
      expect(mints).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
