import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, isoToPlanDate } from '../../../domain/shared/wire-date';
import { MAX_RUNS_PER_PLAN, MAX_RUNS_PER_REQUEST, messages } from '../../../domain/training-plan/training-plan';
import { trainingPlans, trainingRuns } from '../../db/schema/training-plan';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { afterTestDates, planApi, runInput, type Method } from '../../test/fixtures/training-plan';

/** Bodies the write routes must refuse with 400 (never 500), leaving the plan as it was. */
describe('training plans API: input limits and malformed bodies', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { now: afterTestDates } });
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** Runs on consecutive days from 01-01-2027. */
  const manyRuns = (n: number) =>
    Array.from({ length: n }, (_, i) => runInput(isoToPlanDate(addDays('2027-01-01', i % 700)), 'Easy Run'));

  async function seeded() {
    const me = await t.login('rina@contoh.id');
    const plan = await api.seed(me.headers, [runInput('05-01-2027', 'Easy Run', { trainingdistance: 5, trainingtime: 1800, traininghr: 140 })]);
    return { ...me, plan };
  }

  it(`refuses more than ${MAX_RUNS_PER_REQUEST} runs in one request, on POST and PUT`, async () => {
    const me = await seeded();
    for (const method of ['POST', 'PUT'] as const) {
      const res = await api.call(method, '/api/training-plans', me.headers, { trainingPlan: manyRuns(MAX_RUNS_PER_REQUEST + 1) });
      expect(res.statusCode, method).toBe(400);
      expect(res.json()).toMatchObject({ message: `Maksimal ${MAX_RUNS_PER_REQUEST} aktivitas per permintaan.`, code: 'VALIDATION_ERROR' });
    }
    expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
    // exactly the limit is fine
    const atLimit = await api.put(me.headers, manyRuns(MAX_RUNS_PER_REQUEST));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().trainingPlan).toHaveLength(MAX_RUNS_PER_REQUEST);
  });

  it(`refuses a POST that would take the plan over ${MAX_RUNS_PER_PLAN} runs`, async () => {
    const me = await seeded();
    const [plan] = await t.database.db.select().from(trainingPlans).where(eq(trainingPlans.userId, me.userId));
    const filler = Array.from({ length: MAX_RUNS_PER_PLAN - 2 }, (_, i) => ({ planId: plan!.id, day: addDays('2027-02-01', i % 300), title: 'Easy Run' }));
    for (let i = 0; i < filler.length; i += 1000) await t.database.db.insert(trainingRuns).values(filler.slice(i, i + 1000));
    // the plan now holds one run short of the limit: two more is one too many
    const res = await api.post(me.headers, [runInput('06-01-2027'), runInput('07-01-2027')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: `Maksimal ${MAX_RUNS_PER_PLAN} aktivitas dalam satu program latihan.`, code: 'PLAN_TOO_LARGE' });
    expect((await api.byDate(me.headers, '06-01-2027')).json().trainingPlans[0].trainingPlan).toEqual([]);
    expect((await api.post(me.headers, [runInput('06-01-2027')])).statusCode).toBe(201); // the last one fits
  });

  it(`refuses a PUT whose new runs, with the locked runs it may not delete, would take the plan over ${MAX_RUNS_PER_PLAN}`, async () => {
    const me = await seeded(); // no subscription period: every AI run is locked
    const [plan] = await t.database.db.select().from(trainingPlans).where(eq(trainingPlans.userId, me.userId));
    const locked = Array.from({ length: MAX_RUNS_PER_PLAN - 1 }, (_, i) => ({
      planId: plan!.id,
      day: addDays('2027-02-01', i % 300),
      title: 'Long Run',
      generatedBy: 'ai' as const,
    }));
    for (let i = 0; i < locked.length; i += 1000) await t.database.db.insert(trainingRuns).values(locked.slice(i, i + 1000));
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(trainingRuns);
    // The runner's own run goes, the locked ones stay: one new run fits, two do not.
    const res = await api.put(me.headers, [runInput('06-01-2027'), runInput('07-01-2027')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: `Maksimal ${MAX_RUNS_PER_PLAN} aktivitas dalam satu program latihan.`, code: 'PLAN_TOO_LARGE' });
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(trainingRuns)).toEqual(before);
    const one = await api.put(me.headers, [runInput('06-01-2027')]);
    expect(one.statusCode).toBe(200);
    expect(one.json().trainingPlan).toHaveLength(MAX_RUNS_PER_PLAN);
  });

  it('refuses over-long and empty strings with their Indonesian messages', async () => {
    const me = await seeded();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(101) }, 'Judul maksimal 100 karakter.'],
      [{ title: '   ' }, 'Judul latihan tidak boleh kosong.'],
      [{ title: undefined }, 'Judul latihan tidak boleh kosong.'],
      [{ title: 42 }, 'Judul latihan tidak boleh kosong.'],
      [{ program: 'x'.repeat(101) }, 'Program maksimal 100 karakter.'],
      [{ paceRange: 'x'.repeat(41) }, 'Rentang pace maksimal 40 karakter.'],
      [{ date: undefined }, 'Tanggal tidak boleh kosong.'],
      [{ date: '' }, 'Tanggal tidak boleh kosong.'],
      [{ date: '2027-01-05' }, 'Tanggal harus berformat DD-MM-YYYY.'],
      [{ date: '31-02-2027' }, 'Tanggal tersebut tidak ada di kalender.'],
      [{ date: '31-02-2026' }, 'Tanggal tersebut tidak ada di kalender.'],
      [{ date: '05-01-1999' }, 'Tanggal harus di antara tahun 2000 dan 2100.'],
      [{ date: '05-01-2101' }, 'Tanggal harus di antara tahun 2000 dan 2100.'],
      [{ program: 'lima kilo' }, messages.programInvalid],
      [{ program: 'cepat sekali' }, messages.programInvalid],
      [{ program: '10k cepat sekali' }, messages.programInvalid],
      [{ paceRange: 'cepat sekali' }, messages.paceRangeInvalid],
      [{ paceRange: 'zona 2' }, messages.paceRangeInvalid],
      [{ paceRange: "0'10 - 0'20" }, messages.paceRangeInvalid],
      [{ periodization: 'Peak' }, 'Periodisasi harus Base, Build atau Taper.'],
      [{ generatedby: 'admin' }, 'Sumber aktivitas tidak dikenal.'],
      [{ _id: 'x'.repeat(65) }, ''],
      [{ trainingdistance: 10000, trainingtime: 3000, traininghr: 150 }, 'Jarak lari maksimal 300 km.'],
      [{ trainingdistance: 10, trainingtime: 1.5, traininghr: 150 }, 'Waktu lari harus dalam detik bulat.'],
      [{ trainingdistance: 10, trainingtime: 3000, traininghr: 999 }, 'Rata-rata HR maksimal 250 bpm.'],
    ];
    for (const [extra, message] of cases) {
      for (const method of ['POST', 'PUT'] as const) {
        const res = await api.call(method, '/api/training-plans', me.headers, { trainingPlan: [runInput('06-01-2027', 'Easy Run', extra)] });
        expect(res.statusCode, `${method} ${JSON.stringify(extra)}`).toBe(400);
        if (message) expect(res.json().message, JSON.stringify(extra)).toBe(message);
        expect(res.json().errors?.[0]?.path).toMatch(/^trainingPlan\.0\./);
      }
    }
    // 100 characters (after trimming) is fine
    const ok = await api.post(me.headers, [runInput('06-01-2027', ` ${'x'.repeat(100)} `)]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().trainingPlan[1].title).toBe('x'.repeat(100));
  });

  it('accepts every program and pace-range shape the app, the AI plan and the demo data write', async () => {
    const me = await seeded();
    const programs = ['5K', '10k', '8 km', '21.1k', 'HM', 'FM', '6x800m', '2k + 6k + 2k', '(2k WU + 6x800m rec 400m jog + 2k CD)', '45 menit', '1 jam'];
    const paces: [string, string][] = [
      ["4'10 - 4'15", "4'10 - 4'15"],
      ['4:10-4:15/km', "4'10 - 4'15"],
      ["5'30", "5'30"],
      ["6'45 - 7'00", "6'45 - 7'00"],
      ['', ''],
    ];
    const res = await api.post(me.headers, [
      ...programs.map((program) => runInput('10-01-2027', 'Easy Run', { program })),
      ...paces.map(([paceRange]) => runInput('11-01-2027', 'Tempo Run', { paceRange })),
    ]);
    expect(res.statusCode).toBe(201);
    const runs = res.json().trainingPlan as { date: string; program: string; paceRange: string }[];
    expect(runs.filter((r) => r.date === '10-01-2027').map((r) => r.program)).toEqual(
      programs.map((p) => (p.startsWith('(') ? p : `(${p})`)),
    );
    expect(runs.filter((r) => r.date === '11-01-2027').map((r) => r.paceRange)).toEqual(paces.map(([, stored]) => stored));
  });

  it('refuses bad JSON and wrong shapes with 400 and an Indonesian message, never 500', async () => {
    const me = await seeded();
    const raw = (method: Method, payload: string, contentType = 'application/json') =>
      t.app.inject({ method, url: '/api/training-plans', headers: { ...me.headers, 'content-type': contentType }, payload });
    for (const method of ['POST', 'PUT'] as const) {
      const badJson = await raw(method, '{"trainingPlan": [');
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json()).toMatchObject({ message: 'Format JSON tidak valid.' });
      const empty = await raw(method, '');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/\S/);
      const text = await raw(method, 'trainingPlan=1', 'text/plain');
      expect([400, 415]).toContain(text.statusCode);
      const shapes: unknown[] = [
        { trainingPlan: 'not a list' },
        { trainingPlan: { 0: runInput('06-01-2027') } },
        { trainingPlan: null },
        {},
        [runInput('06-01-2027')],
        { trainingPlan: [null] },
        { trainingPlan: ['05-01-2027'] },
        { trainingPlan: [[runInput('06-01-2027')]] },
      ];
      for (const body of shapes) {
        const res = await raw(method, JSON.stringify(body));
        expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      const notList = await api.call(method, '/api/training-plans', me.headers, { trainingPlan: 'x' });
      expect(notList.json().message).toBe('trainingPlan harus berupa daftar aktivitas.');
    }
    expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
  });

  it('a PUT that fails on its last run changes nothing (one transaction)', async () => {
    // The last run claims to be a coach's: refused (403) after the others were already handled.
    const me = await seeded();
    const runs = [...me.plan.trainingPlan, runInput('06-01-2027', 'Tempo Run'), runInput('07-01-2027', 'Long Run', { generatedby: 'coach' })];
    const res = await api.put(me.headers, runs);
    expect(res.statusCode).toBe(403);
    expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
  });
});
