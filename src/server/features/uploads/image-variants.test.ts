import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { variantKey } from './image-variants';
import { uploadMessages } from './routes';

/** Issue 12 item 5: public images in a modern format and in the sizes `srcset` asks for. */
describe('image variants (GET /api/files/{key}?w=)', () => {
  let t: TestApp;
  let dir: string;
  const WEBP = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'derap-variants-'));
    t = await buildTestApp({ env: { STORAGE_DIR: dir } });
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function uploadPng(width: number, height: number, visibility: 'public' | 'private' = 'public'): Promise<string> {
    const png = await sharp({ create: { width, height, channels: 3, background: '#1e88e5' } }).png().toBuffer();
    const boundary = '----derapvariants';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const org = await t.login('org.variants@contoh.id', 'organizer');
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...org.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(201);
    const key = res.json<{ key: string }>().key;
    if (visibility === 'private') {
      await t.database.db.update(uploads).set({ visibility: 'private' }).where(eq(uploads.key, key));
    }
    return key;
  }

  it('a browser that accepts WebP gets a WebP copy that wide, stored once and reused', async () => {
    const key = await uploadPng(2000, 1000);
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}?w=800`, headers: { accept: WEBP } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 400 });
    expect(readdirSync(dir)).toContain(variantKey(key, 800));

    // The stored copy answers next time (same bytes), and the copy's own key is not a public file.
    const again = await t.app.inject({ method: 'GET', url: `/api/files/${key}?w=800`, headers: { accept: WEBP } });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${variantKey(key, 800)}` })).statusCode).toBe(404);
  });

  it('never enlarges: a small original stays its own width', async () => {
    const key = await uploadPng(300, 200);
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}?w=1600`, headers: { accept: WEBP } });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300 });
  });

  it('a browser without WebP gets the original; a width outside the list is 400; a private file stays 404', async () => {
    const key = await uploadPng(1000, 500);
    const plain = await t.app.inject({ method: 'GET', url: `/api/files/${key}?w=480`, headers: { accept: 'image/png,*/*' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('image/png');
    expect(plain.headers.vary).toMatch(/Accept/);

    const odd = await t.app.inject({ method: 'GET', url: `/api/files/${key}?w=333`, headers: { accept: WEBP } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ message: uploadMessages.badWidth });
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}?w=abc`, headers: { accept: WEBP } })).statusCode).toBe(400);

    const secret = await uploadPng(600, 300, 'private');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${secret}?w=480`, headers: { accept: WEBP } })).statusCode).toBe(404);
  });
});
