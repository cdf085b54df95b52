/**
 * Activity files (issue 15 item 5): a .fit, .gpx or .tcx file from a watch or an app, read into the
 * three figures 'Log Hasil Latihan' asks for (distance, moving time, average HR) and the day it was
 * run. Pure: the track arithmetic, the limits, the messages and the choice of the planned run a
 * file belongs to. The parsers themselves are the server's (src/server/features/activities/).
 */
import { isoToPlanDate, jakartaToday } from '../shared/wire-date';
import { MAX_LOGGED_HEART_RATE, MIN_HEART_RATE } from '../training-plan/training-plan';
import { plannedDistanceKm } from '../training-plan/training-program';

export const activityFormats = ['fit', 'gpx', 'tcx'] as const;
export type ActivityFormat = (typeof activityFormats)[number];

/** The same ceiling as every upload of the product. */
export const MAX_ACTIVITY_FILE_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides by content, never by this. */
export const ACTIVITY_FILE_ACCEPT = '.fit,.gpx,.tcx';
export const ACTIVITY_FILE_EXTENSIONS = /\.(fit|gpx|tcx)$/i;
/** Parses per user per minute: a file is read in one go on the server's CPU. */
export const ACTIVITY_PARSES_PER_MINUTE = 20;

export const activityMessages = {
  noFile: 'Pilih file aktivitas (.fit, .gpx atau .tcx).',
  empty: 'File aktivitas kosong.',
  // The same words as the workout screenshot's limit (Log Hasil Latihan's other upload).
  tooLarge: 'Ukuran file terlalu besar. Maksimal 10MB',
  unknownFormat: 'Format file tidak dikenali. Unggah file .fit, .gpx atau .tcx dari jam atau aplikasi lari Anda.',
  corruptFit: 'File FIT rusak atau tidak lengkap. Ekspor ulang file dari jam atau aplikasi Anda.',
  badXml: 'File GPX/TCX tidak dapat dibaca: isinya bukan XML yang valid.',
  // A DOCTYPE can declare entities that expand into gigabytes (an "XML bomb"); GPX and TCX never need one.
  xmlDoctype: 'File GPX/TCX dengan DOCTYPE atau deklarasi entitas tidak didukung.',
  noTrack: 'File ini tidak berisi data aktivitas (track, lap atau sesi).',
  noTime: 'File ini tidak berisi waktu aktivitas, sehingga waktu lari tidak dapat dihitung.',
  noDistance: 'File ini tidak berisi jarak lari.',
  tooManyParts: 'Unggah satu file aktivitas saja.',
  rateLimited: 'Terlalu banyak file diunggah. Tunggu sebentar lalu coba lagi.',
  failed: 'Gagal membaca file aktivitas. Silakan coba lagi.',
} as const;

/** Why a file cannot be read; each has its message above. */
export type ActivityProblem = 'empty' | 'unknownFormat' | 'corruptFit' | 'badXml' | 'xmlDoctype' | 'noTrack' | 'noTime' | 'noDistance';

/** A parser's refusal: the route answers it as 400 with its Indonesian message. */
export class ActivityFileError extends Error {
  constructor(readonly problem: ActivityProblem) {
    super(activityMessages[problem]);
    this.name = 'ActivityFileError';
  }
}

/** What a file holds, in SI units, before it is rounded for the form. */
export interface ActivityTotals {
  distanceMeters: number;
  movingSeconds: number;
  /** bpm, null when the file has no heart rate. */
  avgHeartRate: number | null;
  startedAt: Date;
}

/** The answer of POST /api/activities/parse (contract.ts): what fills Log Hasil Latihan. */
export interface ActivityReading {
  format: ActivityFormat;
  /** km, two decimals. */
  distance: number;
  /** Moving time, whole seconds. */
  time: number;
  avgHeartRate: number | null;
  /** DD-MM-YYYY of the start, Asia/Jakarta. */
  date: string;
  /** ISO instant of the start. */
  startedAt: string;
}

/** Below this a runner is standing (GPS drift), not walking: ~3.6 km/h, slower than any walk. */
export const MIN_MOVING_SPEED_MS = 1.0;

export interface TrackPoint {
  /** ms since the epoch. */
  time: number;
  /** Cumulative metres from the start of its segment, when the file records it. */
  distance?: number | null;
  lat?: number | null;
  lon?: number | null;
  hr?: number | null;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const validHr = (hr: number | null | undefined): hr is number => finite(hr) && hr >= MIN_HEART_RATE && hr <= MAX_LOGGED_HEART_RATE;

/** A step's length: the recorded cumulative distance when both ends carry it, else the great circle. */
function stepMeters(a: TrackPoint, b: TrackPoint): number {
  if (finite(a.distance) && finite(b.distance)) return Math.max(0, b.distance - a.distance);
  if (finite(a.lat) && finite(a.lon) && finite(b.lat) && finite(b.lon)) return haversineMeters(a.lat, a.lon, b.lat, b.lon);
  return 0;
}

/**
 * Totals of a recorded track. Each segment is a stretch the device recorded without a pause (a GPX
 * trkseg, a TCX Track): nothing is counted between segments. Within one, a step counts as moving
 * when its speed is at least walking pace; a slower step (a stop at a crossing, a paused watch
 * resumed where it stopped) adds neither time nor distance. Average HR is weighted by moving time,
 * or the plain mean of the samples when no moving step carries one.
 */
export function summarizeTrack(segments: readonly (readonly TrackPoint[])[]): ActivityTotals | null {
  let distance = 0;
  let moving = 0;
  let hrWeighted = 0;
  let hrSeconds = 0;
  let hrSum = 0;
  let hrCount = 0;
  let start: number | null = null;
  let anyPoint = false;
  for (const raw of segments) {
    const points = raw.filter((p) => finite(p.time)).sort((a, b) => a.time - b.time);
    for (const p of raw) {
      if (!validHr(p.hr)) continue;
      hrSum += p.hr;
      hrCount++;
    }
    if (points.length === 0) continue;
    anyPoint = true;
    start = start === null ? points[0]!.time : Math.min(start, points[0]!.time);
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const seconds = (b.time - a.time) / 1000;
      if (seconds <= 0) continue;
      const meters = stepMeters(a, b);
      if (meters / seconds < MIN_MOVING_SPEED_MS) continue;
      distance += meters;
      moving += seconds;
      const hr = validHr(b.hr) ? b.hr : validHr(a.hr) ? a.hr : null;
      if (hr !== null) {
        hrWeighted += hr * seconds;
        hrSeconds += seconds;
      }
    }
  }
  if (!anyPoint || start === null) return null;
  const avgHeartRate = hrSeconds > 0 ? hrWeighted / hrSeconds : hrCount > 0 ? hrSum / hrCount : null;
  return { distanceMeters: distance, movingSeconds: moving, avgHeartRate, startedAt: new Date(start) };
}

/**
 * The form's figures from a file's totals: km with two decimals, whole seconds, whole bpm (a value
 * no heart could beat is a sensor fault: null); refused without distance or time.
 */
export function toReading(format: ActivityFormat, totals: ActivityTotals): ActivityReading {
  const distance = Math.round(totals.distanceMeters / 10) / 100;
  const time = Math.round(totals.movingSeconds);
  if (!Number.isFinite(totals.startedAt.getTime())) throw new ActivityFileError('noTime');
  if (!(distance > 0)) throw new ActivityFileError('noDistance');
  if (!(time > 0)) throw new ActivityFileError('noTime');
  const hr = totals.avgHeartRate === null ? null : Math.round(totals.avgHeartRate);
  return {
    format,
    distance,
    time,
    avgHeartRate: validHr(hr) ? hr : null,
    date: isoToPlanDate(jakartaToday(totals.startedAt)),
    startedAt: totals.startedAt.toISOString(),
  };
}

/** The browser's check before sending (the server checks the content again). */
export function activityFileProblem(file: { name: string; size: number }): string | null {
  if (!ACTIVITY_FILE_EXTENSIONS.test(file.name)) return activityMessages.unknownFormat;
  if (file.size === 0) return activityMessages.empty;
  if (file.size > MAX_ACTIVITY_FILE_BYTES) return activityMessages.tooLarge;
  return null;
}

export interface MatchableRun {
  _id: string;
  program: string;
  trainingdistance: number | null;
}

/**
 * The planned run of the file's day a file belongs to: the closest planned distance to the file's
 * (a run without a planned distance comes last); on a tie, one still without a result. Null when
 * the day has none.
 */
export function pickRunForActivity<R extends MatchableRun>(runsOfDay: readonly R[], distanceKm: number): R | null {
  let best: { run: R; gap: number; logged: boolean } | null = null;
  for (const run of runsOfDay) {
    const planned = plannedDistanceKm(run.program);
    const gap = planned === null ? Number.POSITIVE_INFINITY : Math.abs(planned - distanceKm);
    const logged = run.trainingdistance !== null;
    if (!best || gap < best.gap || (gap === best.gap && best.logged && !logged)) best = { run, gap, logged };
  }
  return best?.run ?? null;
}
