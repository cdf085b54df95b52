import { coachingMessages } from '../../../domain/coaching/contract';
import { readScheduleText } from '../../../domain/coaching/schedule-table';
import { AiFailure } from '../ai/port';
import { createWorkoutOcr, type WorkoutOcr } from '../ai/workout-ocr';
import { createPdfTextReader, type PdfLimits, type PdfTextReader } from '../parsing/pdf-text';
import { ParseLimitError, PoolBusyError } from '../parsing/worker-pool';
import type { ScheduleReaderPort } from './port';

/**
 * The built-in schedule reader (offline, the default): a PDF's text layer through unpdf in a worker
 * thread under limits (pages, inflated bytes, time, heap — issue 26 §6), a photo through the OCR
 * worker of the AI coach (tesseract.js, packaged model), then the domain's reader of date / title /
 * program / pace rows. A scanned PDF without a text layer reads as nothing. A file over a limit
 * rejects with ParseLimitError (the route answers 422).
 */
export function createBuiltInScheduleReader(options: { ocr?: WorkoutOcr; pdfLimits?: Partial<PdfLimits> } = {}): ScheduleReaderPort & { close(): Promise<void> } {
  let ocr = options.ocr ?? null;
  let pdf: PdfTextReader | null = null;
  return {
    name: 'built-in',
    async read({ data, mime, today }) {
      let text: string;
      if (mime === 'application/pdf') {
        pdf ??= createPdfTextReader(options.pdfLimits);
        try {
          text = (await pdf.pages(data)).join('\n');
        } catch (error) {
          if (error instanceof ParseLimitError) throw error;
          if (error instanceof PoolBusyError) throw new AiFailure('unavailable', coachingMessages.scheduleUploadFailed, { cause: error });
          throw new AiFailure('unreadable', coachingMessages.scheduleUnexpected, { cause: error });
        }
      } else {
        ocr ??= createWorkoutOcr();
        text = await ocr.readText(data);
      }
      return readScheduleText(text, today);
    },
    async close() {
      await Promise.all([ocr?.close(), pdf?.close()]);
    },
  };
}
