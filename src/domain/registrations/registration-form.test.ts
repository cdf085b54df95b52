import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../shared/zod-locale';
import {
  FULL_MESSAGE,
  bibPasteError,
  categoryTone,
  choiceErrors,
  dobError,
  publicEventButton,
  registrationMessages as m,
  registrationOpenness,
  registrationPayloadSchema,
  suggestDomain,
  suggestedEmail,
  validateEmail,
  zonedDateTime,
} from './registration-form';

describe('validateEmail', () => {
  it.each([
    ['', m.emailRequired],
    ['   ', m.emailRequired],
    ['budi', m.emailOneAt],
    ['budi@@gmail.com', m.emailOneAt],
    ['budi@ayu@gmail.com', m.emailOneAt],
    ['@gmail.com', m.emailFormat],
    ['bu di@gmail.com', m.emailFormat],
    ['budi..x@gmail.com', m.emailFormat],
    ['budi@-abc.com', m.emailFormat],
    ['budi@exa_mple.com', m.emailFormat],
    [`${'a'.repeat(65)}@gmail.com`, m.emailLocalTooLong],
    ['budi@a.b', m.emailDomainShort],
    ['budi@abc', m.emailDomainShort],
    ['budi@localhost', m.emailNoExtension],
    ['budi@example.c', m.emailExtensionShort],
  ])('%j → %s', (email, message) => {
    expect(validateEmail(email)).toBe(message);
  });

  it.each([
    ['budi@gmailcom', 'budi@gmail.com'],
    ['budi@yahoocom', 'budi@yahoo.com'],
    ['budi@derapnet', 'budi@derap.net'],
    ['budi@derapinfo', 'budi@derap.info'],
    ['budi@deraporg', 'budi@derap.org'],
    ['budi@gmial.com', 'budi@gmail.com'],
    ['budi@gmal.com', 'budi@gmail.com'],
    ['budi@gamil.com', 'budi@gmail.com'],
    ['budi@hotmial.com', 'budi@hotmail.com'],
    ['budi@hotmal.com', 'budi@hotmail.com'],
    ['budi@yaho.com', 'budi@yahoo.com'],
    ['budi@yahooo.com', 'budi@yahoo.com'],
    ['budi@outlok.com', 'budi@outlook.com'],
    ['budi@gmail.con', 'budi@gmail.com'],
    ['budi@gmail.co', 'budi@gmail.com'],
    ['budi@com.gmail', 'budi@gmail.com'],
    ['budi@id.co.yahoo', 'budi@yahoo.co.id'],
  ])('suggests the intended domain: %s → %s', (email, intended) => {
    expect(validateEmail(email)).toBe(`Domain mungkin salah eja, maksud Anda ${intended}?`);
  });

  it.each(['budi@gmail.com', 'Rina.W+lari@yahoo.co.id', 'x@mail.com', 'x@ymail.com', 'x@hotmail.co.uk', 'x@derap.id', `${'a'.repeat(64)}@gmail.com`, 'x@outlook.com'])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toBeNull();
    },
  );

  it('never suggests the domain it was given, and accepts every generated ordinary address', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.stringMatching(/^[a-z]{3,12}$/), fc.constantFrom('com', 'org', 'net', 'id', 'co.id'), (local, name, tld) => {
        const domain = `${name}.${tld}`;
        expect(suggestDomain(domain)).not.toBe(domain);
        const result = validateEmail(`${local}@${domain}`);
        expect(result === null || result.startsWith('Domain mungkin salah eja')).toBe(true);
      }),
    );
  });

  it('never throws and always answers null or one of the spec messages', () => {
    const known = [m.emailRequired, m.emailFormat, m.emailOneAt, m.emailDomainShort, m.emailNoExtension, m.emailExtensionShort, m.emailLocalTooLong];
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (value) => {
        const result = validateEmail(value);
        expect(result === null || known.includes(result as (typeof known)[number]) || result.startsWith('Domain mungkin salah eja, maksud Anda ')).toBe(true);
      }),
    );
  });
});

describe('dobError', () => {
  const now = new Date('2027-05-21T03:00:00Z');
  it.each([
    ['1990-05-21', m.dobFormat],
    ['21/05/1990', m.dobFormat],
    ['31-02-1990', m.dobInvalid],
    ['00-01-1990', m.dobInvalid],
    ['21-05-2027', m.dobFuture],
    ['22-05-2030', m.dobFuture],
    ['22-05-2022', m.dobAge],
    ['20-05-1926', m.dobAge],
  ])('%s → %s', (value, message) => {
    expect(dobError(value, now)).toBe(message);
  });
  it.each(['21-05-2022', '21-05-1927', '29-02-1996'])('accepts %s', (value) => {
    expect(dobError(value, now)).toBeNull();
  });
});

const validPayload = () => ({
  eventId: 'derap-run-2027',
  categoryId: '10k',
  paymentMethod: 'bni_va',
  runnerData: {
    fullName: 'Rina Wulandari',
    email: 'rina@gmail.com',
    phone: '+6281234567890',
    bibName: 'RINA',
    community: '',
    bloodType: 'O+',
    tshirtSize: 'M',
    sex: 'Perempuan',
    dob: '17-08-1994',
    identityType: 'KTP',
    identityNo: '3174000000000001',
    emergencyName: 'Budi',
    emergencyContact: '081298765432',
    medicalNotes: '   ',
  },
});

describe('registrationPayloadSchema', () => {
  it('accepts a full payload and sends "-" for a blank community and medical notes', () => {
    const parsed = registrationPayloadSchema.parse(validPayload());
    expect(parsed.runnerData.community).toBe('-');
    expect(parsed.runnerData.medicalNotes).toBe('-');
    const missing = validPayload() as { runnerData: Record<string, unknown> };
    delete missing.runnerData.community;
    delete missing.runnerData.medicalNotes;
    expect(registrationPayloadSchema.parse(missing).runnerData).toMatchObject({ community: '-', medicalNotes: '-' });
  });

  const errorOf = (patch: (p: ReturnType<typeof validPayload>) => void) => {
    const p = validPayload();
    patch(p);
    const result = registrationPayloadSchema.safeParse(p);
    return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it.each<[string, (p: ReturnType<typeof validPayload>) => void, string]>([
    ['phone with letters', (p) => (p.runnerData.phone = '0812-abc'), `runnerData.phone: ${m.phoneDigits}`],
    ['phone with spaces', (p) => (p.runnerData.phone = '0812 3456 789'), `runnerData.phone: ${m.phoneDigits}`],
    ['emergency phone', (p) => (p.runnerData.emergencyContact = '(021)555'), `runnerData.emergencyContact: ${m.emergencyPhoneDigits}`],
    ['BIB too long', (p) => (p.runnerData.bibName = 'ABCDEFGHIJK'), `runnerData.bibName: ${m.bibTooLong}`],
    ['bad email', (p) => (p.runnerData.email = 'rina@gmial.com'), 'runnerData.email: Domain mungkin salah eja, maksud Anda rina@gmail.com?'],
    ['empty email', (p) => (p.runnerData.email = ''), `runnerData.email: ${m.emailRequired}`],
    ['blood type', (p) => (p.runnerData.bloodType = 'Z'), 'runnerData.bloodType: Golongan darah wajib dipilih'],
    ['shirt size', (p) => (p.runnerData.tshirtSize = 'XXL'), 'runnerData.tshirtSize: Ukuran kaos wajib dipilih'],
    ['sex', (p) => (p.runnerData.sex = 'X'), 'runnerData.sex: Jenis kelamin wajib dipilih'],
    ['identity type', (p) => (p.runnerData.identityType = 'SIM'), 'runnerData.identityType: Jenis identitas wajib dipilih'],
    ['full name', (p) => (p.runnerData.fullName = '  '), 'runnerData.fullName: Nama lengkap wajib diisi'],
    ['identity number', (p) => (p.runnerData.identityNo = ''), 'runnerData.identityNo: Nomor identitas wajib diisi'],
    ['emergency name', (p) => (p.runnerData.emergencyName = ''), 'runnerData.emergencyName: Nama kontak darurat wajib diisi'],
    ['dob', (p) => (p.runnerData.dob = '1994-08-17'), `runnerData.dob: ${m.dobFormat}`],
    ['category', (p) => (p.categoryId = ''), `categoryId: ${m.categoryRequired}`],
    ['payment method', (p) => (p.paymentMethod = 'bitcoin'), `paymentMethod: ${m.paymentMethodUnknown}`],
    ['name too long', (p) => (p.runnerData.fullName = 'x'.repeat(101)), 'runnerData.fullName: Maksimal 100 karakter'],
  ])('rejects %s', (_label, patch, message) => {
    expect(errorOf(patch)).toContain(message);
  });

  it('accepts any phone of digits with an optional leading +', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^[0-9]{8,15}$/), (plus, digits) => {
        expect(errorOf((p) => (p.runnerData.phone = `${plus ? '+' : ''}${digits}`))).toBeNull();
      }),
    );
  });
});

describe('registrationOpenness and publicEventButton', () => {
  it('an event closed by an admin is closed whatever its dates say', () => {
    const open = { regOpen: '2027-01-01T00:00:00Z', regClose: '2027-12-31T00:00:00Z', categories: [{ slots: 5, sold: 0 }] };
    const inside = new Date('2027-06-01T00:00:00Z');
    expect(registrationOpenness(open, inside)).toEqual({ state: 'open' });
    expect(registrationOpenness({ ...open, status: 'tutup' }, inside)).toEqual({ state: 'closed', message: 'Pendaftaran event ini telah ditutup oleh penyelenggara.' });
  });

  const event = {
    regOpen: '2027-05-01T02:00:00Z', // 09.00 in Jakarta
    regClose: '2027-06-01T16:59:00Z', // 23.59 in Jakarta
    timezone: 'Asia/Jakarta',
    categories: [
      { slots: 100, sold: 100 },
      { slots: 50, sold: 3 },
    ],
  };

  it('is not yet open before regOpen, with date, time and GMT offset', () => {
    expect(registrationOpenness(event, new Date('2027-04-30T00:00:00Z'))).toEqual({
      state: 'not_yet',
      message: 'Pendaftaran akan dibuka pada 1 Mei 2027 pada pukul 09.00 GMT+7',
    });
    expect(publicEventButton(event, new Date('2027-04-30T00:00:00Z'))).toBe('Akan Datang');
  });

  it('is open between open and close while a category has slots', () => {
    expect(registrationOpenness(event, new Date('2027-05-01T02:00:00Z'))).toEqual({ state: 'open' });
    expect(publicEventButton(event, new Date('2027-05-15T00:00:00Z'))).toBe('Daftar Sekarang');
  });

  it('is closed after regClose', () => {
    expect(registrationOpenness(event, new Date('2027-06-02T00:00:00Z'))).toEqual({
      state: 'closed',
      message: 'Pendaftaran telah ditutup pada 1 Juni 2027 pada pukul 23.59 GMT+7',
    });
    expect(publicEventButton(event, new Date('2027-06-02T00:00:00Z'))).toBe('Sudah Ditutup');
  });

  it('is full when every category reached its quota', () => {
    const full = { ...event, categories: [{ slots: 1, sold: 1 }, { slots: 2, sold: 2 }] };
    expect(registrationOpenness(full, new Date('2027-05-15T00:00:00Z'))).toEqual({ state: 'full', message: FULL_MESSAGE });
  });

  it("shows another zone's offset", () => {
    expect(zonedDateTime(new Date('2027-05-01T02:00:00Z'), 'Asia/Makassar')).toEqual({ date: '1 Mei 2027', time: '10.00', offset: 'GMT+8' });
    expect(zonedDateTime(new Date('2027-05-01T02:00:00Z'), 'Not/AZone').offset).toBe('GMT+7');
  });
});

describe('categoryTone', () => {
  it.each([
    ['5K', '5k'],
    ['Fun Run 5 K', '5k'],
    ['10K', '10k'],
    ['Half Marathon', 'hm'],
    ['HM 21K', 'hm'],
    ['Full Marathon', 'fm'],
    ['FM', 'fm'],
    ['Trail 25K', 'trail'],
    ['Kids Dash', 'other'],
  ])('%s → %s', (name, tone) => {
    expect(categoryTone(name)).toBe(tone);
  });
});

describe('suggestedEmail (the one-tap fix)', () => {
  it.each([
    ['putu@gmial.com', 'putu@gmail.com'],
    ['putu@gmailcom', 'putu@gmail.com'],
    [' Putu.Ayu@Yahooo.co.id ', 'Putu.Ayu@yahoo.co.id'],
    ['putu@com.gmail', 'putu@gmail.com'],
  ])('%s → %s, the address the error message names', (typed, fixed) => {
    expect(suggestedEmail(typed)).toBe(fixed);
    expect(validateEmail(typed)).toBe(m.emailSuggestion(fixed));
    expect(validateEmail(fixed)).toBeNull();
  });

  it.each(['putu@gmail.com', 'putu@mail.com', 'putu@@gmail.com', 'putu@gm', '', 'putu gmail.com', 'putu@contoh'])('none for %j', (typed) => {
    expect(suggestedEmail(typed)).toBeNull();
  });
});

describe('choiceErrors', () => {
  it('names each missing choice (the payment method only when options are offered), nothing when all are made', () => {
    expect(choiceErrors({ categoryId: '', paymentMethod: '', agree: false }, true)).toEqual({
      categoryId: m.categoryRequired,
      paymentMethod: m.paymentMethodRequired,
      agree: m.termsRequired,
    });
    expect(choiceErrors({ categoryId: '', paymentMethod: '', agree: false }, false)).toEqual({ categoryId: m.categoryRequired, agree: m.termsRequired });
    expect(choiceErrors({ categoryId: '10k', paymentMethod: 'gopay', agree: true }, true)).toEqual({});
  });
});

describe('bibPasteError', () => {
  it('refuses a paste that would pass 10 characters, counting what stays around the selection', () => {
    expect(bibPasteError('', { start: 0, end: 0 }, 'PUTU AYU SARASWATI')).toBe(m.bibPasteTooLong(18));
    expect(m.bibPasteTooLong(18)).toBe('Teks yang ditempel 18 karakter, sedangkan Nama BIB maksimal 10 karakter. Tulis nama yang lebih pendek.');
    expect(bibPasteError('', { start: 0, end: 0 }, 'PUTU AYU S')).toBeNull();
    expect(bibPasteError('PUTU', { start: 4, end: 4 }, ' SARASWATI')).toBe(m.bibPasteTooLong(14));
    // Replacing the selection: 'PUTU' selected whole and replaced.
    expect(bibPasteError('PUTU', { start: 0, end: 4 }, 'SARASWATI')).toBeNull();
  });
});
