import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import { insertCategory, insertEvent } from '../../../test/fixtures/registration-data';
import { insertEvent as insertOpenEvent, postRegistration, registrationPayload, runnerData } from '../../../test/fixtures/registrations';

/** Text PostgreSQL cannot store (a NUL) is the client's mistake: 400, never 500. */
describe('characters the database refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0' } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const invalid = { message: 'Data mengandung karakter yang tidak valid.', code: 'INVALID_CHARACTERS' };

  it('a registration with a NUL in the full name → 400 INVALID_CHARACTERS', async () => {
    const { event } = await insertOpenEvent(t, { paymentType: 'self_managed' });
    const res = await postRegistration(t, registrationPayload(event, '10k', { paymentMethod: undefined, runnerData: runnerData({ fullName: 'Rina\u0000Wulandari' }) }));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject(invalid);
  });

  it("the organizer's registration search with q=%00 → 400 INVALID_CHARACTERS", async () => {
    const siti = await t.login('siti.rahmawati@derap.id', 'organizer', 'Siti Rahmawati');
    const event = await insertEvent(t.database.db, siti.userId, { name: 'Bali Sunrise Run 2027', code: 'bali-sunrise' });
    await insertCategory(t.database.db, event.id, { name: '10K' });
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.id}?q=%00`, headers: siti.headers });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject(invalid);
  });
});
