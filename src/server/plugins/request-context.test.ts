import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/fixtures/build-test-app';
import { freshIp, insertEvent, registrationPayload, runnerData } from '../test/fixtures/registrations';
import { baseLogOptions, requestIdFrom } from './request-context';

/** Everything the app logged, one parsed JSON object per line. */
const lines: string[] = [];
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request ids and logs (issue 29 §4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } } });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  it("keeps a caller's sane X-Request-Id and makes one otherwise", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42_x' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42_x');
    for (const bad of ['a'.repeat(65), 'ada spasi', 'baris\nbaru', '"kutip"', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('puts the request id in every error body beside the same message and code', async () => {
    const { headers } = await t.login('pelari.reqid@contoh.id');
    const cases = [
      { res: await t.app.inject({ method: 'GET', url: '/api/tidak-ada', headers: { 'x-request-id': 'cari-1' } }), status: 404, code: 'NOT_FOUND' },
      { res: await t.app.inject({ method: 'GET', url: '/api/training-plans' }), status: 401, code: 'UNAUTHORIZED' },
      { res: await t.app.inject({ method: 'GET', url: '/api/admin/users', headers }), status: 403, code: 'FORBIDDEN' },
      { res: await t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: { eventId: 1 } }), status: 400, code: 'VALIDATION_ERROR' },
      { res: await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { 'content-type': 'application/json' }, payload: '{bukan json' }), status: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' },
    ];
    for (const { res, status, code } of cases) {
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json() as Record<string, unknown>;
      expect(body).toMatchObject({ message: expect.any(String), code, requestId: res.headers['x-request-id'] });
      expect(Object.keys(body).filter((k) => !['message', 'code', 'errors', 'requestId'].includes(k))).toEqual([]);
    }
    expect(cases[0]!.res.json()).toEqual({ message: 'Alamat API tidak ditemukan.', code: 'NOT_FOUND', requestId: 'cari-1' });
    // A success keeps its own shape: no request id in the body, only in the header.
    const ok = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(ok.json()).not.toHaveProperty('requestId');
    expect(ok.headers['x-request-id']).toBeTruthy();
  });

  it('writes one JSON line per request with its id, route pattern, status and the user once known', async () => {
    const { headers, userId } = await t.login('pelari.log@contoh.id');
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...headers, 'x-request-id': 'dengan-user' } });
    await t.app.inject({ method: 'GET', url: '/api/runner-registrations/00000000-0000-4000-8000-000000000000/payment?key=rahasia', headers: { 'x-request-id': 'tanpa-user' } });
    const done = logged().filter((l) => l.msg === 'request completed');
    expect(done.find((l) => l.requestId === 'dengan-user')).toMatchObject({ userId, method: 'GET', route: '/api/auth/me', statusCode: 200, durationMs: expect.any(Number) });
    const anonymous = done.find((l) => l.requestId === 'tanpa-user')!;
    expect(anonymous).toMatchObject({ route: '/api/runner-registrations/:registrationId/payment', statusCode: 404 });
    expect(anonymous).not.toHaveProperty('userId');
    expect(lines.join('\n')).not.toContain('rahasia');
  });

  it('never logs a token, an identity number (NIK), a medical note or card data', async () => {
    const nik = '3174099988877766';
    const medical = 'Asma ringan sejak kecil, membawa inhaler';
    const card = '4811111111111114';
    const { event } = await insertEvent(t);
    const login = await t.login('pelari.rahasia@contoh.id');
    const secrets = [nik, medical, card, login.token, login.refreshToken];

    // A registration (201), the same again (refused), one with a broken field (400): the NIK and the note in each body.
    const registration = registrationPayload(event, '10k', { runnerData: runnerData({ identityNo: nik, medicalNotes: medical, email: 'rahasia@gmail.com' }) });
    for (const payload of [registration, registration, { ...registration, categoryId: 42 }]) {
      await t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload, remoteAddress: freshIp(), headers: { authorization: `Bearer ${login.token}` } });
    }
    // The bearer token on signed-in calls, good and refused; the refresh token in a body and in a cookie.
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: login.headers });
    await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: login.headers });
    await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: login.refreshToken } });
    await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `derap_rt=${login.refreshToken}` }, payload: {} });
    // Tokens in a path and a query string; card data posted to the gateway's webhook.
    await t.app.inject({ method: 'GET', url: `/api/calendar/${login.token}.ics` });
    await t.app.inject({ method: 'GET', url: `/api/runner-registrations/00000000-0000-4000-8000-000000000000/payment?key=${login.refreshToken}` });
    await t.app.inject({ method: 'POST', url: '/api/payments/notification', payload: { order_id: 'X-1', status_code: '200', gross_amount: '1.00', transaction_status: 'settlement', signature_key: login.token, masked_card: card, card_number: card } });
    // What a service logs itself goes through the same redaction.
    t.app.log.error({ body: { runnerData: { identityNo: nik, medicalNotes: medical } }, headers: { authorization: `Bearer ${login.token}` }, refreshToken: login.refreshToken }, 'a careless log call');

    expect(lines.length).toBeGreaterThan(10);
    const all = lines.join('\n');
    for (const secret of secrets) expect(all, secret.slice(0, 12)).not.toContain(secret);
    expect(all).toContain('[Redacted]');
  });

  it('logs a database error without the values it was sent (Drizzle params, PostgreSQL detail)', () => {
    const nik = '3174099988877766';
    const cause = Object.assign(new Error(`duplicate key value violates unique constraint "x"`), { code: '23505', detail: `Key (identity_no)=(${nik}) already exists.` });
    const err = new DrizzleQueryError('insert into "registrations" ("identity_no", "medical_notes") values ($1, $2)', [nik, 'Asma ringan'], cause);
    const serialize = (baseLogOptions().serializers as { err: (e: Error) => unknown }).err;
    const out = JSON.stringify(serialize(err));
    expect(out).toContain('insert into');
    expect(out).toContain('at ');
    expect(out).toContain('23505');
    expect(out).not.toContain(nik);
    expect(out).not.toContain('Asma ringan');
    const invalid = Object.assign(new Error(`invalid input syntax for type uuid: "${nik}"`), { code: '22P02' });
    expect(JSON.stringify(serialize(invalid))).not.toContain(nik);
  });
});
