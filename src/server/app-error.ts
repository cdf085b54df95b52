/**
 * An expected failure a service reports in the product's terms: what kind of failure, a message the
 * user may read (always Indonesian, the spec's text where it gives one) and a stable code for API
 * clients. Services throw it without knowing about HTTP; the errors plugin maps the kind to a status.
 */
export const appErrorStatus = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  gateway: 502,
  unavailable: 503,
  unprocessable: 422,
  timeout: 504,
} as const;

export type AppErrorKind = keyof typeof appErrorStatus;

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly code?: string,
    /** One message per field of the request, when the failure belongs to fields (sent as `errors`). */
    readonly errors?: { path: string; message: string }[],
    /** A refusal's ways forward (the AI coach's GOAL_NOT_SAFE), sent as `alternatives`. */
    readonly alternatives?: unknown[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The HTTP status of this kind (read by Fastify too, e.g. for errors thrown in hooks). */
  get statusCode(): number {
    return appErrorStatus[this.kind];
  }
}

export const badRequest = (message: string, code?: string) => new AppError('invalid', message, code);
export const unauthorized = (message = 'Sesi Anda telah berakhir. Silakan masuk lagi.') => new AppError('unauthenticated', message, 'UNAUTHORIZED');
export const forbidden = (message = 'Anda tidak memiliki akses ke fitur ini.') => new AppError('forbidden', message, 'FORBIDDEN');
export const notFound = (message = 'Data tidak ditemukan.') => new AppError('not_found', message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new AppError('conflict', message, code);
