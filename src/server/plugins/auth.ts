import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/users/roles';
import type { UserRow } from '../db/schema/users';
import { ACCESS_COOKIE } from './session-cookies';
import { forbidden, unauthorized } from '../app-error';

export interface RequestAuth {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The access token comes as a bearer header (mobile app) or the httpOnly cookie (web). */
function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return request.cookies[ACCESS_COOKIE] ?? null;
}

/** Checks an access token: its session and user, or null. The auth feature provides it (wiring). */
export type AuthenticateToken = (token: string) => Promise<RequestAuth | null>;

/** Resolves who is calling, once per /api request; routes then ask requireUser/requireRole. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { authenticate: AuthenticateToken }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = readAccessToken(request);
      request.auth = token ? await opts.authenticate(token) : null;
      // Every later line of this request names who asked (issue 29 §4); the reply logs through it too.
      if (request.auth) reply.log = request.log = request.log.child({ userId: request.auth.user.id });
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export function requireRole(request: FastifyRequest, ...allowed: Role[]): UserRow {
  const user = requireUser(request);
  if (!allowed.includes(user.role)) throw forbidden();
  return user;
}

/**
 * Route hooks that authorise before the body is even validated (so an anonymous or wrong-role
 * caller learns nothing from validation errors): `onRequest: [signedIn]` or `[allowRoles('admin')]`.
 */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

export const allowRoles =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    requireRole(request, ...roles);
  };
