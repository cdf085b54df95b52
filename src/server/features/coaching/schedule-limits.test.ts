import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coachingMessages } from '../../../domain/coaching/contract';
import { imageLimitMessages } from '../../../domain/uploads/contract';
import { addDays, isoToPlanDate, jakartaToday } from '../../../domain/shared/wire-date';
import { createBuiltInScheduleReader } from '../../adapters/schedule/built-in';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { multipart, TINY_PNG } from '../../test/fixtures/multipart';
import { pdfBomb } from '../../test/fixtures/pdf-bomb';

/** A one-page PDF with one schedule line in its text layer. */
async function schedulePdf(line: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(line, { x: 40, y: 800, size: 11, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/**
 * Issue 26 §6: a coach's schedule PDF is read in a worker thread under limits, so a crafted file
 * costs one thread for a bounded time and everyone else is answered meanwhile.
 */
describe('schedule files that would stall the server', () => {
  let t: TestApp;
  // A short time limit keeps the test short; the server's default is 10 s.
  const schedule = createBuiltInScheduleReader({ pdfLimits: { timeoutMs: 3000 } });
  beforeAll(async () => {
    t = await buildTestApp({ deps: { schedule } });
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function connected() {
    const coach = await t.login('pelatih@contoh.id', 'coach');
    const runner = await t.login('pelari@contoh.id', 'runner');
    const made = await t.app.inject({ method: 'POST', url: '/api/dev/coaching/connections', headers: coach.headers, payload: { runnerEmail: 'pelari@contoh.id', weeks: 4 } });
    expect(made.statusCode, made.body).toBe(201);
    return { coach, url: `/api/runner/${runner.userId}/training-plans/schedule/parse` };
  }
  const upload = (url: string, headers: Record<string, string>, bytes: Buffer, type = 'application/pdf') => {
    const body = multipart([{ field: 'file', filename: type === 'application/pdf' ? 'jadwal.pdf' : 'jadwal.png', type, bytes }]);
    return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('/api/health answers in under 200 ms while a PDF bomb is parsed; the bomb is killed and answered 422; the server goes on', async () => {
    const { coach, url } = await connected();
    // 30 pages (the limit) sharing one content stream of 60 000 text operators: ~15 KB that kept
    // unpdf busy on the main thread for well over the time limit.
    const bomb = pdfBomb({ pages: 30, ops: 60_000 });
    expect(bomb.length).toBeLessThan(150_000);
    let done = false;
    const parsing = upload(url, coach.headers, bomb).finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      latencies.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await parsing;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: coachingMessages.scheduleTooComplex, code: 'FILE_TOO_COMPLEX' });
    // Health was asked all along (the parse ran ~3 s), and never waited.
    expect(latencies.length).toBeGreaterThan(10);
    console.info(`health during the bomb: ${latencies.length} answers, slowest ${Math.max(...latencies).toFixed(1)} ms (answer ${latencies.indexOf(Math.max(...latencies)) + 1})`);
    // Health answers in < 200 ms; a 2-core CI machine running other test files beside this one may
    // pause any single answer (one 213 ms was seen), so the bar holds for 9 in 10 answers and no answer
    // ever waits a second — the parse on the main thread stalled health for 9–18 s.
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]!).toBeLessThan(200);
    expect(sorted.at(-1)!).toBeLessThan(1000);

    // A real schedule still reads afterwards (a fresh thread replaced the killed one).
    const day = isoToPlanDate(addDays(jakartaToday(), 2));
    const fine = await upload(url, coach.headers, await schedulePdf(`${day}   Tempo Run   (8k)   5'00 - 5'15`));
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().trainingPlan).toHaveLength(1);
  }, 60_000);

  it('refuses a PDF over the page limit and a deflate bomb with 422, at once', async () => {
    const { coach, url } = await connected();
    for (const bomb of [pdfBomb({ pages: 31, ops: 1 }), pdfBomb({ pages: 1, ops: 1_000_000 })]) {
      const started = Date.now();
      const res = await upload(url, coach.headers, bomb);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ message: coachingMessages.scheduleTooComplex, code: 'FILE_TOO_COMPLEX' });
      expect(Date.now() - started).toBeLessThan(2900);
    }
  }, 60_000);

  it('refuses a schedule photo over 40 megapixels before any OCR', async () => {
    const { coach, url } = await connected();
    const forged = Buffer.from(TINY_PNG);
    forged.writeUInt32BE(8000, 16);
    forged.writeUInt32BE(5001, 20);
    const res = await upload(url, coach.headers, forged, 'image/png');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: imageLimitMessages.tooManyPixels, code: 'IMAGE_TOO_MANY_PIXELS' });
  });
});
