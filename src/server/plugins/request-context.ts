import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type LoggerOptions } from 'pino';

/**
 * Logs that answer questions (issue 29 §4): one JSON line per request carrying a request id, which
 * the client also reads in `X-Request-Id` and in every error body, and the user id once known; never
 * a token, identity number (NIK), medical note or card data (decision 055).
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's (or a proxy's) id is kept only when it is a short plain token: nothing to forge a log line with. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Fastify's `genReqId`: the caller's `X-Request-Id` when sane, otherwise a new UUID. */
export function genReqId(req: IncomingMessage): string {
  return requestIdFrom(req.headers[REQUEST_ID_HEADER]);
}

/**
 * Fields that hold a credential or personal data, wherever a log call's object has them (up to three
 * levels deep: `{ body: { runner: { identityNo } } }`). Names from the contracts: registrations
 * (`identityNo`, `medicalNotes`), auth (`token`, `refreshToken`, PKCE `verifier`), the gateway
 * (`signature_key`, card fields).
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'code_verifier',
  'verifier',
  'password',
  'secret',
  'clientSecret',
  'client_secret',
  'signature_key',
  'nik',
  'identityNo',
  'medicalNotes',
  'medicalNote',
  'card_number',
  'cardNumber',
  'card_cvv',
  'cvv',
  'saved_token_id',
  'masked_card',
];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? '' : '.';
  return [k, `*${dot}${k}`, `*.*${dot}${k}`, `*.*.*${dot}${k}`];
});

/**
 * Database errors repeat what was sent: Drizzle's message and `params` list every bound value (a
 * NIK, a medical note), PostgreSQL's `detail` says `Key (email)=(…)`, an invalid input echoes it in
 * quotes. The log keeps the SQL and the code, never the values.
 */
export function scrubError(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return typeof value === 'string' ? scrubText(value) : value;
  if (Array.isArray(value)) return value.map((v) => scrubError(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'params' || key === 'parameters') out[key] = '[Redacted]';
    else out[key] = scrubError(v, depth + 1);
  }
  return out;
}

function scrubText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |: caused by: |$)/g, '\nparams: [Redacted]')
    .replace(/\)=\([^)]*\)/g, ')=([Redacted])')
    .replace(/(invalid input (?:syntax|value) for [^:]*: )"[^"]*"/g, '$1"[Redacted]"');
}

/** The route's pattern, never the raw URL (a path or query may carry a token: calendar feeds, payment keys). */
export function routeLabel(request: FastifyRequest): string {
  const config = request.routeOptions.config as { file?: unknown } | undefined;
  if (config && typeof config.file === 'string') return 'static';
  return request.routeOptions.url ?? 'unmatched';
}

/** Pino options every logger of the app gets (main.ts adds level and transport; tests a stream). */
export function baseLogOptions(): LoggerOptions {
  return {
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      err: (err: Error) => scrubError(pino.stdSerializers.errWithCause(err)) as ReturnType<typeof pino.stdSerializers.errWithCause>,
      req: (request: FastifyRequest) => ({ method: request.method, route: request.routeOptions ? routeLabel(request) : undefined }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * The request id on the reply (`X-Request-Id`) and in every error body (`requestId`), and one log
 * line per request when it is answered (Fastify's own two lines are off: they log the raw URL).
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('preSerialization', async (request, reply, payload: unknown) => {
      if (reply.statusCode < 400 || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
      if (typeof (payload as { message?: unknown }).message !== 'string') return payload;
      return { ...payload, requestId: request.id };
    });
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { method: request.method, route: routeLabel(request), statusCode: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10 },
        'request completed',
      );
    });
  },
  { name: 'request-context' },
);
