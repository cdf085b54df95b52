/**
 * The columns of the Data Pelari table on a desktop: the export's 19 (same names), shown in an order
 * that puts what the organizer acts on first (name, id, status, payment), and a default set of 7 that
 * fits a 1280 px screen. The organizer's own choice is remembered in this browser.
 */
import type { runnerExportColumns } from '../../../../domain/registrations/runner-export';

export type RunnerColumn = (typeof runnerExportColumns)[number];

/** Table order: identity, status and bib number first, then contact, then the personal data (the default 7 fit 1280 px). */
export const runnerTableColumns: readonly RunnerColumn[] = [
  'Nama Lengkap',
  'ID Pendaftaran',
  'Status',
  'Status Pembayaran',
  'Nomor BIB',
  'Kategori',
  'Ukuran Kaos',
  'No. HP',
  'Email',
  'Nama BIB',
  'Komunitas',
  'Golongan Darah',
  'Jenis Kelamin',
  'Tanggal Lahir',
  'Jenis Identitas',
  'No. Identitas',
  'Nama Kontak Darurat',
  'No. Kontak Darurat',
  'Catatan Medis',
];

export const defaultRunnerColumns: readonly RunnerColumn[] = runnerTableColumns.slice(0, 7);

/** Always shown: a row without the runner's name would be no use. */
export const requiredRunnerColumn: RunnerColumn = 'Nama Lengkap';

export const RUNNER_COLUMNS_STORAGE_KEY = 'derap.dataPelari.columns';

/**
 * The remembered choice as stored (JSON list of column names), cleaned: unknown names dropped, in
 * table order, the name always in; anything unreadable gives the default set.
 */
export function parseRunnerColumns(stored: string | null): RunnerColumn[] {
  if (!stored) return [...defaultRunnerColumns];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [...defaultRunnerColumns];
    const chosen = new Set(value.filter((v): v is string => typeof v === 'string'));
    chosen.add(requiredRunnerColumn);
    return runnerTableColumns.filter((c) => chosen.has(c));
  } catch {
    return [...defaultRunnerColumns];
  }
}

export function loadRunnerColumns(): RunnerColumn[] {
  try {
    return parseRunnerColumns(window.localStorage.getItem(RUNNER_COLUMNS_STORAGE_KEY));
  } catch {
    // storage blocked (private mode, policy): the default set, not remembered
    return [...defaultRunnerColumns];
  }
}

export function saveRunnerColumns(columns: readonly RunnerColumn[]) {
  try {
    window.localStorage.setItem(RUNNER_COLUMNS_STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // not remembered; the choice still holds for this visit
  }
}

/** Turns one column on or off (the name stays on), keeping table order. */
export function toggleRunnerColumn(columns: readonly RunnerColumn[], column: RunnerColumn, on: boolean): RunnerColumn[] {
  if (column === requiredRunnerColumn) return [...columns];
  const chosen = new Set(columns);
  if (on) chosen.add(column);
  else chosen.delete(column);
  return runnerTableColumns.filter((c) => chosen.has(c));
}
