/**
 * The runner registration form (events-and-coach-pages §5 "Runner registration form", §4 states):
 * one zod schema for the payload the web form builds and the server accepts, the email check with
 * its exact messages and typo suggestions, and when an event's registration is open. Pure: no I/O.
 */
// zod/mini, not classic zod: the form's page is public and classic's methods weigh 22 KB gzip
// whichever few it uses (decision 023). The server parses the same schema.
import { z } from 'zod/mini';
import { BIB_NAME_MAX, bloodTypes, identityTypes, sexes, tshirtSizes } from './registrations';
import { jakartaParts } from '../shared/jakarta-clock';
import { normalizePhone, phoneMessages } from '../shared/phone';
import { parseWireDate } from '../shared/wire-date';
import { normalizeIdentityNo } from './identity-number';
import { paymentOptionKeys } from '../payments/payments';

export const registrationMessages = {
  emailRequired: 'Email wajib diisi',
  emailFormat: 'Format email tidak valid',
  emailCodeFormat: 'Kode verifikasi terdiri dari 6 angka',
  emailOneAt: 'Email harus mengandung tepat satu simbol @',
  emailDomainShort: 'Domain email tidak lengkap',
  emailNoExtension: 'Domain harus memiliki ekstensi (misalnya .com, .org)',
  emailExtensionShort: 'Ekstensi domain terlalu pendek',
  emailLocalTooLong: 'Bagian sebelum @ terlalu panjang',
  emailSuggestion: (suggestion: string) => `Domain mungkin salah eja, maksud Anda ${suggestion}?`,
  fixEmailFirst: 'Mohon perbaiki kesalahan pada email Anda sebelum melanjutkan.',
  categoryAndTerms: 'Anda harus memilih kategori dan menyetujui Syarat & Ketentuan.',
  paymentMethodRequired: 'Anda harus memilih metode pembayaran terlebih dahulu.',
  phone: phoneMessages('Nomor telepon'),
  emergencyPhone: phoneMessages('Nomor kontak darurat'),
  /** Said as soon as the name passes the limit: the field keeps every letter typed, never cuts it. */
  bibTooLong: (length: number) => `Nama BIB maksimal ${BIB_NAME_MAX} karakter (terisi ${length}). Tulis nama yang lebih pendek, misalnya nama panggilan.`,
  dobFormat: 'Tanggal lahir harus berformat DD-MM-YYYY',
  dobInvalid: 'Tanggal lahir tidak valid',
  dobFuture: 'Tanggal lahir harus sebelum hari ini',
  dobAge: 'Usia pelari harus antara 5 dan 100 tahun',
  eventRequired: 'Event wajib dipilih',
  categoryRequired: 'Kategori wajib dipilih',
  paymentMethodUnknown: 'Metode pembayaran tidak dikenal.',
  termsRequired: 'Anda harus menyetujui Syarat & Ketentuan.',
  errorSummaryTitle: (count: number) => `Ada ${count} isian yang perlu diperbaiki`,
  useSuggestedEmail: (email: string) => `Gunakan ${email}`,
} as const;

export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_DOMAIN_MIN = 4;
export const EMAIL_EXTENSION_MIN = 2;
export const EMAIL_MAX = 254;
export const MIN_RUNNER_AGE = 5;
export const MAX_RUNNER_AGE = 100;
/** A typed phone number with its spaces and dashes ('+62 (812) 3456-7890-1234'). */
export const PHONE_TYPED_MAX = 30;

const providers = ['gmail', 'hotmail', 'yahoo', 'outlook'] as const;
/** Real providers one letter away from a big one (`mail.com`, `ymail.com`): never "corrected". */
const realLookalikes = ['mail', 'email', 'ymail', 'gmx', 'outlook', 'live', 'msn'];
const commonTlds = ['com', 'org', 'net', 'co', 'info', 'id'];
/** Endings typed without their dot (`gmailcom`); `com` before `co` so `gmailcom` is not read as `gmailc.om`. */
const dotlessEndings = ['com', 'org', 'net', 'info', 'co'];
/** Mistyped `.com` after a known provider; `.co` is one too except for yahoo's real `yahoo.co.id`. */
const comTypos = ['cm', 'con', 'om', 'comm', 'cmo', 'vom', 'xom', 'co'];

/** Optimal string alignment distance (Levenshtein plus adjacent swaps): `gmial` is one edit from `gmail`. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The provider a mistyped name most likely meant (`gmal` → `gmail`), or null when it is one already or none is close. */
function closeProvider(name: string): string | null {
  if ((providers as readonly string[]).includes(name) || realLookalikes.includes(name) || name.length < 3) return null;
  let best: { provider: string; distance: number } | null = null;
  for (const provider of providers) {
    const distance = editDistance(name, provider);
    const allowed = provider.length <= 5 ? 1 : 2;
    if (distance <= allowed && (!best || distance < best.distance)) best = { provider, distance };
  }
  return best?.provider ?? null;
}

/** A corrected domain for a common mistake, or null when the domain looks intended. */
export function suggestDomain(domain: string): string | null {
  const labels = domain.split('.');
  if (labels.length === 1) {
    // gmailcom, yahooconet → add the missing dot before the ending
    for (const ending of dotlessEndings) {
      if (domain.length > ending.length + 1 && domain.endsWith(ending)) {
        const name = domain.slice(0, -ending.length);
        const provider = closeProvider(name) ?? ((providers as readonly string[]).includes(name) ? name : null);
        return provider && ending === 'co' && provider !== 'yahoo' ? `${provider}.com` : `${provider ?? name}.${ending}`;
      }
    }
    return null;
  }
  const first = labels[0]!;
  const last = labels[labels.length - 1]!;
  // com.gmail, id.co.yahoo → the labels in reverse
  if (commonTlds.includes(first) && ((providers as readonly string[]).includes(last) || closeProvider(last))) {
    const reversed = [...labels].reverse();
    reversed[0] = closeProvider(reversed[0]!) ?? reversed[0]!;
    return reversed.join('.');
  }
  const name = first;
  const rest = labels.slice(1).join('.');
  const provider = closeProvider(name);
  if (provider) return `${provider}.${rest === 'co' && provider !== 'yahoo' ? 'com' : rest}`;
  if ((providers as readonly string[]).includes(name) && labels.length === 2 && comTypos.includes(rest) && !(name === 'yahoo' && rest === 'co')) {
    return `${name}.com`;
  }
  return null;
}

/** Letters, digits and the usual punctuation of a local part; a domain of dot-separated labels. */
const localPattern = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainPattern = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/**
 * The corrected address when the registration form would suggest one (`putu@gmial.com` →
 * `putu@gmail.com`): what its one-tap button applies. Null when no suggestion applies.
 */
export function suggestedEmail(value: string): string | null {
  const email = value.trim();
  if (email.split('@').length !== 2 || /\s/.test(email) || email.length > EMAIL_MAX) return null;
  const [local, domainRaw] = email.split('@') as [string, string];
  const domain = domainRaw.toLowerCase();
  if (!local || local.length > EMAIL_LOCAL_MAX || domain.length < EMAIL_DOMAIN_MIN) return null;
  const suggestion = suggestDomain(domain);
  return suggestion && suggestion !== domain ? `${local}@${suggestion}` : null;
}

/**
 * The registration form's email check: null when the address is fine, otherwise the first of the
 * spec's messages that applies (a typo suggestion names the corrected address).
 */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return registrationMessages.emailRequired;
  const ats = email.split('@').length - 1;
  if (ats !== 1) return registrationMessages.emailOneAt;
  const [local, domainRaw] = email.split('@') as [string, string];
  const domain = domainRaw.toLowerCase();
  if (!local || /\s/.test(email) || email.length > EMAIL_MAX) return registrationMessages.emailFormat;
  if (local.length > EMAIL_LOCAL_MAX) return registrationMessages.emailLocalTooLong;
  if (domain.length < EMAIL_DOMAIN_MIN) return registrationMessages.emailDomainShort;
  const suggestion = suggestedEmail(email);
  if (suggestion) return registrationMessages.emailSuggestion(suggestion);
  if (!domain.includes('.')) return registrationMessages.emailNoExtension;
  const extension = domain.slice(domain.lastIndexOf('.') + 1);
  if (extension.length < EMAIL_EXTENSION_MIN) return registrationMessages.emailExtensionShort;
  if (!localPattern.test(local) || !domainPattern.test(domain)) return registrationMessages.emailFormat;
  return null;
}

/** The form's choices below the runner's data: category, payment method (when offered) and the terms. */
export interface RegistrationChoices {
  categoryId: string;
  paymentMethod: string;
  agree: boolean;
}
export type ChoiceField = keyof RegistrationChoices;

/** Each missing choice with its message, in the order the form shows them. */
export function choiceErrors(choices: RegistrationChoices, paymentOptionsOffered: boolean): Partial<Record<ChoiceField, string>> {
  const errors: Partial<Record<ChoiceField, string>> = {};
  if (!choices.categoryId) errors.categoryId = registrationMessages.categoryRequired;
  if (paymentOptionsOffered && !choices.paymentMethod) errors.paymentMethod = registrationMessages.paymentMethodRequired;
  if (!choices.agree) errors.agree = registrationMessages.termsRequired;
  return errors;
}

/** Whole years between a birth date and `today` (both calendar dates). */
export function ageOn(dob: { year: number; month: number; day: number }, today: { year: number; month: number; day: number }): number {
  const hadBirthday = today.month > dob.month || (today.month === dob.month && today.day >= dob.day);
  return today.year - dob.year - (hadBirthday ? 0 : 1);
}

/** The date-of-birth rule with "today" passed in (tests); the schema uses the real Jakarta today. */
export function dobError(value: string, now: Date = new Date()): string | null {
  if (!/^\d{2}-\d{2}-\d{4}$/.test(value)) return registrationMessages.dobFormat;
  const dob = parseWireDate(value);
  if (!dob) return registrationMessages.dobInvalid;
  const jakarta = jakartaParts(now);
  const today = { year: jakarta.year, month: jakarta.month + 1, day: jakarta.day };
  const dobKey = dob.year * 10_000 + dob.month * 100 + dob.day;
  if (dobKey >= today.year * 10_000 + today.month * 100 + today.day) return registrationMessages.dobFuture;
  const age = ageOn(dob, today);
  if (age < MIN_RUNNER_AGE || age > MAX_RUNNER_AGE) return registrationMessages.dobAge;
  return null;
}

const required = (message: string, max: number, maxMessage = `Maksimal ${max} karakter`) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, maxMessage));

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, `Maksimal ${max} karakter`))),
    z.transform((v: string | undefined) => (v ? v : '-')),
  );

/**
 * A phone field: typed with spaces or dashes in any of the usual forms, checked and stored as `+62…`
 * (shared/phone.ts). Letters are refused with the reason, never dropped.
 */
const phone = (requiredMessage: string, messages: ReturnType<typeof phoneMessages>) =>
  required(requiredMessage, PHONE_TYPED_MAX).check(
    z.superRefine((v: string, ctx) => {
      const result = normalizePhone(v);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: messages[result.problem] });
    }),
    z.overwrite((v: string) => {
      const result = normalizePhone(v);
      return result.ok ? result.phone : v;
    }),
  );

/** The BIB name: a name longer than the bib holds is an error that says how long it is, never cut. */
const bibName = z.string({ error: 'Nama BIB wajib diisi' }).check(
  z.trim(),
  z.minLength(1, 'Nama BIB wajib diisi'),
  z.superRefine((v: string, ctx) => {
    // UTF-16 units, as the field's counter counts them.
    if (v.length > BIB_NAME_MAX) ctx.addIssue({ code: 'custom', message: registrationMessages.bibTooLong(v.length) });
  }),
);

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** A trimmed string checked by one of the rules above that returns the message or null. */
const checkedBy = (requiredMessage: string, rule: (value: string) => string | null, requireFilled = false) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    ...(requireFilled ? [z.minLength(1, requiredMessage)] : []),
    z.superRefine((v: string, ctx) => {
      const error = rule(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  );

/**
 * The runner fields one by one: what the organizer's correction picks from (zod refuses `pick` on an
 * object with whole-object checks), and the field names of the form.
 */
export const runnerDataFields = z.object({
  fullName: required('Nama lengkap wajib diisi', 100),
  email: checkedBy(registrationMessages.emailRequired, validateEmail),
  phone: phone('Nomor telepon wajib diisi', registrationMessages.phone),
  bibName,
  community: optionalText(100),
  bloodType: choice(bloodTypes, 'Golongan darah wajib dipilih'),
  tshirtSize: choice(tshirtSizes, 'Ukuran kaos wajib dipilih'),
  sex: choice(sexes, 'Jenis kelamin wajib dipilih'),
  dob: checkedBy('Tanggal lahir wajib diisi', (v) => dobError(v), true),
  identityType: choice(identityTypes, 'Jenis identitas wajib dipilih'),
  identityNo: required('Nomor identitas wajib diisi', 50),
  emergencyName: required('Nama kontak darurat wajib diisi', 100),
  emergencyContact: phone('Nomor kontak darurat wajib diisi', registrationMessages.emergencyPhone),
  medicalNotes: optionalText(500),
});

/** Both read as typed, whatever else in the form is still wrong (a select not chosen yet). */
const identityReadable = (payload: { value: unknown }) => {
  const v = payload.value as { identityType?: unknown; identityNo?: unknown } | null;
  return typeof v?.identityType === 'string' && typeof v.identityNo === 'string';
};

/**
 * The runner's data as the form sends it and the server stores it: the identity number checked by
 * its type (a NIK is 16 digits, a passport letters and digits) and stored without separators.
 */
export const runnerDataInputSchema = runnerDataFields.check(
  z.superRefine(
    (v: { identityType: string; identityNo: string }, ctx) => {
      const result = normalizeIdentityNo(v.identityType, v.identityNo);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message, path: ['identityNo'] });
    },
    { when: identityReadable },
  ),
  z.overwrite((v) => {
    const result = normalizeIdentityNo(v.identityType, v.identityNo);
    return result.ok ? { ...v, identityNo: result.identityNo } : v;
  }),
);
export type RunnerDataInput = z.input<typeof runnerDataInputSchema>;
export type RunnerData = z.output<typeof runnerDataInputSchema>;

/** The fields the server stores in another form than typed (phones as +62…, identity numbers without separators). */
export type NormalizedField = 'phone' | 'emergencyContact' | 'identityNo';

/**
 * What will be stored in place of what was typed, for each field where the two differ and the value
 * is valid: the form shows it before submitting (issue 28 item 8, nothing changed unseen).
 */
export function storedChanges(typed: Record<NormalizedField | 'identityType', string>): Partial<Record<NormalizedField, string>> {
  const changes: Partial<Record<NormalizedField, string>> = {};
  for (const field of ['phone', 'emergencyContact'] as const) {
    const result = normalizePhone(typed[field]);
    if (result.ok && result.phone !== typed[field].trim()) changes[field] = result.phone;
  }
  const identity = normalizeIdentityNo(typed.identityType, typed.identityNo);
  if (identity.ok && identity.identityNo !== '' && identity.identityNo !== typed.identityNo.trim()) changes.identityNo = identity.identityNo;
  return changes;
}

/** `POST /api/runner-registrations`: what the form sends and the server accepts. */
export const registrationPayloadSchema = z.object({
  /** The event's eventId slug, its code or its `_id`. */
  eventId: z.string({ error: registrationMessages.eventRequired }).check(z.trim(), z.minLength(1, registrationMessages.eventRequired), z.maxLength(100)),
  categoryId: z
    .string({ error: registrationMessages.categoryRequired })
    .check(z.trim(), z.minLength(1, registrationMessages.categoryRequired), z.maxLength(100)),
  runnerData: runnerDataInputSchema,
  paymentMethod: z.optional(z.enum(paymentOptionKeys, { error: registrationMessages.paymentMethodUnknown })),
  /**
   * The solved proof-of-work challenge (base64 of ALTCHA's `{ challenge, solution }`), required
   * unless the server's challenge endpoint says it is off. The server checks it before the rest.
   */
  altcha: z.optional(z.string().check(z.maxLength(2000))),
  /** The 6-digit code mailed to runnerData.email, when the event asks for one (decision 033). */
  emailCode: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, registrationMessages.emailCodeFormat))),
  /** A 'Daftar Tunggu' claim link's token: the registration takes the slot offered to this runner. */
  waitingOffer: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
export type RegistrationPayloadInput = z.input<typeof registrationPayloadSchema>;
export type RegistrationPayload = z.output<typeof registrationPayloadSchema>;

// Openness, the public list's button and chip colours live apart from the schemas so the public
// event list does not load zod; re-exported so existing imports keep working.
export * from './openness';
