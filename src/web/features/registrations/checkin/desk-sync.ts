import { MAX_CHECKIN_BATCH, type CheckinMark } from '../../../../domain/registrations/checkin';
import { applyResults, queuedMarks, type DeskMark } from './desk-db';
import { syncCheckinMarks } from './desk-api';

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
