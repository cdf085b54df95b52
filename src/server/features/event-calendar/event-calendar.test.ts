import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, jakartaToday } from '../../../domain/shared/wire-date';
import { calendarEvents } from '../../db/schema/event-calendar';
import { mailOutbox } from '../../db/schema/infra';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { eventsApi } from '../../test/fixtures/events';
import { freshIp } from '../../test/fixtures/registrations';
import { SUBMISSIONS_PER_HOUR } from './routes';

const today = jakartaToday();
const inDays = (n: number) => addDays(today, n);

function submission(over: Record<string, unknown> = {}) {
  return {
    eventname: 'Semarang Kota Lama 10K',
    date: inDays(40),
    location: 'Kota Lama, Semarang',
    website: 'https://contoh.id/semarang10k',
    roadortrail: 'road',
    category: '5K, 10K',
    email: 'panitia.semarang@contoh.id',
    organizer: 'Semarang Runners',
    description: 'Lari pagi menyusuri Kota Lama.',
    ...over,
  };
}

describe('the running calendar API (issue 16)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await t.login('admin.kalender@contoh.id', 'admin')).headers;
  });
  afterAll(() => t.close());

  const submit = (body: Record<string, unknown>, remoteAddress = freshIp()) => t.app.inject({ method: 'POST', url: '/api/eventcalendar', payload: body, remoteAddress });
  const list = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/eventcalendar${query}` })).json() as { events: { _id: string; eventname: string; source: string; registerUrl: string | null; ispartnership: string }[]; total: number };
  const moderate = (id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/admin/eventcalendar/${id}`, headers: admin, payload: body });

  it('stores a submission as pending and not a partnership, whatever the client sends, and lists it only once approved', async () => {
    const res = await submit(submission({ eventname: 'Solo Heritage Run', isapproved: 'yes', ispartnership: 'yes' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Event berhasil disubmit!');
    const { _id, isapproved, ispartnership } = res.json().event;
    expect({ isapproved, ispartnership }).toEqual({ isapproved: 'no', ispartnership: 'no' });
    expect((await list()).events.map((e) => e._id)).not.toContain(_id);
    // Not public before approval; an admin sees it with its status.
    expect((await t.app.inject({ method: 'GET', url: `/api/eventcalendar/${_id}` })).statusCode).toBe(404);
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/eventcalendar/${_id}`, headers: admin });
    expect(asAdmin.json().event.status).toBe('pending');
    const pending = (await t.app.inject({ method: 'GET', url: '/api/admin/eventcalendar?status=pending', headers: admin })).json().events as { _id: string }[];
    expect(pending.map((e) => e._id)).toContain(_id);

    const approved = await moderate(_id, { isapproved: 'yes', ispartnership: 'yes', location: 'Stadion Manahan, Solo' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().event).toMatchObject({ status: 'approved', ispartnership: 'yes', location: 'Stadion Manahan, Solo' });
    const shown = (await list()).events.find((e) => e._id === _id);
    expect(shown).toMatchObject({ eventname: 'Solo Heritage Run', ispartnership: 'yes', source: 'submission' });
    expect((await t.app.inject({ method: 'GET', url: `/api/eventcalendar/${_id}` })).statusCode).toBe(200);

    // The submitter is mailed once, even when it is approved again.
    await moderate(_id, { isapproved: 'yes' });
    const mails = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `calendar-approved:${_id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('panitia.semarang@contoh.id');
  });

  it('refuses a wrong submission with the field message, and never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ date: inDays(-1) }, 'Tanggal tidak boleh sebelum hari ini.'],
      [{ eventname: '' }, 'Wajib diisi'],
      [{ category: ' , ' }, 'Isi minimal satu kategori, pisahkan dengan koma.'],
      [{ roadortrail: 'pantai' }, 'Pilih Road atau Trail.'],
      [{ email: 'bukan email' }, 'Format email tidak valid'],
      [{ website: 'javascript:alert(1)' }, 'Alamat website tidak valid, contoh: larikota.id atau instagram.com/larikota.'],
    ];
    for (const [over, message] of cases) {
      const res = await submit(submission({ eventname: `Salah ${message}`, ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const body of [[], 'teks', { eventname: { $gt: '' } }, { category: [[['x']]] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/eventcalendar', payload: body as never, remoteAddress: freshIp() });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it("takes a website written without a scheme ('instagram.com/larikota') and stores it with https://", async () => {
    const res = await submit(submission({ eventname: 'Lari Kota Malang', website: 'instagram.com/larikota' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().event.website).toBe('https://instagram.com/larikota');
    // Approving it (and marking the partnership) keeps the website: a moderation that does not send it changes nothing.
    const approved = await moderate(res.json().event._id, { isapproved: 'yes', ispartnership: 'yes' });
    expect(approved.json().event).toMatchObject({ status: 'approved', website: 'https://instagram.com/larikota' });
    const corrected = await moderate(res.json().event._id, { website: 'larikota.id' });
    expect(corrected.json().event.website).toBe('https://larikota.id');
  });

  it('refuses a duplicate (same name and day, any case or punctuation) politely, also of a Derap event', async () => {
    expect((await submit(submission({ eventname: 'Bali Sunrise Run' }))).statusCode).toBe(201);
    const again = await submit(submission({ eventname: 'bali  sunrise-run' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Event dengan nama dan tanggal yang sama sudah ada di kalender atau sedang dimoderasi. Terima kasih!');
    // Another day is another event.
    expect((await submit(submission({ eventname: 'Bali Sunrise Run', date: inDays(41) }))).statusCode).toBe(201);

    const organizer = (await t.login('penyelenggara.kalender@contoh.id', 'organizer')).headers;
    const created = await eventsApi(t).create(organizer, { name: 'Lombok Trail Festival', code: 'ltf-2027', categories: [{ name: 'Trail 25K', description: '', price: 300000, slots: 100, adminFee: 10000, earlyBird: false }] });
    await eventsApi(t).setStatus(created._id, 'diterima');
    const platform = (await list()).events.find((e) => e.eventname === 'Lombok Trail Festival');
    expect(platform).toMatchObject({ source: 'platform', registerUrl: '/register/ltf-2027', ispartnership: 'yes' });
    const { date } = (await t.app.inject({ method: 'GET', url: `/api/eventcalendar/${platform!._id}` })).json().event as { date: string };
    const twin = await submit(submission({ eventname: 'LOMBOK TRAIL FESTIVAL', date, roadortrail: 'trail' }));
    expect(twin.statusCode).toBe(409);
  });

  it('drops a honeypot submission without storing it', async () => {
    const before = (await t.database.db.select().from(calendarEvents)).length;
    const res = await submit(submission({ eventname: 'Bot Run', website2: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect((await t.database.db.select().from(calendarEvents)).length).toBe(before);
  });

  it(`takes at most ${SUBMISSIONS_PER_HOUR} submissions an hour from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SUBMISSIONS_PER_HOUR; i++) expect((await submit(submission({ eventname: `Banjir ${i}` }), ip)).statusCode).toBe(201);
    const refused = await submit(submission({ eventname: 'Banjir lagi' }), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Terlalu banyak pengiriman dari alamat Anda. Silakan coba lagi nanti.');
    expect((await submit(submission({ eventname: 'Dari alamat lain' }))).statusCode).toBe(201);
  });

  it('filters by month, year, text and road or trail, and pages', async () => {
    const made: string[] = [];
    for (const [name, days, kind, location] of [
      ['Filter Pantai Run', 70, 'road', 'Pantai Kuta, Bali'],
      ['Filter Gunung Trail', 75, 'trail', 'Gunung Gede, Jawa Barat'],
      ['Filter Kota Run', 120, 'road', 'Surabaya'],
    ] as const) {
      const res = await submit(submission({ eventname: name, date: inDays(days), roadortrail: kind, location, category: kind === 'trail' ? 'Trail 21K' : '10K' }));
      made.push(res.json().event._id);
      await moderate(res.json().event._id, { isapproved: 'yes' });
    }
    const d = inDays(70);
    const [y, m] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))];
    const inMonth = (await list(`?year=${y}&month=${m}&q=filter`)).events.map((e) => e.eventname);
    expect(inMonth).toContain('Filter Pantai Run');
    expect(inMonth).not.toContain('Filter Kota Run');
    expect((await list('?q=gede jawa')).events.map((e) => e.eventname)).toEqual(['Filter Gunung Trail']);
    expect((await list('?q=filter&roadortrail=trail')).events.map((e) => e.eventname)).toEqual(['Filter Gunung Trail']);
    const page1 = await list('?q=filter&limit=2&page=1');
    const page2 = await list('?q=filter&limit=2&page=2');
    expect(page1.total).toBe(3);
    expect([...page1.events, ...page2.events].map((e) => e.eventname)).toEqual(['Filter Pantai Run', 'Filter Gunung Trail', 'Filter Kota Run']);
    expect((await t.app.inject({ method: 'GET', url: '/api/eventcalendar?month=13' })).statusCode).toBe(400);

    // A rejected entry leaves the calendar at once.
    await moderate(made[2]!, { isapproved: 'rejected' });
    expect((await list('?q=filter')).total).toBe(2);
  });

  it('serves an .ics feed of the approved calendar, filtered by road or trail and region', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/eventcalendar.ics' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/calendar');
    expect(all.body).toContain('BEGIN:VCALENDAR');
    expect(all.body).toContain('SUMMARY:Filter Pantai Run (Road)');
    expect(all.body).toContain('X-WR-TIMEZONE:Asia/Jakarta');
    const trail = await t.app.inject({ method: 'GET', url: '/api/eventcalendar.ics?roadortrail=trail' });
    expect(trail.body).toContain('Filter Gunung Trail');
    expect(trail.body).not.toContain('Filter Pantai Run');
    const bali = await t.app.inject({ method: 'GET', url: '/api/eventcalendar.ics?region=bali' });
    expect(bali.body).toContain('Filter Pantai Run');
    expect(bali.body).not.toContain('Filter Gunung Trail');
  });

  it('answers a cached list with an ETag and 304, and a moderation shows at once', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/eventcalendar?q=etag' });
    expect(first.headers['cache-control']).toMatch(/^public/);
    const again = await t.app.inject({ method: 'GET', url: '/api/eventcalendar?q=etag', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const res = await submit(submission({ eventname: 'ETag Run' }));
    await moderate(res.json().event._id, { isapproved: 'yes' });
    expect((await list('?q=etag')).events.map((e) => e.eventname)).toEqual(['ETag Run']);
  });

  it('lets only admins moderate, with clear errors for unknown entries and bad fields', async () => {
    const runner = (await t.login('pelari.kalender@contoh.id', 'runner')).headers;
    const res = await submit(submission({ eventname: 'Hak Akses Run' }));
    const id = res.json().event._id as string;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/eventcalendar/${id}`, headers: runner, payload: { isapproved: 'yes' } })).statusCode).toBe(403);
    expect((await moderate('00000000-0000-4000-8000-000000000000', { isapproved: 'yes' })).statusCode).toBe(404);
    expect((await moderate('bukan-id', { isapproved: 'yes' })).statusCode).toBe(404);
    expect((await moderate(id, { isapproved: 'mungkin' })).statusCode).toBe(400);
    // Renaming onto another entry's name and day is a duplicate, not a 500.
    const other = await submit(submission({ eventname: 'Hak Akses Dua' }));
    expect((await moderate(other.json().event._id, { eventname: 'Hak Akses Run' })).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    expect(row!.status).toBe('pending');
  });
});
