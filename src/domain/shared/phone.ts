/**
 * Phone numbers as Derap stores them: one form, `+62…` for Indonesia (issue 28 item 8), so every
 * comparison, export and `wa.me` link reads the same digits. People type `0812-3456-7890`,
 * `62 812 3456 7890` or `+62 (812) 3456 7890`; all three are one number. Letters are refused, never
 * stripped: '0812-abc 345' is a mistake the runner must see, not the number '0812345'. Pure: no I/O.
 */

/** Digits after `+62` (without the trunk 0): landlines from 8 (area code + 6), mobiles up to 12. */
export const NATIONAL_MIN_DIGITS = 8;
export const NATIONAL_MAX_DIGITS = 12;
/** A number of another country (E.164): country code and number together. */
export const INTERNATIONAL_MIN_DIGITS = 8;
export const INTERNATIONAL_MAX_DIGITS = 15;

/** Why a typed number is not one: other characters than digits and separators, no known start, too few or too many digits. */
export type PhoneProblem = 'characters' | 'start' | 'short' | 'long';
export type PhoneResult = { ok: true; phone: string } | { ok: false; problem: PhoneProblem };

/** What may stand between the digits: spaces, dashes, dots and brackets, as numbers are written. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The stored form of a typed number: `+62` and the national digits for Indonesia (`0812…`,
 * `62812…`, `+62812…`, also `+62 0812…` with the trunk 0 kept by mistake), `+` and the digits for
 * another country (`+65 …`, `0065 …`). Null-free: says why when it is not a number.
 */
export function normalizePhone(typed: string): PhoneResult {
  const value = typed.normalize('NFKC').trim();
  // Characters nobody writes in a phone number: refused whole, with the number as typed kept in the field.
  if (!/^\+?[0-9\s\-.()]*$/.test(value)) return { ok: false, problem: 'characters' };
  const plus = value.startsWith('+');
  const digits = value.replace(SEPARATORS, '').replace(/^\+/, '');
  if (digits.length === 0) return { ok: false, problem: 'short' };

  let national: string;
  if (plus || digits.startsWith('00')) {
    const international = plus ? digits : digits.slice(2);
    if (!international.startsWith('62')) return foreign(international);
    national = international.slice(2);
  } else if (digits.startsWith('62')) {
    national = digits.slice(2);
  } else if (digits.startsWith('0')) {
    national = digits.slice(1);
  } else {
    return { ok: false, problem: 'start' };
  }
  // '+62 0812…': the trunk 0 does not belong after the country code.
  if (national.startsWith('0')) national = national.slice(1);
  if (national.startsWith('0')) return { ok: false, problem: 'start' };
  if (national.length < NATIONAL_MIN_DIGITS) return { ok: false, problem: 'short' };
  if (national.length > NATIONAL_MAX_DIGITS) return { ok: false, problem: 'long' };
  return { ok: true, phone: `+62${national}` };
}

function foreign(digits: string): PhoneResult {
  if (digits.startsWith('0')) return { ok: false, problem: 'start' };
  if (digits.length < INTERNATIONAL_MIN_DIGITS) return { ok: false, problem: 'short' };
  if (digits.length > INTERNATIONAL_MAX_DIGITS) return { ok: false, problem: 'long' };
  return { ok: true, phone: `+${digits}` };
}

/** The messages of one phone field, named by its subject ('Nomor telepon', 'Nomor kontak darurat'). */
export function phoneMessages(subject: string): Record<PhoneProblem, string> {
  return {
    characters: `${subject} hanya boleh berisi angka, spasi, tanda hubung (-) dan tanda + di depan`,
    start: `${subject} harus diawali 0, 62 atau +62 (misalnya 0812-3456-7890)`,
    short: `${subject} terlalu pendek`,
    long: `${subject} terlalu panjang`,
  };
}

/** `https://wa.me/<digits>` of a stored (or typed) number, or null when it is not one. */
export function whatsappUrl(typed: string): string | null {
  const result = normalizePhone(typed);
  return result.ok ? `https://wa.me/${result.phone.slice(1)}` : null;
}

/**
 * How a stored number reads: `+62 812-3456-7890` (the operator prefix, four digits, the rest, as
 * Indonesian numbers are written); another country's number as stored.
 */
export function formatPhone(stored: string): string {
  const m = /^\+62(\d{3})(\d{1,4})(\d*)$/.exec(stored);
  if (!m) return stored;
  return `+62 ${[m[1], m[2], m[3]].filter(Boolean).join('-')}`;
}

/**
 * A search text as the stored phones hold it, when it looks like (part of) a phone number: '0812 345'
 * finds '+62812345…'. Null when the text is not number-like (a name, an email) or too short to mean one.
 */
export function phoneSearchTerm(q: string): string | null {
  const value = q.normalize('NFKC').trim();
  if (!/^\+?[0-9\s\-.()]+$/.test(value)) return null;
  const digits = value.replace(SEPARATORS, '').replace(/^\+/, '');
  if (digits.length < 4) return null;
  if (digits.startsWith('62')) return `+${digits}`;
  if (digits.startsWith('0')) return `+62${digits.slice(1)}`;
  return digits;
}
