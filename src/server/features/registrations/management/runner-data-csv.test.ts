import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runnerExportColumns, runnerExportFileName } from '../../../../domain/registrations/runner-export';
import { buildTestApp, type TestApp } from '../../../test/fixtures/build-test-app';
import { attachmentHeader } from './routes.runner-data';
import { eventRegistrationBatches, findManagedEvent } from './service.runner-data';
import { insertCategory, insertEvent, insertRegistration, insertRegistrations } from '../../../test/fixtures/registration-data';
import { users } from '../../../db/schema/users';
import { eq, sql } from 'drizzle-orm';

const BOM = '\uFEFF';
const HEADER = runnerExportColumns.join(',');

/** Splits RFC 4180 CSV (quoted fields may hold the separator, quotes and line breaks) into records. */
function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length) throw new Error('CSV does not end with CRLF');
  return records;
}

describe('runner data CSV export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function setup(name = 'Lari Ceria Pekanbaru — Édisi Ñ 2027') {
    const siti = await t.login('siti.rahmawati@derap.id', 'organizer', 'Siti Rahmawati');
    const event = await insertEvent(t.database.db, siti.userId, { name });
    const category = await insertCategory(t.database.db, event.id, { name: '21K Half Marathon' });
    return { siti, event, category };
  }

  it('is UTF-8 CSV with BOM, CRLF, 18 Indonesian headers and an RFC 6266 attachment name', async () => {
    const { siti, event, category } = await setup();
    await insertRegistration(t.database.db, event, category, { fullName: 'Ñoman Gégé Sitompul' });
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv`, headers: siti.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const name = runnerExportFileName(event.name, new Date());
    expect(name).toMatch(/^Lari Ceria Pekanbaru — Édisi Ñ 2027-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(res.headers['content-disposition']).toBe(attachmentHeader(name));
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Lari Ceria Pekanbaru _ Edisi N 2027-\d{2}-\d{2}-\d{4}\.csv"; filename\*=UTF-8''Lari%20Ceria%20Pekanbaru%20%E2%80%94%20%C3%89disi%20%C3%91%202027-/,
    );
    const body = res.body;
    expect(body.startsWith(BOM)).toBe(true);
    expect(body.slice(1).split('\r\n')[0]).toBe(HEADER);
    expect(HEADER).toBe(
      'ID Pendaftaran,Nama Lengkap,Email,No. HP,Nomor BIB,Nama BIB,Komunitas,Golongan Darah,Ukuran Kaos,Jenis Kelamin,Tanggal Lahir,Jenis Identitas,No. Identitas,Nama Kontak Darurat,No. Kontak Darurat,Catatan Medis,Kategori,Status,Status Pembayaran',
    );
    expect(body).toContain('Ñoman Gégé Sitompul');
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('quotes commas, quotes and line breaks and guards formulas, but not a plain phone number', async () => {
    const { siti, event, category } = await setup('Jakarta Run');
    const reg = await insertRegistration(t.database.db, event, category, {
      fullName: '=HYPERLINK("http://jahat.example","klik")',
      community: 'Pelari "Senja", Surabaya',
      medicalNotes: 'Asma ringan\nbawa inhaler\r\nalergi kacang',
      bibName: '@BUDI',
      emergencyName: '-Made',
      identityNo: '\t3174',
      phone: '+6281234567890',
      dob: '1990-08-17',
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.code}/csv`, headers: siti.headers });
    const records = parseCsv(res.body.slice(1));
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual([...runnerExportColumns]);
    const row = records[1]!;
    expect(row).toHaveLength(19);
    expect(row).toEqual([
      reg.registrationId,
      `'=HYPERLINK("http://jahat.example","klik")`,
      reg.email,
      '+6281234567890',
      '',
      "'@BUDI",
      'Pelari "Senja", Surabaya',
      reg.bloodType,
      reg.tshirtSize,
      reg.sex,
      '17-08-1990',
      reg.identityType,
      "'\t3174",
      "'-Made",
      reg.emergencyContact,
      'Asma ringan\nbawa inhaler\r\nalergi kacang',
      '21K Half Marathon',
      'Terkonfirmasi',
      'Lunas',
    ]);
    expect(res.body).toContain('"Pelari ""Senja"", Surabaya"');
  });

  it("guards a formula after a separator (Indonesian Excel splits on ';'); an optional field left empty is an empty cell, not '-'", async () => {
    const { siti, event, category } = await setup('Bandung Run');
    await insertRegistration(t.database.db, event, category, {
      fullName: 'Budi;=HYPERLINK("http://jahat.example")',
      community: '-',
      medicalNotes: '-',
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.code}/csv`, headers: siti.headers });
    const row = parseCsv(res.body.slice(1))[1]!;
    expect(row[1]).toBe(`Budi;'=HYPERLINK("http://jahat.example")`);
    expect(row[6]).toBe('');
    expect(row[15]).toBe('');
    expect(res.body).not.toContain("'-");
    // Quoted, so a spreadsheet splitting on ';' keeps it in one cell.
    expect(res.body).toContain(`"Budi;'=HYPERLINK(""http://jahat.example"")"`);
  });

  it('honours ?q= like the list, and is refused to other organizers before anything streams', async () => {
    const { siti, event, category } = await setup('Surabaya Run');
    await insertRegistration(t.database.db, event, category, { fullName: 'Wahyu Hidayat' }, 1);
    await insertRegistration(t.database.db, event, category, { fullName: 'Sri Lestari' }, 2);
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv?q=wahyu`, headers: siti.headers });
    const records = parseCsv(res.body.slice(1));
    expect(records.map((r) => r[1])).toEqual(['Nama Lengkap', 'Wahyu Hidayat']);
    const other = await t.login('joko@contoh.id', 'organizer');
    const refused = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv`, headers: other.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    const empty = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv?q=zzz`, headers: siti.headers });
    expect(empty.body).toBe(`${BOM}${HEADER}\r\n`);
  });

  it("sep=semicolon: ';' between fields with the BOM, quoting values that hold ';', and the same 19 columns", async () => {
    const { siti, event, category } = await setup('Semarang Run');
    const reg = await insertRegistration(t.database.db, event, category, {
      fullName: 'Ayu; Kartika',
      phone: '081234567890',
      emergencyContact: '+6281399990000',
      identityNo: '3273012345670001',
      community: '-',
      emergencyName: '-Made',
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.code}/csv?sep=semicolon`, headers: siti.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(res.body.slice(1).split('\r\n')[0]).toBe(runnerExportColumns.join(';'));
    const records = parseCsv(res.body.slice(1), ';');
    expect(records).toHaveLength(2);
    expect(records[1]).toHaveLength(19);
    expect(records[1]!.slice(0, 7)).toEqual([reg.registrationId, 'Ayu; Kartika', reg.email, '081234567890', '', reg.bibName, '']);
    expect(records[1]![12]).toBe('3273012345670001');
    expect(records[1]![13]).toBe("'-Made");
    expect(records[1]![14]).toBe('+6281399990000');
    expect(res.body).toContain('"Ayu; Kartika"');
    // A name with a comma needs no quotes when ';' separates.
    expect((await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.code}/csv?sep=tab`, headers: siti.headers })).statusCode).toBe(400);
  });

  it('exports only what the filters keep (status, payment status, category, racepack), combined with q', async () => {
    const { siti, event, category } = await setup('Malang Run');
    const fiveK = await insertCategory(t.database.db, event.id, { name: '5K' });
    await insertRegistration(t.database.db, event, category, { fullName: 'Wahyu Lunas' }, 1);
    await insertRegistration(t.database.db, event, fiveK, { fullName: 'Wahyu Lima' }, 2);
    await insertRegistration(t.database.db, event, category, { fullName: 'Wahyu Menunggu', status: 'pending', paymentStatus: 'pending' }, 3);
    await insertRegistration(t.database.db, event, category, { fullName: 'Sri Ambil', status: 'racepack_collected' }, 4);
    const names = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.code}/csv?${query}`, headers: siti.headers });
      expect(res.statusCode, query).toBe(200);
      return parseCsv(res.body.slice(1)).slice(1).map((r) => r[1]).sort();
    };
    expect(await names('paymentStatus=pending')).toEqual(['Wahyu Menunggu']);
    expect(await names('category=5k')).toEqual(['Wahyu Lima']);
    expect(await names('racepack=collected')).toEqual(['Sri Ambil']);
    expect(await names('racepack=not_collected&q=wahyu')).toEqual(['Wahyu Lima', 'Wahyu Lunas']);
    expect(await names('status=confirmed&category=21k-half-marathon')).toEqual(['Wahyu Lunas']);
  });

  it('streams 20 000 rows in batches of 1000 (keyset over equal timestamps): every row exactly once, newest first', async () => {
    const { siti, event, category } = await setup('Jakarta Marathon 2027');
    // Rows of one INSERT share created_at (now() is per transaction): the id breaks the ties.
    await insertRegistrations(t.database.db, event, category, 20_000, { batch: 500 });
    const select = vi.spyOn(t.database.db, 'select');
    const res = await t.app.inject({ method: 'GET', url: `/api/runner-registrations/event/${event.eventId}/csv`, headers: siti.headers });
    const selects = select.mock.calls.length;
    select.mockRestore();
    expect(res.statusCode).toBe(200);
    const records = parseCsv(res.body.slice(1));
    expect(records).toHaveLength(20_001);
    const ids = new Set(records.slice(1).map((r) => r[0]));
    expect(ids.size).toBe(20_000);
    // Sign-in and event lookups, then 20 full batches + 1 empty read that ends the keyset walk
    // (reading everything at once would be 3 or 4 selects).
    expect(selects).toBeGreaterThanOrEqual(21);
    expect(selects).toBeLessThanOrEqual(24);

    const user = (await t.database.db.select().from(users).where(eq(users.id, siti.userId)))[0]!;
    const managed = await findManagedEvent(t.database.db, user, event.eventId);
    const sizes: number[] = [];
    let previous: string | null = null;
    for await (const batch of eventRegistrationBatches(t.database.db, managed, {}, 1000)) {
      sizes.push(batch.length);
      for (const r of batch) {
        if (previous) expect(r.createdAt <= previous).toBe(true);
        previous = r.createdAt;
      }
    }
    expect(sizes).toEqual(Array(20).fill(1000));
  }, 120_000);

  it('keyset pages never skip rows whose timestamps differ only in microseconds', async () => {
    const { siti, event, category } = await setup('Mikro Run');
    const base = Date.parse('2027-03-01T00:00:00.123Z');
    for (let i = 0; i < 7; i++) {
      const reg = await insertRegistration(t.database.db, event, category, {}, i);
      // Same millisecond, different microseconds: a millisecond cursor would lose some of them.
      await t.database.db.execute(
        sql`update runner_registrations set created_at = to_timestamp(${base / 1000}) + make_interval(secs => ${i} / 1000000.0) where id = ${reg.id}`,
      );
    }
    const user = (await t.database.db.select().from(users).where(eq(users.id, siti.userId)))[0]!;
    const managed = await findManagedEvent(t.database.db, user, event.eventId);
    const seen: string[] = [];
    for await (const batch of eventRegistrationBatches(t.database.db, managed, {}, 2)) seen.push(...batch.map((r) => r._id));
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});
