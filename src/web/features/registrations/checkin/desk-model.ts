/**
 * The offline racepack desk's rules as pure functions: what a failure says, how times read, the
 * note of a taken racepack, and what the card shows of the last mark. `desk-page.tsx` renders them.
 */
import { deviceLabel } from '../../../../domain/registrations/checkin';
import { zonedDateTime } from '../../../../domain/registrations/runner-export';
import { ApiError } from '../../../api/client';
import type { DeskDevice, DeskMark, DeskRunner } from './desk-db';

export type Download =
  | { phase: 'idle' }
  | { phase: 'download' }
  | { phase: 'store'; stored: number; total: number }
  | { phase: 'done'; changed: number; full: boolean }
  | { phase: 'error'; message: string };

/** `seq` counts scans; `startedAt` (performance.now) times the answer until it is painted. */
export type CardState = ({ runner: DeskRunner; lookupMs: number; justCollected: boolean; justUndone?: boolean } | { notFound: string }) & { seq: number; startedAt: number };

export interface RecentMark extends DeskMark {
  name: string | null;
}

export const sessionMessage = 'Sesi Anda berakhir. Masuk lagi untuk mengunduh atau menyinkronkan; tanda racepack tetap tersimpan di perangkat.';

/** What a failed download or sync says; `sessionEnded` when the desk's session ran out earlier. */
export function failure(error: unknown, what: string, sessionEnded: boolean): string {
  if (sessionEnded || (error instanceof ApiError && error.status === 401)) return sessionMessage;
  if (error instanceof ApiError && error.status < 500) return error.message;
  return `${what} gagal: tidak dapat terhubung ke server. Data di perangkat tetap aman.`;
}

/** A time today, else the date and time. */
export function since(ms: number, timeZone?: string): string {
  const t = zonedDateTime(new Date(ms), timeZone);
  return t.date === zonedDateTime(new Date(), timeZone).date ? `${t.time} ${t.offset}` : `${t.date}, ${t.time} ${t.offset}`;
}

/** The date and time of a mark. */
export const clock = (ms: number, timeZone?: string) => {
  const t = zonedDateTime(new Date(ms), timeZone);
  return `${t.date}, ${t.time} ${t.offset}`;
};

/** The note of a taken racepack: when, and which desk (or an online scan). */
export function takenNote(runner: DeskRunner, timeZone: string, device: DeskDevice | null): string | null {
  if (!runner.takenAt) return null;
  const t = zonedDateTime(new Date(runner.takenAt), timeZone);
  const mine = device && runner.takenBy === (device.name || device.id.slice(0, 4));
  const by = mine ? 'perangkat ini' : runner.takenBy ? deviceLabel({ id: runner.takenBy, name: runner.takenBy }) : deviceLabel(null);
  return `Diambil pada ${t.date} pukul ${t.time} ${t.offset} (${by}).`;
}

/** The device's own mark of the runner on the card. */
export function shownMarkOf(card: CardState | null, recent: readonly RecentMark[]): RecentMark | undefined {
  return card && 'runner' in card ? [...recent].find((m) => m.registrationId === card.runner.r) : undefined;
}

/** The line under the card: where its mark is (on the device, or on the server). */
export function markFootnote(mark: RecentMark | undefined): string | null {
  return mark?.state === 'queued' ? 'Tersimpan di perangkat, menunggu sinkronisasi.' : mark?.state === 'collected' ? 'Tersinkron ke server.' : null;
}

/** The marks still to send, and the last 20 (newest first) that the list shows. */
export function marksSummary(marks: readonly DeskMark[]): { pending: number; last: DeskMark[] } {
  return { pending: marks.filter((m) => m.state === 'queued').length, last: marks.slice(-20).reverse() };
}
