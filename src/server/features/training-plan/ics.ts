import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { addDays, planDateToIso } from '../../../domain/shared/wire-date';
import { formatDuration, formatPace, paceSecondsPerKm } from '../../../domain/training-plan/pace';
import { JAKARTA_TIME_ZONE } from '../../../domain/shared/jakarta-time';
import { hasResult, messages } from '../../../domain/training-plan/training-plan';
import type { PlanRun, Run } from '../../../domain/training-plan/contract';

export const CALENDAR_NAME = 'Derap - Jadwal Latihan';
export const EXPORT_FILENAME = 'derap-jadwal-latihan.ics';

/** A run as the calendar needs it: the API shape (whole, or a locked stub) plus when it last changed (for LAST-MODIFIED). */
export type CalendarRun = PlanRun & { updatedAt?: Date };

/** A locked AI run's event: the day and nothing of the run itself (spec §2: labelled 'Kunci'). */
export const LOCKED_SUMMARY = `Kunci: ${messages.locked}`;
export const LOCKED_DESCRIPTION = 'Perpanjang langganan Derap untuk membuka latihan ini.';

export interface CalendarOptions {
  /** Where the runner sees the plan in Derap (linked from every event). */
  appUrl: string;
  /** DTSTAMP of every event; fixed in tests. */
  now?: Date;
}

/** Stable per run, so a subscribed calendar updates an event instead of adding a duplicate. */
export const eventUid = (runId: string) => `${runId}@derap.id`;

/** 'Tempo Run (8k)': the program is stored already wrapped in parentheses. */
export function eventSummary(run: Pick<Run, 'title' | 'program'>): string {
  return [run.title.trim(), run.program.trim()].filter(Boolean).join(' ');
}

const km = (value: number) => `${value.toLocaleString('id-ID', { maximumFractionDigits: 2 })} km`;

/** The event text: target pace and, once logged, the result (distance, time, pace, HR). */
export function eventDescription(run: Run, appUrl: string): string {
  const lines: string[] = [];
  if (run.paceRange.trim()) lines.push(`Target pace: ${run.paceRange.trim()} /km`);
  if (hasResult(run)) {
    const pace = run.trainingpace ?? paceSecondsPerKm(run.trainingdistance, run.trainingtime);
    lines.push(
      `Hasil: ${km(run.trainingdistance!)} dalam ${formatDuration(run.trainingtime!)}, pace ${formatPace(pace)}` +
        (run.traininghr ? `, rata-rata HR ${run.traininghr} bpm` : ''),
    );
  } else {
    lines.push('Hasil: belum dicatat');
  }
  lines.push(`Lihat di Derap: ${appUrl}`);
  return lines.join('\n');
}

/** Days as UTC midnights: without a calendar-level zone ical-generator prints VALUE=DATE from UTC parts. */
const utcMidnight = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The iCalendar text of a list of runs: one all-day event per run on its date.
 *
 * The zone (Asia/Jakarta) is announced with X-WR-TIMEZONE rather than ical-generator's `timezone`
 * option: with that option set, the library prints dates with the server machine's local clock (and
 * floating stamps), which would shift all-day events on a server that is not itself on Jakarta time.
 */
export function buildCalendar(runs: CalendarRun[], opts: CalendarOptions): string {
  const calendar = ical({
    name: CALENDAR_NAME,
    description: 'Jadwal latihan lari Anda dari Derap.',
    prodId: { company: 'Derap', product: 'Jadwal Latihan', language: 'ID' },
    method: ICalCalendarMethod.PUBLISH,
    // Hint for clients that honour it (Google refreshes on its own schedule).
    ttl: 60 * 60,
  });
  for (const run of runs) {
    const day = planDateToIso(run.date);
    if (!day) continue; // stored days are always valid; never let one bad row break the whole feed
    calendar.createEvent({
      id: eventUid(run._id),
      allDay: true,
      start: utcMidnight(day),
      end: utcMidnight(addDays(day, 1)),
      stamp: opts.now ?? new Date(),
      ...(run.updatedAt ? { lastModified: run.updatedAt } : {}),
      summary: run.locked ? LOCKED_SUMMARY : eventSummary(run),
      description: run.locked ? `${LOCKED_DESCRIPTION}\nLihat di Derap: ${opts.appUrl}` : eventDescription(run, opts.appUrl),
      url: opts.appUrl,
      // A training run should not mark the runner busy for the whole day.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // ical-generator writes x-properties after the events; RFC 5545 wants calendar properties first.
  return calendar.toString().replace(/^(X-WR-CALNAME:.*\r\n)/m, `$1X-WR-TIMEZONE:${JAKARTA_TIME_ZONE}\r\n`);
}
