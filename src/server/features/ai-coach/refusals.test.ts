import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlanRequestSchema, planRefusalSchema, type CreatePlanRequest, type PlanDraftResponse, type PlanRefusal } from '../../../domain/ai-coach/contract';
import { checkPlan } from '../../../domain/ai-coach/safety/plan-checker';
import { planSpan } from '../../../domain/ai-coach/engine/plan';
import { aiPlanDrafts, aiUsage } from '../../db/schema/ai-coach';
import { users } from '../../db/schema/users';
import { tenKForm, wire } from '../../test/fixtures/ai-coach';
import { buildTestApp, json, type TestApp } from '../../test/fixtures/build-test-app';
import type { Headers } from '../../test/fixtures/training-plan';
import { setSafetyHold } from './service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Honest refusals (issue 25 §3): instead of a plan, POST /api/ai/createplan answers 422 with
 * SEE_A_DOCTOR, CHECK_INPUT or GOAL_NOT_SAFE — before any adapter is asked, without using the
 * runner's quota — and the form sent again as the refusal says gives a plan that passes the checker.
 */
describe('createplan refuses honestly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function trialing(email = 'pelari@contoh.id') {
    const who = await t.login(email);
    await t.database.db.update(users).set({ subscriptionStatus: 'trialing', currentPeriodEnd: new Date(Date.now() + 400 * DAY) }).where(eq(users.id, who.userId));
    return who;
  }
  const createPlan = (headers: Headers, form: CreatePlanRequest) => t.app.inject({ method: 'POST', url: '/api/ai/createplan', headers, payload: form as object });
  const refusalOf = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(422);
    return planRefusalSchema.parse(JSON.parse(res.body));
  };
  const drafts = async () => (await t.database.db.select().from(aiPlanDrafts)).length;
  const quota = async () => (await t.database.db.select().from(aiUsage)).reduce((s, r) => s + r.count, 0);
  const expectPlanPasses = (res: { statusCode: number; body: string }, form: CreatePlanRequest) => {
    expect(res.statusCode, res.body).toBe(200);
    const parsed = createPlanRequestSchema.parse(form);
    const plan = json<PlanDraftResponse>(res as never);
    expect(checkPlan(plan.trainingPlan, parsed, planSpan(parsed))).toEqual([]);
    return plan;
  };

  it("SEE_A_DOCTOR for 'stress fracture 3 weeks ago, still painful when walking' (was: 26 km in week 1), until the runner says a doctor cleared them", async () => {
    const { headers } = await trialing();
    const form = tenKForm({ riwayatCidera: 'Stress fracture tulang kering 3 minggu lalu, masih sakit kalau jalan' });
    const refused = refusalOf(await createPlan(headers, form));
    expect(refused.code).toBe('SEE_A_DOCTOR');
    expect(refused.message).toMatch(/dokter/);
    expect(refused.message).toMatch(/Dokter sudah mengizinkan saya berlatih/);
    expect(await drafts()).toBe(0);
    expect(await quota()).toBe(0);
    expectPlanPasses(await createPlan(headers, { ...form, medicalClearance: true }), form);
  });

  it('SEE_A_DOCTOR for chest symptoms in the notes; an old healed injury is no reason to refuse', async () => {
    const { headers } = await trialing();
    expect(refusalOf(await createPlan(headers, tenKForm({ catatanLainnya: 'Kadang dada terasa sesak dan jantung berdebar saat lari' }))).code).toBe('SEE_A_DOCTOR');
    expect((await createPlan(headers, tenKForm({ riwayatCidera: 'Patah kaki 2 tahun lalu, sudah sembuh total' }))).statusCode).toBe(200);
  });

  it('SEE_A_DOCTOR while the chat holds training for a red flag; the clearance on the form lifts the hold', async () => {
    const who = await trialing();
    await setSafetyHold(t.database.db, who.userId, ['chest']);
    const refused = refusalOf(await createPlan(who.headers, tenKForm()));
    expect(refused.code).toBe('SEE_A_DOCTOR');
    expect((await createPlan(who.headers, tenKForm({ medicalClearance: true }))).statusCode).toBe(200);
    expect((await createPlan(who.headers, tenKForm())).statusCode).toBe(200);
  });

  it('CHECK_INPUT for a typo’d 5K best of 12:00 and 250 km a week, with one message per field; confirmed, a cautious plan that says what it assumed', async () => {
    const { headers } = await trialing();
    const form = tenKForm({ kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', personalBests: [{ distance: '5K', time: '00:12:00' }], jarakMingguan: 250, lariTerjauh: 10, targetWaktu: '01:10:00' });
    const refused = refusalOf(await createPlan(headers, form));
    expect(refused.code).toBe('CHECK_INPUT');
    expect(refused.errors?.map((e) => e.path).sort()).toEqual(['jarakMingguan', 'personalBests.0.time']);
    expect(await drafts()).toBe(0);

    const res = await createPlan(headers, { ...form, confirmInputs: true });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<PlanDraftResponse>(res);
    expect(plan.notes[0]).toMatch(/asumsi yang hati-hati/);
    expect(plan.fitness).toMatchObject({ source: 'estimate' });
    expect(plan.fitness!.vdot).toBeLessThan(40);
    // No 2'30"/km intervals for a beginner, and no 7 runs a week.
    expect(plan.trainingPlan.some((r) => /^[2-3]'/.test(r.paceRange))).toBe(false);
  });

  it('GOAL_NOT_SAFE for a beginner whose longest run is 3 km asking for a marathon in 6 weeks; each alternative sent back gives a plan that passes', async () => {
    const { headers } = await trialing();
    const form = tenKForm({ kemampuanLari: 'Pemula', runningExperience: '< 6 Bulan', personalBests: [], jarakMingguan: 8, lariTerjauh: 3, kategoriTargetRace: 'Full Marathon', targetWaktu: '05:30:00', tanggalRace: wire(43) });
    const refused: PlanRefusal = refusalOf(await createPlan(headers, form));
    expect(refused.code).toBe('GOAL_NOT_SAFE');
    expect(refused.message).toMatch(/belum bisa dicapai dengan aman/);
    expect(refused.alternatives!.length).toBeGreaterThan(0);
    expect(await drafts()).toBe(0);
    for (const { kind, message, ...fields } of refused.alternatives!) {
      expect(message.length, kind).toBeGreaterThan(10);
      const next = { ...form, ...fields };
      expectPlanPasses(await createPlan(headers, next), next);
    }
  });

  it('never refuses a clearly feasible goal', async () => {
    const { headers } = await trialing();
    for (const form of [
      tenKForm(),
      tenKForm({ kategoriTargetRace: 'Half Marathon', targetWaktu: '02:10:00', tanggalRace: wire(100), jarakMingguan: 30, lariTerjauh: 14 }),
      tenKForm({ kemampuanLari: 'Pemula', personalBests: [], jarakMingguan: 10, lariTerjauh: 4, kategoriTargetRace: '5K', targetWaktu: '00:38:00', tanggalRace: wire(70) }),
      tenKForm({ targetLatihan: 'Menjaga Kebugaran', tanggalRace: null, kategoriTargetRace: null, targetWaktu: null, kebugaranFocus: 'Tambah Jarak Lari' }),
    ]) {
      expectPlanPasses(await createPlan(headers, form), form);
    }
  });

  it('a race change approved from the chat (POST /api/ai/modify) is judged the same way: a marathon in 3 weeks is refused, a 10K moved 2 weeks later is planned', async () => {
    const { headers } = await trialing();
    const draft = json<PlanDraftResponse>(await createPlan(headers, tenKForm()));
    expect((await t.app.inject({ method: 'POST', url: `/api/ai/drafts/${draft.draftId}/save`, headers })).statusCode).toBe(200);
    const modify = (action: object) => t.app.inject({ method: 'POST', url: '/api/ai/modify', headers, payload: { modification: { instruction: 'Ganti race', action } } });
    const refused = refusalOf(await modify({ type: 'race', raceDate: wire(22), raceDistance: 'Full Marathon', targetTime: '04:30:00' }));
    expect(refused.code).toBe('GOAL_NOT_SAFE');
    expect(refused.alternatives!.length).toBeGreaterThan(0);
    const later = await modify({ type: 'race', raceDate: wire(85), raceDistance: '10K' });
    expect(later.statusCode, later.body).toBe(200);
    expect(json<PlanDraftResponse>(later).trainingPlan.at(-1)).toMatchObject({ date: wire(85), title: 'Race Day' });
  });

  it('publishes the refusal in OpenAPI: 422 with code, message, alternatives and errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> } }>;
    };
    const schema = doc.paths['/api/ai/createplan']!.post!.responses['422']!.content['application/json']!.schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['code', 'message', 'alternatives', 'errors']));
  });
});
