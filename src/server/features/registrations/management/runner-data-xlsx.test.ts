import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runnerExportColumns, runnerExportFileName } from '../../../../domain/registrations/runner-export';
import { buildTestApp, type TestApp } from '../../../test/fixtures/build-test-app';
import { insertCategory, insertEvent, insertRegistration, insertRegistrations } from '../../../test/fixtures/registration-data';
import { attachmentHeader } from './routes.runner-data';
import { XLSX_CONTENT_TYPE } from './runner-xlsx';

/** Opens an .xlsx answer the way a spreadsheet would: with exceljs' (non-streaming) reader. */
async function openWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Data Pelari');
  if (!sheet) throw new Error('no sheet "Data Pelari"');
  return sheet;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('runner data .xlsx export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  async function setup(name = 'Bandung Marathon — Édisi 2027') {
    const siti = await t.login('siti.rahmawati@derap.id', 'organizer', 'Siti Rahmawati');
    const event = await insertEvent(t.database.db, siti.userId, { name });
    const category = await insertCategory(t.database.db, event.id, { name: '21K Half Marathon' });
    return { siti, event, category };
  }
  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('is a workbook of the 18 CSV columns: NIK and phones as exact text, the birth date a dd/mm/yyyy date, header frozen and filtered', async () => {
    const { siti, event, category } = await setup();
    const reg = await insertRegistration(t.database.db, event, category, {
      fullName: '=HYPERLINK("http://jahat.example","klik")',
      phone: '081234567890',
      emergencyContact: '+6281399990000',
      identityNo: '3273012345670001',
      identityType: 'KTP',
      dob: '1990-08-17',
      community: '-',
      medicalNotes: 'Asma ringan\nbawa inhaler',
      emergencyName: '-Made',
    });
    const res = await get(`/api/runner-registrations/event/${event.eventId}/xlsx`, siti.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    const name = runnerExportFileName(event.name, new Date(), 'xlsx');
    expect(name).toMatch(/^Bandung Marathon — Édisi 2027-\d{2}-\d{2}-\d{4}\.xlsx$/);
    expect(res.headers['content-disposition']).toBe(attachmentHeader(name));

    const sheet = await openWorkbook(res.rawPayload);
    expect(sheet.rowCount).toBe(2);
    expect(rowValues(sheet, 1)).toEqual([...runnerExportColumns]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    // Header frozen: the first row stays while scrolling; an auto-filter over A1:S1.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:S1');

    const row = sheet.getRow(2);
    const cell = (column: string) => row.getCell(runnerExportColumns.indexOf(column as (typeof runnerExportColumns)[number]) + 1);
    for (const [column, value] of [
      ['No. Identitas', '3273012345670001'],
      ['No. HP', '081234567890'],
      ['No. Kontak Darurat', '+6281399990000'],
      ['ID Pendaftaran', reg.registrationId],
    ] as const) {
      expect(cell(column).type, column).toBe(ExcelJS.ValueType.String);
      expect(cell(column).value, column).toBe(value);
      expect(cell(column).numFmt, column).toBe('@');
    }
    const dob = cell('Tanggal Lahir');
    expect(dob.type).toBe(ExcelJS.ValueType.Date);
    expect(dob.value).toEqual(new Date('1990-08-17T00:00:00Z'));
    expect(dob.numFmt).toBe('dd/mm/yyyy');
    // A string cell is never evaluated: no formula, no apostrophe, no '-' for an empty field.
    expect(cell('Nama Lengkap').type).toBe(ExcelJS.ValueType.String);
    expect(cell('Nama Lengkap').formula).toBeUndefined();
    expect(cell('Nama Lengkap').value).toBe('=HYPERLINK("http://jahat.example","klik")');
    expect(cell('Nama Kontak Darurat').value).toBe('-Made');
    expect(cell('Komunitas').value ?? '').toBe('');
    expect(cell('Catatan Medis').value).toBe('Asma ringan\nbawa inhaler');
    expect(cell('Status').value).toBe('Terkonfirmasi');
    expect(cell('Status Pembayaran').value).toBe('Lunas');
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(20);
  });

  it('carries every row of a multi-batch export exactly once, newest first, and honours the search and filters', async () => {
    const { siti, event, category } = await setup('Solo Run');
    await insertRegistrations(t.database.db, event, category, 2_500, { batch: 500 });
    const fiveK = await insertCategory(t.database.db, event.id, { name: '5K' });
    await insertRegistration(t.database.db, event, fiveK, { fullName: 'Wahyu Lima', status: 'pending', paymentStatus: 'pending' }, 9001);
    const all = await openWorkbook((await get(`/api/runner-registrations/event/${event.code}/xlsx`, siti.headers)).rawPayload);
    expect(all.rowCount).toBe(2_502);
    const ids = new Set<string>();
    all.eachRow((row, n) => {
      if (n > 1) ids.add(String(row.getCell(1).value));
    });
    expect(ids.size).toBe(2_501);
    expect(all.getRow(2).getCell(2).value).toBe('Wahyu Lima');

    const filtered = await openWorkbook(
      (await get(`/api/runner-registrations/event/${event.code}/xlsx?category=5k&paymentStatus=pending&q=wahyu`, siti.headers)).rawPayload,
    );
    expect(filtered.rowCount).toBe(2);
    expect(filtered.getRow(2).getCell(2).value).toBe('Wahyu Lima');
    const empty = await openWorkbook((await get(`/api/runner-registrations/event/${event.code}/xlsx?q=tidak-ada`, siti.headers)).rawPayload);
    expect(empty.rowCount).toBe(1);
    expect(rowValues(empty, 1)).toEqual([...runnerExportColumns]);
  }, 60_000);

  it("is the event's organizer's and admins' only: 401, 403 for another organizer, runner and coach (JSON, before anything streams), 400 on a bad filter", async () => {
    const { siti, event, category } = await setup('Depok Run');
    await insertRegistration(t.database.db, event, category);
    const url = `/api/runner-registrations/event/${event.eventId}/xlsx`;
    expect((await get(url)).statusCode).toBe(401);
    for (const [email, role] of [
      ['joko@contoh.id', 'organizer'],
      ['rina@contoh.id', 'runner'],
      ['andi@contoh.id', 'coach'],
    ] as const) {
      const res = await get(url, (await t.login(email, role)).headers);
      expect(res.statusCode, role).toBe(403);
      expect(res.headers['content-type'], role).toMatch(/application\/json/);
    }
    const admin = await t.login('dewi.lestari@derap.id', 'admin');
    const byAdmin = await get(url, admin.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect((await openWorkbook(byAdmin.rawPayload)).rowCount).toBe(2);
    expect((await get(`/api/runner-registrations/event/tidak-ada/xlsx`, siti.headers)).statusCode).toBe(404);
    expect((await get(`${url}?racepack=mungkin`, siti.headers)).statusCode).toBe(400);
  });
});
