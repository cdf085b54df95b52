import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../domain/shared/error-response';
import { AppError } from '../app-error';

const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Format JSON tidak valid.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body JSON tidak boleh kosong.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Ukuran data terlalu besar.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipe konten tidak didukung.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Panjang konten tidak valid.',
};

/**
 * PostgreSQL errors caused by what the client sent rather than by us: 22021 (a NUL or invalid byte
 * in text) and 22P02 (text a typed column cannot read). Drizzle wraps the driver's error in `cause`.
 */
const invalidCharacterCodes = new Set(['22021', '22P02']);

function databaseErrorCode(error: unknown): string | null {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && invalidCharacterCodes.has(e.code)) return e.code;
  }
  return null;
}

/**
 * The database cannot answer right now (down, restarting, unreachable, out of connections, a
 * statement over its time limit): the request may be retried, so 503 rather than 500.
 * SQLSTATE classes 08 (connection exception), 57P0x (shutdown), 53300 (too many connections),
 * 57014 (statement timeout); node-postgres' own socket and timeout errors; a closed PGlite.
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const unavailableNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const unavailableMessages = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (unavailableSqlStates.has(e.code) || e.code.startsWith('08') || unavailableNodeCodes.has(e.code))) return true;
    if (typeof e.message === 'string' && unavailableMessages.some((m) => m.test(e!.message as string))) return true;
  }
  return false;
}

export const databaseUnavailableMessage = 'Layanan sedang tidak dapat menjangkau database. Silakan coba lagi beberapa saat lagi.';

/** One error shape for every route: `{ message, code?, errors? }`; never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: (v.instancePath || '/').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Tidak valid',
      }));
      return reply.status(400).send({
        // Custom schema messages are the spec's verbatim text; defaults come from zod's Indonesian locale.
        message: errors[0]?.message ?? 'Data tidak valid.',
        code: 'VALIDATION_ERROR',
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Terjadi kesalahan pada server.', code: 'INTERNAL' });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.errors?.length ? { errors: error.errors } : {}),
          ...(error.alternatives ? { alternatives: error.alternatives } : {}),
        });
    }
    if (databaseErrorCode(error)) {
      request.log.info({ err: error }, 'database refused the request data');
      return reply.status(400).send({ message: 'Data mengandung karakter yang tidak valid.', code: 'INVALID_CHARACTERS' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: databaseUnavailableMessage, code: 'DATABASE_UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        frameworkMessages[error.code] ??
        (status === 429 ? 'Terlalu banyak permintaan. Coba lagi sebentar lagi.' : 'Permintaan tidak valid.');
      // A client told to slow down reads RATE_LIMITED, whichever limiter (or plugin) said 429.
      return reply.status(status).send({ message, code: status === 429 ? 'RATE_LIMITED' : (error.code ?? 'BAD_REQUEST') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Terjadi kesalahan pada server.', code: 'INTERNAL' });
  });
}, { name: 'errors' });

/**
 * The response schema of every error status, so OpenAPI documents it and nothing is stripped; it
 * lives in the domain because the web's API client reads the same shape.
 */
export { errorResponseSchema };
