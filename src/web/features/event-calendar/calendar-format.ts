import { formatJakartaDate } from '../../../domain/shared/jakarta-time';

/** A calendar day (YYYY-MM-DD, a Jakarta day) in Indonesian, e.g. 'Sab, 10 Jan 2027'. */
export const formatCalendarDay = (day: string, pattern = 'EEE, d MMM yyyy') => formatJakartaDate(`${day}T12:00:00+07:00`, pattern);

export const MONTH_NAMES = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
