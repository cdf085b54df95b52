/**
 * Bib numbers (issue 28 §6): per category the organizer sets a prefix and a range of numbers; a
 * runner gets the next free number of their category when their registration is confirmed
 * ('10K-' from 1 to 2000 → '10K-0001' … '10K-2000': zero-padded to the width of the range's end).
 * The events feature keeps the settings, the registrations feature counts and hands out the numbers.
 * Pure: no I/O, shared by the event form, the server and the screens that show a number.
 */

/** Letters, digits and a few separators; short enough to print large on a bib. */
export const BIB_PREFIX_MAX = 8;
export const BIB_PREFIX_PATTERN = /^[A-Za-z0-9./-]*$/;
/** Six digits at most: no race hands out a million bibs. */
export const BIB_NUMBER_MAX = 999_999;

export interface BibRange {
  prefix: string;
  start: number;
  end: number;
}

/** A category's settings as stored: no range (start and end null) means no bib numbers. */
export interface BibSettings {
  bibPrefix: string;
  bibStart: number | null;
  bibEnd: number | null;
}

export function bibRangeOf(c: BibSettings): BibRange | null {
  return c.bibStart === null || c.bibEnd === null ? null : { prefix: c.bibPrefix, start: c.bibStart, end: c.bibEnd };
}

/** The bib of number `n` in `range`: the prefix and `n` zero-padded to the width of the range's end. */
export function formatBibNumber(range: Pick<BibRange, 'prefix' | 'end'>, n: number): string {
  return `${range.prefix}${String(n).padStart(String(range.end).length, '0')}`;
}

/** 'Nomor 10K-0001 s.d. 10K-2000 (2.000 nomor)': what the form shows under the fields. */
export function describeBibRange(range: BibRange): string {
  const size = range.end - range.start + 1;
  return `${formatBibNumber(range, range.start)} s.d. ${formatBibNumber(range, range.end)} (${size.toLocaleString('id-ID')} nomor)`;
}

/**
 * Two categories of one event whose bibs could be the same: the same prefix (letter case aside:
 * '10k-0001' and '10K-0001' would confuse anyone at the desk) with overlapping numbers. Within one
 * prefix, numbers of different widths never print the same, and equal widths print equal only for
 * equal numbers, so overlapping numbers are exactly the clash.
 */
export function bibRangesClash(a: BibRange, b: BibRange): boolean {
  return a.prefix.toUpperCase() === b.prefix.toUpperCase() && a.start <= b.end && b.start <= a.end;
}

export const bibMessages = {
  prefixTooLong: `Awalan nomor BIB maksimal ${BIB_PREFIX_MAX} karakter.`,
  prefixCharacters: 'Awalan nomor BIB hanya boleh berisi huruf, angka, titik, garis miring atau tanda hubung.',
  numberInvalid: 'Nomor BIB harus berupa angka 0 atau lebih.',
  numberTooHigh: `Nomor BIB maksimal ${BIB_NUMBER_MAX.toLocaleString('id-ID')}.`,
  startRequired: 'Isi nomor BIB awal.',
  endRequired: 'Isi nomor BIB akhir.',
  endBeforeStart: 'Nomor BIB akhir harus sama dengan atau lebih besar dari nomor awal.',
  clash: (other: string) => `Rentang nomor BIB bertumpuk dengan kategori ${other} (awalan sama). Pakai awalan lain atau rentang yang tidak bertumpuk.`,
  /** The form's warning (not an error): the range holds fewer numbers than the category has slots. */
  fewerThanSlots: (size: number, slots: number) =>
    `Rentang ini hanya ${size.toLocaleString('id-ID')} nomor untuk ${slots.toLocaleString('id-ID')} slot: pelari yang terkonfirmasi setelah nomor habis tetap terdaftar, tetapi tanpa nomor BIB sampai rentangnya diperluas.`,
  /** Said to the organizer when a confirmation found no number left (the registration stays confirmed). */
  exhausted: (category: string, range: BibRange) =>
    `Nomor BIB kategori ${category} sudah habis (${formatBibNumber(range, range.start)} s.d. ${formatBibNumber(range, range.end)}). Pendaftaran tetap terkonfirmasi tanpa nomor BIB: perluas rentang nomor di "Ubah Event", lalu tekan "Beri Nomor BIB" di Data Pelari.`,
  /** Data Pelari's warning: confirmed runners without a number in categories that have a range. */
  missing: (n: number) => `${n.toLocaleString('id-ID')} pelari terkonfirmasi belum punya nomor BIB.`,
  /** Data Pelari's hint when no category of the event has a range yet. */
  notSet: 'Nomor BIB belum diatur. Atur awalan dan rentang nomor BIB per kategori di "Ubah Event": pelari mendapat nomornya saat pendaftaran terkonfirmasi.',
  assigned: (n: number) => (n === 0 ? 'Tidak ada nomor BIB baru yang diberikan.' : `${n.toLocaleString('id-ID')} nomor BIB diberikan.`),
  stillMissing: (n: number) =>
    `${n.toLocaleString('id-ID')} pelari masih tanpa nomor BIB: rentang nomor kategorinya habis atau belum diatur. Perluas rentangnya di "Ubah Event".`,
} as const;
