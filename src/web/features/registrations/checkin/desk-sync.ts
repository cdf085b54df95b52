import { MAX_CHECKIN_BATCH, type CheckinMark } from '../../../../domain/registrations/checkin';
import { applyResults, dropQueuedMark, getRunner, lastMarkOf, markUndone, queuedMarks, type DeskMark, type DeskRunner } from './desk-db';
import { syncCheckinMarks, undoHandover } from './desk-api';

export interface SyncOutcome {
  /** Marks the server answered. */
  sent: number;
  /** Of those, the ones another scan had taken first (the warnings). */
  warnings: DeskMark[];
}

const toWire = (mark: DeskMark): CheckinMark => ({
  registrationId: mark.registrationId,
  scannedAt: mark.scannedAt,
  deviceId: mark.deviceId,
  ...(mark.deviceName ? { deviceName: mark.deviceName } : {}),
});

let running: Promise<SyncOutcome> | null = null;

/**
 * Sends every queued mark of this device, per event in batches of at most 500, and stores the
 * answers. One sync at a time: a second call while one runs shares it. A failed request leaves its
 * marks queued (a resend is harmless: the server answers a replay the same way).
 */
export function syncQueuedMarks(): Promise<SyncOutcome> {
  running ??= (async () => {
    const queued = await queuedMarks();
    const byEvent = new Map<string, DeskMark[]>();
    for (const mark of queued) byEvent.set(mark.event, [...(byEvent.get(mark.event) ?? []), mark]);
    const outcome: SyncOutcome = { sent: 0, warnings: [] };
    for (const [event, marks] of byEvent) {
      for (let start = 0; start < marks.length; start += MAX_CHECKIN_BATCH) {
        const batch = marks.slice(start, start + MAX_CHECKIN_BATCH);
        const answer = await syncCheckinMarks(event, batch.map(toWire));
        await applyResults(batch, answer.results, answer.syncedAt);
        outcome.sent += batch.length;
        answer.results.forEach((result, i) => {
          if (result.outcome === 'already_collected') outcome.warnings.push({ ...batch[i]!, state: result.outcome, message: result.message });
        });
      }
    }
    return outcome;
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * 'Urungkan' on the desk (issue 28 §6): offline, the device's queued mark is simply dropped. Online,
 * the queue is sent first (the mark may be on its way already), then the server takes the hand-over
 * back (this organizer's, within minutes) and the mark reads 'Diurungkan'. Throws the server's
 * refusal; answers the runner as the device now knows them.
 */
export async function undoDeskMark(eventRef: string, registrationId: string, online: boolean): Promise<DeskRunner | null> {
  let mark = await lastMarkOf(eventRef, registrationId);
  if (!mark) return getRunner(eventRef, registrationId);
  if (online && mark.state === 'queued') {
    // A failed send leaves it queued: dropped below like offline.
    await syncQueuedMarks().catch(() => undefined);
    mark = (await lastMarkOf(eventRef, registrationId))!;
  }
  if (mark.state === 'queued' && (await dropQueuedMark(mark))) return getRunner(eventRef, registrationId);
  const answer = await undoHandover(registrationId);
  return markUndone(mark, answer.message);
}
