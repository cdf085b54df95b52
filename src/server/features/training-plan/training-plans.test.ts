import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Run } from '../../../domain/training-plan/contract';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { afterTestDates, byTitle, insertAiRun, insertCoachRun, planApi, runInput, setPeriodEnd } from '../../test/fixtures/training-plan';

/** Writing a plan: POST appends (creating the plan), PUT replaces. */
describe('training plans API: POST and PUT', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { now: afterTestDates } });
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  it('404 before a plan exists; POST creates it with colour and wrapped program; GET reads it back', async () => {
    const me = await t.login('rina@contoh.id', 'runner');
    const before = await t.app.inject({ method: 'GET', url: '/api/training-plans', headers: me.headers });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ code: 'NOT_FOUND' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/training-plans',
      headers: me.headers,
      payload: { trainingPlan: [{ date: '05-01-2027', title: 'Tempo Run', program: '8k', paceRange: "4'50 - 5'00", color: 'bg-black' }] },
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan.trainingPlan[0]).toMatchObject({
      date: '05-01-2027',
      title: 'Tempo Run',
      program: '(8k)',
      color: 'bg-orange-500',
      generatedby: 'user',
      periodization: null,
      trainingdistance: null,
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/training-plans', headers: me.headers });
    expect(read.json()).toEqual({ trainingPlans: [plan] });
  });

  it('derives colour from the title whatever the client sends, and wraps the program once', async () => {
    const me = await t.login('rina@contoh.id');
    const plan = await api.seed(me.headers, [
      runInput('05-01-2027', 'Recovery Run', { color: 'bg-pink-700', program: '(5k)' }),
      runInput('06-01-2027', 'Endurance', { color: 'bg-blue-500', program: '  10k  ' }),
      runInput('07-01-2027', 'Steady Run', { color: '' }),
      runInput('08-01-2027', 'Interval 6x800', { program: '6x800m' }),
      runInput('09-01-2027', 'Race Day HM', { program: 'HM' }),
      runInput('10-01-2027', 'Jalan kaki', { color: 'bg-red-500', program: '' }),
      runInput('11-01-2027', 'Cross training', { program: undefined, paceRange: undefined }),
    ]);
    const runs = plan.trainingPlan.filter((r): r is Run => !r.locked);
    expect(runs.map((r) => [r.title, r.color, r.program])).toEqual([
      ['Recovery Run', 'bg-blue-500', '(5k)'],
      ['Endurance', 'bg-green-500', '(10k)'],
      ['Steady Run', 'bg-yellow-500', '(5k)'],
      ['Interval 6x800', 'bg-red-500', '(6x800m)'],
      ['Race Day HM', 'bg-pink-700', '(HM)'],
      ['Jalan kaki', 'bg-gray-500', ''],
      ['Cross training', 'bg-gray-500', ''],
    ]);
    expect(byTitle(runs, 'Cross training').paceRange).toBe('');
  });

  it("generatedby is 'user' (sent or not), periodization is kept, trainingpace of a result sent along is derived", async () => {
    const me = await t.login('rina@contoh.id');
    const plan = await api.seed(me.headers, [
      runInput('05-01-2027', 'Easy Run', { trainingpace: 1, trainingdistance: 10, trainingtime: 3000, traininghr: 150 }),
      runInput('06-01-2027', 'Tempo Run', { periodization: 'Build' }),
      runInput('07-01-2027', 'Recovery Run', { generatedby: 'user' }),
    ]);
    const runs = plan.trainingPlan.filter((r): r is Run => !r.locked);
    expect(runs.map((r) => [r.title, r.generatedby, r.periodization])).toEqual([
      ['Easy Run', 'user', null],
      ['Tempo Run', 'user', 'Build'],
      ['Recovery Run', 'user', null],
    ]);
    expect(byTitle(plan.trainingPlan, 'Easy Run')).toMatchObject({ trainingdistance: 10, trainingtime: 3000, trainingpace: 300, traininghr: 150 });
  });

  it("refuses generatedby 'coach' with 403 and saves nothing, not even the other runs of the request", async () => {
    const me = await t.login('rina@contoh.id');
    const res = await api.post(me.headers, [runInput('05-01-2027', 'Easy Run'), runInput('06-01-2027', 'Tempo Run', { generatedby: 'coach' })]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api.get(me.headers)).statusCode).toBe(404); // no plan was even created
    await api.seed(me.headers, [runInput('01-01-2027', 'Easy Run')]);
    const again = await api.post(me.headers, [runInput('05-01-2027', 'Tempo Run', { generatedby: 'coach' })]);
    expect(again.statusCode).toBe(403);
    expect((await api.runs(me.headers)).map((r) => r.date)).toEqual(['01-01-2027']);
  });

  it('POST again appends to the same plan, keeping earlier runs and their results', async () => {
    const me = await t.login('rina@contoh.id');
    const first = await api.seed(me.headers, [runInput('10-01-2027', 'Easy Run', { trainingdistance: 5, trainingtime: 1800, traininghr: 140 })]);
    const second = await api.post(me.headers, [runInput('08-01-2027', 'Tempo Run'), runInput('12-01-2027', 'Long Run')]);
    expect(second.statusCode).toBe(201);
    const plan = second.json();
    expect(plan._id).toBe(first._id);
    expect(plan.trainingPlan.map((r: { date: string }) => r.date)).toEqual(['08-01-2027', '10-01-2027', '12-01-2027']);
    expect(byTitle(plan.trainingPlan, 'Easy Run')).toEqual(first.trainingPlan[0]);
    // an empty POST is harmless
    const empty = await api.post(me.headers, []);
    expect(empty.statusCode).toBe(201);
    expect(empty.json().trainingPlan).toHaveLength(3);
  });

  it('POST with an empty list creates an empty plan, which GET then returns instead of 404', async () => {
    const me = await t.login('rina@contoh.id');
    const res = await api.post(me.headers, []);
    expect(res.statusCode).toBe(201);
    const read = await api.get(me.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ trainingPlans: [{ _id: res.json()._id, trainingPlan: [] }] });
  });

  it('concurrent first POSTs make one plan holding every run', async () => {
    const me = await t.login('rina@contoh.id');
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => api.post(me.headers, [runInput(`0${i + 1}-02-2027`, `Easy Run ${i}`)])));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
    expect(await api.runs(me.headers)).toHaveLength(5);
  });

  it('PUT replaces: runs sent with _id keep their id and result, runs left out go, runs without _id are added', async () => {
    const me = await t.login('rina@contoh.id');
    const plan = await api.seed(me.headers, [
      runInput('05-01-2027', 'Easy Run', { trainingdistance: 10, trainingtime: 3000, traininghr: 150 }),
      runInput('06-01-2027', 'Tempo Run'),
      runInput('07-01-2027', 'Long Run'),
    ]);
    const easy = byTitle(plan.trainingPlan, 'Easy Run');
    const tempo = byTitle(plan.trainingPlan, 'Tempo Run');
    const long = byTitle(plan.trainingPlan, 'Long Run');
    const res = await api.put(me.headers, [
      { ...easy }, // sent back whole, as the client read it
      { ...tempo, date: '09-01-2027', title: 'Recovery Run', program: '6k' }, // edited
      runInput('08-01-2027', 'Interval 5x1k'), // new
    ]);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after._id).toBe(plan._id);
    expect(after.trainingPlan.map((r: { title: string }) => r.title)).toEqual(['Easy Run', 'Interval 5x1k', 'Recovery Run']);
    expect(byTitle(after.trainingPlan, 'Easy Run')).toEqual(easy);
    expect(byTitle(after.trainingPlan, 'Recovery Run')).toMatchObject({ _id: tempo._id, date: '09-01-2027', program: '(6k)', color: 'bg-blue-500' });
    const added = byTitle(after.trainingPlan, 'Interval 5x1k');
    expect([easy._id, tempo._id, long._id]).not.toContain(added._id);
    expect(after.trainingPlan.map((r: { _id: string }) => r._id)).not.toContain(long._id);
    expect(await api.runs(me.headers)).toEqual(after.trainingPlan);
  });

  it('PUT keeps the logged result of a run sent with its _id but without result fields', async () => {
    const me = await t.login('rina@contoh.id');
    const plan = await api.seed(me.headers, [runInput('05-01-2027', 'Easy Run', { trainingdistance: 10, trainingtime: 3000, traininghr: 150 })]);
    const easy = plan.trainingPlan[0]!;
    const res = await api.put(me.headers, [{ _id: easy._id, date: '06-01-2027', title: 'Easy Run', program: '5k', paceRange: "6'00 - 6'30" }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().trainingPlan).toEqual([{ ...easy, date: '06-01-2027' }]);
    // explicit nulls clear it
    const cleared = await api.put(me.headers, [{ ...easy, trainingdistance: null, trainingtime: null, traininghr: null }]);
    expect(cleared.json().trainingPlan[0]).toMatchObject({ _id: easy._id, trainingdistance: null, trainingtime: null, trainingpace: null, traininghr: null });
  });

  it('PUT keeps who made a kept run (the stored maker wins) and refuses a new coach run without touching the plan', async () => {
    const me = await t.login('rina@contoh.id');
    await setPeriodEnd(t, me.userId, new Date('2027-12-31T00:00:00Z'));
    await api.seed(me.headers, [runInput('06-01-2027', 'Easy Run')]);
    await insertAiRun(t, me.userId, '2027-01-05', 'Tempo Run', { program: '(5k)', paceRange: "6'00 - 6'30", color: 'bg-orange-500', periodization: 'Base' });
    const ai = byTitle(await api.runs(me.headers), 'Tempo Run');
    const res = await api.put(me.headers, [{ ...ai, generatedby: 'user' }]);
    expect(res.json().trainingPlan).toEqual([ai]);
    // a client sending only the plan fields keeps the AI's periodization too
    const bare = await api.put(me.headers, [{ _id: ai._id, date: ai.date, title: ai.title }]);
    const bareAi = { ...ai, program: '', paceRange: '' };
    expect(bare.json().trainingPlan).toEqual([bareAi]);
    expect((await api.deleteOwn(me.headers, ai._id)).statusCode).toBe(403); // still an AI run
    const coach = await api.put(me.headers, [runInput('07-01-2027', 'Long Run', { generatedby: 'coach' })]);
    expect(coach.statusCode).toBe(403);
    expect(await api.runs(me.headers)).toEqual([bareAi]);
  });

  it('PUT keeps a coach run sent back with its _id', async () => {
    const me = await t.login('rina@contoh.id');
    await api.seed(me.headers, [runInput('05-01-2027', 'Easy Run')]);
    const coachRun = await insertCoachRun(t, me.userId, '2027-01-06');
    const runs = await api.runs(me.headers);
    const res = await api.put(me.headers, runs);
    expect(res.statusCode).toBe(200);
    expect(res.json().trainingPlan).toEqual(runs);
    expect(byTitle(res.json().trainingPlan, 'Tempo Run')).toMatchObject({ _id: coachRun.id, generatedby: 'coach' });
  });

  it("PUT with another runner's run _id never touches that run: it becomes a new run of the caller", async () => {
    const rina = await t.login('rina@contoh.id');
    const budi = await t.login('budi@contoh.id');
    const budiPlan = await api.seed(budi.headers, [runInput('05-01-2027', 'Long Run', { trainingdistance: 20, trainingtime: 7200, traininghr: 155 })]);
    const budiRun = budiPlan.trainingPlan[0]!;
    await api.seed(rina.headers, [runInput('01-01-2027', 'Easy Run')]);
    const res = await api.put(rina.headers, [{ ...budiRun, title: 'Stolen Run', trainingdistance: 1, trainingtime: 600, traininghr: 100 }]);
    expect(res.statusCode).toBe(200);
    const rinaRuns = res.json().trainingPlan;
    expect(rinaRuns).toHaveLength(1);
    expect(rinaRuns[0]).toMatchObject({ title: 'Stolen Run', generatedby: 'user', trainingdistance: 1 });
    expect(rinaRuns[0]._id).not.toBe(budiRun._id);
    expect(await api.runs(budi.headers)).toEqual([budiRun]);
    // Rina's replace with an empty list leaves Budi's plan alone too
    await api.put(rina.headers, []);
    expect(await api.runs(budi.headers)).toEqual([budiRun]);
    expect(await api.runs(rina.headers)).toEqual([]);
  });

  it('PUT treats malformed or repeated _ids as new runs, and creates the plan when there is none', async () => {
    const me = await t.login('rina@contoh.id');
    const first = await api.put(me.headers, [runInput('05-01-2027', 'Easy Run', { _id: "x' or '1'='1" })]);
    expect(first.statusCode).toBe(200);
    const run = first.json().trainingPlan[0];
    expect(run._id).not.toBe("x' or '1'='1");
    const twice = await api.put(me.headers, [run, { ...run, title: 'Tempo Run' }]);
    expect(twice.statusCode).toBe(200);
    const runs = twice.json().trainingPlan;
    expect(runs).toHaveLength(2);
    expect(byTitle(runs, 'Easy Run')._id).toBe(run._id);
    expect(byTitle(runs, 'Tempo Run')._id).not.toBe(run._id);
  });

  it('PUT refuses a partial result with the all-or-none message and leaves the plan as it was', async () => {
    const me = await t.login('rina@contoh.id');
    const plan = await api.seed(me.headers, [runInput('05-01-2027', 'Easy Run')]);
    const res = await api.put(me.headers, [{ ...plan.trainingPlan[0], trainingdistance: 5 }, runInput('06-01-2027', 'Tempo Run')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.');
    expect(await api.runs(me.headers)).toEqual(plan.trainingPlan);
    const post = await api.post(me.headers, [runInput('06-01-2027', 'Tempo Run', { trainingtime: 1200 })]);
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toBe('Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.');
    expect(await api.runs(me.headers)).toEqual(plan.trainingPlan);
  });
});

describe('training plans API: order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { now: afterTestDates } });
  });
  afterAll(() => t.close());

  it('reads runs of the same day back in the order they were sent', async () => {
    const me = await t.login('urut@contoh.id', 'runner');
    const titles = ['Easy Run', 'Strides', 'Core', 'Cool Down', 'Stretching', 'Drill', 'Bike'];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/training-plans',
      headers: me.headers,
      payload: { trainingPlan: titles.map((title) => ({ date: '10-01-2027', title })) },
    });
    expect(res.json().trainingPlan.map((r: { title: string }) => r.title)).toEqual(titles);
  });
});
