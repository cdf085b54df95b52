import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Run } from '../../../domain/training-plan/contract';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { planApi, runInput, UNKNOWN_ID, type Method } from '../../test/fixtures/training-plan';

const DATE_INVALID = 'Tanggal harus berformat DD-MM-YYYY.';
const DATE_REQUIRED = 'Tanggal tidak boleh kosong.';
const DATE_NOT_IN_CALENDAR = 'Tanggal tersebut tidak ada di kalender.';
const DATE_OUT_OF_RANGE = 'Tanggal harus di antara tahun 2000 dan 2100.';

/** Reading a plan: access, the whole plan, one day, a span of days. */
describe('training plans API: access and reads', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const endpoints: [Method, string, unknown?][] = [
    ['GET', '/api/training-plans'],
    ['GET', '/api/training-plans/by-date?date=05-01-2027'],
    ['GET', '/api/training-plans/range?from=05-01-2027&to=11-01-2027'],
    ['POST', '/api/training-plans', { trainingPlan: [runInput('05-01-2027')] }],
    ['PUT', '/api/training-plans', { trainingPlan: [runInput('05-01-2027')] }],
    ['PATCH', `/api/training-plans/${UNKNOWN_ID}/item/${UNKNOWN_ID}`, { date: '06-01-2027' }],
    ['DELETE', `/api/training-plans/${UNKNOWN_ID}/program/${UNKNOWN_ID}`],
    ['DELETE', `/api/training-plans/${UNKNOWN_ID}`],
  ];

  it('answers 401 to anonymous callers and bad tokens on every endpoint, before validating anything', async () => {
    const bad = [undefined, { authorization: 'Bearer not-a-token' }, { authorization: 'Bearer null' }];
    for (const headers of bad) {
      for (const [method, url, payload] of endpoints) {
        const res = await api.call(method, url, headers, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ message: 'Sesi Anda telah berakhir. Silakan masuk lagi.', code: 'UNAUTHORIZED' });
      }
      // invalid input is still 401, not 400: an anonymous caller learns nothing
      expect((await api.call('GET', '/api/training-plans/by-date?date=nope', headers)).statusCode).toBe(401);
      expect((await api.call('POST', '/api/training-plans', headers, { trainingPlan: 'x' })).statusCode).toBe(401);
    }
    expect(await api.runs((await t.login('rina@contoh.id')).headers)).toEqual([]);
  });

  it('a revoked session is refused (logout) while another runner still reads their own plan', async () => {
    const me = await t.login('rina@contoh.id');
    await api.seed(me.headers, [runInput('05-01-2027')]);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.headers, payload: { refreshToken: me.refreshToken } });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await api.get(me.headers)).statusCode).toBe(401);
    const again = await t.login('rina@contoh.id');
    expect(await api.runs(again.headers)).toHaveLength(1);
  });

  it("GET returns only the caller's plan, runs sorted by date", async () => {
    const rina = await t.login('rina@contoh.id');
    const budi = await t.login('budi@contoh.id');
    await api.seed(rina.headers, [runInput('20-01-2027', 'Long Run'), runInput('03-01-2027', 'Easy Run'), runInput('31-12-2026', 'Tempo Run')]);
    await api.seed(budi.headers, [runInput('04-01-2027', 'Budi Run')]);
    const res = await api.get(rina.headers);
    expect(res.statusCode).toBe(200);
    const { trainingPlans } = res.json();
    expect(trainingPlans).toHaveLength(1);
    expect(trainingPlans[0].trainingPlan.map((r: Run) => [r.date, r.title])).toEqual([
      ['31-12-2026', 'Tempo Run'],
      ['03-01-2027', 'Easy Run'],
      ['20-01-2027', 'Long Run'],
    ]);
    expect((await api.get((await t.login('sari@contoh.id')).headers)).statusCode).toBe(404);
  });

  it('by-date returns only the runs of that day', async () => {
    const me = await t.login('rina@contoh.id');
    const budi = await t.login('budi@contoh.id');
    const plan = await api.seed(me.headers, [
      runInput('04-01-2027', 'Before'),
      runInput('05-01-2027', 'Easy Run'),
      runInput('05-01-2027', 'Strength'),
      runInput('06-01-2027', 'After'),
    ]);
    await api.seed(budi.headers, [runInput('05-01-2027', 'Budi Run')]);
    const res = await api.byDate(me.headers, '05-01-2027');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.trainingPlans).toHaveLength(1);
    expect(body.trainingPlans[0]._id).toBe(plan._id);
    expect(body.trainingPlans[0].trainingPlan.map((r: Run) => r.title).sort()).toEqual(['Easy Run', 'Strength']);
    const empty = await api.byDate(me.headers, '07-01-2027');
    expect(empty.json()).toEqual({ trainingPlans: [{ _id: plan._id, trainingPlan: [] }] });
    expect((await api.byDate(me.headers, ' 05-01-2027 ')).json().trainingPlans[0].trainingPlan).toHaveLength(2);
  });

  it('range returns the runs of those days, both ends included, sorted by date', async () => {
    const me = await t.login('rina@contoh.id');
    await api.seed(me.headers, [
      runInput('12-01-2027', 'Sunday after'),
      runInput('11-01-2027', 'Last day'),
      runInput('04-01-2027', 'Day before'),
      runInput('07-01-2027', 'Middle'),
      runInput('05-01-2027', 'First day'),
    ]);
    const res = await api.range(me.headers, '05-01-2027', '11-01-2027');
    expect(res.statusCode).toBe(200);
    expect(res.json().trainingPlans[0].trainingPlan.map((r: Run) => [r.date, r.title])).toEqual([
      ['05-01-2027', 'First day'],
      ['07-01-2027', 'Middle'],
      ['11-01-2027', 'Last day'],
    ]);
    const oneDay = await api.range(me.headers, '07-01-2027', '07-01-2027');
    expect(oneDay.json().trainingPlans[0].trainingPlan.map((r: Run) => r.title)).toEqual(['Middle']);
    // across a year end
    await api.seed(me.headers, [runInput('31-12-2026', 'Old year'), runInput('01-01-2027', 'New year')]);
    const yearEnd = await api.range(me.headers, '30-12-2026', '02-01-2027');
    expect(yearEnd.json().trainingPlans[0].trainingPlan.map((r: Run) => r.title)).toEqual(['Old year', 'New year']);
  });

  it('by-date and range answer {trainingPlans: []} when there is no plan', async () => {
    const me = await t.login('rina@contoh.id');
    const day = await api.byDate(me.headers, '05-01-2027');
    expect(day.statusCode).toBe(200);
    expect(day.json()).toEqual({ trainingPlans: [] });
    const span = await api.range(me.headers, '05-01-2027', '11-01-2027');
    expect(span.statusCode).toBe(200);
    expect(span.json()).toEqual({ trainingPlans: [] });
  });

  it('by-date refuses missing and malformed dates with 400 and an Indonesian message', async () => {
    const me = await t.login('rina@contoh.id');
    const cases: [string, string][] = [
      ['/api/training-plans/by-date', DATE_REQUIRED],
      ['/api/training-plans/by-date?date=', DATE_REQUIRED],
      ['/api/training-plans/by-date?date=2027-01-05', DATE_INVALID],
      ['/api/training-plans/by-date?date=31-02-2027', DATE_NOT_IN_CALENDAR],
      ['/api/training-plans/by-date?date=29-02-2027', DATE_NOT_IN_CALENDAR], // not a leap year
      ['/api/training-plans/by-date?date=5-1-2027', DATE_INVALID],
      ['/api/training-plans/by-date?date=00-01-2027', DATE_NOT_IN_CALENDAR],
      ['/api/training-plans/by-date?date=05-13-2027', DATE_NOT_IN_CALENDAR],
      ['/api/training-plans/by-date?date=05-01-0202', DATE_OUT_OF_RANGE],
      ['/api/training-plans/by-date?date=05-01-2101', DATE_OUT_OF_RANGE],
      ['/api/training-plans/by-date?date=05%2F01%2F2027', DATE_INVALID],
      ["/api/training-plans/by-date?date=05-01-2027'%20or%201=1--", DATE_INVALID],
    ];
    for (const [url, message] of cases) {
      const res = await api.call('GET', url, me.headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    // a repeated parameter is not a date either (and never a 500)
    const twice = await api.call('GET', '/api/training-plans/by-date?date=05-01-2027&date=06-01-2027', me.headers);
    expect(twice.statusCode).toBe(400);
    // a leap day is fine
    expect((await api.byDate(me.headers, '29-02-2028')).statusCode).toBe(200);
  });

  it('range refuses bad or missing dates, an end before the start, and spans over 366 days', async () => {
    const me = await t.login('rina@contoh.id');
    const bad: [string, string][] = [
      ['/api/training-plans/range?from=05-01-2027', DATE_REQUIRED],
      ['/api/training-plans/range?to=05-01-2027', DATE_REQUIRED],
      ['/api/training-plans/range', DATE_REQUIRED],
      ['/api/training-plans/range?from=2027-01-05&to=11-01-2027', DATE_INVALID],
      ['/api/training-plans/range?from=05-01-2027&to=31-02-2027', DATE_NOT_IN_CALENDAR],
      ['/api/training-plans/range?from=31-12-1999&to=05-01-2000', DATE_OUT_OF_RANGE],
    ];
    for (const [url, message] of bad) {
      const res = await api.call('GET', url, me.headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
    const backwards = await api.range(me.headers, '11-01-2027', '10-01-2027');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: 'Tanggal akhir harus sama dengan atau setelah tanggal awal.', code: 'INVALID_RANGE' });
    // 2028 is a leap year: 01-01 to 31-12 is exactly 366 days, one more is too many
    expect((await api.range(me.headers, '01-01-2028', '31-12-2028')).statusCode).toBe(200);
    const tooLong = await api.range(me.headers, '01-01-2028', '01-01-2029');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'Rentang tanggal maksimal 366 hari.', code: 'INVALID_RANGE' });
    expect((await api.range(me.headers, '01-01-2000', '31-12-2100')).statusCode).toBe(400);
  });
});
