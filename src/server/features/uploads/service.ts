import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageLimitMessages } from '../../../domain/uploads/contract';
import { withinPixelLimit } from '../../adapters/parsing/image-size';
import type { StoragePort } from '../../adapters/storage/port';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';
import { AppError, badRequest } from '../../app-error';

/** Allowed image types, decided by the file's first bytes (never by its name or declared type). */
const imageTypes: Record<string, { ext: 'png' | 'jpg' | 'webp' | 'gif'; mime: string }> = {
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
  'image/gif': { ext: 'gif', mime: 'image/gif' },
};

export interface ImageUploadMessages {
  noFile: string;
  notImage: string;
  tooLarge: string;
  tooManyParts: string;
}

export interface CheckedImage {
  bytes: Buffer;
  mime: string;
  ext: 'png' | 'jpg' | 'webp' | 'gif';
}

/**
 * The one image of a multipart request (field `file`), with its type checked by content. The size
 * limit is @fastify/multipart's `fileSize` of the calling plugin (10 MB); over it answers 413.
 */
export async function readImageUpload(request: FastifyRequest, messages: ImageUploadMessages): Promise<CheckedImage> {
  if (!request.isMultipart()) throw badRequest(messages.noFile, 'NO_FILE');
  let bytes: Buffer;
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw badRequest(messages.noFile, 'NO_FILE');
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', messages.tooLarge, 'FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(messages.tooManyParts, 'TOO_MANY_PARTS');
    }
    throw badRequest(messages.noFile, 'NO_FILE');
  }
  if (bytes.length === 0) throw badRequest(messages.noFile, 'NO_FILE');
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected ? imageTypes[detected.mime] : undefined;
  if (!type) throw badRequest(messages.notImage, 'NOT_AN_IMAGE');
  await requirePixelLimit(bytes, messages.notImage);
  return { bytes, mime: type.mime, ext: type.ext };
}

/**
 * At most 40 megapixels by the header (issue 26 §8), for every image upload: 422 beyond, before any
 * decoder or browser meets it; an image whose size cannot be read at all is not an image (400).
 */
export async function requirePixelLimit(bytes: Buffer, notImage: string): Promise<void> {
  const within = await withinPixelLimit(bytes);
  if (within === null) throw badRequest(notImage, 'NOT_AN_IMAGE');
  if (!within) throw new AppError('unprocessable', imageLimitMessages.tooManyPixels, 'IMAGE_TOO_MANY_PIXELS');
}

/** A fresh random storage key for an image (the only key shape the storage port accepts). */
export function newImageKey(image: Pick<CheckedImage, 'ext'>): string {
  return `${randomBytes(16).toString('hex')}.${image.ext}`;
}

/**
 * Puts the image in storage and records it. `private` files are never served by GET /api/files:
 * only through a route that checks who asks (a runner's proof of transfer).
 */
export async function storeImage(
  db: Db,
  storage: StoragePort,
  image: CheckedImage,
  opts: { ownerId: string | null; visibility: 'public' | 'private' },
): Promise<{ key: string }> {
  const key = newImageKey(image);
  await storage.put(key, image.bytes, image.mime);
  await recordUpload(db, key, image, opts);
  return { key };
}

/** The database record of a file already put in storage under `key`. */
export async function recordUpload(db: Db, key: string, image: CheckedImage, opts: { ownerId: string | null; visibility: 'public' | 'private' }) {
  await db.insert(uploads).values({ key, contentType: image.mime, size: image.bytes.length, ownerId: opts.ownerId, visibility: opts.visibility });
}

/**
 * Sends a stored image as it is: its own type and size, inline, under a policy that runs nothing
 * (an SVG or HTML smuggled in as an image cannot script). The caller decides how long it may be cached.
 */
export function sendStoredImage(reply: FastifyReply, image: { contentType: string; size: number; stream: NodeJS.ReadableStream }, cacheControl: string) {
  return (
    reply
      .header('content-type', image.contentType)
      .header('content-length', image.size)
      .header('cache-control', cacheControl)
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .header('content-disposition', 'inline')
      // A stream is piped as-is (no serializer), so the JSON response types do not apply.
      .send(image.stream as never)
  );
}
