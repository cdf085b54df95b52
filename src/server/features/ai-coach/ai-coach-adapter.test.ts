import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiMessages, createPlanRequestSchema, type ChatReply, type ImageReading, type PlanDraftResponse, type PlannedRun } from '../../../domain/ai-coach/contract';
import { buildPlan } from '../../../domain/ai-coach/engine/plan';
import { checkPlan } from '../../../domain/ai-coach/safety/plan-checker';
import { isoToPlanDate, planDateToIso } from '../../../domain/shared/wire-date';
import { formatPaceBand } from '../../../domain/ai-coach/engine/paces';
import { runColor } from '../../../domain/training-plan/run-types';
import { users } from '../../db/schema/users';
import { AiFailure, type AiCoachPort } from '../../adapters/ai/port';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { startFakeGemini, type FakeGemini } from '../../adapters/ai/testing/fake-gemini';
import type { Headers } from '../../test/fixtures/training-plan';
import { tenKForm } from '../../test/fixtures/ai-coach';

const DAY = 24 * 60 * 60 * 1000;
/** The smallest valid PNG (1×1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** What the scripted adapter does next; each test sets it. */
const next: { plan?: () => Promise<{ runs: PlannedRun[]; notes: string[] }>; image?: () => Promise<ImageReading>; chat?: () => Promise<ChatReply> } = {};
const scripted: AiCoachPort = {
  name: 'gemini',
  createPlan: () => next.plan!(),
  chat: () => (next.chat ? next.chat() : Promise.reject(new AiFailure('unavailable', 'down'))),
  modify: () => Promise.reject(new AiFailure('bad-output', 'garbage')),
  readWorkoutImage: () => next.image!(),
};

/** An adapter's failures are the spec's messages, never a 500; whatever it proposes passes the safety checker. */
describe('AI coach API with an outside adapter', () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { ai: scripted } });
  });
  beforeEach(async () => {
    await t.reset();
    const who = await t.login('pelari@contoh.id');
    await t.database.db.update(users).set({ subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() + 120 * DAY) }).where(eq(users.id, who.userId));
    headers = who.headers;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it.each([
    [new AiFailure('timeout', 'slow'), 504, aiMessages.timeout],
    [new AiFailure('bad-output', 'x'), 502, aiMessages.badOutput],
    [new AiFailure('unavailable', 'x'), 502, aiMessages.createFailed],
    [new Error('a bug in the adapter'), 502, aiMessages.createFailed],
  ])('createplan: %s → %i with the message', async (failure, status, message) => {
    next.plan = () => Promise.reject(failure);
    const res = await post('/api/ai/createplan', tenKForm());
    expect(res.statusCode).toBe(status);
    expect(json<{ message: string }>(res).message).toBe(message);
  });

  it('repairs or replaces an unsafe plan from the LLM before the runner sees it', async () => {
    const form = createPlanRequestSchema.parse(tenKForm());
    const start = planDateToIso(form.tanggalMulai)!;
    const span = { startDay: start, endDay: planDateToIso(form.tanggalRace!)! };
    const good = buildPlan(form, span).runs;
    // Heavy runs every day, on days the runner does not train, 40 km a go.
    const unsafe: PlannedRun[] = good.map((run) => ({ ...run, title: 'Interval', program: '(40k)', color: runColor('Interval') }));
    unsafe.push({ ...good[0]!, date: '01-01-2020', title: 'Tempo Run', color: runColor('Tempo Run') });
    next.plan = () => Promise.resolve({ runs: unsafe, notes: [] });
    const res = await post('/api/ai/createplan', tenKForm());
    expect(res.statusCode, res.body).toBe(200);
    const draft = json<PlanDraftResponse>(res);
    expect(checkPlan(draft.trainingPlan, form, span)).toEqual([]);
    expect(draft.trainingPlan.some((run) => run.program === '(40k)')).toBe(false);
  });

  it('chat and modify failures answer the spec messages', async () => {
    const form = createPlanRequestSchema.parse(tenKForm());
    next.plan = () => Promise.resolve({ runs: buildPlan(form).runs, notes: [] });
    const draft = json<PlanDraftResponse>(await post('/api/ai/createplan', tenKForm()));
    expect((await post(`/api/ai/drafts/${draft.draftId}/save`, undefined)).statusCode).toBe(200);

    const chat = await post('/api/ai/chat', { usermessage: 'kurangi volume minggu ini' });
    expect(chat.statusCode).toBe(502);
    expect(json<{ message: string }>(chat).message).toBe(aiMessages.chatFailed);
    const modify = await post('/api/ai/modify', { modification: { instruction: 'Kurangi volume minggu ini' } });
    expect(modify.statusCode).toBe(502);
    expect(json<{ message: string }>(modify).message).toBe(aiMessages.badOutput);
  });

  it("writes the dates an LLM put into its sentences as people read them ('Minggu, 6 Desember 2026'); the date fields stay DD-MM-YYYY", async () => {
    const form = createPlanRequestSchema.parse(tenKForm());
    next.plan = () => Promise.resolve({ runs: buildPlan(form).runs, notes: ['Long run 06-12-2026 dibuat lebih pendek.'] });
    const draft = json<PlanDraftResponse>(await post('/api/ai/createplan', tenKForm()));
    expect(draft.notes).toContain('Long run Minggu, 6 Desember 2026 dibuat lebih pendek.');
    expect((await post(`/api/ai/drafts/${draft.draftId}/save`, undefined)).statusCode).toBe(200);

    next.chat = () =>
      Promise.resolve({
        status: 'COMPLETE',
        clarification_question: 'Apakah Sabtu 05-12-2026 masih cocok?',
        modifications: [{ instruction: 'Pindahkan long run dari 05-12-2026 ke 06-12-2026.', startDate: '05-12-2026', endDate: '06-12-2026' }],
      });
    try {
      const chat = await post('/api/ai/chat', { usermessage: 'pindahkan long run ke hari Minggu' });
      expect(chat.statusCode, chat.body).toBe(200);
      expect(json(chat)).toMatchObject({
        clarification_question: 'Apakah Sabtu, 5 Desember 2026 masih cocok?',
        modifications: [{ instruction: 'Pindahkan long run dari Sabtu, 5 Desember 2026 ke Minggu, 6 Desember 2026.', startDate: '05-12-2026', endDate: '06-12-2026' }],
      });
    } finally {
      delete next.chat;
    }
  });

  it('reads a screenshot: only real images up to 10 MB, and says so when nothing is found', async () => {
    next.image = () => Promise.resolve({ distance: 10.02, time: '00:52:13', avgHeartRate: 152 });
    const ok = await post('/api/ai/trainingimages', { image: dataUrl(PNG) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toEqual({ distance: 10.02, time: '00:52:13', avgHeartRate: 152 });

    // A text file claiming to be a PNG, and no data URL at all.
    for (const image of [dataUrl(Buffer.from('bukan gambar sama sekali')), 'hello', dataUrl(PNG).replace('base64,', '')]) {
      const res = await post('/api/ai/trainingimages', { image });
      expect(res.statusCode, image.slice(0, 30)).toBe(400);
      expect(json<{ message: string }>(res).message).toBe(aiMessages.imageNotImage);
    }

    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await post('/api/ai/trainingimages', { image: dataUrl(big) });
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(json<{ message: string }>(tooBig).message).toBe(aiMessages.imageTooLarge);

    next.image = () => Promise.resolve({ distance: null, time: null, avgHeartRate: null });
    const nothing = await post('/api/ai/trainingimages', { image: dataUrl(PNG) });
    expect(nothing.statusCode).toBe(422);
    expect(json<{ message: string }>(nothing).message).toBe(aiMessages.imageUnreadable);

    next.image = () => Promise.reject(new AiFailure('timeout', 'slow'));
    expect((await post('/api/ai/trainingimages', { image: dataUrl(PNG) })).statusCode).toBe(504);
  });
});

/** The wiring picks Gemini from GEMINI_API_KEY; its garbage reaches the runner as the spec's message. */
describe('AI coach API with Gemini configured (fake server)', () => {
  let t: TestApp;
  let fake: FakeGemini;
  beforeAll(async () => {
    fake = await startFakeGemini();
    t = await buildTestApp({ env: { GEMINI_API_KEY: fake.apiKey, GEMINI_BASE_URL: fake.url, AI_TIMEOUT_SECONDS: '2' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 502 with the bad-output message when Gemini returns garbage, and a checked plan when it returns one', async () => {
    const who = await t.login('gemini@contoh.id');
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + 120 * DAY) }).where(eq(users.id, who.userId));
    fake.enqueue({ kind: 'text', text: 'Tentu! Berikut program latihanmu: ...' });
    const garbage = await t.app.inject({ method: 'POST', url: '/api/ai/createplan', headers: who.headers, payload: tenKForm() as object });
    expect(garbage.statusCode).toBe(502);
    expect(json<{ message: string }>(garbage).message).toBe(aiMessages.badOutput);
    expect(fake.requests.at(-1)?.headers['x-goog-api-key']).toBe(fake.apiKey);

    const form = createPlanRequestSchema.parse(tenKForm());
    const span = { startDay: planDateToIso(form.tanggalMulai)!, endDay: planDateToIso(form.tanggalRace!)! };
    // Gemini answers typed runs (kind, whole km, the fast part in numbers): here a coach's plan.
    const built = buildPlan(form, span);
    const runs = built.workouts.map((w) => ({
      date: isoToPlanDate(w.day),
      kind: w.kind,
      km: w.kind === 'race' ? 10 : w.km,
      reps: w.work?.reps ?? null,
      repKm: w.work?.km ?? null,
      repMinutes: w.work?.minutes ?? null,
      paceRange: formatPaceBand(w.pace),
      strides: w.strides,
      periodization: w.phase,
    }));
    fake.enqueue({ kind: 'json', value: { runs, notes: ['Semangat!'] } });
    const ok = await t.app.inject({ method: 'POST', url: '/api/ai/createplan', headers: who.headers, payload: tenKForm() as object });
    expect(ok.statusCode, ok.body).toBe(200);
    // Written from the same types, Gemini's plan reads exactly as the engine's.
    expect(json<PlanDraftResponse>(ok).trainingPlan).toEqual(built.runs);
    expect(checkPlan(json<PlanDraftResponse>(ok).trainingPlan, form, span)).toEqual([]);
  });
});
