import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACTIVITY_PARSES_PER_MINUTE, activityMessages, MAX_ACTIVITY_FILE_BYTES } from '../../../domain/activities/activities';
import { activityReadingSchema } from '../../../domain/activities/contract';
import { AppError } from '../../app-error';
import { requireUser, signedIn } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { readActivityFile, readActivityUpload } from './service';

/**
 * POST /api/activities/parse: Log Hasil Latihan's and the calendar's 'Impor File Aktivitas'. Any
 * signed-in user (a coach reads a runner's file in Ubah Jadwal); not an AI feature, so no premium.
 * Limited per user like the screenshot reading: a file is parsed on the server's CPU.
 */
export async function activityRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_ACTIVITY_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', signedIn);

  r.post(
    '/api/activities/parse',
    {
      config: {
        rateLimit: {
          max: ACTIVITY_PARSES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `activities:${request.auth?.user.id ?? request.ip}`,
          errorResponseBuilder: () => new AppError('too_many', activityMessages.rateLimited, 'ACTIVITY_RATE_LIMITED'),
        },
      },
      schema: {
        tags: ['activities'],
        summary:
          'Reads an activity file (multipart field `file`, at most 10 MB; FIT, GPX or TCX decided by content) into distance (km), moving time (s) and average HR, with the day it was run. Nothing is stored.',
        consumes: ['multipart/form-data'],
        response: { 200: activityReadingSchema, 400: errorSchema, 401: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      requireUser(request);
      reply.header('cache-control', 'no-store');
      return readActivityFile(await readActivityUpload(request), request.log);
    },
  );
}
