import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { safetyMessages, type ChatReply, type PlanDraftResponse } from '../../../domain/ai-coach/contract';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso } from '../../../domain/shared/wire-date';
import type { Run, TrainingPlan } from '../../../domain/training-plan/contract';
import { aiUsage } from '../../db/schema/ai-coach';
import { users } from '../../db/schema/users';
import { startFakeGemini, type FakeGemini } from '../../adapters/ai/testing/fake-gemini';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import { insertAiRun, planApi, runInput, type Headers } from '../../test/fixtures/training-plan';
import { isUnderSafetyHold, readSafetyHold } from './service';

const DAY = 24 * 60 * 60 * 1000;
const today = jakartaToday();
const day = (offset: number) => isoToPlanDate(addDays(today, offset));
const within = (date: string, from: number, to: number) => {
  const iso = planDateToIso(date)!;
  return iso >= addDays(today, from) && iso <= addDays(today, to);
};

async function trialing(t: TestApp, email: string) {
  const who = await t.login(email);
  await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + 120 * DAY) }).where(eq(users.id, who.userId));
  return who;
}

/** AI runs every day from today to two weeks on (what an AI programme leaves in the calendar). */
async function aiFortnight(t: TestApp, userId: string) {
  const titles = ['Easy Run', 'Tempo Run', 'Recovery Run', 'Interval', 'Easy Run', 'Endurance Long Run', 'Recovery Run'];
  for (let i = 0; i < 14; i++) {
    const title = titles[i % 7]!;
    await insertAiRun(t, userId, addDays(today, i), title, { program: title === 'Interval' ? '(2k WU + 5x800m + 2k CD)' : '(6k)', paceRange: "6'00 - 6'30" });
  }
}

describe('AI chat safety with the built-in coach (issue 25 §4)', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const post = (url: string, headers: Headers, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const chat = (headers: Headers, usermessage: string) => post('/api/ai/chat', headers, { maingoal: 'Race Selanjutnya', chathistory: [], usermessage });

  it('a red flag: safety.stop, a pause that removes the next days’ runs once approved and saved, and a hold until the doctor’s clearance', async () => {
    const { userId, headers } = await trialing(t, 'pelari@contoh.id');
    await aiFortnight(t, userId);

    const res = await chat(headers, 'Coach, dada saya nyeri dan sesak waktu lari tadi pagi, sekarang masih agak berat');
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<ChatReply>(res);
    expect(reply.status).toBe('COMPLETE');
    expect(reply.safety?.level).toBe('stop');
    expect(reply.safety?.message).toMatch(/IGD/);
    expect(reply.safety?.message).toMatch(/119/);
    expect(reply.modifications).toHaveLength(1);
    expect(reply.modifications[0]).toMatchObject({ startDate: day(0), endDate: day(6), action: { type: 'pause', reason: 'red-flag' } });
    expect(await isUnderSafetyHold(t.database.db, userId)).toBe(true);
    // The screen answered: nothing counted against the quota.
    expect(await t.database.db.select().from(aiUsage)).toEqual([]);

    // Setuju → the preview has no run in the next days; Simpan → the calendar neither.
    const modified = await post('/api/ai/modify', headers, { modification: reply.modifications });
    expect(modified.statusCode, modified.body).toBe(200);
    const draft = json<PlanDraftResponse>(modified);
    expect([draft.startDate, draft.endDate]).toEqual([day(0), day(6)]);
    expect(draft.trainingPlan.filter((r) => within(r.date, 0, 6))).toEqual([]);
    const saved = await post(`/api/ai/drafts/${draft.draftId}/save`, headers);
    expect(saved.statusCode, saved.body).toBe(200);
    const runs = await api.runs(headers);
    expect(runs.filter((r) => within(r.date, 0, 6))).toEqual([]);
    expect(runs.filter((r) => within(r.date, 7, 13))).toHaveLength(7);

    // Held: more training is refused with the stop message, in the chat and in modify.
    const more = json<ChatReply>(await chat(headers, 'tambah jarak minggu depan dong'));
    expect(more).toMatchObject({ status: 'NEEDS_CLARIFICATION', clarification_question: safetyMessages.holdRefusal, modifications: [] });
    expect(more.safety?.level).toBe('stop');
    const forced = await post('/api/ai/modify', headers, { modification: { instruction: 'Tambah 10%', startDate: day(7), endDate: day(13), action: { type: 'volume', factor: 1.1 } } });
    expect(forced.statusCode).toBe(422);
    expect(json<{ code: string; message: string }>(forced)).toMatchObject({ code: 'SAFETY_HOLD', message: safetyMessages.holdRefusal });
    expect((await post('/api/ai/modify', headers, { modification: { instruction: 'Pindahkan', action: { type: 'move', from: day(8), to: day(9) } } })).statusCode).toBe(422);
    expect(await readSafetyHold(t.database.db, userId)).toEqual({ flags: ['chest'] });

    // The doctor's clearance lifts it, with a week of easy runs proposed.
    const cleared = json<ChatReply>(await chat(headers, 'sudah diperiksa, kata dokter aman'));
    expect(await isUnderSafetyHold(t.database.db, userId)).toBe(false);
    expect(cleared.safety).toBeUndefined();
    // The first week back starts where the runs start again, after the paused days.
    expect(cleared.modifications.map((m) => [m.action, m.startDate, m.endDate])).toEqual([[{ type: 'rest', reason: 'restart' }, day(7), day(13)]]);
    const restart = json<PlanDraftResponse>(await post('/api/ai/modify', headers, { modification: cleared.modifications }));
    expect(restart.trainingPlan.length).toBeGreaterThan(0);
    expect(restart.trainingPlan.every((r) => r.title === 'Recovery Run')).toBe(true);
    // Lifted: a change that adds training goes through again.
    const move = { modification: { instruction: 'Pindahkan', action: { type: 'move', from: day(8), to: day(9) } } };
    expect((await post('/api/ai/modify', headers, move)).statusCode).toBe(200);
  });

  it('a red flag is answered even without a plan (no 400), and still holds', async () => {
    const { userId, headers } = await trialing(t, 'baru@contoh.id');
    const res = await chat(headers, 'hampir pingsan pas long run kemarin');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ChatReply>(res)).toMatchObject({ status: 'COMPLETE', modifications: [], safety: { level: 'stop' } });
    expect(await isUnderSafetyHold(t.database.db, userId)).toBe(true);
    // Anything else still needs a plan.
    expect((await chat(headers, 'kurangi volume minggu ini')).statusCode).toBe(400);
  });

  it('"tidak demam" is not a caution; "demam" is: two days without runs, then easy runs', async () => {
    const { userId, headers } = await trialing(t, 'demam@contoh.id');
    await aiFortnight(t, userId);
    const negated = json<ChatReply>(await chat(headers, 'tidak demam kok, cuma pilek dikit'));
    expect(negated.safety).toBeUndefined();
    const fever = json<ChatReply>(await chat(headers, 'lagi demam 38 derajat dari semalam'));
    expect(fever.safety?.level).toBe('caution');
    expect(fever.modifications.map((m) => [m.action?.type, m.startDate, m.endDate])).toEqual([
      ['pause', day(0), day(1)],
      ['rest', day(2), day(6)],
    ]);
    expect(await isUnderSafetyHold(t.database.db, userId)).toBe(false);
    const draft = json<PlanDraftResponse>(await post('/api/ai/modify', headers, { modification: fever.modifications }));
    expect(draft.trainingPlan.filter((r) => within(r.date, 0, 1))).toEqual([]);
    expect(draft.trainingPlan.filter((r) => within(r.date, 2, 6)).every((r) => r.title === 'Recovery Run')).toBe(true);
  });
});

describe('AI chat safety with Gemini configured (fake server)', () => {
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

  it('never sends a red-flag message to Gemini, and the pause is applied by the engine; other messages go to Gemini', async () => {
    const { userId, headers } = await trialing(t, 'gemini-merah@contoh.id');
    await aiFortnight(t, userId);
    fake.reset();
    const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

    for (const message of ['chest tight and heart racing while running yesterday, still dizzy today', 'lagi meriang, badan panas dingin']) {
      const res = await post('/api/ai/chat', { usermessage: message });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<ChatReply>(res).safety).toBeDefined();
    }
    const stop = json<ChatReply>(await post('/api/ai/chat', { usermessage: 'jantung berdebar kencang banget pas interval' }));
    const approved = await post('/api/ai/modify', { modification: stop.modifications });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<PlanDraftResponse>(approved).trainingPlan.filter((r) => within(r.date, 0, 6))).toEqual([]);
    expect(fake.requests).toHaveLength(0);

    // An ordinary message reaches Gemini (the hold only lets what eases training through).
    fake.enqueue({ kind: 'json', value: { status: 'NEEDS_CLARIFICATION', clarification_question: 'Minggu mana yang ingin dikurangi?', modifications: [] } });
    const ordinary = await post('/api/ai/chat', { usermessage: 'bisa dikurangi sedikit?' });
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('a coach changes the runs they made with the AI for a connected runner (decision 025)', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = planApi(t);
  });
  afterAll(() => t.close());

  it('the chat proposes a change of the coach’s runs, and the saved draft replaces them as coach runs (none lost, the runner’s own kept)', async () => {
    const coach = await t.login('pelatih@contoh.id', 'coach');
    const runner = await t.login('pelari-coach@contoh.id', 'runner');
    const connected = await t.app.inject({ method: 'POST', url: '/api/dev/coaching/connections', headers: coach.headers, payload: { runnerEmail: 'pelari-coach@contoh.id', weeks: 4 } });
    expect(connected.statusCode, connected.body).toBe(201);
    await api.seed(runner.headers, [runInput(day(2), 'Fun Run Komunitas', { program: '5k', paceRange: "6'30 - 7'00" })]);
    const base = `/api/runner/${runner.userId}/training-plans`;
    const made = await t.app.inject({
      method: 'POST',
      url: base,
      headers: coach.headers,
      payload: {
        trainingPlan: [
          runInput(day(1), 'Easy Run', { program: '6k', paceRange: "6'30 - 7'00" }),
          runInput(day(3), 'Tempo Run', { program: '8k', paceRange: "5'00 - 5'15" }),
          runInput(day(5), 'Endurance Long Run', { program: '14k', paceRange: "6'15 - 6'45" }),
          runInput(day(10), 'Easy Run', { program: '6k', paceRange: "6'30 - 7'00" }),
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);

    const coachPost = (path: string, payload?: unknown) => t.app.inject({ method: 'POST', url: `/api/coach/runner/${runner.userId}/ai/${path}`, headers: coach.headers, payload: payload as object });
    const res = await coachPost('chat', { usermessage: 'kurangi jarak seminggu ke depan' });
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<ChatReply>(res);
    expect(reply.status, reply.clarification_question ?? '').toBe('COMPLETE');
    expect(reply.modifications[0]).toMatchObject({ startDate: day(0), endDate: day(6), action: { type: 'volume', factor: 0.8 } });

    const modified = await coachPost('modify', { modification: reply.modifications });
    expect(modified.statusCode, modified.body).toBe(200);
    const draft = json<PlanDraftResponse>(modified);
    expect(draft.trainingPlan.map((r) => [r.date, r.title, r.program])).toEqual([
      [day(1), 'Easy Run', '(5k)'],
      [day(3), 'Tempo Run', '(6.5k)'],
      [day(5), 'Endurance Long Run', '(11k)'],
    ]);
    const saved = await coachPost(`drafts/${draft.draftId}/save`);
    expect(saved.statusCode, saved.body).toBe(200);

    const runs = (await api.runs(runner.headers)).filter((r): r is Run => !r.locked && within(r.date, 0, 13));
    const byMaker = (maker: string) => runs.filter((r) => r.generatedby === maker).map((r) => [r.date, r.title, r.program]);
    expect(byMaker('coach')).toEqual([
      [day(1), 'Easy Run', '(5k)'],
      [day(3), 'Tempo Run', '(6.5k)'],
      [day(5), 'Endurance Long Run', '(11k)'],
      [day(10), 'Easy Run', '(6k)'],
    ]);
    expect(byMaker('user')).toEqual([[day(2), 'Fun Run Komunitas', '(5k)']]);
    expect(byMaker('ai')).toEqual([]);
    expect((saved.json() as TrainingPlan).trainingPlan.length).toBe(5);
  });
});
