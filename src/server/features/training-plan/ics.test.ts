import { afterEach, describe, expect, it } from 'vitest';
import { lockedStub } from '../../../domain/training-plan/training-plan';
import type { Run } from '../../../domain/training-plan/contract';
import { buildCalendar, CALENDAR_NAME, eventDescription, eventSummary, eventUid } from './ics';
import { plannedRun } from '../../../domain/training-plan/run-fixture';

const APP_URL = 'https://derap.test/dashboard#calendar';
const NOW = new Date('2027-01-01T03:00:00Z');

const run = (extra: Partial<Run> = {}): Run =>
  plannedRun({
    _id: '11111111-1111-4111-8111-111111111111',
    date: '05-01-2027',
    title: 'Tempo Run',
    program: '(8k)',
    paceRange: "4'50 - 5'00",
    color: 'bg-orange-500',
    ...extra,
  });

/** Unfolds RFC 5545 continuation lines so assertions can read whole properties. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const lines = (ics: string) => unfold(ics).split('\r\n');

describe('iCalendar of runs', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('is a VCALENDAR named for Derap on Jakarta time, one all-day VEVENT per run on its DD-MM-YYYY date', () => {
    const ics = buildCalendar(
      [run(), run({ _id: '22222222-2222-4222-8222-222222222222', date: '31-12-2027', title: 'Long Run', program: '(HM)' })],
      { appUrl: APP_URL, now: NOW },
    );
    const all = lines(ics);
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all.at(-1)).toBe('END:VCALENDAR');
    expect(all).toContain(`X-WR-CALNAME:${CALENDAR_NAME}`);
    expect(all).toContain('METHOD:PUBLISH');
    // Calendar properties come before the first component.
    const zone = all.indexOf('X-WR-TIMEZONE:Asia/Jakarta');
    expect(zone).toBeGreaterThan(0);
    expect(zone).toBeLessThan(all.indexOf('BEGIN:VEVENT'));
    expect(all.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(all.filter((l) => l.startsWith('DTSTART'))).toEqual(['DTSTART;VALUE=DATE:20270105', 'DTSTART;VALUE=DATE:20271231']);
    expect(all.filter((l) => l.startsWith('DTEND'))).toEqual(['DTEND;VALUE=DATE:20270106', 'DTEND;VALUE=DATE:20280101']);
    expect(all).toContain('UID:11111111-1111-4111-8111-111111111111@derap.id');
    expect(all).toContain('SUMMARY:Tempo Run (8k)');
    expect(all).toContain('SUMMARY:Long Run (HM)');
    expect(all).toContain('DTSTAMP:20270101T030000Z');
  });

  it('keeps the dates whatever time zone the server machine runs in', () => {
    for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Jakarta', 'UTC']) {
      process.env.TZ = tz;
      const all = lines(buildCalendar([run({ date: '01-03-2028' })], { appUrl: APP_URL, now: NOW }));
      expect(all.find((l) => l.startsWith('DTSTART')), tz).toBe('DTSTART;VALUE=DATE:20280301');
      expect(all.find((l) => l.startsWith('DTEND')), tz).toBe('DTEND;VALUE=DATE:20280302');
    }
  });

  it('describes the target pace, a logged result (distance, time, pace, HR) and links back to Derap', () => {
    const logged = run({ trainingdistance: 8.5, trainingtime: 2550, trainingpace: 300, traininghr: 152 });
    expect(eventDescription(logged, APP_URL)).toBe(
      [
        "Target pace: 4'50 - 5'00 /km",
        'Hasil: 8,5 km dalam 00:42:30, pace 05:00/km, rata-rata HR 152 bpm',
        `Lihat di Derap: ${APP_URL}`,
      ].join('\n'),
    );
    // A stored result without its derived pace still shows one.
    expect(eventDescription(run({ trainingdistance: 10, trainingtime: 3000, traininghr: 140 }), APP_URL)).toContain('pace 05:00/km');
    expect(eventDescription(run({ paceRange: '' }), APP_URL)).toBe(`Hasil: belum dicatat\nLihat di Derap: ${APP_URL}`);
    const ics = unfold(buildCalendar([logged], { appUrl: APP_URL, now: NOW }));
    expect(ics).toContain('DESCRIPTION:Target pace: 4\'50 - 5\'00 /km\\nHasil: 8\\,5 km dalam 00:42:30\\, pace 05:00/km');
  });

  it('summary is the title and program; text is escaped; the UID is stable per run', () => {
    expect(eventSummary(run())).toBe('Tempo Run (8k)');
    expect(eventSummary(run({ program: '' }))).toBe('Tempo Run');
    expect(eventUid('abc')).toBe('abc@derap.id');
    const ics = unfold(buildCalendar([run({ title: 'Easy; santai, pelan' })], { appUrl: APP_URL, now: NOW }));
    expect(ics).toContain('SUMMARY:Easy\\; santai\\, pelan (8k)');
    const again = unfold(buildCalendar([run({ title: 'Renamed' })], { appUrl: APP_URL, now: NOW }));
    expect(again).toContain('UID:11111111-1111-4111-8111-111111111111@derap.id');
  });

  it("a locked run is a bare 'Kunci' event: its date and UID, no title, program, pace or result", () => {
    const secret = run({ title: 'Long Run Rahasia', program: '(16k)', paceRange: "6'10 - 6'20", trainingdistance: 16, trainingtime: 5900, traininghr: 150 });
    const ics = unfold(buildCalendar([lockedStub({ ...secret, generatedby: 'ai' })], { appUrl: APP_URL, now: NOW }));
    const all = ics.split('\r\n');
    expect(all).toContain('SUMMARY:Kunci: Program ini dibatasi');
    expect(all).toContain('UID:11111111-1111-4111-8111-111111111111@derap.id');
    expect(all).toContain('DTSTART;VALUE=DATE:20270105');
    expect(all).toContain(`DESCRIPTION:Perpanjang langganan Derap untuk membuka latihan ini.\\nLihat di Derap: ${APP_URL}`);
    for (const leak of ['Rahasia', '16k', "6'10", 'Hasil', 'bpm']) expect(ics).not.toContain(leak);
  });

  it('an empty plan is a valid calendar without events', () => {
    const all = lines(buildCalendar([], { appUrl: APP_URL, now: NOW }));
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all).toContain('X-WR-TIMEZONE:Asia/Jakarta');
    expect(all).not.toContain('BEGIN:VEVENT');
  });
});
