/**
 * Running Buddy (issue 16 item 5): group runs a runner hosts in a city, that others join. The host
 * is not counted among the participants: `capacity` is how many others may join. Pure: no I/O.
 */
import { JAKARTA_OFFSET_MS } from '../shared/jakarta-clock';

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
  return `${toWibInput(startsAt).slice(11, 16).replace(':', '.')} WIB`;
}

/** Whether a run is still open to join: active and not started yet. */
export function isJoinable(run: { status: GroupRunStatus; startsAt: Date | string; hidden?: boolean }, now: Date = new Date()): boolean {
  return run.status === 'aktif' && !run.hidden && new Date(run.startsAt).getTime() > now.getTime();
}

/** The 'Jakarta wall clock' value a datetime-local input shows for a run ('YYYY-MM-DDTHH:mm'). */
export function toWibInput(startsAt: Date | string): string {
  const instant = typeof startsAt === 'string' ? new Date(startsAt) : startsAt;
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant a WIB wall clock ('YYYY-MM-DDTHH:mm' from a datetime-local input) names, as the API's ISO with offset. */
export function wibInputToIso(value: string): string {
  return `${value}:00+07:00`;
}

/** Messages, here rather than in contract.ts so the public page reads them without zod. */
export const groupRunMessages = {
  loadFailed: 'Gagal memuat group run.',
  notFound: 'Group run tidak ditemukan.',
  required: 'Wajib diisi',
  tooLong: 'Teks terlalu panjang.',
  startsAtInvalid: 'Tanggal dan jam tidak valid.',
  startsAtPast: 'Waktu mulai harus di masa depan.',
  startsAtTooFar: 'Group run paling lambat 1 tahun dari sekarang.',
  distance: `Jarak harus antara ${GROUP_RUN_MIN_KM} dan ${GROUP_RUN_MAX_KM} km.`,
  capacity: `Kuota peserta harus antara ${GROUP_RUN_MIN_CAPACITY} dan ${GROUP_RUN_MAX_CAPACITY} orang.`,
  capacityBelowJoined: 'Kuota tidak boleh lebih kecil dari jumlah peserta yang sudah bergabung.',
  mapUrl: 'Link peta harus berupa alamat https://.',
  created: 'Group run berhasil dibuat!',
  updated: 'Group run berhasil diperbarui.',
  canceled: 'Group run dibatalkan. Peserta sudah diberi tahu lewat email.',
  joined: 'Anda bergabung! Detail titik kumpul sudah dikirim ke email Anda.',
  left: 'Anda keluar dari group run ini.',
  removed: 'Peserta dikeluarkan dari group run.',
  full: 'Maaf, kuota group run ini sudah penuh.',
  closed: 'Group run ini sudah dibatalkan atau sudah dimulai.',
  hostCannotJoin: 'Anda adalah host group run ini.',
  notHost: 'Hanya host yang dapat mengubah group run ini.',
  notParticipant: 'Pengguna ini bukan peserta group run ini.',
  tooMany: 'Anda sudah membuat terlalu banyak group run hari ini. Coba lagi besok.',
  linkCopied: 'Link berhasil disalin!',
  reported: 'Terima kasih, laporan Anda sudah kami terima dan akan ditinjau admin.',
  reportReason: 'Tuliskan alasan laporan (maksimal 500 karakter).',
  cannotReportOwn: 'Anda tidak dapat melaporkan group run Anda sendiri.',
  hidden: 'Group run disembunyikan dari publik.',
  shown: 'Group run ditampilkan kembali.',
} as const;

