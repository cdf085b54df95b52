import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import {
  authConfigSchema,
  devLoginSchema,
  googleCallbackQuerySchema,
  googleMobileQuerySchema,
  handoffCodeRequestSchema,
  handoffCodeResponseSchema,
  handoffExchangeSchema,
  logoutBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  sessionAnswerSchema,
  tokenResponseSchema,
} from '../../../domain/auth/contract';
import { normaliseRole } from '../../../domain/users/roles';
import { userResponseSchema } from '../../../domain/users/contract';
import type { IdentityProvider, OidcFlowState } from '../../adapters/auth/google-oidc';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { errorResponseSchema } from '../../plugins/errors';
import { badRequest, notFound, unauthorized } from '../../app-error';
import { requireUser, signedIn } from '../../plugins/auth';
import { findOrCreateUser, findUserByEmail, findUserById, toPublicUser, updateUser } from '../users/service';
import { createHandoffCode, exchangeHandoffCode, handoffMessages, type HandoffFailure } from './mobile-handoff';
import { clearAuthCookies, OIDC_COOKIE, REFRESH_COOKIE, setAuthCookies } from '../../plugins/session-cookies';
import { revokeSession, revokeSessionByRefreshToken, rotateRefreshToken, startSession, type SessionClient } from './tokens';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const errorSchema = errorResponseSchema;

const handoffErrorCodes: Record<HandoffFailure, string> = {
  invalid: 'HANDOFF_CODE_INVALID',
  used: 'HANDOFF_CODE_USED',
  expired: 'HANDOFF_CODE_EXPIRED',
  verifierMismatch: 'HANDOFF_VERIFIER_MISMATCH',
};

interface FlowCookie extends OidcFlowState {
  mode: 'web' | 'mobile';
  redirect: string | null;
}

export interface AuthRoutesOptions {
  db: Db;
  config: AppConfig;
  identity: IdentityProvider | null;
}

export async function authRoutes(app: FastifyInstance, { db, config, identity }: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const callbackUri = `${config.publicUrl}/api/auth/google/callback`;

  async function signIn(reply: FastifyReply, request: FastifyRequest, user: UserRow, client: SessionClient) {
    const pair = await startSession(db, config, user.id, client, request.headers['user-agent']);
    if (client === 'web') setAuthCookies(reply, config, pair);
    return { token: pair.token, refreshToken: pair.refreshToken, user: toPublicUser(user) };
  }

  r.get(
    '/api/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods this server offers, and its support WhatsApp number (null when none)',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ google: identity !== null, devLogin: config.devLogin, mobileApp: config.mobileApp, supportWhatsapp: config.supportWhatsapp }),
  );

  async function beginGoogle(reply: FastifyReply, mode: 'web' | 'mobile', redirect: string | null) {
    if (!identity) {
      // The app's flow must come back to its own page, which shows the error and offers retry.
      if (mode === 'mobile' && redirect) {
        const url = new URL(redirect, config.publicUrl);
        url.searchParams.set('error', 'google_unavailable');
        return reply.redirect(url.pathname + url.search);
      }
      return reply.redirect('/login?error=google_unavailable');
    }
    const { url, flow } = await identity.begin(callbackUri);
    const cookie = await new SignJWT({ ...flow, mode, redirect } satisfies FlowCookie as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(config.jwtSecret);
    reply.setCookie(OIDC_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      path: '/api/auth/google',
      maxAge: 600,
    });
    return reply.redirect(url);
  }

  r.get(
    '/api/auth/google',
    { config: { rateLimit }, schema: { tags: ['auth'], summary: 'Web sign-in with Google (browser redirect)' } },
    async (_request, reply) => beginGoogle(reply, 'web', null),
  );

  r.get(
    '/api/auth/google/mobile',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Mobile-app sign-in with Google; redirect must be our own /mobile-login page',
        querystring: googleMobileQuerySchema,
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const target = safeMobileRedirect(request.query.redirect, config, request);
      if (!target) throw badRequest('Alamat pengalihan tidak diizinkan.', 'INVALID_REDIRECT');
      return beginGoogle(reply, 'mobile', target);
    },
  );

  r.get(
    '/api/auth/google/callback',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'OpenID Connect callback',
        querystring: googleCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const raw = request.cookies[OIDC_COOKIE];
      reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/google' });
      let flow: FlowCookie | null = null;
      if (raw) {
        try {
          flow = (await jwtVerify(raw, config.jwtSecret)).payload as unknown as FlowCookie;
        } catch {
          flow = null;
        }
      }
      const fail = (reason: string) => {
        if (flow?.mode === 'mobile' && flow.redirect) {
          const url = new URL(flow.redirect, config.publicUrl);
          url.searchParams.set('error', reason);
          return reply.redirect(url.pathname + url.search);
        }
        return reply.redirect(`/login?error=${reason}`);
      };
      if (!identity || !flow || request.query.error) return fail('google');
      let profile;
      try {
        const current = new URL(request.url, config.publicUrl);
        profile = await identity.complete(current, flow);
      } catch (err) {
        request.log.warn({ err }, 'google sign-in failed');
        return fail('google');
      }
      if (!profile.emailVerified) return fail('email_unverified');
      const { user: found } = await findOrCreateUser(db, {
        email: profile.email,
        name: profile.name,
        photo: profile.picture,
        googleSub: profile.subject,
      });
      const user =
        (await updateUser(db, found.id, {
          googleSub: found.googleSub ?? profile.subject,
          photo: found.photo ?? profile.picture,
        })) ?? found;
      await signIn(reply, request, user, 'web');
      return reply.redirect(flow.mode === 'mobile' && flow.redirect ? flow.redirect : '/dashboard');
    },
  );

  if (config.devLogin) {
    r.post(
      '/api/auth/dev-login',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Development sign-in (exists only when Google is not configured, never in production)',
          body: devLoginSchema,
          response: { 200: tokenResponseSchema, 400: errorSchema },
        },
      },
      async (request, reply) => {
        const { email, name, role: rawRole } = request.body;
        const role = rawRole === undefined || rawRole === '' ? undefined : normaliseRole(rawRole);
        if (role === null) throw badRequest('Peran tidak dikenal.', 'INVALID_ROLE');
        const existing = await findUserByEmail(db, email);
        let user: UserRow;
        if (existing) {
          user = role && role !== existing.role ? ((await updateUser(db, existing.id, { role })) ?? existing) : existing;
        } else {
          user = (await findOrCreateUser(db, { email, name: name ?? nameFromEmail(email), role: role ?? 'runner' })).user;
        }
        return signIn(reply, request, user, 'web');
      },
    );
  }

  r.post(
    '/api/auth/refresh',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token (body or cookie) for a new pair; every refresh token works once',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refreshToken;
      const presented = fromBody ?? request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized();
      const result = await rotateRefreshToken(db, config, presented);
      if (!result.ok) {
        if (!fromBody) clearAuthCookies(reply, config);
        throw unauthorized();
      }
      if (!fromBody) setAuthCookies(reply, config, result);
      return { token: result.token, refreshToken: result.refreshToken };
    },
  );

  r.get(
    '/api/auth/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userResponseSchema, 401: errorSchema } },
    },
    async (request) => ({ user: toPublicUser(requireUser(request)) }),
  );

  r.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Who is signed in, answered with 200 for visitors too (public pages probe it without a 401 in the console): the user or null, and whether a refresh cookie could renew an expired session',
        security: [],
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request) => ({
      user: request.auth ? toPublicUser(request.auth.user) : null,
      refreshable: !request.auth && Boolean(request.cookies[REFRESH_COOKIE]),
    }),
  );

  r.post(
    '/api/auth/mobile-handoff/code',
    {
      onRequest: [signedIn],
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "One-time code for the mobile app, asked for by the signed-in browser when the person presses 'Buka Aplikasi'",
        description:
          'The code lives 60 seconds, works once and only together with the verifier of `code_challenge` ' +
          '(PKCE S256). The page hands it to the app as `<scheme>://auth-success?code=…&state=…`; the app ' +
          'exchanges it at `POST /api/auth/mobile-handoff`.',
        body: handoffCodeRequestSchema,
        response: { 200: handoffCodeResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => createHandoffCode(db, requireUser(request).id, request.body.code_challenge),
  );

  r.post(
    '/api/auth/mobile-handoff',
    {
      config: { rateLimit },
      // The old form of this route (no body, the browser's cookie chose the user) handed a 30-day
      // session to whoever could make a signed-in browser post here: refuse it with a clear 400.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        if (!body || typeof body !== 'object' || (body.code === undefined && body.code_verifier === undefined)) {
          throw badRequest(handoffMessages.codeRequired, 'HANDOFF_CODE_REQUIRED');
        }
      },
      schema: {
        tags: ['auth'],
        summary: 'The mobile app exchanges a one-time hand-off code and its PKCE verifier for a new mobile session',
        description:
          'Public (no cookie or token needed): the code and the verifier are the credential. Every code works ' +
          'once, for 60 seconds. Errors: HANDOFF_CODE_REQUIRED, HANDOFF_CODE_INVALID, HANDOFF_CODE_USED, ' +
          'HANDOFF_CODE_EXPIRED, HANDOFF_VERIFIER_MISMATCH (all 400).',
        security: [],
        body: handoffExchangeSchema,
        response: { 200: tokenResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const result = await exchangeHandoffCode(
        db,
        config,
        { code: request.body.code, codeVerifier: request.body.code_verifier },
        request.headers['user-agent'],
      );
      if (!result.ok) throw badRequest(handoffMessages[result.reason], handoffErrorCodes[result.reason]);
      return { token: result.token, refreshToken: result.refreshToken, user: toPublicUser(result.user) };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session (cookie, bearer token or refresh token in the body)',
        body: logoutBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.auth) await revokeSession(db, request.auth.sessionId, 'logout');
      const presented = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (presented) await revokeSessionByRefreshToken(db, presented);
      clearAuthCookies(reply, config);
      return { message: 'Berhasil keluar.' };
    },
  );

  r.get(
    '/api/user/profile',
    {
      schema: { tags: ['users'], summary: 'The signed-in user (profile)', response: { 200: userResponseSchema, 401: errorSchema, 404: errorSchema } },
    },
    async (request) => {
      const me = requireUser(request);
      const fresh = await findUserById(db, me.id);
      if (!fresh) throw notFound('Pengguna tidak ditemukan.');
      return { user: toPublicUser(fresh) };
    },
  );
}

function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The mobile flow may only come back to our own /mobile-login page (an open redirect would
 * hand a signed-in browser to anyone). Accepts a same-origin absolute URL or a path.
 */
export function safeMobileRedirect(value: string, config: AppConfig, request: FastifyRequest): string | null {
  let url: URL;
  try {
    url = new URL(value, config.publicUrl);
  } catch {
    return null;
  }
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowedOrigins.has(url.origin)) return null;
  if (url.pathname !== '/mobile-login' || url.username || url.password) return null;
  return url.pathname + url.search;
}
