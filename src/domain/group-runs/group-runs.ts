/**
 * Running Buddy (issue 16 item 5): group runs a runner hosts in a city, that others join. The host
 * is not counted among the participants: `capacity` is how many others may join. Pure: no I/O.
 */
import { jakartaWallClock } from '../shared/jakarta-time';

export const groupRunStatuses = ['aktif', 'dibatalkan'] as const;
export type GroupRunStatus = (typeof groupRunStatuses)[number];
export const groupRunStatusLabels: Record<GroupRunStatus, string> = { aktif: 'Aktif', dibatalkan: 'Dibatalkan' };

export const GROUP_RUN_MIN_CAPACITY = 2;
export const GROUP_RUN_MAX_CAPACITY = 200;
export const GROUP_RUN_MIN_KM = 1;
export const GROUP_RUN_MAX_KM = 100;
/** How far ahead a run may be planned. */
export const GROUP_RUN_MAX_DAYS_AHEAD = 366;
/** Attempts to create a group run per runner per day (spam guard; failed attempts count too). */
export const GROUP_RUNS_PER_DAY = 20;

/** A city as typed, for matching: trimmed, single spaces, lower case ("  kota  Bandung" = "kota bandung"). */
export function cityKey(city: string): string {
  return city.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A city as stored: trimmed with single spaces (case kept as the host typed it). */
export function cleanCity(city: string): string {
  return city.trim().replace(/\s+/g, ' ');
}

/** '06.00 WIB': the Jakarta clock time of a run's start. */
export function wibTime(startsAt: Date | string): string {
  const instant = typeof startsAt === 'string' ? new Date(startsAt) : startsAt;
  return `${jakartaWallClock(instant).slice(11, 16).replace(':', '.')} WIB`;
}

/** Whether a run is still open to join: active and not started yet. */
export function isJoinable(run: { status: GroupRunStatus; startsAt: Date | string; hidden?: boolean }, now: Date = new Date()): boolean {
  return run.status === 'aktif' && !run.hidden && new Date(run.startsAt).getTime() > now.getTime();
}

/** The 'Jakarta wall clock' value a datetime-local input shows for a run ('YYYY-MM-DDTHH:mm'). */
export function toWibInput(startsAt: Date | string): string {
  return jakartaWallClock(typeof startsAt === 'string' ? new Date(startsAt) : startsAt).slice(0, 16);
}
