import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageLimitMessages } from '../../../domain/uploads/contract';
import { aiUsage } from '../../db/schema/ai-coach';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../test/fixtures/multipart';
import { freshIp, freshRunner, insertEvent, postRegistration, registrationPayload } from '../../test/fixtures/registrations';

/**
 * Issue 26 §8: "400-megapixel images are stored". Every image upload is at most 40 megapixels by its
 * header, refused with 422 before it is stored or decoded: public uploads, a runner's proof of
 * transfer, a coach's verification documents and the AI coach's workout screenshots (the schedule
 * photo is in schedule-limits.test.ts).
 */

const TOO_MANY = { message: imageLimitMessages.tooManyPixels, code: 'IMAGE_TOO_MANY_PIXELS' };

function png(width: number, height: number): Buffer {
  const forged = Buffer.from(TINY_PNG);
  forged.writeUInt32BE(width, 16);
  forged.writeUInt32BE(height, 20);
  return forged;
}
function gif(width: number, height: number): Buffer {
  const data = Buffer.alloc(32);
  data.write('GIF89a', 0, 'ascii');
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return data;
}
async function jpeg(width: number, height: number): Promise<Buffer> {
  const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f60' } }).jpeg().toBuffer();
  // The frame header (SOF0) holds height then width, 16 bits each.
  const sof = data.indexOf(Buffer.from([0xff, 0xc0]));
  data.writeUInt16BE(height, sof + 5);
  data.writeUInt16BE(width, sof + 7);
  return data;
}
function webp(width: number, height: number): Buffer {
  const data = Buffer.alloc(40);
  data.write('RIFF', 0, 'ascii');
  data.writeUInt32LE(32, 4);
  data.write('WEBPVP8X', 8, 'ascii');
  data.writeUInt32LE(10, 16);
  data.writeUIntLE(width - 1, 24, 3);
  data.writeUIntLE(height - 1, 27, 3);
  return data;
}

describe('at most 40 megapixels for every image upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const send = (url: string, method: 'POST' | 'PATCH', bytes: Buffer, headers: Record<string, string> = {}) => {
    const body = multipart([{ field: 'file', filename: 'gambar', type: 'image/png', bytes }]);
    return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload, remoteAddress: freshIp() });
  };
  const stored = async () => (await t.database.db.select().from(uploads)).length;

  it('POST /api/uploads: PNG, JPEG, GIF and WebP over 40 MP are 422 and nothing is stored; exactly 40 MP is taken', async () => {
    const org = await t.login('org.piksel@contoh.id', 'organizer');
    for (const bomb of [png(20_000, 20_000), png(8000, 5001), await jpeg(10_000, 5000), gif(65_535, 65_535), webp(16_000, 16_000)]) {
      const res = await send('/api/uploads', 'POST', bomb, org.headers);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject(TOO_MANY);
    }
    // A JPEG signature with no frame header: no size can be read, so it is not an image we can show.
    const headless = await send('/api/uploads', 'POST', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]), org.headers);
    expect(headless.statusCode, headless.body).toBe(400);
    expect(headless.json()).toMatchObject({ code: 'NOT_AN_IMAGE' });
    expect(await stored()).toBe(0);
    const edge = await send('/api/uploads', 'POST', png(8000, 5000), org.headers);
    expect(edge.statusCode, edge.body).toBe(201);
    expect((await send('/api/uploads', 'POST', TINY_PNG, org.headers)).statusCode).toBe(201);
    expect(await stored()).toBe(2);
  });

  it("a runner's proof of transfer and a coach's verification document are held to it too", async () => {
    const { event } = await insertEvent(t, { paymentType: 'self_managed', categories: [{ name: '10K', slots: 10 }] });
    const registered = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: freshRunner() }));
    expect(registered.statusCode, registered.body).toBe(201);
    const created = json<{ registration: { registrationId: string }; paymentKey: string }>(registered);
    const { registrationId } = created.registration;
    // The runner's own link carries the payment key (decision 031); the pixel check comes after it.
    const proof = await send(`/api/runner-registrations/${registrationId}/payment-status-paid?key=${created.paymentKey}`, 'PATCH', png(20_000, 20_000));
    expect(proof.statusCode, proof.body).toBe(422);
    expect(proof.json()).toMatchObject(TOO_MANY);

    const coach = await t.login('pelatih.piksel@contoh.id', 'coach');
    const doc = await send('/api/coach/verification/documents', 'POST', await jpeg(12_000, 12_000), coach.headers);
    expect(doc.statusCode, doc.body).toBe(422);
    expect(doc.json()).toMatchObject(TOO_MANY);
    expect(await stored()).toBe(0);
  });

  it("the AI coach's workout screenshot is refused before the quota counts it (whichever reader is configured)", async () => {
    const runner = await t.login('pelari.piksel@contoh.id', 'runner');
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) }).where(eq(users.id, runner.userId));
    const image = `data:image/png;base64,${png(9000, 9000).toString('base64')}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/ai/trainingimages', headers: runner.headers, payload: { image } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject(TOO_MANY);
    expect(await t.database.db.select().from(aiUsage)).toHaveLength(0);
  });
});
