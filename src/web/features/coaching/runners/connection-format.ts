import { connectionStatusLabels, FREESLOT } from '../../../../domain/coaching/coaching';
import type { CoachConnection } from '../../../../domain/coaching/contract';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';

/** 'freeslot' reads as the admin's free slot ('Slot Gratis'); a bought package by its title. */
export const packageLabel = (packages: string) => (packages === FREESLOT ? 'Slot Gratis' : packages);

/** '24 Nov 2026', or '-' for no date. */
export const dayLabel = (day: string | null) => formatJakartaDate(day, 'd MMM yyyy');

export const statusLabel = (c: Pick<CoachConnection, 'displayStatus'>) => connectionStatusLabels[c.displayStatus];
export const statusTone = { active: 'green', ended: 'gray', expired: 'yellow', empty: 'blue' } as const;

/** How a slot is named in the connect modal's choice: title, package, until when. */
export function slotLabel(c: CoachConnection): string {
  const until = c.endDate ? `s.d. ${dayLabel(c.endDate)}` : 'tanpa batas akhir';
  const pkg = packageLabel(c.packages);
  // A slot titled like its package ('Slot gratis' of a free slot) names it once.
  return c.title.toLowerCase() === pkg.toLowerCase() || c.title === c.packages ? `${c.title || pkg} · ${until}` : `${c.title} · ${pkg} · ${until}`;
}

/** 'Menampilkan 1–10 dari 23 pelari' (page from 1). */
export function runnerPageSummary(page: number, limit: number, total: number): string {
  if (total === 0) return 'Tidak ada pelari ditemukan.';
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return `Menampilkan ${from.toLocaleString('id-ID')}–${to.toLocaleString('id-ID')} dari ${total.toLocaleString('id-ID')} pelari`;
}
