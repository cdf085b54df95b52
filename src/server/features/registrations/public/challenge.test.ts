import { eq } from 'drizzle-orm';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { runnerRegistrations, usedRegistrationChallenges } from '../../../db/schema/registrations';
import { buildTestApp, json, type TestApp } from '../../../test/fixtures/build-test-app';
import {
  CHALLENGE_ALGORITHM,
  CHALLENGE_COST,
  CHALLENGE_MAX_NUMBER,
  CHALLENGE_TTL_SECONDS,
  challengeKeys,
  challengeLevel,
  challengeMaxNumber,
  challengeTtlSeconds,
  type ChallengeKeys,
} from './challenge';
import { sweepRegistrationGuards } from './pending-registrations';
import { freshIp, freshRunner, insertEvent, readCategory, registrationPayload } from '../../../test/fixtures/registrations';

/**
 * The registration form's proof of work (issue 8 item 1): on by default, checked before anything
 * else, each solved challenge accepted once across servers, expiring, signed with a key derived
 * from the server secret.
 */

const encode = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');

/** A challenge signed like the server's but with a known, small counter, so tests need not search long. */
async function quickChallenge(keys: ChallengeKeys, opts: { expiresAt?: Date; counter?: number; level?: number } = {}) {
  const challenge = await createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: opts.counter ?? 2,
    ...(opts.level === undefined ? {} : { data: { level: opts.level, maxNumber: challengeMaxNumber(opts.level) } }),
    deriveKey,
    expiresAt: opts.expiresAt ?? new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
  });
  const solution = (await solveChallenge({ challenge, deriveKey }))!;
  return { challenge, solution, payload: encode(challenge, solution) };
}

describe('registration proof of work', () => {
  let t: TestApp;
  let keys: ChallengeKeys;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_CHALLENGE: 'true' } });
    keys = challengeKeys(t.config.jwtSecret);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: payload as Record<string, unknown>, remoteAddress: freshIp() });

  it('is on by default and hands out a signed, expiring PBKDF2 challenge that is never cached', async () => {
    expect(t.config.registrationChallenge).toBe(true);
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/runner-registrations/challenge', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json<{ enabled: boolean; challenge: Challenge }>(res);
    expect(body.enabled).toBe(true);
    expect(body.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: CHALLENGE_COST, keyLength: 32 });
    expect(body.challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.challenge.parameters.expiresAt! - before).toBeGreaterThanOrEqual(CHALLENGE_TTL_SECONDS - 1);
    expect(body.challenge.parameters.expiresAt! - before).toBeLessThanOrEqual(CHALLENGE_TTL_SECONDS + 1);
    const other = json<{ challenge: Challenge }>(await t.app.inject({ method: 'GET', url: '/api/runner-registrations/challenge', remoteAddress: freshIp() }));
    expect(other.challenge.parameters.nonce).not.toBe(body.challenge.parameters.nonce);
  });

  it('a browser-style solve of the served challenge registers the runner', async () => {
    const { event, categories } = await insertEvent(t);
    const { challenge } = json<{ challenge: Challenge }>(await t.app.inject({ method: 'GET', url: '/api/runner-registrations/challenge', remoteAddress: freshIp() }));
    const started = performance.now();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const ms = performance.now() - started;
    expect(solution.counter).toBeGreaterThanOrEqual(1);
    expect(solution.counter).toBeLessThanOrEqual(CHALLENGE_MAX_NUMBER);
    expect(ms).toBeLessThan(30_000);
    const res = await post({ ...registrationPayload(event), altcha: encode(challenge, solution) });
    expect(res.statusCode, res.body).toBe(201);
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);
  });

  it('missing → 400 before anything else (even before the form is validated), nothing held', async () => {
    const { event, categories } = await insertEvent(t);
    for (const body of [registrationPayload(event), { ...registrationPayload(event), altcha: '' }, {}]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        message: 'Verifikasi keamanan belum selesai. Tunggu hingga tulisan "Memverifikasi…" hilang, lalu kirim ulang formulir.',
        code: 'CHALLENGE_REQUIRED',
      });
    }
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
    expect(await t.database.db.select().from(runnerRegistrations)).toHaveLength(0);
  });

  it('a body far larger than any registration is refused before it is read (413)', async () => {
    const { event } = await insertEvent(t);
    const res = await post({ ...registrationPayload(event), runnerData: { ...registrationPayload(event).runnerData, medicalNotes: 'x'.repeat(100_000) } });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ message: 'Ukuran data terlalu besar.', code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
  });

  it('wrong, forged, tampered or garbled → 400 with the same message', async () => {
    const { event, categories } = await insertEvent(t);
    const good = await quickChallenge(keys);
    const forged = await quickChallenge(challengeKeys(new TextEncoder().encode('bukan-rahasia-server-ini-0123456789abcdef')));
    const cheaper = { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } };
    const otherPrefix = { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: '00' } };
    const cases = [
      // The derived key is the proof (its signature is in the challenge): any other key is refused.
      encode(good.challenge, { counter: good.solution.counter, derivedKey: '00'.repeat(32) }),
      encode(good.challenge, { counter: good.solution.counter, derivedKey: good.solution.derivedKey.slice(0, 62) }),
      encode(good.challenge, { counter: good.solution.counter, derivedKey: 'bukan-hex' }),
      forged.payload,
      encode(cheaper, good.solution),
      encode(otherPrefix, good.solution),
      encode({ ...good.challenge, signature: undefined }, good.solution),
      'bukan base64 ###',
      Buffer.from('{"challenge":1}').toString('base64'),
      Buffer.from('[]').toString('base64'),
      'A'.repeat(5000),
    ];
    for (const altcha of cases) {
      const res = await post({ ...registrationPayload(event), altcha });
      expect(res.statusCode, altcha.slice(0, 40)).toBe(400);
      expect(json(res)).toMatchObject({ message: 'Verifikasi keamanan tidak valid. Muat ulang halaman, lalu coba lagi.', code: 'CHALLENGE_INVALID' });
    }
    // A non-string altcha is a missing one.
    expect(json(await post({ ...registrationPayload(event), altcha: { counter: 1 } }))).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(0);
    // The good one still works afterwards.
    expect((await post({ ...registrationPayload(event), altcha: good.payload })).statusCode).toBe(201);
  });

  it('a solved challenge is accepted once: a replay → 409, even when the first use failed on the form', async () => {
    const { event, categories } = await insertEvent(t, { categories: [{ name: '10K' }, { name: '5K', slots: 1, sold: 1 }] });
    const once = await quickChallenge(keys);
    expect((await post({ ...registrationPayload(event), altcha: once.payload })).statusCode).toBe(201);
    const replay = await post({ ...registrationPayload(event, '10k', { runnerData: freshRunner() }), altcha: once.payload });
    expect(replay.statusCode).toBe(409);
    expect(json(replay)).toMatchObject({ message: 'Verifikasi keamanan ini sudah dipakai. Silakan kirim ulang formulir.', code: 'CHALLENGE_USED' });
    expect((await readCategory(t, categories[0]!.id)).sold).toBe(1);

    // Spent on a refused attempt (full category): it cannot be reused for the next try either.
    const spent = await quickChallenge(keys);
    expect((await post({ ...registrationPayload(event, '5k', { runnerData: freshRunner() }), altcha: spent.payload })).statusCode).toBe(409);
    expect(json(await post({ ...registrationPayload(event, '10k', { runnerData: freshRunner() }), altcha: spent.payload }))).toMatchObject({ code: 'CHALLENGE_USED' });
  });

  it('a second server on the same database refuses a challenge the first one accepted', async () => {
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    try {
      const { event } = await insertEvent(t);
      const once = await quickChallenge(keys);
      expect((await post({ ...registrationPayload(event), altcha: once.payload })).statusCode).toBe(201);
      const replay = await second.inject({
        method: 'POST',
        url: '/api/runner-registrations',
        payload: { ...registrationPayload(event, '10k', { runnerData: freshRunner() }), altcha: once.payload },
        remoteAddress: freshIp(),
      });
      expect(replay.statusCode).toBe(409);
      expect(json(replay)).toMatchObject({ code: 'CHALLENGE_USED' });
    } finally {
      await second.close();
    }
  });

  it('expired → 400; used challenges are forgotten only once they expire', async () => {
    const { event } = await insertEvent(t);
    const old = await quickChallenge(keys, { expiresAt: new Date(Date.now() - 1000) });
    const res = await post({ ...registrationPayload(event), altcha: old.payload });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Verifikasi keamanan sudah kedaluwarsa. Silakan kirim ulang formulir.', code: 'CHALLENGE_EXPIRED' });

    const used = await quickChallenge(keys);
    expect((await post({ ...registrationPayload(event), altcha: used.payload })).statusCode).toBe(201);
    expect(await t.database.db.select().from(usedRegistrationChallenges)).toHaveLength(1);
    await sweepRegistrationGuards(t.database.db, new Date(Date.now() + 5 * 60_000));
    expect(await t.database.db.select().from(usedRegistrationChallenges)).toHaveLength(1);
    await sweepRegistrationGuards(t.database.db, new Date(Date.now() + (CHALLENGE_TTL_SECONDS + 60) * 1000));
    expect(await t.database.db.select().from(usedRegistrationChallenges)).toHaveLength(0);
  });

  it('a challenge of another server secret is refused; the keys come from the secret', () => {
    const a = challengeKeys(new TextEncoder().encode('a'.repeat(48)));
    const b = challengeKeys(new TextEncoder().encode('b'.repeat(48)));
    expect(a.signature).not.toBe(b.signature);
    expect(a.signature).not.toBe(a.key);
    expect(challengeKeys(new TextEncoder().encode('a'.repeat(48)))).toEqual(a);
  });
});

/**
 * Issue 26 §5: the work grows with the live unpaid holds of one address (IPv4, IPv6 /64) on the
 * event, so a family registers at the base cost and the tenth hold costs a bot minutes.
 */
describe('proof-of-work difficulty per address and event', () => {
  let t: TestApp;
  let keys: ChallengeKeys;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_CHALLENGE: 'true' } });
    keys = challengeKeys(t.config.jwtSecret);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  type Served = { challenge: Challenge & { parameters: { data?: { level: number; maxNumber: number } } } };
  const served = async (eventId: string | null, remoteAddress: string) =>
    json<Served>(
      await t.app.inject({ method: 'GET', url: `/api/runner-registrations/challenge${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`, remoteAddress }),
    ).challenge.parameters;
  const register = async (event: { eventId: string; paymentOptions: string[] }, remoteAddress: string, level = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/api/runner-registrations',
      payload: { ...registrationPayload(event as never, '10k', { runnerData: freshRunner() }), altcha: (await quickChallenge(keys, { level })).payload },
      remoteAddress,
    });

  it('grows from the base work after three live holds, doubling per hold, capped', () => {
    expect([0, 1, 2, 3, 4, 9, 10, 50].map(challengeLevel)).toEqual([0, 0, 0, 1, 2, 7, 8, 8]);
    expect(challengeMaxNumber(0)).toBe(CHALLENGE_MAX_NUMBER);
    expect(challengeMaxNumber(7)).toBe(128 * CHALLENGE_MAX_NUMBER);
    expect(challengeTtlSeconds(0)).toBe(CHALLENGE_TTL_SECONDS);
    expect(challengeTtlSeconds(8)).toBeGreaterThan(CHALLENGE_TTL_SECONDS + 1000);
  });

  it('the same address (or IPv6 /64) on the same event gets a harder challenge after three holds; others do not', async () => {
    const { event } = await insertEvent(t);
    const { event: other } = await insertEvent(t);
    const home = '2001:db8:aa:1::10';
    expect(await served(event.id, home)).toMatchObject({ data: { level: 0, maxNumber: CHALLENGE_MAX_NUMBER } });
    // A family of three: the base work each time.
    for (let i = 0; i < 3; i++) expect((await register(event, home)).statusCode).toBe(201);
    const harder = await served(event.id, '2001:db8:aa:1::99'); // the same /64
    expect(harder.data).toEqual({ level: 1, maxNumber: 2 * CHALLENGE_MAX_NUMBER });
    expect(harder.expiresAt! - Math.floor(Date.now() / 1000)).toBeGreaterThan(CHALLENGE_TTL_SECONDS);
    // By slug or code too; the fourth from that address needs the harder work.
    expect((await served(event.eventId, home)).data!.level).toBe(1);
    expect((await served(event.code, home)).data!.level).toBe(1);
    const easy = await register(event, home, 0);
    expect(easy.statusCode).toBe(409);
    expect(json(easy)).toMatchObject({ code: 'CHALLENGE_TOO_EASY' });
    expect(await t.database.db.select().from(runnerRegistrations)).toHaveLength(3);
    expect((await register(event, home, 1)).statusCode).toBe(201);
    expect((await served(event.id, home)).data!.level).toBe(2);
    // Another address, another event, no event named: the base work.
    expect((await served(event.id, '2001:db8:bb:1::10')).data!.level).toBe(0);
    expect((await served(other.id, home)).data!.level).toBe(0);
    expect((await served(null, home)).data!.level).toBe(0);
    expect((await register(other, home, 0)).statusCode).toBe(201);
  });

  it('only live unpaid holds count: paid and expired ones do not', async () => {
    const { event } = await insertEvent(t);
    const address = '198.51.100.40';
    for (let i = 0; i < 4; i++) expect((await register(event, address, i < 3 ? 0 : 1)).statusCode).toBe(201);
    // Past the in-flight window, only the holds themselves count.
    await t.database.db.update(usedRegistrationChallenges).set({ redeemedAt: new Date(Date.now() - 10 * 60_000) });
    await t.database.db.update(runnerRegistrations).set({ createdAt: new Date(Date.now() - 10 * 60_000) });
    expect((await served(event.id, address)).data!.level).toBe(2);
    const rows = await t.database.db.select().from(runnerRegistrations);
    await t.database.db.update(runnerRegistrations).set({ status: 'confirmed', paymentStatus: 'paid' }).where(eq(runnerRegistrations.id, rows[0]!.id));
    await t.database.db.update(runnerRegistrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(runnerRegistrations.id, rows[1]!.id));
    expect((await served(event.id, address)).data!.level).toBe(0);
    expect((await register(event, address, 0)).statusCode).toBe(201);
  });

  it('simultaneous submits from one address are counted one by one: only three pass at the base work', async () => {
    const { event } = await insertEvent(t);
    const payloads = await Promise.all(
      Array.from({ length: 6 }, async () => ({ ...registrationPayload(event, '10k', { runnerData: freshRunner() }), altcha: (await quickChallenge(keys)).payload })),
    );
    const answers = await Promise.all(payloads.map((payload) => t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload, remoteAddress: '203.0.113.50' })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(json(r).code).toBe('CHALLENGE_TOO_EASY');
    expect(await t.database.db.select().from(runnerRegistrations)).toHaveLength(3);
  });

  it('the level is signed with the challenge: a client cannot lower it', async () => {
    const { event } = await insertEvent(t);
    for (let i = 0; i < 3; i++) await register(event, '198.51.100.41');
    const { challenge, solution } = await quickChallenge(keys, { level: 1 });
    const forged = { ...challenge, parameters: { ...challenge.parameters, data: { level: 5, maxNumber: 1 } } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/runner-registrations',
      payload: { ...registrationPayload(event, '10k', { runnerData: freshRunner() }), altcha: encode(forged, solution) },
      remoteAddress: '198.51.100.41',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('CHALLENGE_INVALID');
  });
});

describe('REGISTRATION_CHALLENGE=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PAYMENT_EXPIRY_SWEEP_SECONDS: '0', REGISTRATION_CHALLENGE: 'false' } });
  });
  afterAll(() => t.close());

  it('tells the web the challenge is off and registers without one (load tests)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/runner-registrations/challenge', remoteAddress: freshIp() });
    expect(json(res)).toEqual({ enabled: false, challenge: null });
    const { event } = await insertEvent(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/runner-registrations', payload: registrationPayload(event), remoteAddress: freshIp() });
    expect(created.statusCode).toBe(201);
  });
});
