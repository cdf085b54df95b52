/**
 * The activity files API's contract (issue 15 item 5). POST /api/activities/parse takes one file
 * (multipart field `file`, at most 10 MB; FIT, GPX or TCX by content) and answers the figures Log
 * Hasil Latihan fills: distance, time and avgHeartRate as the screenshot reading names them (but
 * time in seconds, as runs and Strava activities carry it), plus the day it was run.
 */
import { z } from 'zod';
import { activityFormats } from './activities';

export const activityReadingSchema = z.object({
  format: z.enum(activityFormats).describe('what the content was read as'),
  distance: z.number().describe('km, two decimals'),
  time: z.number().int().describe('moving time, seconds (pauses and stops excluded)'),
  avgHeartRate: z.number().int().nullable().describe('bpm; null when the file has no heart rate'),
  date: z.string().describe('DD-MM-YYYY of the start, Asia/Jakarta'),
  startedAt: z.string().describe('ISO instant of the start'),
});
export type ActivityReadingResponse = z.infer<typeof activityReadingSchema>;
