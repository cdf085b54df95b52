import { ApiError, GoogleGenAI, Type, type Schema } from '@google/genai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { aiMessages } from '../../../domain/ai-coach/contract';
import { coachingMessages } from '../../../domain/coaching/contract';
import { scheduleRunFromFields, type ScheduleRun } from '../../../domain/coaching/schedule-table';
import { AiFailure } from '../ai/port';
import type { ScheduleReaderPort } from './port';

/**
 * The Gemini schedule reader: the file itself (PDF or photo) as inline data, answered as JSON that
 * follows a response schema; every row then passes the same domain rules as the built-in reader
 * (real date, title, program in parentheses, pace range). Nothing usable → 'unreadable'.
 */

export interface GeminiScheduleOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  timeoutMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export const scheduleResponseSchema: Schema = {
  type: Type.OBJECT,
  properties: {
    runs: {
      type: Type.ARRAY,
      items: {
        type: Type.OBJECT,
        properties: {
          date: { type: Type.STRING, description: 'DD-MM-YYYY' },
          title: { type: Type.STRING },
          program: { type: Type.STRING, description: 'Jarak atau durasi, mis. 10k, HM, 45 menit; kosong bila tidak ada' },
          paceRange: { type: Type.STRING, description: "m'ss - m'ss per km; kosong bila tidak ada" },
        },
        required: ['date', 'title', 'program', 'paceRange'],
        propertyOrdering: ['date', 'title', 'program', 'paceRange'],
      },
    },
  },
  required: ['runs'],
};

const answerSchema = z.object({
  runs: z.array(z.object({ date: z.string().max(40), title: z.string().max(200), program: z.string().max(200).nullish(), paceRange: z.string().max(60).nullish() })).max(1000),
});

export const SCHEDULE_PROMPT =
  'Ini adalah jadwal latihan lari dari seorang pelatih. Baca setiap baris latihan: tanggal (DD-MM-YYYY; bila tahun tidak tertulis, ' +
  'pakai tahun yang paling dekat dengan hari ini {today}), judul latihan, program (jarak atau durasi) dan rentang pace. ' +
  'Lewati judul kolom, catatan dan hari tanpa latihan. Jangan menebak nilai yang tidak tertulis. Jawab hanya JSON.';

export function createGeminiScheduleReader(opts: GeminiScheduleOptions): ScheduleReaderPort {
  const ai = new GoogleGenAI({
    apiKey: opts.apiKey,
    apiVersion: 'v1beta',
    httpOptions: { ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}), timeout: opts.timeoutMs },
  });
  const unexpected = (reason: string) => {
    opts.log?.warn({ adapter: 'gemini', operation: 'readSchedule', reason }, 'Gemini: jadwal tidak sesuai format');
    return new AiFailure('unreadable', coachingMessages.scheduleUnexpected);
  };

  return {
    name: 'gemini',
    async read({ data, mime, today }) {
      const deadline = AbortSignal.timeout(opts.timeoutMs);
      let text: string;
      try {
        const response = await ai.models.generateContent({
          model: opts.model,
          contents: [{ role: 'user', parts: [{ inlineData: { mimeType: mime, data: data.toString('base64') } }, { text: SCHEDULE_PROMPT.replace('{today}', today) }] }],
          config: { responseMimeType: 'application/json', responseSchema: scheduleResponseSchema, temperature: 0, abortSignal: deadline },
        });
        text = (response.candidates?.[0]?.content?.parts ?? [])
          .filter((p) => typeof p.text === 'string' && !p.thought)
          .map((p) => p.text)
          .join('');
      } catch (err) {
        if (deadline.aborted) throw new AiFailure('timeout', aiMessages.timeout, { cause: err });
        const status = err instanceof ApiError ? err.status : null;
        opts.log?.warn({ adapter: 'gemini', operation: 'readSchedule', status }, 'Gemini: permintaan gagal');
        throw new AiFailure('unavailable', coachingMessages.scheduleUploadFailed, { cause: err });
      }
      let value: unknown;
      try {
        value = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        throw unexpected('not-json');
      }
      const parsed = answerSchema.safeParse(value);
      if (!parsed.success) throw unexpected('schema');
      return parsed.data.runs.map((row) => scheduleRunFromFields(row, today)).filter((run): run is ScheduleRun => run !== null);
    },
  };
}
