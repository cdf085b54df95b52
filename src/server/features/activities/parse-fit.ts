import { Decoder, Stream, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import { ActivityFileError, summarizeTrack, type ActivityTotals, type TrackPoint } from '../../../domain/activities/activities';

/** FIT positions are semicircles: 2^31 of them make 180 degrees. */
const SEMICIRCLE_DEG = 180 / 2 ** 31;
const RUNNING_SPORTS = new Set(['running', 'walking', 'hiking']);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const time = (v: unknown): number | null => (v instanceof Date && Number.isFinite(v.getTime()) ? v.getTime() : null);

/** Bytes 8-11 of every FIT header spell '.FIT' (header size 12 or 14). */
export function looksLikeFit(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && (bytes[0] === 12 || bytes[0] === 14) && bytes[8] === 0x2e && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54;
}

function recordPoints(records: readonly RecordMesg[]): TrackPoint[] {
  return records.flatMap((r) => {
    const t = time(r.timestamp);
    if (t === null) return [];
    const lat = num(r.positionLat);
    const lon = num(r.positionLong);
    return [
      {
        time: t,
        distance: num(r.distance),
        lat: lat === null ? null : lat * SEMICIRCLE_DEG,
        lon: lon === null ? null : lon * SEMICIRCLE_DEG,
        hr: num(r.heartRate),
      },
    ];
  });
}

/**
 * A FIT activity's totals: its sessions' totalDistance, totalTimerTime (the watch's moving time:
 * paused time excluded) and avgHeartRate; the running sessions only when a multisport file has
 * some. Without usable sessions (a file cut before the watch wrote them, some apps' exports), the
 * records are summed as a track. A file the SDK cannot read whole (truncated, bad CRC) is refused.
 */
export function parseFit(bytes: Uint8Array): ActivityTotals {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  if (!decoder.isFIT()) throw new ActivityFileError('corruptFit');
  const { messages, errors } = decoder.read({ includeUnknownData: false, decodeMemoGlobs: false });
  if (errors.length > 0) throw new ActivityFileError('corruptFit');

  const records = recordPoints(messages.recordMesgs ?? []);
  const fromRecords = records.length > 0 ? summarizeTrack([records]) : null;
  const allSessions = (messages.sessionMesgs ?? []).filter((s) => num(s.totalDistance) !== null && (num(s.totalTimerTime) ?? 0) > 0);
  const running = allSessions.filter((s) => typeof s.sport === 'string' && RUNNING_SPORTS.has(s.sport));
  const sessions: SessionMesg[] = running.length > 0 ? running : allSessions;

  if (sessions.length === 0) {
    if (!fromRecords) throw new ActivityFileError(records.length > 0 || (messages.recordMesgs ?? []).length > 0 ? 'noTime' : 'noTrack');
    return fromRecords;
  }
  let distanceMeters = 0;
  let movingSeconds = 0;
  let hrWeighted = 0;
  let hrSeconds = 0;
  let start: number | null = null;
  for (const s of sessions) {
    const seconds = num(s.totalTimerTime)!;
    distanceMeters += num(s.totalDistance)!;
    movingSeconds += seconds;
    const hr = num(s.avgHeartRate);
    if (hr !== null && hr > 0) {
      hrWeighted += hr * seconds;
      hrSeconds += seconds;
    }
    const t = time(s.startTime) ?? time(s.timestamp);
    if (t !== null) start = start === null ? t : Math.min(start, t);
  }
  start ??= fromRecords?.startedAt.getTime() ?? time(messages.fileIdMesgs?.[0]?.timeCreated);
  if (start === null) throw new ActivityFileError('noTime');
  return {
    distanceMeters,
    movingSeconds,
    avgHeartRate: hrSeconds > 0 ? hrWeighted / hrSeconds : (fromRecords?.avgHeartRate ?? null),
    startedAt: new Date(start),
  };
}
