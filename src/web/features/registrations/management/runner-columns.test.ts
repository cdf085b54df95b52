import { describe, expect, it } from 'vitest';
import { runnerExportColumns } from '../../../../domain/registrations/runner-export';
import { defaultRunnerColumns, parseRunnerColumns, runnerTableColumns, toggleRunnerColumn } from './runner-columns';

describe('Data Pelari columns', () => {
  it('offers the 19 export columns, status and payment status within the first four, 7 by default (the bib number among them)', () => {
    expect([...runnerTableColumns].sort()).toEqual([...runnerExportColumns].sort());
    expect(runnerTableColumns.indexOf('Status')).toBeLessThan(4);
    expect(runnerTableColumns.indexOf('Status Pembayaran')).toBeLessThan(4);
    expect(defaultRunnerColumns).toEqual(['Nama Lengkap', 'ID Pendaftaran', 'Status', 'Status Pembayaran', 'Nomor BIB', 'Kategori', 'Ukuran Kaos']);
  });

  it('reads a stored choice in table order, keeps the name, and falls back to the default on anything else', () => {
    expect(parseRunnerColumns(JSON.stringify(['No. Identitas', 'Status', 'Tidak Ada']))).toEqual(['Nama Lengkap', 'Status', 'No. Identitas']);
    for (const bad of [null, '', '{', '"Status"', '{"a":1}']) expect(parseRunnerColumns(bad), String(bad)).toEqual(defaultRunnerColumns);
    expect(parseRunnerColumns('[]')).toEqual(['Nama Lengkap']);
  });

  it('toggles a column on or off but never the name', () => {
    expect(toggleRunnerColumn(defaultRunnerColumns, 'Email', true)).toEqual([...defaultRunnerColumns, 'Email']);
    expect(toggleRunnerColumn(defaultRunnerColumns, 'Ukuran Kaos', false)).toEqual(defaultRunnerColumns.slice(0, 6));
    expect(toggleRunnerColumn(['Nama Lengkap', 'Status'], 'ID Pendaftaran', true)).toEqual(['Nama Lengkap', 'ID Pendaftaran', 'Status']);
    expect(toggleRunnerColumn(defaultRunnerColumns, 'Nama Lengkap', false)).toEqual(defaultRunnerColumns);
  });
});
