import { ActivityFileError, summarizeTrack, type ActivityTotals, type TrackPoint } from '../../../domain/activities/activities';
import { attribute, child, children, descendants, instant, number, type XmlElement } from './xml';

/** Heart-rate elements of the extensions apps write: Garmin's gpxtpx:hr (any prefix), heartrate, heart. */
const HR_NAMES = ['hr', 'heartrate', 'heart'];

function heartRate(point: XmlElement): number | null {
  const extensions = child(point, 'extensions');
  if (!extensions) return null;
  for (const name of HR_NAMES) {
    const value = number(descendants(extensions, name)[0] ?? null);
    if (value !== null) return value;
  }
  return null;
}

function coordinate(trkpt: XmlElement, name: 'lat' | 'lon', max: number): number | null {
  const raw = attribute(trkpt, name);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= max ? value : null;
}

function point(trkpt: XmlElement): TrackPoint {
  const lat = coordinate(trkpt, 'lat', 90);
  const lon = coordinate(trkpt, 'lon', 180);
  const valid = lat !== null && lon !== null;
  return { time: instant(child(trkpt, 'time')) ?? Number.NaN, lat: valid ? lat : null, lon: valid ? lon : null, hr: heartRate(trkpt) };
}

/**
 * A GPX track's totals: the haversine length of each trkseg (a new segment is where the device
 * paused: nothing is counted across it), moving time without stops (summarizeTrack) and the
 * average of the heart rates in the points' extensions.
 */
export function parseGpx(root: XmlElement): ActivityTotals {
  const segments = descendants(root, 'trk').flatMap((trk) => children(trk, 'trkseg').map((seg) => children(seg, 'trkpt').map(point)));
  const located = segments.map((seg) => seg.filter((p) => p.lat !== null));
  if (located.every((seg) => seg.length === 0)) throw new ActivityFileError('noTrack');
  const totals = summarizeTrack(located);
  if (!totals) throw new ActivityFileError('noTime');
  return totals;
}
