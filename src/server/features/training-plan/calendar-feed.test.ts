import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, isoToPlanDate, jakartaToday, planDateToIso } from '../../../domain/shared/wire-date';
import { calendarFeeds } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';
import { messages } from '../../../domain/training-plan/training-plan';
import { insertAiRun, planApi, runInput, setPeriodEnd, type Headers } from '../../test/fixtures/training-plan';
import { FEED_HISTORY_DAYS, FEED_RATE_LIMIT_PER_MINUTE } from './routes.calendar-feed';

const FEED = '/api/training-plans/calendar-feed';
const EXPORT = '/api/training-plans/export.ics';

/** A plan date `n` days from today on the product's clock. */
const dayFromToday = (n: number) => isoToPlanDate(addDays(jakartaToday(), n));
const compact = (planDate: string) => planDateToIso(planDate)!.replaceAll('-', '');

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const events = (ics: string) => unfold(ics).split('BEGIN:VEVENT').slice(1);
const summaries = (ics: string) => events(ics).map((e) => /\r\nSUMMARY:(.*)\r\n/.exec(e)?.[1]);

describe('calendar feed and .ics export', () => {
  let t: TestApp;
  let api: ReturnType<typeof planApi>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = planApi(t);
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const createFeed = async (headers: Headers) => {
    const res = await t.app.inject({ method: 'POST', url: FEED, headers });
    expect(res.statusCode).toBe(201);
    return res.json() as { url: string; webcalUrl: string; createdAt: string };
  };
  /** Fetches a feed URL the way Google does: no cookie, no bearer token. */
  const fetchFeed = (url: string, remoteAddress?: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname, remoteAddress });

  it('refuses anonymous callers on the signed-in routes', async () => {
    for (const [method, url] of [
      ['POST', FEED],
      ['GET', FEED],
      ['DELETE', FEED],
      ['GET', EXPORT],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a feed whose URL works without signing in: every run from 30 days ago on, as all-day events', async () => {
    const me = await t.login('rina@contoh.id');
    await api.seed(me.headers, [
      runInput(dayFromToday(-(FEED_HISTORY_DAYS + 5)), 'Old Run'),
      runInput(dayFromToday(-10), 'Tempo Run', { program: '8k', trainingdistance: 8, trainingtime: 2400, traininghr: 160 }),
      runInput(dayFromToday(0), 'Easy Run'),
    ]);
    // An AI run inside the subscription period is shown whole.
    await setPeriodEnd(t, me.userId, new Date(Date.now() + 60 * 86_400_000));
    await insertAiRun(t, me.userId, addDays(jakartaToday(), 14), 'Long Run', { program: '(HM)' });
    const before = await t.app.inject({ method: 'GET', url: FEED, headers: me.headers });
    expect(before.json()).toEqual({ active: false, createdAt: null });

    const feed = await createFeed(me.headers);
    expect(feed.url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:\/\//, 'webcal://'));
    expect(Number.isNaN(Date.parse(feed.createdAt))).toBe(false);

    const res = await fetchFeed(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(unfold(res.body)).toContain('X-WR-CALNAME:Derap - Jadwal Latihan');
    expect(summaries(res.body)).toEqual(['Tempo Run (8k)', 'Easy Run (5k)', 'Long Run (HM)']);
    const starts = events(res.body).map((e) => /\r\n(DTSTART[^\r]*)\r\n/.exec(e)?.[1]);
    expect(starts).toEqual([dayFromToday(-10), dayFromToday(0), dayFromToday(14)].map((d) => `DTSTART;VALUE=DATE:${compact(d)}`));
    const plan = await api.runs(me.headers);
    for (const run of plan.filter((r) => r.locked || r.title !== 'Old Run')) expect(res.body).toContain(`UID:${run._id}@derap.id`);
    expect(unfold(res.body)).toContain('Hasil: 8 km dalam 00:40:00\\, pace 05:00/km\\, rata-rata HR 160 bpm');

    const after = await t.app.inject({ method: 'GET', url: FEED, headers: me.headers });
    expect(after.json()).toEqual({ active: true, createdAt: feed.createdAt });
  });

  it('stores only the SHA-256 of the token', async () => {
    const me = await t.login('rina@contoh.id');
    const feed = await createFeed(me.headers);
    const token = /\/api\/calendar\/(.+)\.ics$/.exec(feed.url)![1]!;
    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.userId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('rotating gives a new URL and the old one answers 404 at once', async () => {
    const me = await t.login('rina@contoh.id');
    await api.seed(me.headers, [runInput(dayFromToday(1), 'Tempo Run')]);
    const first = await createFeed(me.headers);
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const second = await createFeed(me.headers);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Tautan kalender tidak ditemukan atau sudah dicabut.' });
    const current = await fetchFeed(second.url);
    expect(current.statusCode).toBe(200);
    expect(summaries(current.body)).toEqual(['Tempo Run (5k)']);
  });

  it('DELETE revokes the feed: its URL answers 404 and the status is inactive', async () => {
    const me = await t.login('rina@contoh.id');
    const feed = await createFeed(me.headers);
    const del = await t.app.inject({ method: 'DELETE', url: FEED, headers: me.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ active: false, createdAt: null });
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: FEED, headers: me.headers })).json()).toEqual({ active: false, createdAt: null });
    // Revoking twice is harmless.
    expect((await t.app.inject({ method: 'DELETE', url: FEED, headers: me.headers })).statusCode).toBe(200);
  });

  it("a feed shows only its owner's runs; revoking one runner's feed leaves another's working", async () => {
    const rina = await t.login('rina@contoh.id');
    const budi = await t.login('budi@contoh.id');
    await api.seed(rina.headers, [runInput(dayFromToday(2), 'Rina Tempo')]);
    await api.seed(budi.headers, [runInput(dayFromToday(2), 'Budi Long Run')]);
    const rinaFeed = await createFeed(rina.headers);
    const budiFeed = await createFeed(budi.headers);
    const rinaIcs = (await fetchFeed(rinaFeed.url)).body;
    const budiIcs = (await fetchFeed(budiFeed.url)).body;
    expect(summaries(rinaIcs)).toEqual(['Rina Tempo (5k)']);
    expect(summaries(budiIcs)).toEqual(['Budi Long Run (5k)']);
    await t.app.inject({ method: 'DELETE', url: FEED, headers: budi.headers });
    expect((await fetchFeed(budiFeed.url)).statusCode).toBe(404);
    expect((await fetchFeed(rinaFeed.url)).statusCode).toBe(200);
    // Sending someone's bearer token along does not change whose feed a URL is.
    const withOtherAuth = await t.app.inject({ method: 'GET', url: new URL(rinaFeed.url).pathname, headers: budi.headers });
    expect(summaries(withOtherAuth.body)).toEqual(['Rina Tempo (5k)']);
  });

  it('unknown and malformed tokens answer 404 JSON; a runner without a plan gets an empty calendar', async () => {
    for (const path of ['/api/calendar/abc.ics', `/api/calendar/${'A'.repeat(43)}.ics`, `/api/calendar/${'!'.repeat(43)}.ics`]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    const me = await t.login('kosong@contoh.id');
    const res = await fetchFeed((await createFeed(me.headers)).url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(events(res.body)).toHaveLength(0);
  });

  it('the download has only upcoming runs (today on, Jakarta) as an attachment named derap-jadwal-latihan.ics', async () => {
    const me = await t.login('rina@contoh.id');
    await api.seed(me.headers, [
      runInput(dayFromToday(-1), 'Yesterday Run'),
      runInput(dayFromToday(0), 'Today Run'),
      runInput(dayFromToday(30), 'Later Run', { program: '10k' }),
    ]);
    const res = await t.app.inject({ method: 'GET', url: EXPORT, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="derap-jadwal-latihan.ics"');
    expect(summaries(res.body)).toEqual(['Today Run (5k)', 'Later Run (10k)']);
    expect(res.body).toContain(`DTSTART;VALUE=DATE:${compact(dayFromToday(0))}`);
    // The download needs no feed and creates none.
    expect((await t.app.inject({ method: 'GET', url: FEED, headers: me.headers })).json()).toMatchObject({ active: false });
  });

  it("shows a locked AI run as a bare 'Kunci' event in the subscribed feed and leaves it out of the download", async () => {
    const me = await t.login('budi@contoh.id');
    await api.seed(me.headers, [runInput(dayFromToday(1), 'Easy Run')]);
    // The period ends a day and a half from now: the AI run tomorrow is open, the one in three days locked.
    await setPeriodEnd(t, me.userId, new Date(Date.now() + 1.5 * 86_400_000));
    const open = await insertAiRun(t, me.userId, addDays(jakartaToday(), 1), 'Tempo Run', { program: '(8k)', paceRange: "5'00 - 5'10" });
    const locked = await insertAiRun(t, me.userId, addDays(jakartaToday(), 3), 'Long Run Rahasia', {
      program: '(16k)',
      paceRange: "6'10 - 6'20",
      trainingDistance: 16,
      trainingTime: 5900,
      trainingPace: 369,
      trainingHr: 150,
    });
    const secrets = ['Long Run Rahasia', '(16k)', "6'10", '16 km', '150 bpm'];

    const feed = await fetchFeed((await createFeed(me.headers)).url);
    expect(feed.statusCode).toBe(200);
    for (const secret of secrets) expect(unfold(feed.body)).not.toContain(secret);
    expect(summaries(feed.body)).toEqual(['Easy Run (5k)', 'Tempo Run (8k)', `Kunci: ${messages.locked}`]);
    const bare = events(feed.body).find((e) => e.includes(`UID:${locked.id}@derap.id`))!;
    // Same UID as the whole event will have once the subscription is renewed, so the calendar updates it in place.
    expect(bare).toContain(`DTSTART;VALUE=DATE:${compact(dayFromToday(3))}`);
    expect(unfold(bare)).toContain('DESCRIPTION:Perpanjang langganan Derap untuk membuka latihan ini.');
    expect(unfold(feed.body)).toContain(`UID:${open.id}@derap.id`);

    const download = await t.app.inject({ method: 'GET', url: EXPORT, headers: me.headers });
    expect(download.statusCode).toBe(200);
    for (const secret of secrets) expect(unfold(download.body)).not.toContain(secret);
    expect(summaries(download.body)).toEqual(['Easy Run (5k)', 'Tempo Run (8k)']);
    expect(download.body).not.toContain(locked.id);

    // Without any period every AI run is locked, in both.
    await setPeriodEnd(t, me.userId, null);
    const none = (await t.app.inject({ method: 'GET', url: EXPORT, headers: me.headers })).body;
    expect(summaries(none)).toEqual(['Easy Run (5k)']);
    const noneFeed = await fetchFeed((await createFeed(me.headers)).url);
    expect(summaries(noneFeed.body)).toEqual(['Easy Run (5k)', `Kunci: ${messages.locked}`, `Kunci: ${messages.locked}`]);
    expect(noneFeed.body).not.toContain('Tempo Run');
  });

  it('rate-limits the public feed per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= FEED_RATE_LIMIT_PER_MINUTE; i++) {
      codes.push((await t.app.inject({ method: 'GET', url: `/api/calendar/${'B'.repeat(43)}.ics`, remoteAddress: '10.9.8.7' })).statusCode);
    }
    expect(codes.slice(0, FEED_RATE_LIMIT_PER_MINUTE).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${'B'.repeat(43)}.ics`, remoteAddress: '10.9.8.8' })).statusCode).toBe(404);
  });
});
