import { formatJakartaDate, formatJakartaTime } from '../../../domain/shared/jakarta-time';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { formatRupiah } from '../../../domain/shared/money';

/** '21 Mei 2027, 08.00 WIB (GMT+7)': a time is always shown with its GMT offset (DESIGN.md §5). */
export function formatEventDateTime(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '-';
  return `${formatJakartaDate(instant)}, ${formatJakartaTime(instant)} WIB (GMT+7)`;
}

/** 'Rp160.000' or 'Rp160.000 – Rp260.000'. */
export function formatFee(fee: OrganizerEvent['fee']): string {
  if (!fee) return '-';
  return fee.min === fee.max ? formatRupiah(fee.min) : `${formatRupiah(fee.min)} – ${formatRupiah(fee.max)}`;
}
