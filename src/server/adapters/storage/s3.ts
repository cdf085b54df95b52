import { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { isStorageKey, type StoragePort } from './port';

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …): what several servers behind
 * one address need, since a file put by one must be readable by all (the local disk is one machine's).
 * Same keys as the local disk; files are served by this server at /api/files/{key} (so the bucket
 * may stay private and private files keep their check) unless S3_PUBLIC_URL names a public address.
 */
export function createS3Storage(config: S3Config, opts: { publicBaseUrl: string; client?: S3Client }): StoragePort & { close(): void } {
  const client =
    opts.client ??
    new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible stores reject the newer
      // flexible-checksum headers and trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

  function checked(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: checked(key), Body: bytes, ContentType: contentType }));
    },
    async get(key): Promise<Readable | null> {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body) return null;
        return object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    publicUrl(key) {
      return config.publicUrl ? `${config.publicUrl}/${key}` : `${opts.publicBaseUrl}/api/files/${key}`;
    },
    close() {
      client.destroy();
    },
  };
}
