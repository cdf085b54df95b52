import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookies';
import { AppError } from '../app-error';

/**
 * What the browser may do with our pages: scripts only from our own origin (the built app; no
 * inline script), WebAssembly only from our own files (the QR scanner's zxing), workers from our
 * origin (or blob: for Vite's worker wrappers). Inline styles stay allowed: React and recharts set
 * style attributes. Event images may come from any https address (organizers paste links).
 * A route that sends its own policy (the sandbox checkout page) keeps it.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const originMessage = 'Permintaan ditolak: berasal dari situs lain.';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  if (value === 'null') return 'null';
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/**
 * A state-changing request authenticated by our cookies must come from our own pages. SameSite=Lax
 * keeps cookies off cross-site POSTs in today's browsers, but not off same-site sibling origins or
 * older browsers; the Origin header (or Referer when a browser leaves Origin out) says who asked.
 * Bearer-token clients (the mobile app) carry no ambient credential and are not checked; a request
 * with neither header is not a browser's and is let through.
 */
export function crossOriginCookieWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (!stateChanging.has(request.method) || !request.url.startsWith('/api/')) return false;
  if (request.headers.authorization?.toLowerCase().startsWith('bearer ')) return false;
  if (!request.cookies[ACCESS_COOKIE] && !request.cookies[REFRESH_COOKIE]) return false;
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (origin === null) return false;
  return origin !== publicOrigin && origin !== originOf(`${request.protocol}://${request.host}`);
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    const publicOrigin = new URL(opts.config.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (crossOriginCookieWrite(request, publicOrigin)) throw new AppError('forbidden', originMessage, 'ORIGIN_REJECTED');
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', contentSecurityPolicy);
      if (opts.config.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers', dependencies: ['@fastify/cookie', 'errors'] },
);
