import { describe, expect, it } from 'vitest';
import { ActivityFileError, activityMessages, type ActivityProblem } from '../../../domain/activities/activities';
import { fitFile, gpxFile, steadyRun, tcxFile } from '../../test/fixtures/activity-files';
import { parseActivityFile } from './parse';

/** 06:30 WIB on Monday 2 March 2026 is still 1 March in UTC: the day must be Jakarta's. */
const START = new Date('2026-03-01T23:30:00Z');
const buf = (text: string) => Buffer.from(text, 'utf8');

function refusal(bytes: Uint8Array): ActivityProblem {
  try {
    parseActivityFile(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ActivityFileError);
    expect((error as Error).message).toBe(activityMessages[(error as ActivityFileError).problem]);
    return (error as ActivityFileError).problem;
  }
  throw new Error('expected the file to be refused');
}

describe('FIT (the SDK decodes what its Encoder wrote)', () => {
  const points = steadyRun({ seconds: 1800, metersPerSecond: 2.8, hr: (i) => 140 + (i % 11) });

  it("reads the session's totals: totalDistance, totalTimerTime as the moving time, avgHeartRate", () => {
    const file = fitFile(START, points, [{ totalDistance: 5040, totalTimerTime: 1800, totalElapsedTime: 1950, avgHeartRate: 146 }]);
    expect(parseActivityFile(file)).toEqual({
      format: 'fit',
      distance: 5.04,
      time: 1800,
      avgHeartRate: 146,
      date: '02-03-2026',
      startedAt: START.toISOString(),
    });
  });

  it('sums the running sessions of a multisport file and leaves the ride out', () => {
    const file = fitFile(START, points, [
      { sport: 'cycling', totalDistance: 20_000, totalTimerTime: 2400, avgHeartRate: 120 },
      { sport: 'running', totalDistance: 5000, totalTimerTime: 1500, avgHeartRate: 150, startOffset: 2500 },
      { sport: 'running', totalDistance: 3000, totalTimerTime: 900, avgHeartRate: 160, startOffset: 4100 },
    ]);
    const reading = parseActivityFile(file);
    expect(reading).toMatchObject({ distance: 8, time: 2400, avgHeartRate: Math.round((150 * 1500 + 160 * 900) / 2400) });
    expect(reading.startedAt).toBe(new Date(START.getTime() + 2500_000).toISOString());
  });

  it('falls back to the records when the file has no session (cut before the summary)', () => {
    const stopped = steadyRun({ seconds: 1200, metersPerSecond: 3, hr: () => 150, stop: { at: 600, seconds: 300 } });
    expect(parseActivityFile(fitFile(START, stopped))).toMatchObject({ format: 'fit', distance: 3.6, time: 1200, avgHeartRate: 150, date: '02-03-2026' });
  });

  it('gives null heart rate when neither session nor records carry one', () => {
    const file = fitFile(START, steadyRun({ seconds: 600, metersPerSecond: 3 }), [{ totalDistance: 1800, totalTimerTime: 600 }]);
    expect(parseActivityFile(file).avgHeartRate).toBeNull();
  });

  it('refuses a truncated file and one with a broken CRC', () => {
    const file = fitFile(START, points, [{ totalDistance: 5040, totalTimerTime: 1800 }]);
    expect(refusal(file.slice(0, Math.floor(file.length / 2)))).toBe('corruptFit');
    const flipped = Uint8Array.from(file);
    flipped[200] = flipped[200]! ^ 0xff;
    expect(refusal(flipped)).toBe('corruptFit');
    expect(refusal(file.slice(0, 14))).toBe('corruptFit');
  });

  it('refuses a FIT file without records or sessions, and one without distance', () => {
    expect(refusal(fitFile(START, []))).toBe('noTrack');
    const still = steadyRun({ seconds: 600, metersPerSecond: 0 });
    expect(refusal(fitFile(START, still))).toBe('noDistance');
    expect(refusal(fitFile(START, still, [{ totalDistance: 0, totalTimerTime: 600 }]))).toBe('noDistance');
  });
});

describe('GPX', () => {
  it('measures the track by haversine, averages gpxtpx:hr, and dates it in Jakarta', () => {
    const points = steadyRun({ seconds: 1500, metersPerSecond: 10 / 3, hr: (i) => (i % 2 ? 150 : 154) });
    const reading = parseActivityFile(buf(gpxFile(START, [points])));
    expect(reading).toMatchObject({ format: 'gpx', distance: 5, time: 1500, avgHeartRate: 152, date: '02-03-2026', startedAt: START.toISOString() });
  });

  it('leaves stops and the gap between segments out of the moving time', () => {
    const first = steadyRun({ seconds: 600, metersPerSecond: 3, hr: () => 150, stop: { at: 300, seconds: 240 } });
    // The watch paused: a new segment 10 minutes later, 2 km further on (a ride home is not counted).
    const second = steadyRun({ seconds: 600, metersPerSecond: 3, hr: () => 160 }).map((p) => ({ ...p, t: p.t + 1440, d: p.d + 3800 }));
    const reading = parseActivityFile(buf(gpxFile(START, [first, second], { hrTag: 'ns3' })));
    expect(reading).toMatchObject({ distance: 3.6, time: 1200, avgHeartRate: 155 });
  });

  it('gives null heart rate without extensions', () => {
    expect(parseActivityFile(buf(gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })]))).avgHeartRate).toBeNull();
  });

  it('reads UTF-16 with its byte-order mark and UTF-8 with one', () => {
    const text = gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })]).replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parseActivityFile(utf16).distance).toBe(0.9);
    expect(parseActivityFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), buf(gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })]))])).distance).toBe(0.9);
  });

  it('refuses a GPX without points, without times, or standing still', () => {
    expect(refusal(buf('<gpx xmlns="http://www.topografix.com/GPX/1/1"><metadata/></gpx>'))).toBe('noTrack');
    expect(refusal(buf('<gpx><rte><rtept lat="1" lon="1"/></rte></gpx>'))).toBe('noTrack');
    expect(refusal(buf(gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })], { withTime: false })))).toBe('noTime');
    expect(refusal(buf(gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 0 })])))).toBe('noDistance');
  });
});

describe('TCX', () => {
  it("sums the laps' DistanceMeters and TotalTimeSeconds, HR weighted by lap time", () => {
    const lap1 = steadyRun({ seconds: 600, metersPerSecond: 3, hr: () => 140 });
    const lap2 = steadyRun({ seconds: 300, metersPerSecond: 3.5, hr: () => 170 }).map((p) => ({ ...p, t: p.t + 620, d: p.d + 1800 }));
    const file = tcxFile(START, [
      { points: lap1, totalSeconds: 600, meters: 1800, avgHr: 140 },
      { points: lap2, totalSeconds: 300, meters: 1050, avgHr: 170, startOffset: 620 },
    ]);
    expect(parseActivityFile(buf(file))).toEqual({ format: 'tcx', distance: 2.85, time: 900, avgHeartRate: 150, date: '02-03-2026', startedAt: START.toISOString() });
  });

  it('falls back to the trackpoints when a lap has no totals', () => {
    const points = steadyRun({ seconds: 900, metersPerSecond: 3, hr: () => 148, stop: { at: 450, seconds: 120 } });
    expect(parseActivityFile(buf(tcxFile(START, [{ points }])))).toMatchObject({ format: 'tcx', distance: 2.7, time: 900, avgHeartRate: 148 });
  });

  it('refuses a TCX without laps or trackpoints', () => {
    expect(refusal(buf('<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>'))).toBe('noTrack');
    expect(refusal(buf(tcxFile(START, [{ points: [] }])))).toBe('noTrack');
  });
});

describe('bad input is refused with a message, never thrown as something else', () => {
  it('decides by content: a GPX named .fit is read, random bytes and other XML are not', () => {
    expect(parseActivityFile(buf(gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })]))).format).toBe('gpx');
    const random = Buffer.alloc(4096);
    for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + 13) % 251;
    expect(refusal(random)).toBe('unknownFormat');
    expect(refusal(buf('halo, ini bukan file aktivitas'))).toBe('unknownFormat');
    expect(refusal(buf('<?xml version="1.0"?><kml><Document/></kml>'))).toBe('unknownFormat');
    expect(refusal(Buffer.alloc(0))).toBe('empty');
  });

  it('refuses broken and cut XML', () => {
    const whole = gpxFile(START, [steadyRun({ seconds: 600, metersPerSecond: 3 })]);
    expect(refusal(buf(whole.slice(0, Math.floor(whole.length / 2))))).toBe('badXml');
    expect(refusal(buf('<gpx><trk><trkseg></trk></gpx>'))).toBe('badXml');
    expect(refusal(buf('<'))).toBe('badXml');
  });

  it('refuses entity expansion (billion laughs) and external entities before parsing', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "hahahahaha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><gpx><trk><name>&c;</name></trk></gpx>';
    expect(refusal(buf(laughs))).toBe('xmlDoctype');
    expect(refusal(buf('<?xml version="1.0"?><!DOCTYPE gpx SYSTEM "file:///etc/passwd"><gpx/>'))).toBe('xmlDoctype');
    expect(refusal(buf('<gpx><!ENTITY x "y"></gpx>'))).toBe('xmlDoctype');
  });

  it('survives a document nested far deeper than any stack', () => {
    const depth = 200_000;
    const deep = `<gpx>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</gpx>`;
    expect(refusal(buf(deep))).toBe('noTrack');
  });
});
