import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../domain/events/events';
import { uploads } from '../../db/schema/uploads';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { uploadMessages } from './routes';

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
// A real 2×1 JPEG (issue 26 §8: an image whose size cannot be read is refused, so a bare header no longer passes).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAIBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

function multipart(parts: { field: string; filename?: string; type?: string; bytes: Buffer }[]) {
  const boundary = `----derap${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename ? `form-data; name="${p.field}"; filename="${p.filename}"` : `form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads API', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'derap-uploads-'));
    t = await buildTestApp({ env: { STORAGE_DIR: dir } });
  });
  beforeEach(() => t.reset());
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (headers: Record<string, string> | undefined, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('stores an image under a random key, records it, and serves it back with its type, nosniff and a long cache', async () => {
    const org = await t.login('org@contoh.id', 'organizer');
    // The declared name and type lie: the content decides.
    const res = await upload(org.headers, [{ field: 'file', filename: 'header.gif', type: 'text/html', bytes: PNG }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(body.key).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(body.url).toBe(`http://localhost:3000/api/files/${body.key}`);
    expect(readdirSync(dir)).toContain(body.key);
    const [row] = await t.database.db.select().from(uploads);
    expect(row).toMatchObject({ key: body.key, contentType: 'image/png', size: PNG.length, ownerId: org.userId });

    const file = await t.app.inject({ method: 'GET', url: `/api/files/${body.key}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts JPEG by content for coaches and admins too', async () => {
    for (const role of ['coach', 'admin'] as const) {
      const u = await t.login(`${role}@contoh.id`, role);
      const res = await upload(u.headers, [{ field: 'file', filename: 'foto.bin', bytes: JPEG }]);
      expect(res.statusCode, role).toBe(201);
      expect(res.json().contentType).toBe('image/jpeg');
    }
  });

  it('refuses non-images (even named .png), oversized files, a missing file field, and wrong roles', async () => {
    const org = await t.login('org@contoh.id', 'organizer');
    const filesBefore = readdirSync(dir).length;
    const html = await upload(org.headers, [{ field: 'file', filename: 'x.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }]);
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ message: uploadMessages.notImage, code: 'NOT_AN_IMAGE' });
    const svg = await upload(org.headers, [{ field: 'file', filename: 'x.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }]);
    expect(svg.json().message).toBe(uploadMessages.notImage);

    const big = await upload(org.headers, [{ field: 'file', filename: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'Ukuran gambar maksimal 10MB.' });

    const wrongField = await upload(org.headers, [{ field: 'image', filename: 'a.png', bytes: PNG }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(uploadMessages.noFile);
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: org.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);

    const runner = await t.login('runner@contoh.id', 'runner');
    expect((await upload(runner.headers, [{ field: 'file', filename: 'a.png', bytes: PNG }])).statusCode).toBe(403);
    expect((await upload(undefined, [{ field: 'file', filename: 'a.png', bytes: PNG }])).statusCode).toBe(401);
    expect(await t.database.db.select().from(uploads)).toHaveLength(0);
    expect(readdirSync(dir)).toHaveLength(filesBefore);
  });

  it('never serves anything outside the store: traversal, unknown keys and unrecorded files are 404', async () => {
    writeFileSync(path.join(dir, 'ffffffffffffffffffffffffffffffff.png'), PNG); // on disk but never uploaded
    for (const url of [
      '/api/files/..%2F..%2Fpackage.json',
      '/api/files/%2e%2e%2fsecret.png',
      '/api/files/..',
      '/api/files/0123456789abcdef0123456789abcdef.png',
      '/api/files/ffffffffffffffffffffffffffffffff.png',
      '/api/files/ffffffffffffffffffffffffffffffff.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"name": "derap"');
    }
  });
});
