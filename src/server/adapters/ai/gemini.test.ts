import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiMessages, createPlanRequestSchema, type ChatMessage, type PlanForm } from '../../../domain/ai-coach/contract';
import type { Run } from '../../../domain/training-plan/contract';
import { plannedRun } from '../../../domain/training-plan/run-fixture';
import { createGeminiCoach, PLAN_WINDOW_DAYS_AFTER } from './gemini';
import { AiFailure, type AiCoachPort, type ChatInput, type CreatePlanInput, type ModifyInput } from './port';
import { googleError, promptText, startFakeGemini, type FakeGemini, type FakeGeminiReply } from './testing/fake-gemini';

const form: PlanForm = createPlanRequestSchema.parse({
  umur: 34,
  jenisKelamin: 'Perempuan',
  runningExperience: '1-3 Tahun',
  kemampuanLari: 'Menengah',
  riwayatCidera: 'Cedera lutut kiri tahun lalu',
  personalBests: [{ distance: '10K', time: '00:58:30' }],
  jarakMingguan: 23,
  lariTerjauh: 12,
  tanggalMulai: '05-01-2026',
  targetLatihan: 'Race Selanjutnya',
  tanggalRace: '29-03-2026',
  kategoriTargetRace: 'Half Marathon',
  targetWaktu: '02:15:00',
  hariLatihan: ['Selasa', 'Kamis', 'Minggu'],
  hariLongRun: 'Minggu',
  aksesTrek: 'Tidak',
  catatanLainnya: 'Kerja shift malam',
});

const planInput: CreatePlanInput = { form, today: '2026-01-02', startDay: '2026-01-05', endDay: '2026-03-29' };

/** A run as the model answers it: typed, the structure of its fast part in numbers. */
const run = (
  date: string,
  kind: string,
  km: number,
  paceRange: string,
  periodization: 'Base' | 'Build' | 'Taper' | null = 'Base',
  work: { reps: number; repKm?: number; repMinutes?: number } | null = null,
) => ({ date, kind, km, reps: work?.reps ?? null, repKm: work?.repKm ?? null, repMinutes: work?.repMinutes ?? null, paceRange, periodization });

const storedRun = (id: string, date: string, title: string, program: string): Run =>
  plannedRun({ _id: id, date, title, program, paceRange: "6'40 - 7'10", color: 'bg-blue-500', periodization: 'Base', generatedby: 'ai' });

const history: ChatMessage[] = [
  { role: 'user', content: 'Minggu ini saya sibuk sekali' },
  { role: 'ai', content: 'Hari apa saja Anda bisa berlari?' },
];

const chatInput = (overrides: Partial<ChatInput> = {}): ChatInput => ({
  form,
  maingoal: 'Half Marathon di bawah 2 jam 15 menit',
  chathistory: history,
  usermessage: 'Pindahkan long run ke hari Sabtu minggu ini',
  plan: [
    storedRun('r1', '06-01-2026', 'Recovery Run', '(5k)'),
    storedRun('r2', '11-01-2026', 'Endurance Long Run', '(12k)'),
    storedRun('far', '01-03-2026', 'Tempo Run', '(9k)'),
  ],
  today: '2026-01-07',
  ...overrides,
});

const modifyInput: ModifyInput = {
  form,
  plan: chatInput().plan,
  modifications: [{ instruction: 'Pindahkan long run 11-01-2026 ke Sabtu 10-01-2026', startDate: '10-01-2026', endDate: '11-01-2026' }],
  today: '2026-01-07',
};

/** Runs `act`, expecting it to fail with an AiFailure of this kind and message. */
async function expectFailure(act: Promise<unknown>, kind: AiFailure['kind'], message: string): Promise<AiFailure> {
  const err = await act.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AiFailure);
  expect(err).toMatchObject({ kind, message });
  return err as AiFailure;
}

describe('Gemini coach (fake Gemini on 127.0.0.1)', () => {
  let fake: FakeGemini;
  let coach: AiCoachPort;
  let logged: unknown[][];

  const makeCoach = (over: { timeoutMs?: number; apiKey?: string; retryDelayMs?: number } = {}) =>
    createGeminiCoach({
      apiKey: over.apiKey ?? fake.apiKey,
      model: 'gemini-2.5-flash',
      baseUrl: fake.url,
      timeoutMs: over.timeoutMs ?? 5_000,
      retryDelayMs: over.retryDelayMs ?? 20,
      log: { warn: ((...args: unknown[]) => void logged.push(args)) as never },
    });

  beforeAll(async () => {
    fake = await startFakeGemini();
  });
  beforeEach(() => {
    fake.reset();
    logged = [];
    coach = makeCoach();
  });
  afterAll(async () => {
    await fake.close();
  });

  const reply = (...replies: FakeGeminiReply[]) => fake.enqueue(...replies);

  describe('createPlan', () => {
    it('asks gemini-2.5-flash for JSON with a response schema, with the key header and the runner’s form in the prompt', async () => {
      reply({ kind: 'json', value: { runs: [run('06-01-2026', 'recovery', 5, "7'00 - 7'30")], notes: ['Mulai pelan.'] } });
      await coach.createPlan(planInput);
      expect(fake.requests).toHaveLength(1);
      const req = fake.requests[0]!;
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
      expect(req.model).toBe('gemini-2.5-flash');
      expect(req.headers['x-goog-api-key']).toBe(fake.apiKey);
      expect(req.path).not.toContain(fake.apiKey);
      const config = req.body!.generationConfig!;
      expect(config.responseMimeType).toBe('application/json');
      expect(config.responseSchema).toMatchObject({ type: 'OBJECT', required: ['runs', 'notes'] });
      // Typed runs: the kind and the fast part's structure in numbers, never a free-text title.
      expect(JSON.stringify(config.responseSchema)).toContain('"interval"');
      expect(JSON.stringify(config.responseSchema)).toContain('repMinutes');
      expect(JSON.stringify(config.responseSchema)).not.toContain('"title"');
      const prompt = promptText(req);
      // the runner's data
      for (const text of ['Cedera lutut kiri tahun lalu', 'Kerja shift malam', '"jarakMingguan": 23', '"lariTerjauh": 12', '00:58:30', '"hariLongRun": "Minggu"', 'Half Marathon']) {
        expect(prompt).toContain(text);
      }
      // the span and the rules
      expect(prompt).toContain('05-01-2026 (Senin)');
      expect(prompt).toContain('29-03-2026 (Minggu)');
      expect(prompt).toMatch(/10%/);
      expect(prompt).toMatch(/35%/);
      expect(prompt).toMatch(/16-22 km/);
      expect(prompt).toMatch(/28-35 km/);
      expect(prompt).toContain('Race Day');
      expect(prompt).toMatch(/Base.*Build.*Taper/);
      expect(prompt).toContain("m'ss - m'ss");
    });

    it('writes the typed runs as the engine writes them (structured titles, whole distance, the fast part’s pace), by date, days outside the span dropped', async () => {
      reply({
        kind: 'json',
        value: {
          runs: [
            run('08-01-2026', 'tempo', 9, '5:40-5:55/km', 'Build', { reps: 3, repKm: 1.6 }),
            run('2026-01-06', 'recovery', 5, "7'00 - 7'30"),
            run('04-01-2026', 'recovery', 5, "7'00 - 7'30"),
            run('13-01-2026', 'interval', 8.2, "5'10 - 5'20", 'Build', { reps: 5, repKm: 0.8 }),
            run('15-01-2026', 'tempo', 7, "5'40 - 5'55", 'Build'),
            run('29-03-2026', 'race', 21.1, "6'20 - 6'25", 'Taper'),
            run('30-03-2026', 'recovery', 4, "7'00 - 7'30", 'Taper'),
          ],
          notes: ['Program disesuaikan dengan riwayat cedera lutut.'],
        },
      });
      const plan = await coach.createPlan(planInput);
      expect(plan.runs).toEqual([
        { date: '06-01-2026', title: 'Recovery Run', program: '(5k)', paceRange: "7'00 - 7'30", color: 'bg-blue-500', periodization: 'Base', generatedby: 'ai' },
        { date: '08-01-2026', title: 'Tempo 3 × 1,6 km', program: '(9k)', paceRange: "5'40 - 5'55", color: 'bg-orange-500', periodization: 'Build', generatedby: 'ai' },
        { date: '13-01-2026', title: 'Interval 5 × 800 m', program: '(8k)', paceRange: "5'10 - 5'20", color: 'bg-red-500', periodization: 'Build', generatedby: 'ai' },
        // A session without its structure cannot be written honestly: an easy run of its distance.
        { date: '15-01-2026', title: 'Easy Run', program: '(7k)', paceRange: "5'40 - 5'55", color: 'bg-blue-500', periodization: 'Build', generatedby: 'ai' },
        { date: '29-03-2026', title: 'Race Day', program: '(HM)', paceRange: "6'20 - 6'25", color: 'bg-pink-700', periodization: 'Taper', generatedby: 'ai' },
      ]);
      expect(plan.notes).toEqual(['Program disesuaikan dengan riwayat cedera lutut.']);
      expect(logged).toContainEqual([expect.objectContaining({ operation: 'createPlan', dropped: 2 }), expect.any(String)]);
    });

    it.each<[string, FakeGeminiReply]>([
      ['garbage text', { kind: 'text', text: 'Maaf, saya tidak bisa membantu dengan itu.' }],
      ['malformed JSON', { kind: 'text', text: '{"runs": [{"date": "06-01-2026", "kind": ' }],
      ['JSON of the wrong shape', { kind: 'json', value: { plan: [] } }],
      ['a kind outside the vocabulary', { kind: 'json', value: { runs: [run('06-01-2026', 'jogging', 5, "7'00 - 7'30")], notes: [] } }],
      ['a distance that is not one', { kind: 'json', value: { runs: [run('06-01-2026', 'easy', -5, "7'00 - 7'30")], notes: [] } }],
      ['a day the calendar lacks', { kind: 'json', value: { runs: [run('31-02-2026', 'recovery', 5, "7'00 - 7'30")], notes: [] } }],
      ['a pace that is not a pace', { kind: 'json', value: { runs: [run('06-01-2026', 'recovery', 5, 'santai')], notes: [] } }],
      ['no run inside the span', { kind: 'json', value: { runs: [run('01-01-2026', 'recovery', 5, "7'00 - 7'30")], notes: [] } }],
      ['an HTTP body with no candidates', { kind: 'http', status: 200, body: { promptFeedback: { blockReason: 'SAFETY' } } }],
      ['an HTTP body that is not JSON', { kind: 'http', status: 200, body: undefined }],
    ])('%s → bad output with the spec’s message', async (_name, answer) => {
      reply(answer);
      await expectFailure(coach.createPlan(planInput), 'bad-output', aiMessages.badOutput);
      expect(fake.requests).toHaveLength(1);
    });

    it('a reply slower than the timeout → timeout with the spec’s message, without waiting for it', async () => {
      coach = makeCoach({ timeoutMs: 150 });
      reply({ kind: 'json', value: { runs: [], notes: [] }, delayMs: 3_000 });
      const started = Date.now();
      await expectFailure(coach.createPlan(planInput), 'timeout', aiMessages.timeout);
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('the timeout bounds the whole call, the wait before the retry included', async () => {
      coach = makeCoach({ timeoutMs: 200, retryDelayMs: 5_000 });
      reply(googleError(429), { kind: 'json', value: { runs: [], notes: [] } });
      const started = Date.now();
      await expectFailure(coach.createPlan(planInput), 'timeout', aiMessages.timeout);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(fake.requests).toHaveLength(1);
    });

    it('HTTP 500 → unavailable with the create message, not retried', async () => {
      reply(googleError(500));
      await expectFailure(coach.createPlan(planInput), 'unavailable', aiMessages.createFailed);
      expect(fake.requests).toHaveLength(1);
    });

    it('a dropped connection or a refused key → unavailable', async () => {
      reply({ kind: 'drop' });
      await expectFailure(coach.createPlan(planInput), 'unavailable', aiMessages.createFailed);
      await expectFailure(makeCoach({ apiKey: 'wrong-key' }).createPlan(planInput), 'unavailable', aiMessages.createFailed);
    });

    it('retries once after 429 or 503, and gives up after the second', async () => {
      reply(googleError(429), { kind: 'json', value: { runs: [run('06-01-2026', 'recovery', 5, "7'00 - 7'30")], notes: [] } });
      expect((await coach.createPlan(planInput)).runs).toHaveLength(1);
      expect(fake.requests).toHaveLength(2);

      fake.reset();
      reply(googleError(503), googleError(503), googleError(503));
      await expectFailure(coach.createPlan(planInput), 'unavailable', aiMessages.createFailed);
      expect(fake.requests).toHaveLength(2);
    });

    it('never logs the API key', async () => {
      reply({ kind: 'text', text: 'garbage' }, googleError(500), googleError(429), googleError(429));
      for (let i = 0; i < 3; i++) await coach.createPlan(planInput).catch(() => undefined);
      await makeCoach({ apiKey: 'AIza-secret-wrong' }).createPlan(planInput).catch(() => undefined);
      expect(logged.length).toBeGreaterThanOrEqual(4);
      const text = JSON.stringify(logged);
      expect(text).not.toContain(fake.apiKey);
      expect(text).not.toContain('AIza-secret-wrong');
    });
  });

  describe('chat', () => {
    it('sends the message, history, main goal, form, today and the plan around today, and returns a COMPLETE reply', async () => {
      const modification = { instruction: 'Pindahkan long run dari Minggu 11-01-2026 ke Sabtu 10-01-2026', startDate: '10-01-2026', endDate: '11-01-2026', date: null };
      reply({ kind: 'json', value: { status: 'COMPLETE', clarification_question: null, modifications: [modification] } });
      const answer = await coach.chat(chatInput());
      expect(answer).toEqual({
        status: 'COMPLETE',
        clarification_question: null,
        modifications: [{ instruction: modification.instruction, startDate: '10-01-2026', endDate: '11-01-2026' }],
      });
      const req = fake.requests[0]!;
      expect(req.body!.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseSchema: { required: ['status', 'clarification_question', 'modifications'] } });
      const prompt = promptText(req);
      for (const text of ['Pindahkan long run ke hari Sabtu minggu ini', 'Minggu ini saya sibuk sekali', 'Hari apa saja Anda bisa berlari?', 'Half Marathon di bawah 2 jam 15 menit', 'Cedera lutut kiri tahun lalu', '07-01-2026 (Rabu)', '"date":"11-01-2026"', '"title":"Endurance Long Run"', '"program":"(12k)"']) {
        expect(prompt).toContain(text);
      }
      // 01-03-2026 is more than PLAN_WINDOW_DAYS_AFTER days ahead: left out to bound the prompt.
      expect(PLAN_WINDOW_DAYS_AFTER).toBeLessThan(53);
      expect(prompt).not.toContain('01-03-2026');
    });

    it('works without a saved form and returns a clarification question', async () => {
      reply({ kind: 'json', value: { status: 'NEEDS_CLARIFICATION', clarification_question: 'Hari apa yang Anda inginkan?', modifications: [] } });
      const answer = await coach.chat(chatInput({ form: null, chathistory: [] }));
      expect(answer).toEqual({ status: 'NEEDS_CLARIFICATION', clarification_question: 'Hari apa yang Anda inginkan?', modifications: [] });
      expect(promptText(fake.requests[0]!)).toContain('belum mengisi formulir');
    });

    it('replaces one run with date and new_workout', async () => {
      const modification = { instruction: 'Ganti dengan Recovery Run', date: '11-01-2026', new_workout: { title: 'Recovery Run', program: '(6k)', pacerange: "7'00 - 7'30" } };
      reply({ kind: 'json', value: { status: 'COMPLETE', clarification_question: null, modifications: [modification] } });
      expect((await coach.chat(chatInput())).modifications).toEqual([modification]);
    });

    it.each<[string, unknown]>([
      ['a clarification without a question', { status: 'NEEDS_CLARIFICATION', clarification_question: null, modifications: [] }],
      ['a modification naming no day', { status: 'COMPLETE', clarification_question: null, modifications: [{ instruction: 'Kurangi volume' }] }],
      ['a modification with an ISO date', { status: 'COMPLETE', clarification_question: null, modifications: [{ instruction: 'x', startDate: '2026-01-10', endDate: '2026-01-11' }] }],
      ['an unknown status', { status: 'OK', clarification_question: null, modifications: [] }],
    ])('%s → bad output', async (_name, value) => {
      reply({ kind: 'json', value });
      await expectFailure(coach.chat(chatInput()), 'bad-output', aiMessages.badOutput);
    });

    it('HTTP 500 → unavailable with the chat message; a slow reply → timeout', async () => {
      reply(googleError(500));
      await expectFailure(coach.chat(chatInput()), 'unavailable', aiMessages.chatFailed);
      reply({ kind: 'json', value: {}, delayMs: 3_000 });
      await expectFailure(makeCoach({ timeoutMs: 100 }).chat(chatInput()), 'timeout', aiMessages.timeout);
    });
  });

  describe('modify', () => {
    it('sends the plan and the approved modifications and returns the new runs of the range in ISO days', async () => {
      reply({
        kind: 'json',
        value: {
          startDate: '10-01-2026',
          endDate: '11-01-2026',
          trainingPlan: [run('10-01-2026', 'long', 12, "6'50 - 7'20"), run('11-01-2026', 'recovery', 4, "7'10 - 7'40")],
          notes: ['Long run dipindah ke Sabtu.'],
        },
      });
      const out = await coach.modify(modifyInput);
      expect(out).toEqual({
        startDay: '2026-01-10',
        endDay: '2026-01-11',
        notes: ['Long run dipindah ke Sabtu.'],
        runs: [
          { date: '10-01-2026', title: 'Endurance Long Run', program: '(12k)', paceRange: "6'50 - 7'20", color: 'bg-green-500', periodization: 'Base', generatedby: 'ai' },
          { date: '11-01-2026', title: 'Recovery Run', program: '(4k)', paceRange: "7'10 - 7'40", color: 'bg-blue-500', periodization: 'Base', generatedby: 'ai' },
        ],
      });
      const req = fake.requests[0]!;
      expect(req.body!.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseSchema: { required: ['trainingPlan', 'startDate', 'endDate'] } });
      const prompt = promptText(req);
      expect(prompt).toContain('Pindahkan long run 11-01-2026 ke Sabtu 10-01-2026');
      expect(prompt).toContain('"date":"11-01-2026"');
      expect(prompt).toContain('"hariLatihan"');
    });

    it('a reversed range or a run of the wrong shape → bad output; HTTP 503 twice → unavailable with the approve message', async () => {
      reply({ kind: 'json', value: { startDate: '11-01-2026', endDate: '10-01-2026', trainingPlan: [] } });
      await expectFailure(coach.modify(modifyInput), 'bad-output', aiMessages.badOutput);
      reply({ kind: 'json', value: { startDate: '10-01-2026', endDate: '11-01-2026', trainingPlan: [{ date: '10-01-2026' }] } });
      await expectFailure(coach.modify(modifyInput), 'bad-output', aiMessages.badOutput);
      reply(googleError(503), googleError(503));
      await expectFailure(coach.modify(modifyInput), 'unavailable', aiMessages.approveFailed);
    });
  });

  describe('readWorkoutImage', () => {
    const image = { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]), mimeType: 'image/png' as const };

    it('sends the image inline with a prompt for distance, moving time and heart rate, and normalises the answer', async () => {
      reply({ kind: 'json', value: { distance: 10.024, time: '52:07', avgHeartRate: 151.4 } });
      expect(await coach.readWorkoutImage(image)).toEqual({ distance: 10.02, time: '00:52:07', avgHeartRate: 151 });
      const req = fake.requests[0]!;
      const parts = req.body!.contents!.flatMap((c) => c.parts ?? []);
      expect(parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: image.data.toString('base64') } });
      expect(req.body!.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseSchema: { required: ['distance', 'time', 'avgHeartRate'] } });
      const prompt = promptText(req);
      expect(prompt).toMatch(/km/);
      expect(prompt).toMatch(/hh:mm:ss/);
      expect(prompt).toMatch(/detak jantung/);
    });

    it('keeps what it read and nulls what no run can have', async () => {
      reply({ kind: 'json', value: { distance: 5.5, time: null, avgHeartRate: 400 } });
      expect(await coach.readWorkoutImage(image)).toEqual({ distance: 5.5, time: null, avgHeartRate: null });
    });

    it('nothing read → unreadable; garbage → bad output; HTTP 500 → the image message', async () => {
      reply({ kind: 'json', value: { distance: null, time: null, avgHeartRate: null } });
      await expectFailure(coach.readWorkoutImage(image), 'unreadable', aiMessages.imageUnreadable);
      reply({ kind: 'text', text: 'Jarak 10 km' });
      await expectFailure(coach.readWorkoutImage(image), 'bad-output', aiMessages.badOutput);
      reply(googleError(500));
      await expectFailure(coach.readWorkoutImage(image), 'unavailable', aiMessages.imageFailed);
    });
  });
});
