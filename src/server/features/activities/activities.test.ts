import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PARSES_PER_MINUTE, activityMessages, MAX_ACTIVITY_FILE_BYTES } from '../../../domain/activities/activities';
import { activityReadingSchema } from '../../../domain/activities/contract';
import { fitFile, gpxFile, steadyRun, tcxFile } from '../../test/fixtures/activity-files';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { multipart } from '../../test/fixtures/multipart';

const START = new Date('2026-03-01T23:30:00Z');
const URL = '/api/activities/parse';
type Headers = Record<string, string>;

describe('POST /api/activities/parse', () => {
  let t: TestApp;
  let n = 0;
  // The per-user limit is small: each test signs in its own user.
  const user = async (role: 'runner' | 'coach' = 'runner') => (await t.login(`pelari${++n}@contoh.id`, role)).headers;
  const send = (headers: Headers | undefined, bytes: Uint8Array | string, filename = 'lari.gpx', field = 'file') => {
    const body = multipart([{ field, filename, type: 'application/octet-stream', bytes: Buffer.from(bytes) }]);
    return t.app.inject({ method: 'POST', url: URL, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const refused = async (res: { statusCode: number; json: () => unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads a GPX, a FIT and a TCX into distance, moving time and average HR, with the Jakarta day', async () => {
    const headers = await user();
    const points = steadyRun({ seconds: 1500, metersPerSecond: 10 / 3, hr: (i) => (i % 2 ? 150 : 154) });
    const gpx = await send(headers, gpxFile(START, [points]));
    expect(gpx.statusCode, gpx.body).toBe(200);
    expect(gpx.headers['cache-control']).toBe('no-store');
    expect(activityReadingSchema.parse(gpx.json())).toEqual({ format: 'gpx', distance: 5, time: 1500, avgHeartRate: 152, date: '02-03-2026', startedAt: START.toISOString() });

    const fit = await send(headers, fitFile(START, points, [{ totalDistance: 5000, totalTimerTime: 1500, totalElapsedTime: 1620, avgHeartRate: 152 }]), 'lari.fit');
    expect(fit.json()).toEqual({ format: 'fit', distance: 5, time: 1500, avgHeartRate: 152, date: '02-03-2026', startedAt: START.toISOString() });

    const tcx = await send(headers, tcxFile(START, [{ points, totalSeconds: 1500, meters: 5000, avgHr: 152 }]), 'lari.tcx');
    expect(tcx.json()).toMatchObject({ format: 'tcx', distance: 5, time: 1500, avgHeartRate: 152 });
  });

  it('decides the format by content, not by the name or the declared type', async () => {
    const headers = await user();
    const gpx = gpxFile(START, [steadyRun({ seconds: 600, metersPerSecond: 3 })]);
    const res = await send(headers, gpx, 'bukan-fit.fit');
    expect(res.json()).toMatchObject({ format: 'gpx', distance: 1.8, avgHeartRate: null });
    await refused(await send(headers, 'x'.repeat(100), 'lari.gpx'), 400, activityMessages.unknownFormat);
  });

  it('lets every signed-in role read a file (a coach logs for a runner in Ubah Jadwal), and no one anonymous', async () => {
    const file = gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })]);
    expect((await send(await user('coach'), file)).statusCode).toBe(200);
    expect((await send(await user('runner'), file)).statusCode).toBe(200);
    const anonymous = await send(undefined, file);
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad files with a clear Indonesian message, never a 500', async () => {
    const headers = await user();
    const fit = fitFile(START, steadyRun({ seconds: 600, metersPerSecond: 3 }), [{ totalDistance: 1800, totalTimerTime: 600 }]);
    const random = Buffer.alloc(64 * 1024);
    for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + 13) % 251;
    const cases: [Uint8Array | string, string][] = [
      [random, activityMessages.unknownFormat],
      [fit.slice(0, fit.length - 40), activityMessages.corruptFit],
      ['<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>', activityMessages.unknownFormat],
      ['<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx>&b;</gpx>', activityMessages.xmlDoctype],
      ['<gpx><trk><trkseg><trkpt lat="1" lon="1"></trkseg></trk></gpx>', activityMessages.badXml],
      ['<gpx version="1.1"><trk><name>Kosong</name></trk></gpx>', activityMessages.noTrack],
      [gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })], { withTime: false }), activityMessages.noTime],
      [gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 0 })]), activityMessages.noDistance],
      ['<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>', activityMessages.noTrack],
    ];
    for (const [bytes, message] of cases) {
      const res = await send(headers, bytes);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a missing, empty or oversized file, and reads only the first of two', async () => {
    const headers = await user();
    const file = gpxFile(START, [steadyRun({ seconds: 300, metersPerSecond: 3 })]);
    await refused(await t.app.inject({ method: 'POST', url: URL, headers, payload: { file } }), 400, activityMessages.noFile);
    await refused(await send(headers, file, 'lari.gpx', 'gambar'), 400, activityMessages.noFile);
    await refused(await send(headers, ''), 400, activityMessages.empty);
    const two = multipart([
      { field: 'file', filename: 'a.gpx', bytes: Buffer.from(file) },
      { field: 'file', filename: 'b.gpx', bytes: Buffer.from(file) },
    ]);
    const doubled = await t.app.inject({ method: 'POST', url: URL, headers: { ...headers, ...two.headers }, payload: two.payload });
    expect(doubled.json()).toMatchObject({ format: 'gpx', distance: 0.9 });
    // Exactly 10 MB is accepted (read, then refused for its content); one byte more is 413.
    const padded = Buffer.alloc(MAX_ACTIVITY_FILE_BYTES, 0x20);
    await refused(await send(headers, padded), 400, activityMessages.unknownFormat);
    await refused(await send(headers, Buffer.alloc(MAX_ACTIVITY_FILE_BYTES + 1, 0x20)), 413, activityMessages.tooLarge);
  });

  it(`limits each user to ${ACTIVITY_PARSES_PER_MINUTE} files a minute, apart from other users`, async () => {
    const headers = await user();
    const file = 'bukan file';
    for (let i = 0; i < ACTIVITY_PARSES_PER_MINUTE; i++) expect((await send(headers, file)).statusCode).toBe(400);
    await refused(await send(headers, file), 429, activityMessages.rateLimited);
    expect((await send(await user(), file)).statusCode).toBe(400);
  });
});
