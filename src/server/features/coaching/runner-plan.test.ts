import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlanDraftResponse } from '../../../domain/ai-coach/contract';
import { addDays, isoToPlanDate, jakartaToday } from '../../../domain/shared/wire-date';
import type { Run, TrainingPlan } from '../../../domain/training-plan/contract';
import { aiUsage } from '../../db/schema/ai-coach';
import { coachConnections } from '../../db/schema/coaching';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { tenKForm } from '../../test/fixtures/ai-coach';
import { byTitle, planApi, runInput, UNKNOWN_ID, type Headers } from '../../test/fixtures/training-plan';

const NOT_YOUR_RUNNER = 'Pelari ini tidak terhubung dengan Anda atau masa paketnya sudah berakhir.';
const today = jakartaToday();
const day = (offset: number) => isoToPlanDate(addDays(today, offset));

/** A PDF whose text layer holds `lines`, one per line (as a coach's exported schedule). */
export async function schedulePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 22, size: 11, font }));
  return Buffer.from(await pdf.save());
}

/** A multipart body with one `file` part. */
function multipart(data: Buffer, filename: string, type: string, field = 'file') {
  const boundary = '----derapjadwal';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('Ubah Jadwal: a coach and a connected runner\'s plan', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A coach with a live freeslot connection to a runner (no subscription), who has one run of their own. */
  async function connected() {
    const coach = await t.login('pelatih@contoh.id', 'coach');
    const runner = await t.login('pelari@contoh.id', 'runner');
    const made = await call('POST', '/api/dev/coaching/connections', coach.headers, { runnerEmail: 'pelari@contoh.id', weeks: 4 });
    expect(made.statusCode).toBe(201);
    await api.seed(runner.headers, [runInput(day(-2), 'Easy Run')]);
    const base = `/api/runner/${runner.userId}/training-plans`;
    return { coach, runner, base, connectionId: (made.json() as { _id: string })._id };
  }

  const planOf = async (headers: Headers, base: string) => ((await call('GET', base, headers)).json() as { trainingPlans: TrainingPlan[] }).trainingPlans[0]!;

  it("reads the runner's plan as the runner does, adds 'coach' runs and the runner sees them", async () => {
    const { coach, runner, base } = await connected();
    const mine = await planOf(coach.headers, base);
    expect(mine.trainingPlan).toEqual((await api.get(runner.headers)).json().trainingPlans[0].trainingPlan);

    const added = await call('POST', base, coach.headers, { trainingPlan: [runInput(day(3), 'Tempo Run', { program: '8k', paceRange: "5'00 - 5'15" })] });
    expect(added.statusCode, added.body).toBe(201);
    const tempo = byTitle((added.json() as TrainingPlan).trainingPlan, 'Tempo Run');
    expect(tempo).toMatchObject({ generatedby: 'coach', program: '(8k)', color: 'bg-orange-500' });
    expect(byTitle(await api.runs(runner.headers), 'Tempo Run')._id).toBe(tempo._id);

    // The maker is the route's: a coach cannot pass runs off as the AI's or the runner's.
    for (const generatedby of ['ai', 'user']) {
      const res = await call('POST', base, coach.headers, { trainingPlan: [runInput(day(4), 'Easy Run', { generatedby })] });
      expect(res.statusCode).toBe(403);
    }
  });

  it('creates the plan when the runner has none (POST), and 404 on a read before', async () => {
    const coach = await t.login('pelatih2@contoh.id', 'coach');
    const runner = await t.login('baru@contoh.id', 'runner');
    await call('POST', '/api/dev/coaching/connections', coach.headers, { runnerEmail: 'baru@contoh.id' });
    const base = `/api/runner/${runner.userId}/training-plans`;
    expect((await call('GET', base, coach.headers)).statusCode).toBe(404);
    expect((await call('POST', base, coach.headers, { trainingPlan: [runInput(day(1), 'Long Run', { program: '15k' })] })).statusCode).toBe(201);
    expect((await api.runs(runner.headers)).map((r) => (r as Run).title)).toEqual(['Long Run']);
  });

  it("replaces with PUT: the coach's and AI runs left out go, the runner's own and logged runs stay", async () => {
    const { coach, runner, base } = await connected();
    await call('POST', base, coach.headers, { trainingPlan: [runInput(day(-1), 'Steady Run'), runInput(day(5), 'Interval', { program: '6x800m' })] });
    const plan = await planOf(coach.headers, base);
    const steady = byTitle(plan.trainingPlan, 'Steady Run');
    // The runner logged the steady run: a coach's replace must not erase what the runner ran.
    expect((await call('PATCH', `/api/training-plans/${plan._id}/item/${steady._id}`, runner.headers, { trainingdistance: 8, trainingtime: 2700, traininghr: 150 })).statusCode).toBe(200);

    const put = await call('PUT', base, coach.headers, { trainingPlan: [runInput(day(6), 'Race Day', { program: 'HM' })] });
    expect(put.statusCode, put.body).toBe(200);
    const titles = (put.json() as TrainingPlan).trainingPlan.map((r) => (r as Run).title).sort();
    expect(titles).toEqual(['Easy Run', 'Race Day', 'Steady Run']);
    expect(byTitle(await api.runs(runner.headers), 'Race Day').generatedby).toBe('coach');
  });

  it('logs a result for the runner with distance and time required and HR optional; the runner can still move the run', async () => {
    const { coach, runner, base } = await connected();
    const plan = await planOf(coach.headers, base);
    const easy = byTitle(plan.trainingPlan, 'Easy Run');
    const url = `${base}/${plan._id}/item/${easy._id}`;
    for (const body of [{ trainingdistance: 5 }, { trainingtime: 1800 }, { traininghr: 140 }, { trainingtime: 1800, traininghr: 140 }]) {
      const res = await call('PATCH', url, coach.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Jarak Lari dan Waktu wajib diisi. Rata-rata HR boleh dikosongkan.', code: 'RESULT_INCOMPLETE' });
    }
    const logged = await call('PATCH', url, coach.headers, { trainingdistance: 5, trainingtime: 1800 });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().item).toMatchObject({ trainingdistance: 5, trainingtime: 1800, traininghr: null, trainingpace: 360 });
    // The runner's all-or-none rule judges only what the runner changes.
    const moved = await call('PATCH', `/api/training-plans/${plan._id}/item/${easy._id}`, runner.headers, { date: day(-3) });
    expect(moved.statusCode, moved.body).toBe(200);
    // And a plan id that is not the runner's is refused.
    expect((await call('PATCH', `${base}/${UNKNOWN_ID}/item/${easy._id}`, coach.headers, { date: day(-1) })).statusCode).toBe(404);
  });

  it("deletes only the coach's own runs", async () => {
    const { coach, runner, base } = await connected();
    await call('POST', base, coach.headers, { trainingPlan: [runInput(day(2), 'Tempo Run')] });
    const plan = await planOf(coach.headers, base);
    const refused = await call('DELETE', `${base}/${byTitle(plan.trainingPlan, 'Easy Run')._id}`, coach.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Hanya bisa menghapus aktivitas yang dibuat oleh pelatih');
    expect((await call('DELETE', `${base}/${byTitle(plan.trainingPlan, 'Tempo Run')._id}`, coach.headers)).statusCode).toBe(200);
    expect((await api.runs(runner.headers)).map((r) => (r as Run).title)).toEqual(['Easy Run']);
  });

  it('refuses another coach, a runner, unknown and malformed ids with the same answer, and an ended connection at once', async () => {
    const { coach, runner, base, connectionId } = await connected();
    const other = await t.login('lain@contoh.id', 'coach');
    const plan = await planOf(coach.headers, base);
    const runId = plan.trainingPlan[0]!._id;
    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['POST', base, { trainingPlan: [runInput(day(1))] }],
      ['PUT', base, { trainingPlan: [] }],
      ['PATCH', `${base}/${plan._id}/item/${runId}`, { date: day(1) }],
      ['DELETE', `${base}/${runId}`],
      ['POST', `/api/coach/runner/${runner.userId}/ai/chat`, { maingoal: 'Jaga kebugaran', chathistory: [], usermessage: 'Geser latihan' }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method as 'GET', url, other.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(NOT_YOUR_RUNNER);
    }
    for (const id of [UNKNOWN_ID, 'bukan-uuid', "1' or '1'='1"]) {
      const res = await call('GET', `/api/runner/${encodeURIComponent(id)}/training-plans`, coach.headers);
      expect(res.statusCode, id).toBe(404);
    }
    expect((await call('GET', base, runner.headers)).statusCode).toBe(403);

    // The runner ends the relationship: the coach's very next request is refused.
    await t.database.db.update(coachConnections).set({ status: 'ended', endedAt: new Date() }).where(eq(coachConnections.id, connectionId));
    for (const [method, url, body] of attempts.slice(0, 5)) {
      const res = await call(method as 'GET', url, coach.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/coach/my-connections', coach.headers)).json()).toEqual({ data: [] });
  });

  it('lists the live connections for the selector, one per runner, with the package', async () => {
    const { coach } = await connected();
    await call('POST', '/api/dev/coaching/connections', coach.headers, {}); // an empty slot is not a runner
    const res = await call('GET', '/api/coach/my-connections', coach.headers);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { runnerId: { name: string; email: string }; packages: string; displayStatus: string; endDate: string }[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ runnerId: { name: 'pelari', email: 'pelari@contoh.id' }, packages: 'freeslot', displayStatus: 'active', endDate: addDays(today, 28) });
  });

  describe('schedule upload', () => {
    const parse = (headers: Headers, base: string, body: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: `${base}/schedule/parse`, headers: { ...headers, ...body.headers }, payload: body.payload });

    it('reads a PDF schedule into a preview and saves nothing', async () => {
      const { coach, runner, base } = await connected();
      const pdf = await schedulePdf([
        'Jadwal Latihan November',
        'Tanggal   Latihan   Program   Pace',
        `${day(2)}   Tempo Run   (8k)   5'00 - 5'15`,
        `${day(1).replace(/-/g, '/')}   Recovery Run   30 menit   6:30-7:00`,
        'Senin 24 November   Long Run   (18k)',
      ]);
      const res = await parse(coach.headers, base, multipart(pdf, 'jadwal.pdf', 'application/pdf'));
      expect(res.statusCode, res.body).toBe(200);
      const { trainingPlan } = res.json() as { trainingPlan: { date: string; title: string; program: string; paceRange: string; color: string }[] };
      expect(trainingPlan.find((r) => r.title === 'Tempo Run')).toEqual({ date: day(2), title: 'Tempo Run', program: '(8k)', paceRange: "5'00 - 5'15", color: 'bg-orange-500', generatedby: 'coach' });
      expect(trainingPlan.find((r) => r.title === 'Recovery Run')).toMatchObject({ date: day(1), program: '(30 menit)', paceRange: "6'30 - 7'00" });
      expect(trainingPlan.find((r) => r.title === 'Long Run')).toMatchObject({ program: '(18k)', color: 'bg-green-500' });
      expect(trainingPlan).toHaveLength(3);
      expect(await api.runs(runner.headers)).toHaveLength(1);
      // Saving the preview replaces the plan (the runner's own run stays).
      const saved = await call('PUT', base, coach.headers, { trainingPlan });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await api.runs(runner.headers)).toHaveLength(4);
    });

    it('refuses files by content and size, a missing file, and a file with no schedule in it', async () => {
      const { coach, base } = await connected();
      const text = await parse(coach.headers, base, multipart(Buffer.from('24-11-2026 Easy Run'), 'jadwal.pdf', 'application/pdf'));
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toBe('Format file harus PNG, JPG, atau PDF');
      const none = await parse(coach.headers, base, multipart(Buffer.from('x'), 'x.txt', 'text/plain', 'other'));
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Pilih file terlebih dahulu.');
      const empty = await t.app.inject({ method: 'POST', url: `${base}/schedule/parse`, headers: coach.headers });
      expect(empty.json().message).toBe('Pilih file terlebih dahulu.');
      const big = Buffer.concat([await schedulePdf(['x']), Buffer.alloc(10 * 1024 * 1024)]);
      const tooBig = await parse(coach.headers, base, multipart(big, 'besar.pdf', 'application/pdf'));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe('Ukuran file maksimal 10MB');
      const nothing = await parse(coach.headers, base, multipart(await schedulePdf(['Catatan pelatih tanpa tanggal']), 'catatan.pdf', 'application/pdf'));
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json().message).toBe('AI tidak mengembalikan format yang diharapkan.');
    });

    it('refuses a coach who is not connected before reading the file', async () => {
      const { runner } = await connected();
      const other = await t.login('lain2@contoh.id', 'coach');
      const res = await parse(other.headers, `/api/runner/${runner.userId}/training-plans`, multipart(await schedulePdf([`${day(1)} Easy Run`]), 'j.pdf', 'application/pdf'));
      expect(res.statusCode).toBe(404);
    });
  });

  describe('the AI for a connected runner (decision 025)', () => {
    it("works without the runner's premium, counts against the coach's quota, and saves the coach's runs", async () => {
      const { coach, runner } = await connected();
      // The runner has no subscription: their own AI routes are closed.
      expect((await call('POST', '/api/ai/createplan', runner.headers, tenKForm())).statusCode).toBe(403);
      const created = await call('POST', `/api/coach/runner/${runner.userId}/ai/createplan`, coach.headers, tenKForm());
      expect(created.statusCode, created.body).toBe(200);
      const draft = created.json() as PlanDraftResponse;
      expect(draft.trainingPlan.length).toBeGreaterThan(5);
      const usage = await t.database.db.select().from(aiUsage);
      expect(usage.map((u) => u.userId)).toEqual([coach.userId]);

      // The runner cannot save the coach's draft as their own AI plan (premium), and the coach saves it as coach runs.
      expect((await call('POST', `/api/ai/drafts/${draft.draftId}/save`, runner.headers)).statusCode).toBe(403);
      const saved = await call('POST', `/api/coach/runner/${runner.userId}/ai/drafts/${draft.draftId}/save`, coach.headers);
      expect(saved.statusCode, saved.body).toBe(200);
      const runs = await api.runs(runner.headers);
      const coachRuns = runs.filter((r) => r.generatedby === 'coach');
      expect(coachRuns).toHaveLength(draft.trainingPlan.length);
      // Not locked for the runner, who has no subscription: the coach's runs are not behind the paywall.
      expect(coachRuns.every((r) => r.locked === false)).toBe(true);

      // Chat reads the runner's plan; an unconnected runner's id is refused.
      const chat = await call('POST', `/api/coach/runner/${runner.userId}/ai/chat`, coach.headers, { maingoal: 'Race Selanjutnya', chathistory: [], usermessage: 'Kurangi volume minggu ini' });
      expect(chat.statusCode, chat.body).toBe(200);
      expect((await call('POST', `/api/coach/runner/${UNKNOWN_ID}/ai/createplan`, coach.headers, tenKForm())).statusCode).toBe(404);
      const [count] = await t.database.db.select().from(aiUsage).where(and(eq(aiUsage.userId, coach.userId)));
      expect(count!.count).toBe(2);
    });
  });
});
