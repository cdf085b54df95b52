import { wibTime } from '../../../domain/group-runs/group-runs';
import { JAKARTA_TIME_ZONE } from '../../../domain/shared/jakarta-clock';

const dayFormat = new Intl.DateTimeFormat('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: JAKARTA_TIME_ZONE });

/** 'Sabtu, 5 Desember 2026 · 06.00 WIB' (Intl, not date-fns: the public page stays light). */
export function formatRunWhen(startsAt: string): { day: string; time: string } {
  return { day: dayFormat.format(new Date(startsAt)), time: wibTime(startsAt) };
}

export const formatKm = (km: number) => `${km.toLocaleString('id-ID', { maximumFractionDigits: 1 })} km`;
