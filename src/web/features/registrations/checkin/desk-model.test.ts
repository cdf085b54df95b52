import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import type { DeskMark, DeskRunner } from './desk-db';
import { failure, markFootnote, marksSummary, sessionMessage, shownMarkOf, takenNote, type CardState, type RecentMark } from './desk-model';

const runner = (over: Partial<DeskRunner> = {}): DeskRunner =>
  ({ e: 'evt-1', r: 'REG-1', d: 'x', name: 'Putu', bib: 'PUTU', category: '10K', size: 'M', status: 'paid', takenAt: null, takenBy: null, ...over }) as DeskRunner;
const mark = (registrationId: string, state: DeskMark['state'], id = 1): RecentMark => ({
  id,
  event: 'evt-1',
  registrationId,
  scannedAt: '2027-07-14T01:00:00.000Z',
  deviceId: 'dev-1',
  state,
  name: null,
});

describe('failure', () => {
  it('an ended session says so, whatever failed', () => {
    expect(failure(new Error('x'), 'Unduhan', true)).toBe(sessionMessage);
    expect(failure(new ApiError(401, 'Unauthorized'), 'Sinkronisasi', false)).toBe(sessionMessage);
  });

  it("a refusal gives the server's words; an outage says the data on the device is safe", () => {
    expect(failure(new ApiError(403, 'Bukan event Anda.'), 'Unduhan', false)).toBe('Bukan event Anda.');
    expect(failure(new ApiError(503, 'busy'), 'Sinkronisasi', false)).toBe('Sinkronisasi gagal: tidak dapat terhubung ke server. Data di perangkat tetap aman.');
    expect(failure(new TypeError('fetch failed'), 'Unduhan', false)).toMatch(/^Unduhan gagal/);
  });
});

describe('takenNote', () => {
  const takenAt = Date.parse('2027-07-14T01:05:00.000Z');
  it('none until the racepack is taken', () => {
    expect(takenNote(runner(), 'Asia/Jakarta', null)).toBeNull();
  });

  it("names this device as 'perangkat ini', in the event's time zone", () => {
    const note = takenNote(runner({ takenAt, takenBy: 'Meja 1' }), 'Asia/Jakarta', { id: 'dev-1', name: 'Meja 1' });
    expect(note).toContain('perangkat ini');
    expect(note).toContain('08.05');
  });

  it('names another desk by its name', () => {
    expect(takenNote(runner({ takenAt, takenBy: 'Meja 2' }), 'Asia/Jakarta', { id: 'dev-1', name: 'Meja 1' })).toContain('Meja 2');
  });
});

describe('marks', () => {
  it('counts the queued ones and keeps the last 20, newest first', () => {
    const marks = Array.from({ length: 25 }, (_, i) => mark(`REG-${i}`, i % 2 ? 'queued' : 'collected', i));
    const { pending, last } = marksSummary(marks);
    expect(pending).toBe(12);
    expect(last).toHaveLength(20);
    expect(last[0]!.registrationId).toBe('REG-24');
  });

  it("the card's footnote follows its runner's mark", () => {
    const card: CardState = { runner: runner({ r: 'REG-2' }), lookupMs: 1, justCollected: true, seq: 1, startedAt: 0 };
    const recent = [mark('REG-1', 'collected', 1), mark('REG-2', 'queued', 2)];
    expect(shownMarkOf(card, recent)?.id).toBe(2);
    expect(markFootnote(shownMarkOf(card, recent))).toBe('Tersimpan di perangkat, menunggu sinkronisasi.');
    expect(markFootnote(mark('REG-2', 'collected'))).toBe('Tersinkron ke server.');
    expect(markFootnote(mark('REG-2', 'refused'))).toBeNull();
    expect(shownMarkOf({ notFound: 'x', seq: 2, startedAt: 0 }, recent)).toBeUndefined();
  });
});
