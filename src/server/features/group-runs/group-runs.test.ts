import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_RUNS_PER_DAY } from '../../../domain/group-runs/group-runs';
import { groupRuns } from '../../db/schema/group-runs';
import { mailOutbox } from '../../db/schema/infra';
import { buildTestApp, type TestApp } from '../../test/fixtures/build-test-app';

const DAY = 86_400_000;
/** A WIB wall clock `days` from now at 06:00, as the web form sends it. */
function wib(days: number, time = '06:00'): string {
  const day = new Date(Date.now() + 7 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
  return `${day}T${time}:00+07:00`;
}

function run(over: Record<string, unknown> = {}) {
  return {
    title: 'Easy Run GBK',
    city: 'Jakarta',
    meetingPoint: 'Pintu 1 GBK, Senayan',
    mapUrl: 'https://maps.app.goo.gl/gbk',
    startsAt: wib(3),
    distanceKm: 10,
    paceGroup: '6:00–6:30 /km',
    capacity: 10,
    description: 'Lari santai, bawa air minum.',
    ...over,
  };
}

type Headers = Record<string, string>;

describe('Running Buddy group runs API (issue 16 item 5)', () => {
  let t: TestApp;
  let host: { userId: string; headers: Headers };
  let runner: { userId: string; headers: Headers };
  let stranger: { userId: string; headers: Headers };
  beforeAll(async () => {
    // A stand-in for the built web app, so /buddy/{id} has an index.html to fill with its link preview.
    const dist = mkdtempSync(path.join(os.tmpdir(), 'derap-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="id"><head><meta name="description" content="generic" /><title>Derap</title></head><body><div id="root"></div></body></html>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
    host = await t.login('host.buddy@contoh.id', 'runner', 'Hana Host');
    runner = await t.login('ikut.buddy@contoh.id', 'runner', 'Rudi Runner');
    stranger = await t.login('asing.buddy@contoh.id', 'runner', 'Sari Stranger');
  });
  afterAll(() => t.close());
  // A new host per test: creation is rate limited per user (the last test checks that).
  let hosts = 0;
  beforeEach(async () => {
    host = await t.login(`host${++hosts}.buddy@contoh.id`, 'runner', 'Hana Host');
  });

  const create = async (headers: Headers, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/group-runs', headers, payload: body });
  const created = async (over: Record<string, unknown> = {}) => {
    const res = await create(host.headers, run(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().groupRun.id as string;
  };
  const detail = async (id: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/group-runs/${id}`, headers });
  const join = (id: string, headers: Headers) => t.app.inject({ method: 'POST', url: `/api/group-runs/${id}/join`, headers });
  const list = async (query = '') => ((await t.app.inject({ method: 'GET', url: `/api/group-runs${query}` })).json().groupRuns as { id: string; title: string }[]).map((r) => r.id);

  it('creates a run that anyone can read; a joiner is mailed the meeting point and is listed by name only', async () => {
    const res = await create(host.headers, run({ title: 'Long Run Senayan' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Group run berhasil dibuat!');
    const id = res.json().groupRun.id as string;
    expect(res.json().groupRun).toMatchObject({ status: 'aktif', participantsCount: 0, host: { name: 'Hana Host' }, distanceKm: 10 });

    const joined = await join(id, runner.headers);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().message).toBe('Anda bergabung! Detail titik kumpul sudah dikirim ke email Anda.');
    // Twice is harmless: still one participant, one mail.
    expect((await join(id, runner.headers)).statusCode).toBe(200);

    const anonymous = (await detail(id)).json().groupRun;
    expect(anonymous).toMatchObject({ participantsCount: 1, joined: false, isHost: false, participants: [{ name: 'Rudi Runner', userId: null }] });
    expect(JSON.stringify(anonymous)).not.toContain('@');
    expect((await detail(id, runner.headers)).json().groupRun).toMatchObject({ joined: true, isHost: false });
    expect((await detail(id, host.headers)).json().groupRun).toMatchObject({ isHost: true, participants: [{ userId: runner.userId }] });

    const mails = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `group-run-joined:${id}:%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('ikut.buddy@contoh.id');
    expect(mails[0]!.text).toContain('Pintu 1 GBK, Senayan');
    expect(mails[0]!.text).toContain('06.00 WIB');

    // The joiner's dashboard card lists it; a stranger's does not.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/group-runs/mine', headers: runner.headers })).json().groupRuns as { id: string; isHost: boolean }[];
    expect(mine.find((r) => r.id === id)).toMatchObject({ isHost: false });
    expect(((await t.app.inject({ method: 'GET', url: '/api/group-runs/mine', headers: host.headers })).json().groupRuns as { id: string; isHost: boolean }[]).find((r) => r.id === id)).toMatchObject({ isHost: true });
    expect(((await t.app.inject({ method: 'GET', url: '/api/group-runs/mine', headers: stranger.headers })).json().groupRuns as { id: string }[]).map((r) => r.id)).not.toContain(id);

    // Leaving frees the place.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/group-runs/${id}/join`, headers: runner.headers })).statusCode).toBe(200);
    expect((await detail(id)).json().groupRun).toMatchObject({ participantsCount: 0, participants: [] });
  });

  it('refuses wrong input with the Indonesian message, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Wajib diisi'],
      [{ startsAt: wib(-1) }, 'Waktu mulai harus di masa depan.'],
      [{ startsAt: wib(400) }, 'Group run paling lambat 1 tahun dari sekarang.'],
      [{ startsAt: '2030-01-01 06:00' }, 'Tanggal dan jam tidak valid.'],
      [{ distanceKm: 0.5 }, 'Jarak harus antara 1 dan 100 km.'],
      [{ distanceKm: 'jauh' }, 'Jarak harus antara 1 dan 100 km.'],
      [{ capacity: 1 }, 'Kuota peserta harus antara 2 dan 200 orang.'],
      [{ capacity: 201 }, 'Kuota peserta harus antara 2 dan 200 orang.'],
      [{ mapUrl: 'http://maps.example/x' }, 'Link peta harus berupa alamat https://.'],
      [{ mapUrl: 'javascript:alert(1)' }, 'Link peta harus berupa alamat https://.'],
      [{ paceGroup: 'x'.repeat(41) }, 'Teks terlalu panjang.'],
    ];
    for (const [over, msg] of cases) {
      const res = await create(host.headers, run(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(msg);
    }
    // Unknown fields (e.g. a forged count or host) are refused, not stored.
    expect((await create(host.headers, run({ participantsCount: 5 }))).statusCode).toBe(400);
    expect((await detail('bukan-id')).statusCode).toBe(404);
    expect((await join('00000000-0000-4000-8000-000000000000', runner.headers)).statusCode).toBe(404);
  });

  it('lists upcoming runs only, by city without case and by Jakarta day', async () => {
    const bandung = await created({ city: '  bandung ', title: 'Dago Car Free Day', startsAt: wib(5, '05:30') });
    const jakarta = await created({ city: 'Jakarta', startsAt: wib(6) });
    const past = await created({ city: 'Bandung', startsAt: wib(1) });
    await t.database.db.update(groupRuns).set({ startsAt: new Date(Date.now() - 3_600_000) }).where(eq(groupRuns.id, past));

    const inBandung = await list('?city=BANDUNG');
    expect(inBandung).toContain(bandung);
    expect(inBandung).not.toContain(jakarta);
    expect(inBandung).not.toContain(past);
    const day = wib(5).slice(0, 10);
    const onDay = await list(`?date=${day}`);
    expect(onDay).toContain(bandung);
    expect(onDay).not.toContain(jakarta);
    expect((await t.app.inject({ method: 'GET', url: '/api/group-runs?date=2026-13-40' })).statusCode).toBe(400);
    // A past run cannot be joined either.
    expect((await join(past, runner.headers)).statusCode).toBe(409);
  });

  it('lets only the host edit, cancel and remove; a stranger gets 403, participants are mailed', async () => {
    const id = await created({ title: 'Tempo Run Monas' });
    expect((await join(id, runner.headers)).statusCode).toBe(200);
    expect((await join(id, host.headers)).json().message).toBe('Anda adalah host group run ini.');

    const byStranger = await t.app.inject({ method: 'PATCH', url: `/api/group-runs/${id}`, headers: stranger.headers, payload: { title: 'Dibajak' } });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().message).toBe('Hanya host yang dapat mengubah group run ini.');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/group-runs/${id}`, headers: runner.headers, payload: { title: 'Dibajak' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/group-runs/${id}`, headers: runner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/group-runs/${id}/participants/${runner.userId}`, headers: stranger.headers })).statusCode).toBe(403);
    expect((await detail(id)).json().groupRun).toMatchObject({ title: 'Tempo Run Monas', participantsCount: 1 });

    const shrunk = await t.app.inject({ method: 'PATCH', url: `/api/group-runs/${id}`, headers: host.headers, payload: { capacity: 2 } });
    expect(shrunk.statusCode).toBe(200);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/group-runs/${id}`, headers: host.headers, payload: { meetingPoint: 'Silang Monas Barat Daya' } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().groupRun.meetingPoint).toBe('Silang Monas Barat Daya');
    const updates = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `group-run-updated:${id}:%`));
    expect(updates.map((m) => m.to)).toEqual(['ikut.buddy@contoh.id']);

    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/group-runs/${id}`, headers: host.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().groupRun.status).toBe('dibatalkan');
    expect((await detail(id, runner.headers)).json().groupRun).toMatchObject({ status: 'dibatalkan', joined: true });
    expect(await list()).not.toContain(id);
    const canceled = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `group-run-canceled:${id}:%`));
    expect(canceled.map((m) => m.to)).toEqual(['ikut.buddy@contoh.id']);
    // Canceled: no more joins or edits.
    expect((await join(id, stranger.headers)).json().message).toBe('Group run ini sudah dibatalkan atau sudah dimulai.');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/group-runs/${id}`, headers: host.headers, payload: { title: 'Lagi' } })).statusCode).toBe(409);
  });

  it('the host removes a participant, who is mailed; capacity cannot drop below those joined', async () => {
    const id = await created({ capacity: 2 });
    await join(id, runner.headers);
    await join(id, stranger.headers);
    const full = await join(id, (await t.login('telat.buddy@contoh.id')).headers);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Maaf, kuota group run ini sudah penuh.');
    const shrink = await t.app.inject({ method: 'PATCH', url: `/api/group-runs/${id}`, headers: host.headers, payload: { capacity: 1 } });
    expect(shrink.statusCode).toBe(400);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/group-runs/${id}/participants/${stranger.userId}`, headers: host.headers });
    expect(removed.statusCode).toBe(200);
    expect((await detail(id)).json().groupRun).toMatchObject({ participantsCount: 1, participants: [{ name: 'Rudi Runner' }] });
    const mails = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.topic, `group-run-removed:${id}:%`));
    expect(mails.map((m) => m.to)).toEqual(['asing.buddy@contoh.id']);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/group-runs/${id}/participants/${stranger.userId}`, headers: host.headers });
    expect(again.statusCode).toBe(404);
  });

  it('50 concurrent joins on a capacity of 10 admit exactly 10', async () => {
    const id = await created({ capacity: 10, title: 'Kuota Sepuluh' });
    const joiners = await Promise.all(Array.from({ length: 50 }, (_, i) => t.login(`serbu${i}.buddy@contoh.id`, 'runner', `Serbu ${i}`)));
    const answers = await Promise.all(joiners.map((j) => join(id, j.headers)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(40);
    const body = (await detail(id)).json().groupRun;
    expect(body.participantsCount).toBe(10);
    expect(body.participants).toHaveLength(10);
  });

  it('rate limits creation per user', async () => {
    const busy = await t.login('sibuk.buddy@contoh.id');
    const answers = [];
    for (let i = 0; i <= GROUP_RUNS_PER_DAY; i++) answers.push((await create(busy.headers, run({ title: `Run ${i}` }))).statusCode);
    expect(answers.slice(0, GROUP_RUNS_PER_DAY).every((s) => s === 201)).toBe(true);
    expect(answers[GROUP_RUNS_PER_DAY]).toBe(429);
    // Another user is not affected.
    expect((await create(stranger.headers, run())).statusCode).toBe(201);
  });

  it('gives /buddy/{id} a link preview (Open Graph) for WhatsApp, escaped', async () => {
    const id = await created({ title: 'Sunday Run <"GBK">', startsAt: wib(4, '05:45') });
    const res = await t.app.inject({ method: 'GET', url: `/buddy/${id}` });
    expect(res.statusCode).toBe(200);
    const og = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(res.body)?.[1];
    expect(og('og:title')).toBe('Sunday Run &#60;&#34;GBK&#34;&#62; — Running Buddy Jakarta | Derap');
    expect(og('og:description')).toContain('05.45 WIB · Pintu 1 GBK, Senayan, Jakarta');
    expect(og('og:url')).toBe(`http://localhost:3000/buddy/${id}`);
    expect(res.body).not.toContain('content="generic"');
    // Unknown: the page still loads, with the generic tags.
    const unknown = await t.app.inject({ method: 'GET', url: '/buddy/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('Running Buddy');
  });

  it('a runner reports a run; an admin sees the report and hides it from everyone but its host', async () => {
    const admin = await t.login('admin.buddy@contoh.id', 'admin');
    const id = await created({ title: 'Jualan Suplemen Berkedok Lari' });
    const report = (headers: Headers, reason: unknown) => t.app.inject({ method: 'POST', url: `/api/group-runs/${id}/report`, headers, payload: { reason } });
    expect((await report(host.headers, 'spam')).json().message).toBe('Anda tidak dapat melaporkan group run Anda sendiri.');
    expect((await report(runner.headers, '')).statusCode).toBe(400);
    const sent = await report(runner.headers, 'Isinya jualan, bukan lari bersama.');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Terima kasih, laporan Anda sudah kami terima dan akan ditinjau admin.');
    expect((await report(runner.headers, 'lagi')).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/group-runs', headers: runner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/group-runs/${id}`, headers: runner.headers, payload: { hidden: true } })).statusCode).toBe(403);
    const review = (await t.app.inject({ method: 'GET', url: '/api/admin/group-runs?status=reported', headers: admin.headers })).json().groupRuns as { id: string; reports: { reason: string; reporterName: string }[] }[];
    expect(review.find((r) => r.id === id)?.reports).toEqual([expect.objectContaining({ reason: 'Isinya jualan, bukan lari bersama.', reporterName: 'Rudi Runner' })]);

    const hide = await t.app.inject({ method: 'PATCH', url: `/api/admin/group-runs/${id}`, headers: admin.headers, payload: { hidden: true } });
    expect(hide.statusCode).toBe(200);
    expect(await list()).not.toContain(id);
    expect((await detail(id)).statusCode).toBe(404);
    expect((await detail(id, runner.headers)).statusCode).toBe(404);
    expect((await join(id, stranger.headers)).statusCode).toBe(404);
    expect((await detail(id, host.headers)).statusCode).toBe(200);
    const hiddenList = (await t.app.inject({ method: 'GET', url: '/api/admin/group-runs?status=hidden', headers: admin.headers })).json().groupRuns as { id: string }[];
    expect(hiddenList.map((r) => r.id)).toContain(id);
    // Hidden, it leaves the queue of reported runs.
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/group-runs?status=reported', headers: admin.headers })).json().groupRuns as { id: string }[];
    expect(queue.map((r) => r.id)).not.toContain(id);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/group-runs/${id}`, headers: admin.headers, payload: { hidden: false } });
    expect(await list()).toContain(id);
  });
});
