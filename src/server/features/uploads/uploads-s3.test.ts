import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../adapters/storage/s3';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../../adapters/storage/testing/fake-s3';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(bytes: Buffer) {
  const boundary = `----derap${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="header.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads API on the S3 storage adapter', () => {
  let fake: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeS3();
    const s3 = loadConfig({ JWT_SECRET: 'k'.repeat(32), ...fakeS3Env(fake) }).s3!;
    t = await buildTestApp({ deps: { storage: createS3Storage(s3, { publicBaseUrl: 'http://localhost:3000' }) } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('an uploaded image lands in the bucket and is served back from it by GET /api/files/{key}', async () => {
    const org = await t.login('org@contoh.id', 'organizer');
    const body = multipart(PNG);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...org.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    const { key, url } = res.json<{ key: string; url: string }>();
    expect(url).toBe(`http://localhost:3000/api/files/${key}`);
    expect(fake.objects.get(key)).toEqual({ body: PNG, contentType: 'image/png' });

    const file = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(fake.requests.filter((r) => r.path === `/${fake.bucket}/${key}`).map((r) => r.method)).toEqual(['PUT', 'GET']);

    // Gone from the bucket (deleted behind the app's back): 404, not a 500.
    fake.objects.delete(key);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);
  });
});
