import { describe, expect, it } from 'vitest';
import {
  jakartaDayStamp,
  neutraliseFormula,
  racepackMessages,
  runnerExportColumns,
  runnerExportFileName,
  runnerExportRecord,
  runnerExportValues,
  runnerExportCells,
  runnerSpreadsheetRow,
  runnerSpreadsheetWidths,
  DOB_COLUMN,
  statusesMatching,
  zonedDateTime,
  paymentStatusLabels,
  type RunnerExportSource,
} from './runner-export';

const source: RunnerExportSource = {
  registrationId: 'REG-7K3Q9XPA',
  categoryName: '10K',
  status: 'confirmed',
  bibNumber: '10K-0231',
  payment: { status: 'paid', amount: 160_000 },
  runnerData: {
    fullName: '=HYPERLINK("http://jahat.example")',
    email: 'ayu@contoh.id',
    phone: '+6281234567890',
    bibName: 'AYU',
    community: '-',
    bloodType: 'O+',
    tshirtSize: 'M',
    sex: 'Perempuan',
    dob: '17-08-1995',
    identityType: 'KTP',
    identityNo: '3174012345670001',
    emergencyName: 'Made Wirawan',
    emergencyContact: '@0812',
    medicalNotes: 'Asma ringan',
  },
};

describe('runner export', () => {
  it('has exactly 19 Indonesian columns and 19 values per row, in the same order, the bib number beside the BIB name', () => {
    expect(runnerExportColumns).toHaveLength(19);
    const values = runnerExportValues(source);
    expect(values).toHaveLength(19);
    expect(values[0]).toBe('REG-7K3Q9XPA');
    expect(values.slice(4, 6)).toEqual(['10K-0231', 'AYU']);
    expect(runnerExportColumns.slice(4, 6)).toEqual(['Nomor BIB', 'Nama BIB']);
    expect(runnerExportValues({ ...source, bibNumber: null })[4]).toBe('');
    expect(values[10]).toBe('17-08-1995');
    expect(values.slice(16)).toEqual(['10K', 'Terkonfirmasi', 'Lunas']);
  });

  it('guards formulas by the documented rule: = @ TAB CR always, + and - unless a plain sign and digits', () => {
    for (const bad of ['=1+1', '@SUM(A1)', '\tx', '\rx', '-Made', '+HYPERLINK("http://jahat.example")', '-1+2', '+62 812', '-2+3-A1', '-x']) {
      expect(neutraliseFormula(bad), bad).toBe(`'${bad}`);
    }
    // A phone number, a negative number and the dash of an empty field are no formula: no apostrophe.
    for (const ok of ['Budi', '0812', '+6281234567890', '-5', '-', '+', 'a=b', '', ' =x', 'Jl. Sudirman No. 5-7', '3174012345670001']) {
      expect(neutraliseFormula(ok), ok).toBe(ok);
    }
    // Indonesian Excel splits on ';': what follows a separator starts a cell of its own.
    expect(neutraliseFormula('Budi;=HYPERLINK("http://jahat.example")')).toBe(`Budi;'=HYPERLINK("http://jahat.example")`);
    expect(neutraliseFormula('Budi, @SUM(A1)')).toBe(`Budi, '@SUM(A1)`);
    expect(neutraliseFormula('a\t+1;-2')).toBe('a\t+1;-2');
    expect(neutraliseFormula('a\t+cmd|x;-A1')).toBe(`a\t'+cmd|x;'-A1`);
    expect(neutraliseFormula('=a;=b')).toBe(`'=a;'=b`);
    expect(neutraliseFormula('0812; +62813')).toBe('0812; +62813');
    const record = runnerExportRecord(source);
    expect(record[1]).toBe(`'=HYPERLINK("http://jahat.example")`);
    expect(record[3]).toBe('+6281234567890');
    expect(record[14]).toBe(`'@0812`);
  });

  it("writes an optional field left empty ('-') as an empty cell, and keeps a required field's dash", () => {
    const cells = runnerExportCells({ ...source, runnerData: { ...source.runnerData, community: '-', medicalNotes: '-', emergencyName: '-' } });
    expect(cells[6]).toBe('');
    expect(cells[15]).toBe('');
    expect(cells[13]).toBe('-');
    expect(runnerExportRecord(source)[6]).toBe('');
  });

  it('gives the .xlsx strings everywhere but a UTC-midnight date of birth', () => {
    const row = runnerSpreadsheetRow({ ...source, runnerData: { ...source.runnerData, phone: '081234567890' } });
    expect(row).toHaveLength(19);
    expect(row[DOB_COLUMN]).toEqual(new Date('1995-08-17T00:00:00Z'));
    expect(row[3]).toBe('081234567890');
    expect(row[12]).toBe('3174012345670001');
    expect(row[1]).toBe('=HYPERLINK("http://jahat.example")');
    expect(row[6]).toBe('');
    expect(row.filter((c) => typeof c !== 'string')).toHaveLength(1);
    expect(runnerSpreadsheetWidths).toHaveLength(runnerExportColumns.length);
  });

  it("names the file after the event and Jakarta's today", () => {
    // 2027-05-20 18:30 UTC is already 21 May in Jakarta.
    const now = new Date('2027-05-20T18:30:00Z');
    expect(jakartaDayStamp(now)).toBe('21-05-2027');
    expect(runnerExportFileName('Jakarta Marathon 2027', now)).toBe('Jakarta Marathon 2027-21-05-2027.csv');
    expect(runnerExportFileName('Lari/Malam: "Bali"', now)).toBe('Lari Malam Bali-21-05-2027.csv');
    expect(runnerExportFileName('Lari Ceria Pekanbaru — Édisi ñ', now)).toBe('Lari Ceria Pekanbaru — Édisi ñ-21-05-2027.csv');
    expect(runnerExportFileName('///', now)).toBe('data-pelari-21-05-2027.csv');
    expect(runnerExportFileName('Jakarta Marathon 2027', now, 'xlsx')).toBe('Jakarta Marathon 2027-21-05-2027.xlsx');
  });

  it('matches statuses by raw value or Indonesian label', () => {
    expect(statusesMatching(paymentStatusLabels, 'lunas')).toEqual(['paid']);
    expect(statusesMatching(paymentStatusLabels, 'PEND')).toEqual(['pending']);
    expect(statusesMatching(paymentStatusLabels, ' ')).toEqual([]);
  });

  it('says when a racepack was taken, with the zone (WIB, WITA)', () => {
    const at = new Date('2027-05-21T02:05:00Z');
    expect(zonedDateTime(at)).toEqual({ date: '21 Mei 2027', time: '09.05', offset: 'WIB' });
    expect(racepackMessages.alreadyCollected(at)).toBe('Racepack sudah diambil pada 21 Mei 2027 pukul 09.05 WIB.');
    expect(racepackMessages.alreadyCollected(at, 'Asia/Makassar')).toBe('Racepack sudah diambil pada 21 Mei 2027 pukul 10.05 WITA.');
    expect(zonedDateTime(new Date('2027-01-01T16:59:00Z'))).toMatchObject({ date: '1 Januari 2027', time: '23.59' });
  });
});
