import { formatJakartaDate, formatJakartaTime } from '../../../domain/shared/jakarta-time';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { formatRupiah } from '../../../domain/shared/money';

/** '21 Mei 2027, 08.00 WIB': a time is always shown with its zone, by the name Indonesians read (issue 28 item 11). */
export function formatEventDateTime(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '-';
  return `${formatJakartaDate(instant)}, ${formatJakartaTime(instant)} WIB`;
}

/** 'Rp160.000' or 'Rp160.000 – Rp260.000'. */
export function formatFee(fee: OrganizerEvent['fee']): string {
  if (!fee) return '-';
  return fee.min === fee.max ? formatRupiah(fee.min) : `${formatRupiah(fee.min)} – ${formatRupiah(fee.max)}`;
}
