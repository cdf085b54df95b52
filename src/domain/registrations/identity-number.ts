/**
 * The identity number of a registration, by its type (events-and-coach-pages §5: KTP, Kartu
 * Pelajar/Mahasiswa, Passport, KTA/KITAS; issue 28 item 8). A KTP carries the NIK, exactly 16
 * digits; a passport number is letters and digits. Student cards and KITAS numbers differ by issuer
 * (dots, slashes, letters), so they are only required. What is stored is the number without the
 * spaces and dashes people type between the digits. Pure: no I/O.
 */

export const NIK_DIGITS = 16;
/** ICAO 9303 gives the document number 9 characters; a few countries use more in the optional field. */
export const PASSPORT_MIN = 6;
export const PASSPORT_MAX = 12;

export const identityMessages = {
  nikCharacters: 'NIK hanya boleh berisi angka (16 angka sesuai KTP)',
  nikLength: (count: number) => `NIK harus ${NIK_DIGITS} angka sesuai KTP (terisi ${count} angka)`,
  passportCharacters: 'Nomor paspor hanya boleh berisi huruf dan angka',
  passportLength: `Nomor paspor terdiri dari ${PASSPORT_MIN}–${PASSPORT_MAX} huruf dan angka`,
} as const;

/** What the field says under itself for a type: how the number looks. */
export function identityHint(type: string): string | undefined {
  if (type === 'KTP') return `NIK, ${NIK_DIGITS} angka sesuai KTP.`;
  if (type === 'Passport') return 'Huruf dan angka sesuai paspor, misalnya A1234567.';
  return undefined;
}

export type IdentityResult = { ok: true; identityNo: string } | { ok: false; message: string };

/**
 * The stored identity number for a type, or why it is not one. An empty number is the required
 * rule's business (answered as is); an unknown type is the type's.
 */
export function normalizeIdentityNo(type: string, typed: string): IdentityResult {
  const value = typed.normalize('NFKC').trim();
  if (value === '') return { ok: true, identityNo: value };
  if (type === 'KTP') {
    const compact = value.replace(/[\s\-.]/g, '');
    if (!/^\d+$/.test(compact)) return { ok: false, message: identityMessages.nikCharacters };
    if (compact.length !== NIK_DIGITS) return { ok: false, message: identityMessages.nikLength(compact.length) };
    return { ok: true, identityNo: compact };
  }
  if (type === 'Passport') {
    const compact = value.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z0-9]+$/.test(compact)) return { ok: false, message: identityMessages.passportCharacters };
    if (compact.length < PASSPORT_MIN || compact.length > PASSPORT_MAX) return { ok: false, message: identityMessages.passportLength };
    return { ok: true, identityNo: compact };
  }
  return { ok: true, identityNo: value };
}
