import { describe, expect, it } from 'vitest';
import { calendarMessages, calendarSubmissionBodySchema, calendarSubmissionSchema } from './contract';
import { calendarWindow, inferRoadOrTrail, matchesQuery, monthRange, sameEventKey, splitCategories } from './event-calendar';

describe('calendar rules (events-and-coach-pages §5)', () => {
  it('splits categories on commas, trims them and drops empties and repeats', () => {
    expect(splitCategories(' 5K, 10K ,, Half  Marathon,10k ')).toEqual(['5K', '10K', 'Half Marathon']);
    expect(splitCategories(['5K, 10K', 'FM'])).toEqual(['5K', '10K', 'FM']);
  });

  it('recognises the same event whatever the case, accents and punctuation', () => {
    expect(sameEventKey('Bandung  Ultra-Trail 2027!', '2027-03-07')).toBe(sameEventKey('bandung ultra trail 2027', '2027-03-07'));
    expect(sameEventKey('Bali Marathon', '2027-03-07')).not.toBe(sameEventKey('Bali Marathon', '2027-03-08'));
  });

  it('calls a platform event trail only when its name or a category says so', () => {
    expect(inferRoadOrTrail('Rinjani 100', ['Trail 27K'])).toBe('trail');
    expect(inferRoadOrTrail('Jakarta Sunrise Run', ['5K', '10K'])).toBe('road');
  });

  it('turns the month and year filters into a date window', () => {
    expect(monthRange(2027, 2)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(calendarWindow({ year: 2027 }, '2026-11-24')).toEqual({ from: '2027-01-01', to: '2027-12-31' });
    expect(calendarWindow({}, '2026-11-24')).toEqual({ from: '2026-11-24', to: null });
    // A month alone: its next occurrence.
    expect(calendarWindow({ month: 3 }, '2026-11-24')).toEqual({ from: '2027-03-01', to: '2027-03-31' });
    expect(calendarWindow({ month: 11 }, '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('matches free text on name or location, every word, without case or accents', () => {
    const entry = { eventname: 'Borobudur Marathon', location: 'Magelang, Jawa Tengah' };
    expect(matchesQuery(entry, 'borobudur')).toBe(true);
    expect(matchesQuery(entry, 'MAGELANG marathon')).toBe(true);
    expect(matchesQuery(entry, 'jakarta')).toBe(false);
  });
});

describe('a submission', () => {
  const valid = {
    eventname: 'Semarang 10K',
    date: '2027-01-10',
    location: 'Semarang',
    website: '',
    roadortrail: 'road',
    category: '5K, 10K',
    email: 'panitia@contoh.id',
    organizer: 'Semarang Runners',
    description: 'Lari pagi keliling kota lama.',
  };
  const schema = calendarSubmissionSchema('2026-11-24');
  const messages = (input: object) => {
    const r = schema.safeParse({ ...valid, ...input });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a complete one, website optional, categories as text or a list', () => {
    const r = schema.parse(valid);
    expect(r.category).toEqual(['5K', '10K']);
    expect(r.website).toBeNull();
    expect(schema.parse({ ...valid, category: ['Trail 21K'], website: 'https://contoh.id/lari' }).category).toEqual(['Trail 21K']);
    // A website without a scheme, as people write it, is stored with https:// in front.
    expect(schema.parse({ ...valid, website: 'instagram.com/larikota' }).website).toBe('https://instagram.com/larikota');
    expect(schema.parse({ ...valid, website: ' www.larikota.id ' }).website).toBe('https://www.larikota.id');
    expect(schema.parse({ ...valid, website: 'http://larikota.id' }).website).toBe('http://larikota.id');
  });

  it('publishes the clock-free half as the static body: only the check against today is added', () => {
    expect(calendarSubmissionBodySchema.safeParse({ ...valid, date: '2026-11-23' }).success).toBe(true);
    expect(calendarSubmissionBodySchema.safeParse({ ...valid, date: '2026-02-30' }).error?.issues[0]?.message).toBe('Tanggal tidak valid.');
    expect(calendarSubmissionBodySchema.safeParse({ ...valid, eventname: ' ' }).error?.issues[0]?.message).toBe('Wajib diisi');
  });

  it('refuses a date before today, but accepts today', () => {
    expect(messages({ date: '2026-11-23' })).toEqual(['Tanggal tidak boleh sebelum hari ini.']);
    expect(messages({ date: '2026-11-24' })).toEqual([]);
    expect(messages({ date: '2026-02-30' })).toEqual(['Tanggal tidak valid.']);
  });

  it('says which field is missing or wrong, in Indonesian', () => {
    expect(messages({ eventname: ' ' })).toEqual(['Wajib diisi']);
    expect(messages({ category: ' , ,' })).toEqual(['Isi minimal satu kategori, pisahkan dengan koma.']);
    expect(messages({ email: 'bukan-email' })).toEqual(['Format email tidak valid']);
    expect(messages({ website: 'contoh' })).toEqual(['Alamat website tidak valid, contoh: larikota.id atau instagram.com/larikota.']);
    expect(messages({ website: 'javascript:alert(1)' })).toEqual([calendarMessages.websiteInvalid]);
    expect(messages({ roadortrail: 'beach' })).toEqual(['Pilih Road atau Trail.']);
  });
});
