import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCoachListSchema,
  adminCoachesQuerySchema,
  coachAdminMessages,
  coachDocumentParamsSchema,
  coachIdParamsSchema,
  coachVerificationDecisionSchema,
  coachVerificationRequestSchema,
  coachVerificationStateSchema,
  createFreeslotsInputSchema,
  createFreeslotsResultSchema,
} from '../../../domain/coaching/admin-contract';
import { verificationDocumentSchema } from '../../../domain/coaching/contract';
import { IMAGE_MAX_BYTES } from '../../../domain/events/events';
import type { StoragePort } from '../../adapters/storage/port';
import type { Db } from '../../db/client';
import { allowRoles, requireUser } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { readImageUpload, sendStoredImage, storeImage } from '../uploads/service';
import { createFreeslots, decideVerification, listCoaches, readVerificationDocument, requestVerification } from './service.admin';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const documentMessages = {
  tooLarge: 'Ukuran dokumen maksimal 10MB.',
  notImage: 'Dokumen harus berupa gambar (PNG, JPG, WEBP).',
  noFile: 'Pilih file dokumen untuk diunggah (kolom "file").',
  tooManyParts: 'Unggah satu dokumen saja.',
};

/**
 * Coach tools of the admin area (issue 14 items 1, 6) under /api/admin/coaches (admins only), and
 * the coach's own side of verification under /api/coach/verification (coaches only).
 */
export async function coachAdminRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: StoragePort }) {
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = allowRoles('admin');
  const coach = allowRoles('coach');

  r.get(
    '/api/admin/coaches',
    {
      onRequest: admin,
      schema: {
        tags: ['admin', 'coaching'],
        summary: 'Every coach: profile link, verification (pending first), documents and slots used/free',
        querystring: adminCoachesQuerySchema,
        response: { 200: adminCoachListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listCoaches(db, request.query.q) };
    },
  );

  r.post(
    '/api/admin/coaches/:coachId/slots',
    {
      onRequest: admin,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin', 'coaching'],
        summary: "Adds `count` empty freeslots (1–20) to a coach; each runs `weeks` weeks (1–104) from the day the coach fills it",
        params: coachIdParamsSchema,
        body: createFreeslotsInputSchema,
        response: { 201: createFreeslotsResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createFreeslots(db, requireUser(request), request.params.coachId, request.body);
      return reply.status(201).send({ created, message: coachAdminMessages.slotsAdded(created.length) });
    },
  );

  r.post(
    '/api/admin/coaches/:coachId/verification',
    {
      onRequest: admin,
      schema: {
        tags: ['admin', 'coaching'],
        summary: "Verifikasi or Tolak a coach's identity and certificates (a rejection needs a note); sets verifiedAt/By",
        params: coachIdParamsSchema,
        body: coachVerificationDecisionSchema,
        response: { 200: coachVerificationStateSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await decideVerification(db, requireUser(request), request.params.coachId, request.body);
      return {
        verification: profile.verification,
        note: profile.verificationNote,
        message: profile.verification === 'verified' ? coachAdminMessages.verified : coachAdminMessages.rejected,
      };
    },
  );

  r.get(
    '/api/admin/coaches/:coachId/documents/:key',
    {
      onRequest: admin,
      schema: {
        tags: ['admin', 'coaching'],
        summary: "One of a coach's verification documents (private; admins only, never cached)",
        params: coachDocumentParamsSchema,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await readVerificationDocument(db, storage, request.params.coachId, request.params.key);
      return sendStoredImage(reply, file, 'private, no-store');
    },
  );

  r.post(
    '/api/coach/verification/documents',
    {
      onRequest: coach,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: 'Uploads one verification document (identity card or certificate image, ≤ 10 MB) as a private file of the caller',
        consumes: ['multipart/form-data'],
        response: { 201: verificationDocumentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const image = await readImageUpload(request, documentMessages);
      const { key } = await storeImage(db, storage, image, { ownerId: user.id, visibility: 'private' });
      // Private: no public address; only the admin's document route serves it.
      return reply.status(201).send({ key, contentType: image.mime, size: image.bytes.length });
    },
  );

  r.post(
    '/api/coach/verification',
    {
      onRequest: coach,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['coaching'],
        summary: "Asks for verification with the caller's own private uploads; the profile becomes 'pending'",
        body: coachVerificationRequestSchema,
        response: { 200: coachVerificationStateSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await requestVerification(db, requireUser(request), request.body.documents);
      return { verification: profile.verification, note: null, message: coachAdminMessages.verificationSent };
    },
  );
}
