import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiMessages, type CreatePlanRequest, type PlanDraftResponse } from '../../../domain/ai-coach/contract';
import { modifyMessages } from '../../../domain/ai-coach/chat/modify';
import { addDays, jakartaToday, planDateToIso } from '../../../domain/shared/wire-date';
import { buildApp } from '../../app';
import { aiPlanDrafts } from '../../db/schema/ai-coach';
import { trainingRuns } from '../../db/schema/training-plan';
import { users } from '../../db/schema/users';
import { AiFailure, type AiCoachPort } from '../../adapters/ai/port';
import { createWorkoutOcr, imageDimensions } from '../../adapters/ai/workout-ocr';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { planApi, runInput, type Headers } from '../../test/fixtures/training-plan';
import { createPlanFollowingRefusals, tenKForm, wire } from '../../test/fixtures/ai-coach';
import { addRuns, findPlan } from '../training-plan/service';

/**
 * The AI coach's server side under attack: other runners' drafts, replays, expired drafts, client
 * values that would reach the plan unchecked, odd bodies and images, and the limits.
 */

const DAY = 24 * 60 * 60 * 1000;
const today = jakartaToday();
/** The smallest valid PNG (1×1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const message = (res: { json(): unknown }) => (res.json() as { message: string }).message;

describe('AI coach API under abuse', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AI_RATE_LIMIT_PER_MINUTE: '1000', AI_DAILY_QUOTA: '100000' } });
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function trialing(email = 'pelari@contoh.id', days = 120) {
    const who = await t.login(email);
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + days * DAY) }).where(eq(users.id, who.userId));
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, who.userId));
    return { ...who, owner: owner! };
  }
  const post = (url: string, headers: Headers, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const createPlan = (headers: Headers, form: CreatePlanRequest) => post('/api/ai/createplan', headers, form);
  const save = (headers: Headers, draftId: string) => post(`/api/ai/drafts/${draftId}/save`, headers);
  const modify = (headers: Headers, modification: unknown) => post('/api/ai/modify', headers, { modification });
  async function withSavedPlan(headers: Headers, form = tenKForm()) {
    const draft = json<PlanDraftResponse>(await createPlan(headers, form));
    expect((await save(headers, draft.draftId)).statusCode).toBe(200);
    return draft;
  }

  it('never answers 500 to odd but valid forms (7 days, 1 day, race today, race in 52 weeks, fitness with race fields)', async () => {
    const { headers } = await trialing();
    const forms: Partial<CreatePlanRequest>[] = [
      { hariLatihan: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] },
      { hariLatihan: ['Minggu'] },
      { tanggalMulai: wire(0), tanggalRace: wire(0) },
      { tanggalMulai: wire(0), tanggalRace: wire(364), kategoriTargetRace: 'Full Marathon', targetWaktu: '03:30:00', hariLatihan: ['Minggu'] },
      { tanggalMulai: wire(0), tanggalRace: wire(3), kategoriTargetRace: 'Full Marathon', kemampuanLari: 'Pemula', jarakMingguan: 0, lariTerjauh: 0, personalBests: [] },
      { targetLatihan: 'Menjaga Kebugaran', kebugaranFocus: 'Tambah Jarak Lari' },
      { jarakMingguan: 250, lariTerjauh: 100, personalBests: [{ distance: 'Full Marathon', time: '00:00:01' }], targetWaktu: '00:00:01' },
    ];
    for (const overrides of forms) {
      // A refusal (422) is an answer too; followed as a runner would, every form ends in a plan.
      const answers = await createPlanFollowingRefusals(t.app, headers, tenKForm(overrides));
      for (const answer of answers) expect([200, 422], JSON.stringify(overrides)).toContain(answer.statusCode);
      const last = answers.at(-1)!;
      expect(last.statusCode, `${JSON.stringify(overrides)} ${JSON.stringify(last.body)}`).toBe(200);
      expect((last.body as unknown as PlanDraftResponse).trainingPlan.length).toBeGreaterThan(0);
    }
  });

  it('chat and modify with a plan of only the runner’s runs, or only locked AI runs, answer 4xx or a question, never 500', async () => {
    const who = await trialing('sendiri@contoh.id');
    await addRuns(t.database.db, who.owner, [runInput(wire(2), 'Lari santai'), runInput(wire(3), 'Tempo Run', { program: '' })], 'user');
    for (const usermessage of ['pindahkan long run ke hari Minggu', 'kurangi volume minggu ini', 'saya sakit flu', 'ganti target ke full marathon', '\u0001\u001b[31m']) {
      const res = await post('/api/ai/chat', who.headers, { usermessage });
      expect(res.statusCode, usermessage).toBe(200);
      expect(res.json()).toMatchObject({ status: 'NEEDS_CLARIFICATION' });
    }
    const race = await modify(who.headers, { instruction: 'x', action: { type: 'race', raceDate: wire(30), raceDistance: '10K' } });
    expect(race.statusCode).toBe(422);

    // Access ends tomorrow: the AI runs after it are locked, so the AI sees none.
    const locked = await trialing('terkunci@contoh.id', 1);
    await addRuns(t.database.db, locked.owner, [runInput(wire(10), 'Long Run', { program: '10k' })], 'ai');
    const chat = await post('/api/ai/chat', locked.headers, { usermessage: 'kurangi volume minggu ini' });
    expect(chat.statusCode).toBe(400);
    expect(message(chat)).toBe(aiMessages.needsPlan);
  });

  it('a client cannot write an AI run through modify without a profile the safety checker can judge it by', async () => {
    const who = await trialing();
    await addRuns(t.database.db, who.owner, [runInput(wire(2), 'Lari santai')], 'user');
    const forged = await modify(who.headers, { instruction: 'x', date: wire(5), new_workout: { title: 'Race Day', program: '42k', pacerange: '' } });
    expect(forged.statusCode).toBe(422);
    expect(message(forged)).toBe(aiMessages.needsProfile);

    // Nor scale AI runs up tenfold (10 × 1.5) when nothing can check the result.
    await addRuns(t.database.db, who.owner, [runInput(wire(2), 'Easy Run', { program: '5k' })], 'ai');
    const more = await modify(who.headers, Array.from({ length: 10 }, () => ({ instruction: 'tambah', action: { type: 'volume', factor: 1.5 } })));
    expect(more.statusCode).toBe(422);
    expect(message(more)).toBe(aiMessages.needsProfile);
    const text = await modify(who.headers, { instruction: 'tambah jarak 50% minggu depan' });
    expect(text.statusCode).toBe(422);
    // Less is fine: it only shortens the AI's own runs.
    const less = await modify(who.headers, { instruction: 'kurangi', action: { type: 'volume', factor: 0.8 } });
    expect(less.statusCode, less.body).toBe(200);
    expect(json<PlanDraftResponse>(less).trainingPlan).toMatchObject([{ program: '(4k)' }]);
  });

  it('a new workout must carry a valid pace and a title without control characters', async () => {
    const { headers } = await trialing();
    const draft = await withSavedPlan(headers);
    const day = draft.trainingPlan[3]!.date;
    const badPace = await modify(headers, { instruction: 'x', date: day, new_workout: { title: 'Easy Run', program: '5k', pacerange: 'cepat' } });
    expect(badPace.statusCode).toBe(422);
    expect(message(badPace)).toBe(modifyMessages.badPace);
    const badTitle = await modify(headers, { instruction: 'x', date: day, new_workout: { title: 'Easy\nRun\u001b[31m', program: '5k', pacerange: '' } });
    expect(badTitle.statusCode).toBe(400);
  });

  it('a change cannot place runs after the access end (years ahead), and never deletes the locked runs there', async () => {
    const who = await trialing('singkat@contoh.id', 20);
    await withSavedPlan(who.headers);
    const accessEnd = addDays(today, 20);
    const plan = (await findPlan(t.database.db, who.userId))!;
    const lockedRuns = () =>
      t.database.db.select().from(trainingRuns).where(and(eq(trainingRuns.planId, plan.id), gt(trainingRuns.day, accessEnd)));
    const lockedBefore = (await lockedRuns()).length;
    expect(lockedBefore).toBeGreaterThan(0);

    const far = await modify(who.headers, { instruction: 'x', date: '01-01-2099', new_workout: { title: 'Easy Run', program: '5k', pacerange: '' } });
    expect(far.statusCode).toBe(422);
    expect(message(far)).toBe(aiMessages.changeAfterAccessEnd);

    // A rest week asked for two months: the change stops at the access end, and the locked runs stay.
    const rest = await modify(who.headers, { instruction: 'lutut saya sakit', action: { type: 'rest', reason: 'injury' }, startDate: wire(0), endDate: wire(60) });
    expect(rest.statusCode, rest.body).toBe(200);
    const draft = json<PlanDraftResponse>(rest);
    expect(planDateToIso(draft.endDate)! <= accessEnd).toBe(true);
    expect((await save(who.headers, draft.draftId)).statusCode).toBe(200);
    expect((await lockedRuns()).length).toBe(lockedBefore);
  });

  it('drafts: expired → 404, saved after access ended → 403, two saves at once → one 200 and one 409', async () => {
    const who = await trialing();
    const expired = json<PlanDraftResponse>(await createPlan(who.headers, tenKForm()));
    await t.database.db.update(aiPlanDrafts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(aiPlanDrafts.id, expired.draftId));
    const late = await save(who.headers, expired.draftId);
    expect(late.statusCode).toBe(404);
    expect(message(late)).toBe(aiMessages.draftNotFound);

    const draft = json<PlanDraftResponse>(await createPlan(who.headers, tenKForm()));
    const both = await Promise.all([save(who.headers, draft.draftId), save(who.headers, draft.draftId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await api.runs(who.headers)).toHaveLength(draft.trainingPlan.length);

    const another = json<PlanDraftResponse>(await createPlan(who.headers, tenKForm()));
    await t.database.db.update(users).set({ subscriptionStatus: 'canceled', currentPeriodEnd: new Date(Date.now() - DAY) }).where(eq(users.id, who.userId));
    const ended = await save(who.headers, another.draftId);
    expect(ended.statusCode).toBe(403);
    expect(message(ended)).toBe(aiMessages.premiumRequired);
  });

  it('refuses huge, deeply nested and odd bodies with 4xx', async () => {
    const { headers } = await trialing();
    await withSavedPlan(headers);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const nested = await t.app.inject({ method: 'POST', url: '/api/ai/chat', headers: { ...headers, 'content-type': 'application/json' }, payload: `{"usermessage":"x","chathistory":${deep}}` });
    expect(nested.statusCode).toBe(400);
    const history = Array.from({ length: 31 }, () => ({ role: 'user', content: 'x'.repeat(4000) }));
    const tooLong = await post('/api/ai/chat', headers, { usermessage: 'halo', chathistory: history });
    expect([400, 413]).toContain(tooLong.statusCode);
    const escaped = await post('/api/ai/chat', headers, { usermessage: 'halo', chathistory: history.slice(0, 30).map((m) => ({ ...m, content: '\u2028'.repeat(4000) })) });
    expect(escaped.statusCode).toBeLessThan(500);
    const hugeCreate = await post('/api/ai/createplan', headers, { ...tenKForm(), catatanLainnya: 'x'.repeat(40_000) });
    expect(hugeCreate.statusCode).toBe(413);
    const nul = await post('/api/ai/chat', headers, { usermessage: 'halo\u0000' });
    expect(nul.statusCode).toBe(400);
  });

  it('screenshots: not base64, giant or mislabelled data answers 4xx', async () => {
    const { headers } = await trialing();
    const cases = ['data:image/png;base64,%%%%%%%%', `data:image/png;base64,${'A'.repeat(15 * 1024 * 1024)}`, `data:image/gif;base64,${Buffer.from('GIF89a\u0001\u0000\u0001\u0000').toString('base64')}`];
    for (const image of cases) {
      const res = await post('/api/ai/trainingimages', headers, { image });
      expect(res.statusCode, image.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

/** A WebP header claiming a canvas; a decoder would allocate width × height × 4 bytes for it. */
function webpHeader(chunk: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): Buffer {
  const data = Buffer.alloc(40);
  data.write('RIFF', 0, 'ascii');
  data.writeUInt32LE(32, 4);
  data.write('WEBP', 8, 'ascii');
  data.write(chunk, 12, 'ascii');
  data.writeUInt32LE(20, 16);
  if (chunk === 'VP8X') {
    data.writeUIntLE(width - 1, 24, 3);
    data.writeUIntLE(height - 1, 27, 3);
  } else if (chunk === 'VP8L') {
    data[20] = 0x2f;
    data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21);
  } else {
    data.set([0x9d, 0x01, 0x2a], 23);
    data.writeUInt16LE(width, 26);
    data.writeUInt16LE(height, 28);
  }
  return data;
}

describe('screenshot decompression bombs and load', () => {
  it('reads the canvas size of WebP files (a 16383² canvas is refused before any decoding)', async () => {
    expect(imageDimensions(webpHeader('VP8X', 16_000_000, 16_000_000))).toEqual({ width: 16_000_000, height: 16_000_000 });
    expect(imageDimensions(webpHeader('VP8L', 16383, 16383))).toEqual({ width: 16383, height: 16383 });
    expect(imageDimensions(webpHeader('VP8 ', 16383, 9000))).toEqual({ width: 16383, height: 9000 });
    const ocr = createWorkoutOcr({ timeoutMs: 200 });
    try {
      // Refused at once: no worker starts (that would take far longer than the 200 ms timeout).
      for (const bomb of [webpHeader('VP8L', 16383, 16383), Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8Q', 'latin1')]) {
        const failure = await ocr.read(bomb).then(() => null, (error: unknown) => error);
        expect(failure).toBeInstanceOf(AiFailure);
        expect((failure as AiFailure).kind).toBe('unreadable');
      }
    } finally {
      await ocr.close();
    }
  });

  it('refuses reads beyond the queue at once instead of holding every upload in memory', async () => {
    const ocr = createWorkoutOcr({ maxQueued: 1 });
    try {
      const [first, second] = await Promise.allSettled([ocr.read(PNG), ocr.read(PNG)]);
      expect(first.status).toBe('rejected');
      expect(((first as PromiseRejectedResult).reason as AiFailure).kind).toBe('unreadable');
      expect(((second as PromiseRejectedResult).reason as AiFailure).kind).toBe('unavailable');
    } finally {
      await ocr.close();
    }
  }, 60_000);
});

describe('AI limits and outside adapters', () => {
  it('the per-minute limit counts per runner (not per address) and holds across two servers on one database', async () => {
    const t = await buildTestApp({ env: { AI_RATE_LIMIT_PER_MINUTE: '2' } });
    let second: FastifyInstance | null = null;
    try {
      const database = await t.openAgain();
      second = await buildApp({ config: t.config, database });
      await second.ready();
      const a = await t.login('a@contoh.id');
      const b = await t.login('b@contoh.id');
      await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 120 * DAY) });
      const chat = (app: FastifyInstance, headers: Headers) => app.inject({ method: 'POST', url: '/api/ai/chat', headers, payload: { usermessage: 'halo' }, remoteAddress: '203.0.113.7' });
      expect((await chat(t.app, a.headers)).statusCode).not.toBe(429);
      expect((await chat(second, a.headers)).statusCode).not.toBe(429);
      const third = await chat(second, a.headers);
      expect(third.statusCode).toBe(429);
      expect(message(third)).toBe(aiMessages.rateLimited);
      expect((await chat(t.app, a.headers)).statusCode).toBe(429);
      // Same address, another runner: their own allowance.
      expect((await chat(second, b.headers)).statusCode).not.toBe(429);
    } finally {
      await second?.close();
      await t.close();
    }
  });

  it('an outside adapter’s modify needs the runner’s profile: its runs could not be checked otherwise', async () => {
    let called = 0;
    const outside: AiCoachPort = {
      name: 'gemini',
      createPlan: () => Promise.reject(new AiFailure('unavailable', 'x')),
      chat: () => Promise.reject(new AiFailure('unavailable', 'x')),
      modify: async () => {
        called += 1;
        return { runs: [{ date: wire(3), title: 'Interval', program: '(30k)', paceRange: '', color: 'x', periodization: null, generatedby: 'ai' }], startDay: addDays(today, 3), endDay: addDays(today, 3), notes: [] };
      },
      readWorkoutImage: () => Promise.reject(new AiFailure('unavailable', 'x')),
    };
    const t = await buildTestApp({ deps: { ai: outside } });
    try {
      const who = await t.login('luar@contoh.id');
      await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 120 * DAY) });
      const [owner] = await t.database.db.select().from(users).where(eq(users.id, who.userId));
      await addRuns(t.database.db, owner!, [runInput(wire(3), 'Easy Run')], 'ai');
      const res = await t.app.inject({ method: 'POST', url: '/api/ai/modify', headers: who.headers, payload: { modification: { instruction: 'tambah interval' } } });
      expect(res.statusCode).toBe(422);
      expect(message(res)).toBe(aiMessages.needsProfile);
      expect(called).toBe(0);
    } finally {
      await t.close();
    }
  });
});
