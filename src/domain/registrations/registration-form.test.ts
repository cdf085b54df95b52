import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../shared/zod-locale';
import {
  FULL_MESSAGE,
  categoryTone,
  choiceErrors,
  dobError,
  publicEventButton,
  registrationMessages as m,
  registrationOpenness,
  registrationPayloadSchema,
  storedChanges,
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
    ['phone with letters', (p) => (p.runnerData.phone = '0812-abc 345'), `runnerData.phone: ${m.phone.characters}`],
    ['phone without a known start', (p) => (p.runnerData.phone = '812 3456 7890'), `runnerData.phone: ${m.phone.start}`],
    ['emergency phone too short', (p) => (p.runnerData.emergencyContact = '(021)555'), `runnerData.emergencyContact: ${m.emergencyPhone.short}`],
    ['BIB too long', (p) => (p.runnerData.bibName = 'RIZKY PRATAMA'), `runnerData.bibName: ${m.bibTooLong(13)}`],
    ['NIK of 13 digits', (p) => (p.runnerData.identityNo = '3174000000000'), 'runnerData.identityNo: NIK harus 16 angka sesuai KTP (terisi 13 angka)'],
    ['NIK with a letter', (p) => (p.runnerData.identityNo = '317400000000000O'), 'runnerData.identityNo: NIK hanya boleh berisi angka (16 angka sesuai KTP)'],
    ['passport with a symbol', (p) => ((p.runnerData.identityType = 'Passport'), (p.runnerData.identityNo = 'A123/4567')), 'runnerData.identityNo: Nomor paspor hanya boleh berisi huruf dan angka'],
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

  it('stores every way of writing one Indonesian number as +62…, and the identity number without separators', () => {
    const parse = (patch: (p: ReturnType<typeof validPayload>) => void) => {
      const p = validPayload();
      patch(p);
      return registrationPayloadSchema.parse(p).runnerData;
    };
    for (const typed of ['081234567890', '0812-3456-7890', '62 812 3456 7890', '+62 (812) 3456-7890', '+62 0812 3456 7890', '6281234567890']) {
      expect(parse((p) => (p.runnerData.phone = typed)).phone).toBe('+6281234567890');
    }
    expect(parse((p) => (p.runnerData.emergencyContact = '021-555-1234')).emergencyContact).toBe('+62215551234');
    expect(parse((p) => (p.runnerData.identityNo = '3174 0000-0000.0001')).identityNo).toBe('3174000000000001');
    expect(parse((p) => ((p.runnerData.identityType = 'Passport'), (p.runnerData.identityNo = 'a 1234567'))).identityNo).toBe('A1234567');
    // A student card keeps its own punctuation.
    expect(parse((p) => ((p.runnerData.identityType = 'Kartu Pelajar/Mahasiswa'), (p.runnerData.identityNo = 'A11.2019.12345'))).identityNo).toBe('A11.2019.12345');
  });

  it('accepts any Indonesian mobile number in any usual form, and stores it as +62 and its digits', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '62', '+62', '+62 0'), fc.stringMatching(/^8[1-9][0-9]{7,9}$/), fc.constantFrom('', ' ', '-'), (prefix, national, sep) => {
        const typed = `${prefix}${national.slice(0, 3)}${sep}${national.slice(3, 7)}${sep}${national.slice(7)}`;
        const p = validPayload();
        p.runnerData.phone = typed;
        expect(registrationPayloadSchema.parse(p).runnerData.phone).toBe(`+62${national}`);
      }),
    );
  });

  it('checks the identity number by its type even while other fields are still empty (the form checks one field at a time)', () => {
    const result = registrationPayloadSchema.safeParse({ runnerData: { identityType: 'KTP', identityNo: '3174' } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path.join('.') === 'runnerData.identityNo')?.message).toBe('NIK harus 16 angka sesuai KTP (terisi 4 angka)');
  });
});

describe('storedChanges (what the form shows before sending)', () => {
  it('names each field stored in another form than typed, only when it is valid', () => {
    expect(storedChanges({ phone: '0812-3456-7890', emergencyContact: '+6281298765432', identityType: 'KTP', identityNo: '3174 0000 0000 0001' })).toEqual({
      phone: '+6281234567890',
      identityNo: '3174000000000001',
    });
    expect(storedChanges({ phone: '0812-abc 345', emergencyContact: '0812', identityType: 'KTP', identityNo: '3174' })).toEqual({});
    expect(storedChanges({ phone: '+6281234567890', emergencyContact: '+6281298765432', identityType: 'Passport', identityNo: 'A1234567' })).toEqual({});
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

  it('is not yet open before regOpen, with date, time and zone (WIB)', () => {
    expect(registrationOpenness(event, new Date('2027-04-30T00:00:00Z'))).toEqual({
      state: 'not_yet',
      message: 'Pendaftaran akan dibuka pada 1 Mei 2027 pada pukul 09.00 WIB',
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
      message: 'Pendaftaran telah ditutup pada 1 Juni 2027 pada pukul 23.59 WIB',
    });
    expect(publicEventButton(event, new Date('2027-06-02T00:00:00Z'))).toBe('Sudah Ditutup');
  });

  it('is full when every category reached its quota', () => {
    const full = { ...event, categories: [{ slots: 1, sold: 1 }, { slots: 2, sold: 2 }] };
    expect(registrationOpenness(full, new Date('2027-05-15T00:00:00Z'))).toEqual({ state: 'full', message: FULL_MESSAGE });
  });

  it("names Indonesia's zones WIB, WITA and WIT, and gives another country's zone its GMT offset", () => {
    expect(zonedDateTime(new Date('2027-05-01T02:00:00Z'), 'Asia/Makassar')).toEqual({ date: '1 Mei 2027', time: '10.00', offset: 'WITA' });
    expect(zonedDateTime(new Date('2027-05-01T02:00:00Z'), 'Asia/Jayapura')).toEqual({ date: '1 Mei 2027', time: '11.00', offset: 'WIT' });
    expect(zonedDateTime(new Date('2027-05-01T02:00:00Z'), 'Asia/Singapore')).toEqual({ date: '1 Mei 2027', time: '10.00', offset: 'GMT+8' });
    expect(zonedDateTime(new Date('2027-05-01T02:00:00Z'), 'Not/AZone').offset).toBe('WIB');
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

describe('the BIB name', () => {
  it("is refused when longer than 10 characters, saying how long, never cut: 'RIZKY PRATAMA' stays whole", () => {
    expect(m.bibTooLong(13)).toBe('Nama BIB maksimal 10 karakter (terisi 13). Tulis nama yang lebih pendek, misalnya nama panggilan.');
    const p = validPayload();
    p.runnerData.bibName = 'RIZKY PRAT';
    expect(registrationPayloadSchema.parse(p).runnerData.bibName).toBe('RIZKY PRAT');
    p.runnerData.bibName = '  RIZKY P  ';
    expect(registrationPayloadSchema.parse(p).runnerData.bibName).toBe('RIZKY P');
  });
});
