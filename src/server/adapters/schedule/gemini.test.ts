import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiFailure } from '../ai/port';
import { googleError, startFakeGemini, type FakeGemini } from '../ai/testing/fake-gemini';
import { createGeminiScheduleReader } from './gemini';

/** The Gemini schedule reader against a stand-in for the Gemini API on 127.0.0.1. */
describe('Gemini schedule reader', () => {
  let fake: FakeGemini;
  const reader = () => createGeminiScheduleReader({ apiKey: fake.apiKey, model: 'gemini-2.5-flash', baseUrl: fake.url, timeoutMs: 5000 });
  const file = { data: Buffer.from('%PDF-1.7 jadwal'), mime: 'application/pdf' as const, today: '2026-11-20' };
  beforeAll(async () => {
    fake = await startFakeGemini();
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('sends the file as inline data with a response schema, and keeps only rows the domain rules accept', async () => {
    fake.enqueue({
      kind: 'json',
      value: {
        runs: [
          { date: '24-11-2026', title: 'Tempo Run', program: '8k', paceRange: "5'00 - 5'15" },
          { date: 'Senin 30 November', title: 'Long Run', program: '(18k)', paceRange: '' },
          { date: 'besok', title: 'Easy Run', program: '5k', paceRange: '' },
          { date: '25-11-2026', title: 'Interval', program: 'cepat sekali', paceRange: 'kencang' },
        ],
      },
    });
    const runs = await reader().read(file);
    expect(runs).toEqual([
      { date: '24-11-2026', title: 'Tempo Run', program: '(8k)', paceRange: "5'00 - 5'15", color: 'bg-orange-500', generatedby: 'coach' },
      { date: '30-11-2026', title: 'Long Run', program: '(18k)', paceRange: '', color: 'bg-green-500', generatedby: 'coach' },
      { date: '25-11-2026', title: 'Interval', program: '', paceRange: '', color: 'bg-red-500', generatedby: 'coach' },
    ]);
    const body = fake.requests[0]!.body!;
    expect(body.contents![0]!.parts![0]!.inlineData).toEqual({ mimeType: 'application/pdf', data: file.data.toString('base64') });
    expect(body.generationConfig?.responseMimeType).toBe('application/json');
  });

  it('turns unusable answers and outages into the spec messages', async () => {
    fake.enqueue({ kind: 'text', text: 'Maaf, saya tidak bisa membaca jadwal ini.' });
    await expect(reader().read(file)).rejects.toMatchObject({ kind: 'unreadable', message: 'AI tidak mengembalikan format yang diharapkan.' });
    fake.enqueue({ kind: 'json', value: { jadwal: [] } });
    await expect(reader().read(file)).rejects.toBeInstanceOf(AiFailure);
    fake.enqueue(googleError(500), googleError(500));
    await expect(reader().read(file)).rejects.toMatchObject({ kind: 'unavailable', message: 'Gagal mengunggah jadwal.' });
  });
});
