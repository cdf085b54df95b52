import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES } from '../../../domain/events/events';
import { fileParamsSchema, fileQuerySchema, uploadResultSchema } from '../../../domain/uploads/contract';
import { isStorageKey, type StoragePort } from '../../adapters/storage/port';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';
import { allowRoles, requireUser } from '../../plugins/auth';
import { errorResponseSchema as errorSchema } from '../../plugins/errors';
import { badRequest, notFound } from '../../app-error';
import { IMAGE_VARIANT_WIDTHS, imageVariant, isVariantWidth } from './image-variants';
import { readImageUpload, sendStoredImage, storeImage } from './service';

export const uploadMessages = {
  tooLarge: 'Ukuran gambar maksimal 10MB.',
  notImage: 'File harus berupa gambar (PNG, JPG, WEBP).',
  noFile: 'Pilih file gambar untuk diunggah (kolom "file").',
  notFound: 'File tidak ditemukan.',
  badWidth: `Lebar gambar harus salah satu dari ${IMAGE_VARIANT_WIDTHS.join(', ')}.`,
} as const;

const CONVERTIBLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * Image uploads for event header and payment QR images (and coach pictures): the browser sends the
 * file to our API, never to a third-party host with a key (DESIGN.md §1.4).
 */
export async function uploadRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: StoragePort }) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/uploads',
    {
      onRequest: [allowRoles('organizer', 'admin', 'coach')],
      schema: {
        tags: ['uploads'],
        summary: 'Uploads one image (multipart field `file`, PNG/JPEG/WEBP/GIF by content, at most 10 MB and 40 megapixels by its header: 422 beyond)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const image = await readImageUpload(request, { ...uploadMessages, tooManyParts: 'Unggah satu gambar saja.' });
      const { key } = await storeImage(db, storage, image, { ownerId: user.id, visibility: 'public' });
      return reply.status(201).send({ url: storage.publicUrl(key), key, contentType: image.mime, size: image.bytes.length });
    },
  );

  r.get(
    '/api/files/:key',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded file, with the content type stored at upload (public: event images are public); `?w=` a WebP copy that wide',
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!isStorageKey(key)) throw notFound(uploadMessages.notFound);
      // A private file (a runner's proof of transfer) is as absent here as a missing one.
      const [row] = await db
        .select({ contentType: uploads.contentType, size: uploads.size })
        .from(uploads)
        .where(and(eq(uploads.key, key), eq(uploads.visibility, 'public')));
      if (!row) throw notFound(uploadMessages.notFound);
      const { w } = request.query;
      if (w !== undefined) {
        if (!isVariantWidth(w)) throw badRequest(uploadMessages.badWidth, 'BAD_IMAGE_WIDTH');
        // The same address answers WebP or the original by what the browser accepts.
        reply.header('vary', 'Accept');
        if (CONVERTIBLE.has(row.contentType) && /image\/webp/.test(request.headers.accept ?? '')) {
          const webp = await imageVariant(storage, key, w);
          if (webp) {
            return sendStoredImage(reply, { contentType: 'image/webp', size: webp.length, stream: Readable.from([webp]) }, 'public, max-age=31536000, immutable');
          }
        }
      }
      const stream = await storage.get(key);
      if (!stream) throw notFound(uploadMessages.notFound);
      return sendStoredImage(reply, { contentType: row.contentType, size: row.size, stream }, 'public, max-age=31536000, immutable');
    },
  );
}
