/**
 * The 'Buat Event Baru' contract (events-and-coach-pages §3, §5): one zod schema that checks the
 * organizer's form in the browser and the same payload on the server, with the spec's Indonesian
 * messages. The output is exactly what the server stores: code normalised, eventId and category
 * ids derived from names, admin fee locked, dates as ISO instants. Pure: no I/O.
 */
import { z } from 'zod';
import { EVENT_ADMIN_FEE, eventPaymentTypes, normaliseEventCode, slugify } from './events';
import { fromJakartaWallClock, jakartaWallClock } from '../shared/jakarta-time';
import { jakartaToday } from '../shared/wire-date';
import { paymentOptionKeys } from '../payments/payments';
import { BIB_NUMBER_MAX, BIB_PREFIX_MAX, BIB_PREFIX_PATTERN, bibMessages, bibRangesClash } from './bib-numbers';

export const EVENT_NAME_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_CODE_MAX = 50;
export const EVENT_LOCATION_MAX = 200;
export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 1000;
export const CATEGORY_PRICE_MAX = 100_000_000;
export const CATEGORY_SLOTS_MAX = 100_000;
export const CATEGORIES_MAX = 20;
export const PAYMENT_INSTRUCTIONS_MAX = 2000;
const URL_MAX = 2048;

/** Codes that would collide with fixed paths under /api/events. */
export const RESERVED_EVENT_CODES: readonly string[] = ['status', 'finance'];

export const eventFormMessages = {
  nameRequired: 'Nama event wajib diisi.',
  nameTooLong: `Nama event maksimal ${EVENT_NAME_MAX} karakter.`,
  nameNoLetters: 'Nama event harus mengandung huruf atau angka.',
  descriptionRequired: 'Deskripsi event wajib diisi.',
  descriptionTooLong: `Deskripsi event maksimal ${EVENT_DESCRIPTION_MAX} karakter.`,
  codeRequired: 'Kode event wajib diisi (huruf, angka atau tanda hubung).',
  codeTooLong: `Kode event maksimal ${EVENT_CODE_MAX} karakter.`,
  codeReserved: 'Kode event tersebut tidak dapat digunakan, gunakan kode event yang lain!',
  locationRequired: 'Lokasi event wajib diisi.',
  locationTooLong: `Lokasi event maksimal ${EVENT_LOCATION_MAX} karakter.`,
  datesIncomplete: 'Semua kolom tanggal harus diisi dengan lengkap.',
  dateInvalid: 'Format tanggal tidak valid.',
  regOpenPast: 'Tanggal pendaftaran dibuka tidak boleh sebelum hari ini.',
  regCloseNotAfterOpen: 'Tanggal pendaftaran ditutup harus setelah tanggal pendaftaran dibuka.',
  eventNotAfterClose: 'Tanggal event harus setelah tanggal pendaftaran ditutup.',
  headerImageInvalid: 'Alamat gambar header tidak valid.',
  categoriesInvalid: 'Silakan isi setidaknya satu kategori dengan nama, harga, dan slot yang valid.',
  tooManyCategories: `Maksimal ${CATEGORIES_MAX} kategori dalam satu event.`,
  categoryNameRequired: 'Nama kategori wajib diisi.',
  categoryNameTooLong: `Nama kategori maksimal ${CATEGORY_NAME_MAX} karakter.`,
  categoryNameDuplicate: 'Nama kategori tidak boleh sama dengan kategori lain.',
  categoryDescriptionTooLong: `Deskripsi kategori maksimal ${CATEGORY_DESCRIPTION_MAX} karakter.`,
  priceInvalid: 'Harga harus lebih dari 0.',
  priceTooHigh: `Harga maksimal Rp${CATEGORY_PRICE_MAX.toLocaleString('id-ID')}.`,
  originalPriceInvalid: 'Harga normal tidak valid.',
  slotsInvalid: 'Slot harus lebih dari 0.',
  slotsTooHigh: `Slot maksimal ${CATEGORY_SLOTS_MAX.toLocaleString('id-ID')}.`,
  earlyBirdDateRequired: 'Tanggal akhir early bird wajib diisi.',
  originalPriceRequired: 'Harga normal (setelah early bird) wajib diisi.',
  originalPriceNotAbove: 'Harga normal harus lebih besar dari harga early bird.',
  paymentTypeRequired: 'Pilih tipe pembayaran.',
  paymentOptionsRequired: 'Pilih setidaknya satu metode pembayaran.',
  paymentInstructionsRequired: 'Deskripsi pembayaran wajib diisi.',
  paymentInstructionsTooLong: `Deskripsi pembayaran maksimal ${PAYMENT_INSTRUCTIONS_MAX} karakter.`,
  paymentQrRequired: 'Gambar QR pembayaran wajib diunggah.',
  paymentQrInvalid: 'Alamat gambar QR pembayaran tidak valid.',
  duplicateCode: 'Kode Event telah digunakan, gunakan kode event yang lain!',
  duplicateEventId: 'Nama event sudah dipakai event lain (ID event sama). Gunakan nama event yang berbeda.',
  sessionExpired: 'Sesi Anda telah berakhir. Silakan masuk lagi untuk melanjutkan.',
  createFailedStatus: (status: number) => `Gagal membuat event. Status: ${status}`,
  createUnexpected: 'Gagal membuat event. Terjadi kesalahan yang tidak terduga.',
} as const;

const m = eventFormMessages;
const DAY_OR_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * Reads an event date: an ISO instant with an offset (the API), or a wall-clock date
 * (`YYYY-MM-DD`) or date-time (`YYYY-MM-DDTHH:mm`, what a datetime-local input gives) taken in
 * Asia/Jakarta. Null for anything else or a year outside 2000-2100.
 */
export function parseEventInstant(value: string): Date | null {
  const text = value.trim();
  let instant: Date;
  const local = DAY_OR_LOCAL.exec(text);
  if (local) {
    const [year, month, day, hour = '00', minute = '00', second = '00'] = local.slice(1);
    const y = Number(year);
    const mo = Number(month);
    const d = Number(day);
    if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
    if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
    instant = fromJakartaWallClock(`${year}-${month}-${day}T${hour}:${minute}:${second}`);
  } else if (WITH_OFFSET.test(text)) {
    instant = new Date(text);
  } else {
    return null;
  }
  if (Number.isNaN(instant.getTime())) return null;
  const year = instant.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? instant : null;
}

/** The `datetime-local` value (Jakarta wall clock) of an instant, e.g. to pre-fill a form. */
export function toJakartaLocalInput(instant: Date): string {
  return jakartaWallClock(instant).slice(0, 16);
}

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A date field: missing gives the spec's "all dates" message, unreadable a format message. */
const dateField = z
  .string({ error: m.datesIncomplete })
  .trim()
  .min(1, { message: m.datesIncomplete, abort: true })
  .refine((v) => parseEventInstant(v) !== null, m.dateInvalid);

const optionalDateField = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .refine((v) => !v || parseEventInstant(v) !== null, m.dateInvalid);

/** Our own upload (`/api/files/...`) or an http(s) address; nothing that could run script. */
const imageUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(URL_MAX, message)
    .refine((v) => v === '' || /^(https?:\/\/[^\s"'<>]+|\/api\/files\/[A-Za-z0-9._-]+)$/.test(v), message);

/** Numeric fields keep digits only (§5): a number or a string of digits. */
const wholeNumber = (invalid: string, max: number, tooHigh: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).int(invalid).positive(invalid).max(max, tooHigh),
  );

/** A bib number field: empty is "not set" (null); otherwise a whole number 0–999 999. */
const bibNumberField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: bibMessages.numberInvalid }).int(bibMessages.numberInvalid).min(0, bibMessages.numberInvalid).max(BIB_NUMBER_MAX, bibMessages.numberTooHigh).nullable(),
);

export const eventCategoryInputSchema = z
  .object({
    // The id is always the slug of the name; a client's own categoryId is ignored.
    categoryId: z.string().max(200).optional(),
    name: requiredText(m.categoryNameRequired, CATEGORY_NAME_MAX, m.categoryNameTooLong),
    description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, m.categoryDescriptionTooLong).nullish(),
    price: wholeNumber(m.priceInvalid, CATEGORY_PRICE_MAX, m.priceTooHigh),
    originalPrice: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: m.originalPriceInvalid }).int(m.originalPriceInvalid).min(0, m.originalPriceInvalid).max(CATEGORY_PRICE_MAX, m.priceTooHigh).nullable(),
    ),
    slots: wholeNumber(m.slotsInvalid, CATEGORY_SLOTS_MAX, m.slotsTooHigh),
    // Locked (§3, §9): whatever a client sends, the fee is EVENT_ADMIN_FEE.
    adminFee: z.unknown().optional(),
    earlyBird: z.boolean().default(false),
    earlyBirdEndDate: optionalDateField,
    /** Bib numbers (bib-numbers.ts): a prefix and a range; no range, no numbers. */
    bibPrefix: z
      .string()
      .trim()
      .max(BIB_PREFIX_MAX, bibMessages.prefixTooLong)
      .regex(BIB_PREFIX_PATTERN, bibMessages.prefixCharacters)
      .nullish(),
    bibStart: bibNumberField.optional(),
    bibEnd: bibNumberField.optional(),
  })
  .superRefine((c, ctx) => {
    if (typeof c.name === 'string' && c.name.trim() && !slugify(c.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: m.nameNoLetters.replace('event', 'kategori') });
    if (c.earlyBird && !c.earlyBirdEndDate) ctx.addIssue({ code: 'custom', path: ['earlyBirdEndDate'], message: m.earlyBirdDateRequired });
    // Early bird switches to the normal price at its end (early-bird.ts): there must be one, above it.
    if (c.earlyBird && (c.originalPrice === null || c.originalPrice === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: m.originalPriceRequired });
    } else if (c.earlyBird && typeof c.price === 'number' && typeof c.originalPrice === 'number' && c.originalPrice <= c.price) {
      ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: m.originalPriceNotAbove });
    }
    // A range needs both ends; a prefix alone asks for them too (it numbers nothing by itself).
    const start = c.bibStart ?? null;
    const end = c.bibEnd ?? null;
    if (start === null && (end !== null || c.bibPrefix)) ctx.addIssue({ code: 'custom', path: ['bibStart'], message: bibMessages.startRequired });
    if (end === null && (start !== null || c.bibPrefix)) ctx.addIssue({ code: 'custom', path: ['bibEnd'], message: bibMessages.endRequired });
    if (typeof start === 'number' && typeof end === 'number' && end < start) ctx.addIssue({ code: 'custom', path: ['bibEnd'], message: bibMessages.endBeforeStart });
  })
  .transform((c) => ({
    categoryId: slugify(c.name),
    /** The id the client sent: on an edit, the existing category this row changes (its id may change with its name). */
    sourceCategoryId: c.categoryId?.trim().toLowerCase() || null,
    name: c.name,
    description: c.description ?? '',
    price: c.price,
    originalPrice: c.originalPrice,
    slots: c.slots,
    adminFee: EVENT_ADMIN_FEE,
    earlyBird: c.earlyBird,
    // Unchecking early bird clears its end date (§5).
    earlyBirdEndDate: c.earlyBird && c.earlyBirdEndDate ? parseEventInstant(c.earlyBirdEndDate)!.toISOString() : null,
    bibPrefix: c.bibPrefix ?? '',
    bibStart: c.bibStart ?? null,
    bibEnd: c.bibEnd ?? null,
  }));

/**
 * The spec's one message is for "no usable category at all" (an empty list or only blank rows);
 * once one exists, each row's own field messages say what is wrong with the others.
 */
export function hasUsableCategory(categories: unknown[]): boolean {
  return categories.some(isUsableCategory);
}

/** A category is "valid" in the spec's sense when it has a name, a price and slots above 0. */
function isUsableCategory(c: unknown): boolean {
  if (!c || typeof c !== 'object') return false;
  const { name, price, slots } = c as Record<string, unknown>;
  const positive = (v: unknown) => (typeof v === 'number' ? v > 0 : typeof v === 'string' && /^\d+$/.test(v.trim()) && Number(v) > 0);
  return typeof name === 'string' && slugify(name) !== '' && positive(price) && positive(slots);
}

export interface EventInputOptions {
  /**
   * An edit (PUT /api/events/{id}): may this registration opening, before today, stay? An event
   * whose registration already opened keeps its past opening; a changed one must not be before
   * today. The server passes `() => true` and checks against the stored opening itself.
   */
  regOpenMayBePast?: (open: Date) => boolean;
}

/**
 * The event payload schema. `now` is the clock for "not before today" (Asia/Jakarta); the default
 * reads the real clock at each parse, so one schema instance serves a long-running server.
 */
export function createEventInputSchema(now: () => Date = () => new Date(), options: EventInputOptions = {}) {
  return z
    .object({
      // Derived from the name and not editable (§5); a client's own eventId is ignored.
      eventId: z.string().max(300).optional(),
      name: requiredText(m.nameRequired, EVENT_NAME_MAX, m.nameTooLong),
      description: requiredText(m.descriptionRequired, EVENT_DESCRIPTION_MAX, m.descriptionTooLong),
      code: z
        .string({ error: m.codeRequired })
        .max(EVENT_CODE_MAX * 2, m.codeTooLong)
        .transform(normaliseEventCode)
        .pipe(z.string().min(1, m.codeRequired).max(EVENT_CODE_MAX, m.codeTooLong).refine((c) => !RESERVED_EVENT_CODES.includes(c), m.codeReserved)),
      headerImage: imageUrl(m.headerImageInvalid).nullish(),
      location: requiredText(m.locationRequired, EVENT_LOCATION_MAX, m.locationTooLong),
      eventDate: dateField,
      regOpen: dateField,
      regClose: dateField,
      earlyBirdEndDate: optionalDateField,
      paymentType: z.enum(eventPaymentTypes, { error: m.paymentTypeRequired }),
      paymentOptions: z.array(z.enum(paymentOptionKeys), { error: m.paymentOptionsRequired }).max(paymentOptionKeys.length).default([]),
      paymentInstruction: z
        .object({
          qrImage: imageUrl(m.paymentQrInvalid).nullish(),
          instructions: z.string().trim().max(PAYMENT_INSTRUCTIONS_MAX, m.paymentInstructionsTooLong).nullish(),
        })
        .nullish(),
      /** 'Wajibkan kode verifikasi email': a slot is held only after the runner types the code mailed to them (decision 033). */
      emailCodeRequired: z.boolean().optional().default(false),
      categories: z
        .array(z.unknown(), { error: m.categoriesInvalid })
        .max(CATEGORIES_MAX, m.tooManyCategories)
        .refine(hasUsableCategory, m.categoriesInvalid)
        .pipe(z.array(eventCategoryInputSchema)),
    })
    .superRefine((e, ctx) => {
      if (typeof e.name === 'string' && e.name.trim() && !slugify(e.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: m.nameNoLetters });
      checkDates(e, ctx, now(), options.regOpenMayBePast);
      if (e.paymentType === 'platform' && e.paymentOptions.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['paymentOptions'], message: m.paymentOptionsRequired });
      }
      if (e.paymentType === 'self_managed') {
        if (!e.paymentInstruction?.instructions) {
          ctx.addIssue({ code: 'custom', path: ['paymentInstruction', 'instructions'], message: m.paymentInstructionsRequired });
        }
        if (!e.paymentInstruction?.qrImage) ctx.addIssue({ code: 'custom', path: ['paymentInstruction', 'qrImage'], message: m.paymentQrRequired });
      }
      const seen = new Set<string>();
      // Refinements also run when a field already failed, so nothing here may assume its shape.
      e.categories.forEach((c, index) => {
        if (!c || typeof c !== 'object' || !c.categoryId) return;
        if (seen.has(c.categoryId)) ctx.addIssue({ code: 'custom', path: ['categories', index, 'name'], message: m.categoryNameDuplicate });
        seen.add(c.categoryId);
      });
      // Two categories must never be able to hand out the same bib (its unique index would refuse the second).
      const ranged = (c: unknown): c is { name: string; bibPrefix: string; bibStart: number; bibEnd: number } =>
        !!c && typeof c === 'object' && typeof (c as { bibStart?: unknown }).bibStart === 'number' && typeof (c as { bibEnd?: unknown }).bibEnd === 'number';
      e.categories.forEach((c, index) => {
        if (!ranged(c)) return;
        const earlier = e.categories.slice(0, index).find((o) => ranged(o) && bibRangesClash(rangeOf(o), rangeOf(c)));
        if (earlier) ctx.addIssue({ code: 'custom', path: ['categories', index, 'bibStart'], message: bibMessages.clash(earlier.name) });
      });
    })
    .transform((e) => ({
      eventId: slugify(e.name),
      name: e.name,
      description: e.description,
      code: e.code,
      headerImage: e.headerImage || null,
      location: e.location,
      eventDate: parseEventInstant(e.eventDate)!.toISOString(),
      regOpen: parseEventInstant(e.regOpen)!.toISOString(),
      regClose: parseEventInstant(e.regClose)!.toISOString(),
      earlyBirdEndDate: e.earlyBirdEndDate ? parseEventInstant(e.earlyBirdEndDate)!.toISOString() : null,
      paymentType: e.paymentType,
      paymentOptions: e.paymentType === 'platform' ? [...new Set(e.paymentOptions)] : [],
      paymentInstruction:
        e.paymentType === 'self_managed'
          ? { qrImage: e.paymentInstruction?.qrImage ?? '', instructions: e.paymentInstruction?.instructions ?? '' }
          : null,
      emailCodeRequired: e.emailCodeRequired,
      categories: e.categories,
    }));
}

const rangeOf = (c: { bibPrefix: string; bibStart: number; bibEnd: number }) => ({ prefix: c.bibPrefix ?? '', start: c.bibStart, end: c.bibEnd });

/**
 * The four date rules of §5, in the spec's order; only the first broken rule is reported,
 * like the original form, so the organizer fixes one thing at a time.
 */
function checkDates(
  e: { eventDate: string; regOpen: string; regClose: string },
  ctx: z.RefinementCtx,
  now: Date,
  regOpenMayBePast: (open: Date) => boolean = () => false,
) {
  if (!e.eventDate || !e.regOpen || !e.regClose) return; // each missing field already says so
  const open = parseEventInstant(e.regOpen);
  const close = parseEventInstant(e.regClose);
  const event = parseEventInstant(e.eventDate);
  if (!open || !close || !event) return;
  if (jakartaToday(open) < jakartaToday(now) && !regOpenMayBePast(open)) {
    ctx.addIssue({ code: 'custom', path: ['regOpen'], message: m.regOpenPast });
  } else if (close.getTime() <= open.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['regClose'], message: m.regCloseNotAfterOpen });
  } else if (event.getTime() <= close.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['eventDate'], message: m.eventNotAfterClose });
  }
}

export const eventInputSchema = createEventInputSchema();
/** PUT /api/events/{id}: the same rules; the service checks a changed opening against today. */
export const eventUpdateInputSchema = createEventInputSchema(undefined, { regOpenMayBePast: () => true });
export type EventInput = z.input<typeof eventInputSchema>;
export type EventPayload = z.output<typeof eventInputSchema>;
export type EventCategoryPayload = EventPayload['categories'][number];
