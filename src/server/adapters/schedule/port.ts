import type { ScheduleRun } from '../../../domain/coaching/schedule-table';
import type { IsoDay } from '../../../domain/shared/wire-date';

/**
 * Reading a coach's schedule file into runs (runner-and-coach §4, DESIGN.md §1.5): the built-in
 * reader (a PDF's text with unpdf, a photo's text with the AI coach's OCR, then the domain's table
 * reader) or Gemini (the file itself, answered as structured JSON). Failures are `AiFailure`s of
 * ../ai/port.ts; 'unreadable' means nothing usable came out of the file.
 */

export const scheduleMimeTypes = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ScheduleMime = (typeof scheduleMimeTypes)[number];

export interface ScheduleReaderPort {
  readonly name: 'built-in' | 'gemini';
  /** The runs the file holds (possibly none); `today` places dates written without a year. */
  read(input: { data: Buffer; mime: ScheduleMime; today: IsoDay }): Promise<ScheduleRun[]>;
  close?(): Promise<void>;
}
