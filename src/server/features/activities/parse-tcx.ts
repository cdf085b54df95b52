import { ActivityFileError, summarizeTrack, type ActivityTotals, type TrackPoint } from '../../../domain/activities/activities';
import { attribute, child, children, descendants, instant, number, parseInstant, type XmlElement } from './xml';

function trackpoint(tp: XmlElement): TrackPoint {
  const position = child(tp, 'Position');
  return {
    time: instant(child(tp, 'Time')) ?? Number.NaN,
    distance: number(child(tp, 'DistanceMeters')),
    lat: position ? number(child(position, 'LatitudeDegrees')) : null,
    lon: position ? number(child(position, 'LongitudeDegrees')) : null,
    hr: number(child(child(tp, 'HeartRateBpm'), 'Value')),
  };
}

/**
 * A TCX activity's totals: its laps' DistanceMeters, TotalTimeSeconds (the device's timer time,
 * pauses excluded) and AverageHeartRateBpm weighted by lap time. When a lap lacks its totals, the
 * trackpoints are summed as a track instead (each Track element a segment).
 */
export function parseTcx(root: XmlElement): ActivityTotals {
  const laps = descendants(root, 'Lap');
  const tracks = laps.length > 0 ? laps.flatMap((lap) => children(lap, 'Track')) : descendants(root, 'Track');
  const segments = tracks.map((track) => children(track, 'Trackpoint').map(trackpoint));
  const fromPoints = segments.some((s) => s.length > 0) ? summarizeTrack(segments) : null;
  if (laps.length === 0 && segments.every((s) => s.length === 0)) throw new ActivityFileError('noTrack');

  const lapTotals = laps.map((lap) => ({
    seconds: number(child(lap, 'TotalTimeSeconds')),
    meters: number(child(lap, 'DistanceMeters')),
    hr: number(child(child(lap, 'AverageHeartRateBpm'), 'Value')),
    start: parseInstant(attribute(lap, 'StartTime')),
  }));
  const lapsWhole = lapTotals.length > 0 && lapTotals.every((l) => l.seconds !== null && l.seconds >= 0 && l.meters !== null && l.meters >= 0);
  if (!lapsWhole) {
    if (!fromPoints) throw new ActivityFileError(segments.some((s) => s.length > 0) ? 'noTime' : 'noTrack');
    return fromPoints;
  }
  let hrWeighted = 0;
  let hrSeconds = 0;
  for (const l of lapTotals) {
    if (l.hr !== null && l.hr > 0 && l.seconds! > 0) {
      hrWeighted += l.hr * l.seconds!;
      hrSeconds += l.seconds!;
    }
  }
  const activityId = instant(descendants(root, 'Id')[0] ?? null);
  const starts = lapTotals.map((l) => l.start).filter((t): t is number => t !== null);
  const start = starts.length > 0 ? Math.min(...starts) : (fromPoints?.startedAt.getTime() ?? activityId);
  if (start === null) throw new ActivityFileError('noTime');
  return {
    distanceMeters: lapTotals.reduce((sum, l) => sum + l.meters!, 0),
    movingSeconds: lapTotals.reduce((sum, l) => sum + l.seconds!, 0),
    avgHeartRate: hrSeconds > 0 ? hrWeighted / hrSeconds : (fromPoints?.avgHeartRate ?? null),
    startedAt: new Date(start),
  };
}
