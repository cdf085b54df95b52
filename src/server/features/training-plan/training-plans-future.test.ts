import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Run, TrainingPlan } from '../../../domain/training-plan/contract';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { byTitle, insertAiRun, planApi, runInput, setPeriodEnd } from '../../test/fixtures/training-plan';

const FUTURE = 'Hasil latihan baru bisa dicatat pada hari latihan atau sesudahnya.';
const result = { trainingdistance: 10, trainingtime: 3000, traininghr: 150 };

/**
 * "A run dated in the future cannot be logged as done" (issue 11 item 8), on every path that writes
 * a result. The server's clock is pinned: 10 March 2027, 23:30 in Jakarta (16:30 UTC).
 */
describe('training plans API: no result on a day still to come', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { now: () => new Date('2027-03-10T16:30:00Z') } });
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function runner() {
    const me = await t.login('rina@contoh.id');
    await setPeriodEnd(t, me.userId, new Date('2027-12-31T00:00:00Z'));
    const plan = await api.seed(me.headers, [runInput('10-03-2027', 'Today Run'), runInput('11-03-2027', 'Tomorrow Run'), runInput('09-03-2027', 'Past Run', result)]);
    const run = (title: string) => byTitle(plan.trainingPlan, title);
    return { ...me, plan, run };
  }

  it('PATCH logs a result on the run of today (23:30 in Jakarta)', async () => {
    const me = await runner();
    const today = await api.patch(me.headers, me.plan._id, me.run('Today Run')._id, result);
    expect(today.statusCode).toBe(200);
    expect(today.json().item).toMatchObject({ trainingdistance: 10 });
  });

  it('PATCH refuses a result on a run dated tomorrow with 400 and the message, and stores nothing', async () => {
    const me = await runner();
    const res = await api.patch(me.headers, me.plan._id, me.run('Tomorrow Run')._id, result);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FUTURE);
    expect(byTitle(await api.runs(me.headers), 'Tomorrow Run').trainingdistance).toBeNull();
  });

  it('PATCH accepts a result sent together with a move of a future run to today', async () => {
    const me = await runner();
    const res = await api.patch(me.headers, me.plan._id, me.run('Tomorrow Run')._id, { ...result, date: '10-03-2027' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ date: '10-03-2027', trainingdistance: 10 });
  });

  it('PATCH refuses a result sent together with a move into the future', async () => {
    const me = await runner();
    const res = await api.patch(me.headers, me.plan._id, me.run('Today Run')._id, { ...result, date: '12-03-2027' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FUTURE);
    expect(byTitle(await api.runs(me.headers), 'Today Run')).toMatchObject({ date: '10-03-2027', trainingdistance: null });
  });

  it('moving a future run without a result still works, forward and back', async () => {
    const me = await runner();
    const later = await api.patch(me.headers, me.plan._id, me.run('Tomorrow Run')._id, { date: '20-03-2027' });
    expect(later.statusCode).toBe(200);
    expect(later.json().item).toMatchObject({ date: '20-03-2027', trainingdistance: null });
    const today = await api.patch(me.headers, me.plan._id, me.run('Today Run')._id, { date: '15-03-2027' });
    expect(today.statusCode).toBe(200);
  });

  it('moving a logged run into the future is refused (its result would be on a day still to come); moving it among past days is fine', async () => {
    const me = await runner();
    const future = await api.patch(me.headers, me.plan._id, me.run('Past Run')._id, { date: '11-03-2027' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(FUTURE);
    expect(byTitle(await api.runs(me.headers), 'Past Run')).toMatchObject({ date: '09-03-2027', trainingdistance: 10 });
    const past = await api.patch(me.headers, me.plan._id, me.run('Past Run')._id, { date: '10-03-2027' });
    expect(past.statusCode).toBe(200);
  });

  it('clearing a result is allowed whatever the date (so a result stored before the rule can be removed)', async () => {
    const me = await runner();
    const ai = await insertAiRun(t, me.userId, '2027-03-20', 'Tempo Run', { trainingDistance: 8, trainingTime: 2400, trainingHr: 160, trainingPace: 300 });
    const res = await api.patch(me.headers, me.plan._id, ai.id, { trainingdistance: null, trainingtime: null, traininghr: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ trainingdistance: null });
  });

  it('POST refuses a new run dated tomorrow with a result, and adds none of the request', async () => {
    const me = await runner();
    const res = await api.post(me.headers, [runInput('08-03-2027', 'Fine'), runInput('11-03-2027', 'Too early', result)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FUTURE);
    expect((await api.runs(me.headers)).map((r) => (r as Run).title)).not.toContain('Fine');
    // The same run without a result is a plan, and is added.
    expect((await api.post(me.headers, [runInput('11-03-2027', 'Planned')])).statusCode).toBe(201);
  });

  it('PUT refuses a result on a future day (new run, or a kept run moved forward) and leaves the plan as it was', async () => {
    const me = await runner();
    const before = await api.runs(me.headers);
    const keep = before.map((r) => ({ ...(r as Run) }));
    const added = await api.put(me.headers, [...keep, runInput('12-03-2027', 'New', result)]);
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(FUTURE);
    const moved = await api.put(me.headers, keep.map((r) => (r.title === 'Past Run' ? { ...r, date: '11-03-2027' } : r)));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(FUTURE);
    expect(await api.runs(me.headers)).toEqual(before);
  });

  it('PUT keeps a stored run sent back unchanged, even one logged before the rule on a later day', async () => {
    const me = await runner();
    await insertAiRun(t, me.userId, '2027-03-20', 'Tempo Run', { trainingDistance: 8, trainingTime: 2400, trainingHr: 160, trainingPace: 300 });
    const plan = (await api.get(me.headers)).json().trainingPlans[0] as TrainingPlan;
    const res = await api.put(me.headers, plan.trainingPlan);
    expect(res.statusCode).toBe(200);
    expect(byTitle(res.json().trainingPlan, 'Tempo Run')).toMatchObject({ date: '20-03-2027', trainingdistance: 8 });
  });
});
