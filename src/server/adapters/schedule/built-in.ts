import { extractText } from 'unpdf';
import { coachingMessages } from '../../../domain/coaching/contract';
import { readScheduleText } from '../../../domain/coaching/schedule-table';
import { AiFailure } from '../ai/port';
import { createWorkoutOcr, type WorkoutOcr } from '../ai/workout-ocr';
import type { ScheduleReaderPort } from './port';

/**
 * The built-in schedule reader (offline, the default): a PDF's text layer through unpdf, a photo
 * through the OCR worker of the AI coach (tesseract.js, packaged model), then the domain's reader
 * of date / title / program / pace rows. A scanned PDF without a text layer reads as nothing.
 */
export function createBuiltInScheduleReader(options: { ocr?: WorkoutOcr } = {}): ScheduleReaderPort & { close(): Promise<void> } {
  let ocr = options.ocr ?? null;
  return {
    name: 'built-in',
    async read({ data, mime, today }) {
      let text: string;
      if (mime === 'application/pdf') {
        try {
          // unpdf reads the bytes it is given in place: hand it a copy, the Buffer may be pooled.
          const result = await extractText(new Uint8Array(data), { mergePages: false });
          text = result.text.join('\n');
        } catch (error) {
          throw new AiFailure('unreadable', coachingMessages.scheduleUnexpected, { cause: error });
        }
      } else {
        ocr ??= createWorkoutOcr();
        text = await ocr.readText(data);
      }
      return readScheduleText(text, today);
    },
    async close() {
      await ocr?.close();
    },
  };
}
