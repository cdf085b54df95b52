/** How the Strava screens write instants, days and a run's figures (Asia/Jakarta, Indonesian). */
import { format } from 'date-fns';
import { id } from 'date-fns/locale';
import { formatJakartaDate, formatJakartaTime } from '../../../domain/shared/jakarta-time';
import { isoToLocalDate, planDateToIso } from '../../../domain/shared/wire-date';
import { formatDuration, formatPace } from '../../../domain/training-plan/pace';

/** '24 November 2026 pukul 20.15 WIB' (the product's clock, with its zone); '-' for none. */
export function formatStravaInstant(iso: string | null): string {
  if (!iso) return '-';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '-';
  return `${formatJakartaDate(instant)} pukul ${formatJakartaTime(instant)} WIB`;
}

/** A synced run's day 'DD-MM-YYYY' → 'Sen, 24 Nov 2026' (the wire text itself when unreadable). */
export function formatActivityDay(planDate: string): string {
  const iso = planDateToIso(planDate);
  return iso ? format(isoToLocalDate(iso), 'EEE, d MMM yyyy', { locale: id }) : planDate;
}

/** '5,02 km' (Indonesian decimal comma, two places at most). */
export function formatKm(km: number): string {
  return `${(Math.round(km * 100) / 100).toLocaleString('id-ID', { maximumFractionDigits: 2 })} km`;
}

/** The figures of a synced run as its row shows them. */
export function activityFigures(activity: { distance: number; time: number; pace: number | null; avgHeartRate: number | null }) {
  return {
    distance: formatKm(activity.distance),
    time: formatDuration(activity.time),
    pace: formatPace(activity.pace),
    heartRate: activity.avgHeartRate !== null ? `${activity.avgHeartRate} bpm` : '-',
  };
}
