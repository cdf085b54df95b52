import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrainingPlan } from '../../../domain/training-plan/contract';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { afterTestDates, byTitle, insertAiRun, insertCoachRun, planApi, runInput, setPeriodEnd, UNKNOWN_ID, type Headers } from '../../test/fixtures/training-plan';

const ALL_OR_NONE = 'Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.';
const DELETE_NOT_USER = 'Hanya bisa menghapus aktivitas yang Anda buat sendiri';

/** Changing one run: PATCH (result, date), the two deletes, ownership and locked AI runs. */
describe('training plans API: PATCH and DELETE', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { now: afterTestDates } });
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  /** A runner with a subscription through 2027, a run of their own and an (open) AI run. */
  async function runnerWithPlan(email = 'rina@contoh.id') {
    const me = await t.login(email);
    await setPeriodEnd(t, me.userId, new Date('2027-12-31T00:00:00Z'));
    await api.seed(me.headers, [runInput('05-01-2027', 'Easy Run')]);
    await insertAiRun(t, me.userId, '2027-01-06', 'Tempo Run', { program: '(5k)', paceRange: "6'00 - 6'30", color: 'bg-orange-500', periodization: 'Build' });
    const plan = (await api.get(me.headers)).json().trainingPlans[0] as TrainingPlan;
    return { ...me, plan, user: byTitle(plan.trainingPlan, 'Easy Run'), ai: byTitle(plan.trainingPlan, 'Tempo Run') };
  }

  const patchOf = (headers: Headers, plan: TrainingPlan, runId: string, body: unknown) => api.patch(headers, plan._id, runId, body);

  describe('PATCH', () => {
    it('logs a result and derives trainingpace in seconds per km (a sent trainingpace is ignored)', async () => {
      const me = await runnerWithPlan();
      const res = await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 10, trainingtime: 3000, traininghr: 150, trainingpace: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ item: { ...me.user, trainingdistance: 10, trainingtime: 3000, trainingpace: 300, traininghr: 150, source: 'manual' } });
      expect(byTitle(await api.runs(me.headers), 'Easy Run')).toEqual(res.json().item);
      // fractional km: 5.25 km in 1617 s is 308 s/km
      const frac = await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 5.25, trainingtime: 1617, traininghr: 149 });
      expect(frac.json().item).toMatchObject({ trainingdistance: 5.25, trainingtime: 1617, trainingpace: 308 });
      // an AI run (not locked) can be logged too
      const ai = await patchOf(me.headers, me.plan, me.ai._id, { trainingdistance: 8, trainingtime: 2400, traininghr: 160 });
      expect(ai.json().item).toMatchObject({ generatedby: 'ai', periodization: 'Build', trainingpace: 300 });
    });

    it('refuses a partial result with the all-or-none message and saves nothing', async () => {
      const me = await runnerWithPlan();
      for (const body of [{ trainingdistance: 10 }, { trainingtime: 3000, traininghr: 150 }, { traininghr: 150, date: '07-01-2027' }]) {
        const res = await patchOf(me.headers, me.plan, me.user._id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ message: ALL_OR_NONE, code: 'RESULT_INCOMPLETE' });
      }
      expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan); // not even the date moved
    });

    it('checks all-or-none against what is stored: one field may change alone, one may not be cleared alone', async () => {
      const me = await runnerWithPlan();
      await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 10, trainingtime: 3000, traininghr: 150 });
      const hrOnly = await patchOf(me.headers, me.plan, me.user._id, { traininghr: 155 });
      expect(hrOnly.statusCode).toBe(200);
      expect(hrOnly.json().item).toMatchObject({ trainingdistance: 10, trainingtime: 3000, traininghr: 155, trainingpace: 300 });
      const timeOnly = await patchOf(me.headers, me.plan, me.user._id, { trainingtime: 3500 });
      expect(timeOnly.json().item).toMatchObject({ trainingtime: 3500, trainingpace: 350 });
      const clearOne = await patchOf(me.headers, me.plan, me.user._id, { traininghr: null });
      expect(clearOne.statusCode).toBe(400);
      expect(clearOne.json().message).toBe(ALL_OR_NONE);
      expect(byTitle(await api.runs(me.headers), 'Easy Run')).toMatchObject({ traininghr: 155, trainingtime: 3500 });
    });

    it('clears a result when all three are sent as null', async () => {
      const me = await runnerWithPlan();
      await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 10, trainingtime: 3000, traininghr: 150 });
      const res = await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: null, trainingtime: null, traininghr: null });
      expect(res.statusCode).toBe(200);
      expect(res.json().item).toEqual(me.user);
      expect(byTitle(await api.runs(me.headers), 'Easy Run')).toEqual(me.user);
    });

    it('moves a run to another date (and keeps its result); a bad date is 400 and nothing moves', async () => {
      const me = await runnerWithPlan();
      await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 10, trainingtime: 3000, traininghr: 150 });
      const moved = await patchOf(me.headers, me.plan, me.user._id, { date: '01-02-2027' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().item).toMatchObject({ _id: me.user._id, date: '01-02-2027', trainingdistance: 10, trainingpace: 300 });
      expect((await api.byDate(me.headers, '01-02-2027')).json().trainingPlans[0].trainingPlan.map((r: { _id: string }) => r._id)).toEqual([me.user._id]);
      expect((await api.byDate(me.headers, '05-01-2027')).json().trainingPlans[0].trainingPlan).toEqual([]);
      for (const date of ['2027-02-02', '31-02-2027', '', 'besok', null, 5]) {
        const res = await patchOf(me.headers, me.plan, me.user._id, { date });
        expect(res.statusCode, String(date)).toBe(400);
        expect(res.json().message, String(date)).toMatch(/^Tanggal /);
      }
      // a date and a full result in one request
      const both = await patchOf(me.headers, me.plan, me.user._id, { date: '02-02-2027', trainingdistance: 5, trainingtime: 1500, traininghr: 140 });
      expect(both.json().item).toMatchObject({ date: '02-02-2027', trainingdistance: 5, trainingpace: 300 });
      // a date with a partial result is refused whole
      const bad = await patchOf(me.headers, me.plan, me.user._id, { date: '03-02-2027', trainingdistance: null });
      expect(bad.statusCode).toBe(400);
      expect(byTitle(await api.runs(me.headers), 'Easy Run')).toMatchObject({ date: '02-02-2027', trainingdistance: 5 });
    });

    it('refuses negative, absurd and mistyped values with 400 and saves nothing', async () => {
      const me = await runnerWithPlan();
      const ok = { trainingdistance: 10, trainingtime: 3000, traininghr: 150 };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...ok, trainingdistance: -1 }, 'Jarak lari harus lebih dari 0 km.'],
        [{ ...ok, trainingdistance: 0 }, 'Jarak lari harus lebih dari 0 km.'],
        [{ ...ok, trainingdistance: 10000 }, 'Jarak lari maksimal 300 km.'],
        [{ ...ok, trainingdistance: '10' }, 'Jarak lari harus berupa angka.'],
        [{ ...ok, trainingdistance: [10] }, 'Jarak lari harus berupa angka.'],
        [{ ...ok, trainingdistance: { km: 10 } }, 'Jarak lari harus berupa angka.'],
        [{ ...ok, trainingtime: 1.5 }, 'Waktu lari harus dalam detik bulat.'],
        [{ ...ok, trainingtime: -60 }, 'Waktu lari harus lebih dari 0 detik.'],
        [{ ...ok, trainingtime: 0 }, 'Waktu lari harus lebih dari 0 detik.'],
        [{ ...ok, trainingtime: 48 * 3600 + 1 }, 'Waktu lari maksimal 48 jam.'],
        [{ ...ok, trainingtime: '00:50:00' }, 'Waktu lari harus berupa angka (detik).'],
        [{ ...ok, traininghr: 999 }, 'Rata-rata HR maksimal 250 bpm.'],
        [{ ...ok, traininghr: 10 }, 'Rata-rata HR minimal 30 bpm.'],
        [{ ...ok, traininghr: 150.5 }, 'Rata-rata HR harus bilangan bulat.'],
        [{ ...ok, traininghr: 'tinggi' }, 'Rata-rata HR harus berupa angka.'],
        [{ ...ok, traininghr: true }, 'Rata-rata HR harus berupa angka.'],
        [{ ...ok, trainingpace: -5 }, ''], // zod's Indonesian default
      ];
      for (const [body, message] of cases) {
        const res = await patchOf(me.headers, me.plan, me.user._id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
        if (message) expect(res.json().message, JSON.stringify(body)).toBe(message);
        else expect(res.json().message).toMatch(/\S/);
      }
      // 1e400 is Infinity once parsed
      const inf = await t.app.inject({
        method: 'PATCH',
        url: `/api/training-plans/${me.plan._id}/item/${me.user._id}`,
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload: '{"trainingdistance":1e400,"trainingtime":3000,"traininghr":150}',
      });
      expect(inf.statusCode).toBe(400);
      expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
    });

    it('accepts the limits themselves (300 km, 48 h, HR 30 and 250)', async () => {
      const me = await runnerWithPlan();
      const max = await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 300, trainingtime: 48 * 3600, traininghr: 250 });
      expect(max.json().item).toMatchObject({ trainingdistance: 300, trainingtime: 172800, trainingpace: 576, traininghr: 250 });
      const min = await patchOf(me.headers, me.plan, me.user._id, { trainingdistance: 0.1, trainingtime: 1, traininghr: 30 });
      expect(min.json().item).toMatchObject({ trainingpace: 10, traininghr: 30 });
    });

    it('never fails with 500 on a tiny distance with a long time (the pace would overflow its column)', async () => {
      const me = await runnerWithPlan();
      for (const trainingdistance of [1e-9, 1e-300, Number.MIN_VALUE]) {
        const res = await patchOf(me.headers, me.plan, me.user._id, { trainingdistance, trainingtime: 172800, traininghr: 150 });
        expect(res.statusCode, String(trainingdistance)).toBe(400);
        expect(res.json().message).toBe('Data latihan tidak valid.');
      }
      const post = await api.post(me.headers, [runInput('07-01-2027', 'Easy Run', { trainingdistance: 1e-9, trainingtime: 172800, traininghr: 150 })]);
      expect(post.statusCode).toBe(400);
      expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
    });

    it('refuses an empty body, a body with nothing it knows, and a body that is not an object', async () => {
      const me = await runnerWithPlan();
      const url = `/api/training-plans/${me.plan._id}/item/${me.user._id}`;
      const none = await t.app.inject({ method: 'PATCH', url, headers: me.headers });
      expect(none.statusCode).toBe(400);
      for (const payload of [{}, { title: 'Renamed', generatedby: 'coach' }, { date: undefined }]) {
        const res = await patchOf(me.headers, me.plan, me.user._id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe('Tidak ada perubahan yang dikirim.');
      }
      for (const payload of ['[]', 'null', '"05-01-2027"', '{"date":']) {
        const res = await t.app.inject({ method: 'PATCH', url, headers: { ...me.headers, 'content-type': 'application/json' }, payload });
        expect(res.statusCode, payload).toBe(400);
      }
      // unknown fields beside a real change are ignored: the maker and title stay
      const res = await patchOf(me.headers, me.plan, me.ai._id, { date: '08-01-2027', generatedby: 'user', title: 'Renamed' });
      expect(res.json().item).toMatchObject({ title: 'Tempo Run', generatedby: 'ai', date: '08-01-2027' });
      expect(byTitle(await api.runs(me.headers), 'Easy Run')).toEqual(me.user);
    });
  });

  describe('ownership', () => {
    it("PATCH with another runner's plan or run id is 404 and their run is unchanged", async () => {
      const rina = await runnerWithPlan('rina@contoh.id');
      const budi = await runnerWithPlan('budi@contoh.id');
      const full = { trainingdistance: 10, trainingtime: 3000, traininghr: 150, date: '01-03-2027' };
      const cases: [string, string, string][] = [
        [budi.plan._id, budi.user._id, 'ID rencana tidak ditemukan.'], // both Budi's
        [budi.plan._id, rina.user._id, 'ID rencana tidak ditemukan.'], // Budi's plan, my run
        [rina.plan._id, budi.user._id, 'Aktivitas tidak ditemukan.'], // my plan, Budi's run
        [rina.plan._id, UNKNOWN_ID, 'Aktivitas tidak ditemukan.'],
        [UNKNOWN_ID, rina.user._id, 'ID rencana tidak ditemukan.'],
      ];
      for (const [planId, runId, message] of cases) {
        const res = await api.patch(rina.headers, planId, runId, full);
        expect(res.statusCode, `${planId}/${runId}`).toBe(404);
        expect(res.json()).toMatchObject({ message, code: 'NOT_FOUND' });
      }
      expect(await api.runs(budi.headers)).toEqual(budi.plan.trainingPlan);
      expect(await api.runs(rina.headers)).toEqual(rina.plan.trainingPlan);
      // a runner without a plan gets 404 too
      const sari = await t.login('sari@contoh.id');
      expect((await api.patch(sari.headers, budi.plan._id, budi.user._id, full)).statusCode).toBe(404);
      expect(await api.runs(budi.headers)).toEqual(budi.plan.trainingPlan);
    });

    it("both DELETEs with another runner's ids are 404 and their runs stay", async () => {
      const rina = await runnerWithPlan('rina@contoh.id');
      const budi = await runnerWithPlan('budi@contoh.id');
      for (const run of [budi.user, budi.ai]) {
        const own = await api.deleteOwn(rina.headers, run._id);
        expect(own.statusCode).toBe(404);
        expect(own.json().message).toBe('Aktivitas tidak ditemukan.');
        expect((await api.deleteProgram(rina.headers, budi.plan._id, run._id)).statusCode).toBe(404);
        expect((await api.deleteProgram(rina.headers, rina.plan._id, run._id)).statusCode).toBe(404);
      }
      expect((await api.deleteProgram(rina.headers, budi.plan._id, rina.user._id)).statusCode).toBe(404);
      expect(await api.runs(budi.headers)).toEqual(budi.plan.trainingPlan);
      expect(await api.runs(rina.headers)).toEqual(rina.plan.trainingPlan);
    });

    it('malformed ids are 404 (or another 4xx when too long), never 500', async () => {
      const me = await runnerWithPlan();
      const bad = ['abc', "1'%20OR%20'1'%3D'1", '1%3B%20DROP%20TABLE%20training_runs%3B--', '%25', '00000000-0000-4000-8000-00000000000Z', `${me.user._id}x`, 'null', '0', '-1'];
      for (const id of bad) {
        for (const res of [
          await api.patch(me.headers, me.plan._id, id, { date: '07-01-2027' }),
          await api.patch(me.headers, id, me.user._id, { date: '07-01-2027' }),
          await api.deleteOwn(me.headers, id),
          await api.deleteProgram(me.headers, me.plan._id, id),
          await api.deleteProgram(me.headers, id, me.user._id),
        ]) {
          expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        }
      }
      for (const long of ['a'.repeat(80), 'a'.repeat(200)]) {
        for (const res of [
          await api.deleteOwn(me.headers, long),
          await api.patch(me.headers, long, long, { date: '07-01-2027' }),
          await api.deleteProgram(me.headers, long, long),
        ]) {
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, res.body).toBeLessThan(500);
        }
      }
      expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
    });
  });

  describe('DELETE /api/training-plans/{runId}', () => {
    it('deletes a run the runner made, only that one', async () => {
      const me = await runnerWithPlan();
      const res = await api.deleteOwn(me.headers, me.user._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Aktivitas dihapus.' });
      expect(await api.runs(me.headers)).toEqual([me.ai]);
      expect((await api.deleteOwn(me.headers, me.user._id)).statusCode).toBe(404); // already gone
    });

    it('refuses an AI run with the spec message and keeps it', async () => {
      const me = await runnerWithPlan();
      const res = await api.deleteOwn(me.headers, me.ai._id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: DELETE_NOT_USER, code: 'FORBIDDEN' });
      expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
    });

    it('refuses a coach run with the same message and keeps it', async () => {
      const me = await runnerWithPlan();
      const coach = await insertCoachRun(t, me.userId, '2027-01-07');
      const res = await api.deleteOwn(me.headers, coach.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DELETE_NOT_USER);
      expect((await api.runs(me.headers)).map((r) => r._id)).toContain(coach.id);
    });

    it('with no id at all is not a delete of anything', async () => {
      const me = await runnerWithPlan();
      const res = await api.call('DELETE', '/api/training-plans/', me.headers);
      expect(res.statusCode).toBe(404);
      expect(await api.runs(me.headers)).toEqual(me.plan.trainingPlan);
    });
  });

  describe('DELETE /api/training-plans/{planId}/program/{runId}', () => {
    it('deletes AI and user runs of the plan', async () => {
      const me = await runnerWithPlan();
      const ai = await api.deleteProgram(me.headers, me.plan._id, me.ai._id);
      expect(ai.statusCode).toBe(200);
      expect(ai.json()).toEqual({ message: 'Aktivitas dihapus.' });
      expect(await api.runs(me.headers)).toEqual([me.user]);
      expect((await api.deleteProgram(me.headers, me.plan._id, me.user._id)).statusCode).toBe(200);
      expect(await api.runs(me.headers)).toEqual([]);
      expect((await api.deleteProgram(me.headers, me.plan._id, me.user._id)).statusCode).toBe(404);
    });

    it('refuses a coach run and keeps it', async () => {
      const me = await runnerWithPlan();
      const coach = await insertCoachRun(t, me.userId, '2027-01-07');
      const res = await api.deleteProgram(me.headers, me.plan._id, coach.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Aktivitas dari pelatih hanya bisa dihapus oleh pelatih.', code: 'FORBIDDEN' });
      expect(byTitle((await api.byDate(me.headers, '07-01-2027')).json().trainingPlans[0].trainingPlan, 'Tempo Run')).toMatchObject({
        _id: coach.id,
        generatedby: 'coach',
      });
    });
  });

  describe('locked AI runs', () => {
    it("refuses PATCH on an AI run dated after the subscription period's end (Jakarta day) with 'Program ini dibatasi'", async () => {
      const me = await t.login('budi@contoh.id');
      await api.seed(me.headers, [runInput('08-01-2027', 'Easy Run')]);
      await insertAiRun(t, me.userId, '2027-01-06', 'Tempo Run');
      await insertAiRun(t, me.userId, '2027-01-07', 'Long Run');
      // Read while the period still covers them all.
      await setPeriodEnd(t, me.userId, new Date('2027-02-01T00:00:00Z'));
      const plan = (await api.get(me.headers)).json().trainingPlans[0] as TrainingPlan;
      // 20:00 UTC on the 5th is 03:00 on the 6th in Jakarta: the 6th is the last day of the period
      await setPeriodEnd(t, me.userId, new Date('2027-01-05T20:00:00Z'));
      const lastDay = byTitle(plan.trainingPlan, 'Tempo Run');
      const locked = byTitle(plan.trainingPlan, 'Long Run');
      const userRun = byTitle(plan.trainingPlan, 'Easy Run');
      const result = { trainingdistance: 10, trainingtime: 3000, traininghr: 150 };

      for (const body of [result, { date: '01-01-2027' }]) {
        const res = await api.patch(me.headers, plan._id, locked._id, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: 'Program ini dibatasi', code: 'FORBIDDEN' });
      }
      expect((await api.runs(me.headers)).find((r) => r._id === locked._id)).toEqual({ _id: locked._id, date: locked.date, generatedby: 'ai', locked: true });
      expect((await api.patch(me.headers, plan._id, lastDay._id, result)).statusCode).toBe(200);
      expect((await api.patch(me.headers, plan._id, userRun._id, result)).statusCode).toBe(200); // user runs never lock

      // a renewed period unlocks it
      await setPeriodEnd(t, me.userId, new Date('2027-02-01T00:00:00Z'));
      expect((await api.patch(me.headers, plan._id, locked._id, result)).statusCode).toBe(200);
      // a user with no period at all (status none or canceled) has every AI run locked, even past ones
      await setPeriodEnd(t, me.userId, null);
      expect((await api.patch(me.headers, plan._id, locked._id, { date: '20-01-2027' })).statusCode).toBe(403);
      expect((await api.patch(me.headers, plan._id, lastDay._id, result)).statusCode).toBe(403);
      expect((await api.patch(me.headers, plan._id, userRun._id, { date: '09-01-2027' })).statusCode).toBe(200);
    });
  });
});
