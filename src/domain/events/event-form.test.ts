import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canMoveEventStatus } from './events';
import { createEventInputSchema, eventFormMessages as m, parseEventInstant, toJakartaLocalInput } from './event-form';
import { EVENT_ADMIN_FEE, normaliseEventCode, slugify } from './events';
import { bibMessages as bib } from './bib-numbers';

// 10 May 2027, 23:30 in Jakarta (16:30 UTC): "today" is the 10th in Jakarta, still the 10th in UTC.
const now = new Date('2027-05-10T16:30:00Z');
const schema = createEventInputSchema(() => now);

const category = (over: Record<string, unknown> = {}) => ({ name: '10K', description: 'Jarak 10 km', price: 150000, slots: 500, ...over });
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Jakarta Marathon 2027',
  description: 'Lari keliling Jakarta.',
  code: 'JKT-Marathon_27',
  headerImage: '/api/files/0123456789abcdef0123456789abcdef.png',
  location: 'Monas, Jakarta',
  regOpen: '2027-05-11T08:00',
  regClose: '2027-06-01T23:59',
  eventDate: '2027-06-20T05:00',
  paymentType: 'platform',
  paymentOptions: ['gopay', 'bni_va', 'gopay'],
  categories: [category(), category({ name: 'Half Marathon', price: '250000', slots: '300' })],
  ...over,
});

const messagesOf = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('event form schema', () => {
  it('normalises a valid payload: code, eventId, category ids, locked admin fee, ISO dates in Jakarta time', () => {
    const out = schema.parse(valid({ eventId: 'something-else', categories: [category({ adminFee: 0, categoryId: 'x' }), category({ name: 'Half Marathon' })] }));
    expect(out.code).toBe('jkt-marathon27');
    expect(out.eventId).toBe('jakarta-marathon-2027');
    expect(out.regOpen).toBe('2027-05-11T01:00:00.000Z');
    expect(out.eventDate).toBe('2027-06-19T22:00:00.000Z');
    expect(out.paymentOptions).toEqual(['gopay', 'bni_va']);
    expect(out.paymentInstruction).toBeNull();
    expect(out.categories).toEqual([
      { categoryId: '10k', sourceCategoryId: 'x', name: '10K', description: 'Jarak 10 km', price: 150000, originalPrice: null, slots: 500, adminFee: EVENT_ADMIN_FEE, earlyBird: false, earlyBirdEndDate: null, bibPrefix: '', bibStart: null, bibEnd: null },
      { categoryId: 'half-marathon', sourceCategoryId: null, name: 'Half Marathon', description: 'Jarak 10 km', price: 150000, originalPrice: null, slots: 500, adminFee: EVENT_ADMIN_FEE, earlyBird: false, earlyBirdEndDate: null, bibPrefix: '', bibStart: null, bibEnd: null },
    ]);
    expect(schema.parse(valid({ categories: [category({ price: '250000', slots: '300' })] })).categories[0]).toMatchObject({ price: 250000, slots: 300 });
  });

  it('takes a bib prefix and range per category (digits as typed), both ends or none, and no two categories that could print one bib', () => {
    const out = schema.parse(valid({ categories: [category({ bibPrefix: ' 10K- ', bibStart: '1', bibEnd: '2000' }), category({ name: 'HM', bibPrefix: '10K-', bibStart: 2001, bibEnd: 3000 })] }));
    expect(out.categories.map((c) => [c.bibPrefix, c.bibStart, c.bibEnd])).toEqual([['10K-', 1, 2000], ['10K-', 2001, 3000]]);
    expect(messagesOf(valid({ categories: [category({ bibPrefix: '10K-' })] }))).toEqual([bib.startRequired, bib.endRequired]);
    expect(messagesOf(valid({ categories: [category({ bibStart: '5', bibEnd: '' })] }))).toEqual([bib.endRequired]);
    expect(messagesOf(valid({ categories: [category({ bibStart: 10, bibEnd: 9 })] }))).toEqual([bib.endBeforeStart]);
    expect(messagesOf(valid({ categories: [category({ bibStart: 'satu', bibEnd: 9 })] }))).toEqual([bib.numberInvalid]);
    expect(messagesOf(valid({ categories: [category({ bibStart: 1, bibEnd: 1_000_000 })] }))).toEqual([bib.numberTooHigh]);
    expect(messagesOf(valid({ categories: [category({ bibPrefix: '10K 🏃', bibStart: 1, bibEnd: 9 })] }))).toEqual([bib.prefixCharacters]);
    expect(messagesOf(valid({ categories: [category({ bibPrefix: 'ABCDEFGHI', bibStart: 1, bibEnd: 9 })] }))).toEqual([bib.prefixTooLong]);
    // The same prefix (whatever its case) with overlapping numbers: the later category is told.
    const clash = schema.safeParse(valid({ categories: [category({ bibPrefix: 'r', bibStart: 1, bibEnd: 500 }), category({ name: 'HM', bibPrefix: 'R', bibStart: 500, bibEnd: 900 })] }));
    expect(clash.success).toBe(false);
    expect(clash.error!.issues).toEqual([expect.objectContaining({ path: ['categories', 1, 'bibStart'], message: bib.clash('10K') })]);
    // Another prefix, or numbers apart: no clash.
    expect(messagesOf(valid({ categories: [category({ bibPrefix: 'A', bibStart: 1, bibEnd: 500 }), category({ name: 'HM', bibPrefix: 'B', bibStart: 1, bibEnd: 500 })] }))).toEqual([]);
  });

  it('requires every field with its own message', () => {
    const msgs = messagesOf({});
    for (const msg of [m.nameRequired, m.descriptionRequired, m.codeRequired, m.locationRequired, m.datesIncomplete, m.paymentTypeRequired, m.categoriesInvalid]) {
      expect(msgs).toContain(msg);
    }
    expect(messagesOf(valid({ name: '   ' }))).toEqual([m.nameRequired]);
    expect(messagesOf(valid({ name: '!!!' }))).toEqual([m.nameNoLetters]);
    expect(messagesOf(valid({ code: '***' }))).toEqual([m.codeRequired]);
    expect(messagesOf(valid({ code: 'Status' }))).toEqual([m.codeReserved]);
  });

  it('gives the spec date messages in order', () => {
    expect(messagesOf(valid({ regClose: '' }))).toEqual([m.datesIncomplete]);
    expect(messagesOf(valid({ eventDate: undefined }))).toEqual([m.datesIncomplete]);
    expect(messagesOf(valid({ regOpen: '2027-05-09T23:00' }))).toEqual([m.regOpenPast]);
    // Earlier today is still today.
    expect(messagesOf(valid({ regOpen: '2027-05-10T00:00' }))).toEqual([]);
    expect(messagesOf(valid({ regClose: '2027-05-11T08:00' }))).toEqual([m.regCloseNotAfterOpen]);
    expect(messagesOf(valid({ eventDate: '2027-06-01T23:59' }))).toEqual([m.eventNotAfterClose]);
    expect(messagesOf(valid({ eventDate: '2027-02-30' }))).toEqual([m.dateInvalid]);
  });

  it('judges "today" on the Jakarta calendar', () => {
    // 10 May 2027 18:00 UTC is already 11 May in Jakarta: opening on the 10th is in the past there.
    const late = createEventInputSchema(() => new Date('2027-05-10T18:00:00Z'));
    const r = late.safeParse(valid({ regOpen: '2027-05-10T23:00' }));
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([m.regOpenPast]);
  });

  it('asks for at least one usable category, then checks each one', () => {
    expect(messagesOf(valid({ categories: [] }))).toEqual([m.categoriesInvalid]);
    expect(messagesOf(valid({ categories: [category({ name: '', price: 0, slots: 0 })] }))).toEqual([m.categoriesInvalid]);
    expect(messagesOf(valid({ categories: [category(), category({ price: 0 })] }))).toEqual([m.priceInvalid]);
    expect(messagesOf(valid({ categories: [category(), category({ name: 'FM', slots: -5 })] }))).toEqual([m.slotsInvalid]);
    expect(messagesOf(valid({ categories: [category(), category({ name: 'FM', price: 12.5 })] }))).toEqual([m.priceInvalid]);
    expect(messagesOf(valid({ categories: [category({ price: 100_000_001 })] }))).toEqual([m.priceTooHigh]);
    expect(messagesOf(valid({ categories: [category({ slots: 100_001 })] }))).toEqual([m.slotsTooHigh]);
    expect(messagesOf(valid({ categories: [category(), category({ name: '10 K' }), category({ name: '10k' })] }))).toEqual([m.categoryNameDuplicate]);
    expect(messagesOf(valid({ categories: Array.from({ length: 21 }, (_, i) => category({ name: `Kategori ${i}` })) }))).toEqual([m.tooManyCategories]);
  });

  it('clears the early-bird date when early bird is off and requires it when on', () => {
    const off = schema.parse(valid({ categories: [category({ earlyBird: false, earlyBirdEndDate: '2027-05-20' })] }));
    expect(off.categories[0]!.earlyBirdEndDate).toBeNull();
    const on = schema.parse(valid({ categories: [category({ earlyBird: true, originalPrice: '200000', earlyBirdEndDate: '2027-05-20' })] }));
    expect(on.categories[0]).toMatchObject({ earlyBirdEndDate: '2027-05-19T17:00:00.000Z', price: 150000, originalPrice: 200000 });
    expect(messagesOf(valid({ categories: [category({ earlyBird: true, originalPrice: 200000, earlyBirdEndDate: '' })] }))).toEqual([m.earlyBirdDateRequired]);
  });

  it('early bird needs a normal price above the early bird price', () => {
    const eb = (over: Record<string, unknown>) => valid({ categories: [category({ earlyBird: true, earlyBirdEndDate: '2027-05-20', ...over })] });
    expect(messagesOf(eb({ originalPrice: '' }))).toEqual([m.originalPriceRequired]);
    expect(messagesOf(eb({ originalPrice: 150000 }))).toEqual([m.originalPriceNotAbove]);
    expect(messagesOf(eb({ originalPrice: 100000 }))).toEqual([m.originalPriceNotAbove]);
    expect(messagesOf(eb({ originalPrice: 150001 }))).toEqual([]);
  });

  it('an edit may keep a registration opening that is already past', () => {
    const edit = createEventInputSchema(() => now, { regOpenMayBePast: (open) => open.toISOString() === '2027-05-01T01:00:00.000Z' });
    const problems = (input: unknown) => {
      const r = edit.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(problems(valid({ regOpen: '2027-05-01T08:00' }))).toEqual([]);
    expect(problems(valid({ regOpen: '2027-05-02T08:00' }))).toEqual([m.regOpenPast]);
    expect(messagesOf(valid({ code: 'finance' }))).toEqual([m.codeReserved]);
  });

  it('platform needs a known payment option; self-managed needs instructions and a QR image', () => {
    expect(messagesOf(valid({ paymentOptions: [] }))).toEqual([m.paymentOptionsRequired]);
    expect(messagesOf(valid({ paymentOptions: ['bitcoin'] })).length).toBe(1);
    expect(messagesOf(valid({ paymentType: 'cash' }))).toEqual([m.paymentTypeRequired]);
    expect(messagesOf(valid({ paymentType: 'self_managed' }))).toEqual([m.paymentInstructionsRequired, m.paymentQrRequired]);
    const out = schema.parse(
      valid({ paymentType: 'self_managed', paymentInstruction: { qrImage: 'https://img.contoh.id/qr.png', instructions: 'Transfer ke BCA 123' } }),
    );
    expect(out.paymentOptions).toEqual([]);
    expect(out.paymentInstruction).toEqual({ qrImage: 'https://img.contoh.id/qr.png', instructions: 'Transfer ke BCA 123' });
    expect(messagesOf(valid({ headerImage: 'javascript:alert(1)' }))).toEqual([m.headerImageInvalid]);
  });

  it('enforces upper limits', () => {
    expect(messagesOf(valid({ name: 'a'.repeat(121) }))).toEqual([m.nameTooLong]);
    expect(messagesOf(valid({ description: 'a'.repeat(5001) }))).toEqual([m.descriptionTooLong]);
  });
});

describe('normalisation properties', () => {
  it('slugify and normaliseEventCode are idempotent and produce only their alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const slug = slugify(s);
        expect(slugify(slug)).toBe(slug);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        const code = normaliseEventCode(s);
        expect(normaliseEventCode(code)).toBe(code);
        expect(code).toMatch(/^[a-z0-9-]*$/);
      }),
    );
  });

  it('a Jakarta datetime-local value round-trips through parseEventInstant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2100-12-30T00:00:00Z'), noInvalidDate: true }), (d) => {
        const local = toJakartaLocalInput(d);
        const back = parseEventInstant(local)!;
        expect(Math.floor(d.getTime() / 60000) * 60000).toBe(back.getTime());
      }),
    );
    expect(parseEventInstant('2027-05-10T10:00:00+09:00')!.toISOString()).toBe('2027-05-10T01:00:00.000Z');
    expect(parseEventInstant('10-05-2027')).toBeNull();
    expect(parseEventInstant('1999-12-31')).toBeNull();
  });
});

describe('moderation moves', () => {
  it('allows accept/reject/close from submitted, reopening, never back to submitted', () => {
    expect(canMoveEventStatus('diajukan', 'diterima')).toBe(true);
    expect(canMoveEventStatus('diterima', 'tutup')).toBe(true);
    expect(canMoveEventStatus('tutup', 'diterima')).toBe(true);
    expect(canMoveEventStatus('diterima', 'diajukan')).toBe(false);
    expect(canMoveEventStatus('diterima', 'diterima')).toBe(false);
  });
});
