import { text } from 'node:stream/consumers';
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../../config';
import { createStorage } from '../../wiring';
import { createS3Storage } from './s3';
import { fakeS3Env, startFakeS3, type FakeS3 } from './testing/fake-s3';

const KEY = `${'a'.repeat(32)}.png`;

describe('the S3-compatible storage adapter (against a local fake S3)', () => {
  let fake: FakeS3;
  let config: S3Config;
  beforeAll(async () => {
    fake = await startFakeS3();
    config = loadConfig({ JWT_SECRET: 'k'.repeat(32), ...fakeS3Env(fake) }).s3!;
  });
  afterAll(() => fake.close());

  it('puts an object with its type under the key, path-style and signed, and reads it back', async () => {
    const storage = createS3Storage(config, { publicBaseUrl: 'https://derap.id' });
    try {
      await storage.put(KEY, new TextEncoder().encode('gambar'), 'image/png');
      expect(fake.objects.get(KEY)).toEqual({ body: Buffer.from('gambar'), contentType: 'image/png' });
      expect(fake.requests.at(-1)).toEqual({ method: 'PUT', path: `/${fake.bucket}/${KEY}`, authorized: true });
      const stream = await storage.get(KEY);
      expect(stream).not.toBeNull();
      expect(await text(stream!)).toBe('gambar');
    } finally {
      storage.close();
    }
  });

  it('answers null for a missing object and for a key it never generates (without asking the bucket)', async () => {
    const storage = createS3Storage(config, { publicBaseUrl: 'https://derap.id' });
    try {
      expect(await storage.get(`${'b'.repeat(32)}.png`)).toBeNull();
      const asked = fake.requests.length;
      expect(await storage.get('../etc/passwd')).toBeNull();
      expect(fake.requests.length).toBe(asked);
      await expect(storage.put('../x.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/invalid storage key/);
    } finally {
      storage.close();
    }
  });

  it('fails loudly on a store that refuses it (wrong keys), never as a missing file', async () => {
    const storage = createS3Storage({ ...config, credentials: { accessKeyId: 'WRONG', secretAccessKey: 'x' } }, { publicBaseUrl: 'https://derap.id' });
    try {
      await expect(storage.put(KEY, new Uint8Array([1]), 'image/png')).rejects.toThrow();
      await expect(storage.get(KEY)).rejects.toThrow();
    } finally {
      storage.close();
    }
  });

  it('links files through this server unless S3_PUBLIC_URL names a public address', () => {
    expect(createS3Storage(config, { publicBaseUrl: 'https://derap.id' }).publicUrl(KEY)).toBe(`https://derap.id/api/files/${KEY}`);
    expect(createS3Storage({ ...config, publicUrl: 'https://cdn.derap.id/u' }, { publicBaseUrl: 'https://derap.id' }).publicUrl(KEY)).toBe(`https://cdn.derap.id/u/${KEY}`);
  });

  it('is what the wiring picks when S3_BUCKET is set (the local disk otherwise)', async () => {
    const s3 = createStorage(loadConfig({ JWT_SECRET: 'k'.repeat(32), PUBLIC_URL: 'http://localhost:3000', ...fakeS3Env(fake) }));
    const other = `${'c'.repeat(32)}.webp`;
    await s3.put(other, new Uint8Array([7, 8]), 'image/webp');
    s3.close?.();
    expect(fake.objects.get(other)?.contentType).toBe('image/webp');
    const disk = createStorage(loadConfig({ JWT_SECRET: 'k'.repeat(32), PUBLIC_URL: 'http://localhost:3000' }));
    expect(disk.close).toBeUndefined();
  });
  it('the fake answers HeadObject and DeleteObject as S3 does (for tests that need them)', async () => {
    const client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      credentials: config.credentials,
      forcePathStyle: true,
    });
    try {
      const key = `${'d'.repeat(32)}.gif`;
      fake.objects.set(key, { body: Buffer.from('GIF89a'), contentType: 'image/gif' });
      const head = await client.send(new HeadObjectCommand({ Bucket: fake.bucket, Key: key }));
      expect(head).toMatchObject({ ContentType: 'image/gif', ContentLength: 6 });
      await client.send(new DeleteObjectCommand({ Bucket: fake.bucket, Key: key }));
      expect(fake.objects.has(key)).toBe(false);
      await expect(client.send(new HeadObjectCommand({ Bucket: fake.bucket, Key: key }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
      await expect(client.send(new HeadObjectCommand({ Bucket: 'other', Key: key }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    } finally {
      client.destroy();
    }
  });
});
