/**
 * Whether an event takes registrations, the public list's button and the category chips' colours:
 * plain functions without zod, used by the public event list (kept light, see
 * docs/decisions/019-front-end-weight.md) and by the registration form's module.
 */
import { JAKARTA_TIME_ZONE } from '../shared/jakarta-clock';

export interface OpennessEvent {
  regOpen: string | Date;
  regClose: string | Date;
  /** IANA zone the times are shown in; Asia/Jakarta when absent. */
  timezone?: string | null;
  /** Moderation status; an event an admin closed (tutup) is closed whatever its dates say. */
  status?: string;
  categories: readonly { slots: number; sold: number }[];
}

export const EVENT_CLOSED_MESSAGE = 'Pendaftaran event ini telah ditutup oleh penyelenggara.';
export const EVENT_CANCELED_MESSAGE = 'Event ini telah dibatalkan oleh penyelenggara. Pelari yang sudah membayar menerima pengembalian dana.';

export type Openness =
  | { state: 'open' }
  | { state: 'not_yet'; message: string }
  | { state: 'closed'; message: string }
  | { state: 'full'; message: string };

export const FULL_MESSAGE = 'Pendaftaran telah ditutup karena semua kategori telah mencapai kuota maksimum.';

/**
 * Indonesia's three zones by the names Indonesians read on every clock (issue 28 item 11: 'WIB', not
 * 'WIB (GMT+7)' nor 'GMT+7'). Fixed offsets all year, so the name says the offset too.
 */
const indonesianZoneNames: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Ujung_Pandang': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/**
 * '21 Mei 2027', '09.00' and the zone of an instant in a time zone: `offset` is 'WIB', 'WITA' or
 * 'WIT' in Indonesia, the GMT offset ('GMT+8') elsewhere.
 */
export function zonedDateTime(instant: Date, timeZone = JAKARTA_TIME_ZONE): { date: string; time: string; offset: string } {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('id-ID', { timeZone: zone });
  } catch {
    zone = JAKARTA_TIME_ZONE;
  }
  const parts = new Intl.DateTimeFormat('id-ID', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('day')} ${get('month')} ${get('year')}`,
    time: `${get('hour')}.${get('minute')}`,
    offset: indonesianZoneNames[zone] ?? (get('timeZoneName') === 'GMT' ? 'GMT+0' : get('timeZoneName')),
  };
}

export function categoryIsFull(category: { slots: number; sold: number }): boolean {
  return category.sold >= category.slots;
}

/** Whether the form takes registrations now (§4): within open..close and at least one category with slots. */
export function registrationOpenness(event: OpennessEvent, now: Date = new Date()): Openness {
  const open = new Date(event.regOpen);
  const close = new Date(event.regClose);
  const zone = event.timezone ?? JAKARTA_TIME_ZONE;
  if (event.status === 'tutup') return { state: 'closed', message: EVENT_CLOSED_MESSAGE };
  if (event.status === 'dibatalkan') return { state: 'closed', message: EVENT_CANCELED_MESSAGE };
  if (now < open) {
    const t = zonedDateTime(open, zone);
    return { state: 'not_yet', message: `Pendaftaran akan dibuka pada ${t.date} pada pukul ${t.time} ${t.offset}` };
  }
  if (now > close) {
    const t = zonedDateTime(close, zone);
    return { state: 'closed', message: `Pendaftaran telah ditutup pada ${t.date} pada pukul ${t.time} ${t.offset}` };
  }
  if (event.categories.length === 0 || event.categories.every(categoryIsFull)) return { state: 'full', message: FULL_MESSAGE };
  return { state: 'open' };
}

export type PublicEventButton = 'Akan Datang' | 'Daftar Sekarang' | 'Sudah Ditutup';

/** The public list's button (§4): by the registration window only. */
export function publicEventButton(event: Pick<OpennessEvent, 'regOpen' | 'regClose'>, now: Date = new Date()): PublicEventButton {
  if (now < new Date(event.regOpen)) return 'Akan Datang';
  if (now > new Date(event.regClose)) return 'Sudah Ditutup';
  return 'Daftar Sekarang';
}

/* ---------------------------------------------------------- chip colours */

export type CategoryTone = '5k' | '10k' | 'hm' | 'fm' | 'trail' | 'other';

/** Category chips are coloured by name (§9): 5k, 10k, half marathon/hm, full marathon/fm, trail. */
export function categoryTone(name: string): CategoryTone {
  const n = name.toLowerCase().replace(/\s+/g, ' ');
  if (n.includes('trail')) return 'trail';
  if (/half marathon|\bhm\b|21k/.test(n)) return 'hm';
  if (/full marathon|\bfm\b|42k|^marathon/.test(n)) return 'fm';
  if (/\b10\s?k\b/.test(n)) return '10k';
  if (/\b5\s?k\b/.test(n)) return '5k';
  return 'other';
}
