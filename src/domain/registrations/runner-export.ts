/**
 * The organizer's runner data (events-and-coach-pages §2 'Data Pelari'): the 19 columns shared by
 * the dialog's table and the CSV export, their row mapper, the export's file name, and the racepack
 * messages of the scan dialog. Pure: no I/O, used by the server and the web app.
 */
import { JAKARTA_TIME_ZONE } from '../shared/jakarta-time';
import { isoToPlanDate, jakartaToday } from '../shared/wire-date';
import { registrationStatusLabels, type RegistrationPaymentStatus, type RegistrationStatus } from './registrations';
import { zonedDateTime } from './registration-form';

export { zonedDateTime };

/** Payment status as organizers read it. */
export const paymentStatusLabels: Record<RegistrationPaymentStatus, string> = {
  pending: 'Menunggu',
  paid: 'Lunas',
  failed: 'Gagal',
  expired: 'Kedaluwarsa',
  refunded: 'Dikembalikan',
};

/** The fields of a registration the runner data needs (a subset of the API's registration JSON). */
export interface RunnerExportSource {
  registrationId: string;
  categoryName: string;
  status: RegistrationStatus;
  /** The bib number ('10K-0231'); null: none given (yet). */
  bibNumber: string | null;
  payment: { status: RegistrationPaymentStatus; amount: number };
  runnerData: {
    fullName: string;
    email: string;
    phone: string;
    bibName: string;
    community: string;
    bloodType: string;
    tshirtSize: string;
    sex: string;
    /** DD-MM-YYYY */
    dob: string;
    identityType: string;
    identityNo: string;
    emergencyName: string;
    emergencyContact: string;
    medicalNotes: string;
  };
}

/** Column headers, in order; the table and the CSV say exactly the same. */
export const runnerExportColumns = [
  'ID Pendaftaran',
  'Nama Lengkap',
  'Email',
  'No. HP',
  'Nomor BIB',
  'Nama BIB',
  'Komunitas',
  'Golongan Darah',
  'Ukuran Kaos',
  'Jenis Kelamin',
  'Tanggal Lahir',
  'Jenis Identitas',
  'No. Identitas',
  'Nama Kontak Darurat',
  'No. Kontak Darurat',
  'Catatan Medis',
  'Kategori',
  'Status',
  'Status Pembayaran',
] as const;

/** The 19 values of one registration, as shown on screen (not yet made safe for a spreadsheet). */
export function runnerExportValues(r: RunnerExportSource): string[] {
  const d = r.runnerData;
  return [
    r.registrationId,
    d.fullName,
    d.email,
    d.phone,
    r.bibNumber ?? '',
    d.bibName,
    d.community,
    d.bloodType,
    d.tshirtSize,
    d.sex,
    d.dob,
    d.identityType,
    d.identityNo,
    d.emergencyName,
    d.emergencyContact,
    d.medicalNotes,
    r.categoryName,
    registrationStatusLabels[r.status],
    paymentStatusLabels[r.payment.status],
  ];
}

/**
 * CSV formula guard. A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return
 * that it trims away) as a formula: a runner could type `=HYPERLINK(...)` as their name and attack
 * the organizer who opens the export (CSV injection). A leading apostrophe makes it plain text, but
 * it also shows as a stray `'` wherever it was not needed, so the exact rule is:
 *
 * 1. A cell starting with `=`, `@`, TAB or CR always gets the apostrophe.
 * 2. A cell starting with `+` or `-` gets it unless the whole cell is a sign and digits only
 *    (`^[+-][0-9]*$`): '+6281234567890' (phones are `+?digits`, see registration-form.ts), '-5',
 *    and the '-' of an empty optional field are a number or a plain dash to a spreadsheet, never a
 *    function call, so they stay as typed. '-Made', '+HYPERLINK(...)', '-1+2' and '+62 812' do not
 *    match and are guarded.
 * 3. A spreadsheet that splits on another separator than the file's (Indonesian Excel splits on
 *    `;`) starts a new cell after it, so the same two rules apply to every piece of the value that
 *    follows one of , ; TAB CR LF | (and any spaces after it).
 *
 * The .xlsx needs none of this: its cells are typed strings, which a spreadsheet never evaluates.
 */
const ALWAYS_FORMULA = /^[=@\t\r]/;
const SIGN_START = /^[+-]/;
const PLAIN_SIGNED_NUMBER = /^[+-][0-9]*$/;
const PIECE_AFTER_SEPARATOR = /([,;\t\r\n|])(\s*)([=+\-@][^,;\t\r\n|]*)/g;

const isFormulaRisk = (piece: string) => ALWAYS_FORMULA.test(piece) || (SIGN_START.test(piece) && !PLAIN_SIGNED_NUMBER.test(piece));

export function neutraliseFormula(value: string): string {
  const inner = value.replace(PIECE_AFTER_SEPARATOR, (match, separator: string, space: string, piece: string) =>
    isFormulaRisk(piece) ? `${separator}${space}'${piece}` : match,
  );
  return isFormulaRisk(inner) ? `'${inner}` : inner;
}

/** Fields the CSV writer must quote although they hold no comma: line breaks, and other spreadsheets' separators. */
export const csvQuoteMatch = /[\r\n;\t|]/;

/**
 * The optional fields (Komunitas, Catatan Medis) keep '-' when left empty (registration-form.ts);
 * a spreadsheet gets an empty cell there, so filters and counts see "nothing" rather than a dash.
 */
const OPTIONAL_COLUMNS = new Set<number>([runnerExportColumns.indexOf('Komunitas'), runnerExportColumns.indexOf('Catatan Medis')]);
const EMPTY_PLACEHOLDER = '-';

/** The 19 values as a spreadsheet gets them: an optional field left empty is an empty cell. */
export function runnerExportCells(r: RunnerExportSource): string[] {
  return runnerExportValues(r).map((value, i) => (OPTIONAL_COLUMNS.has(i) && value.trim() === EMPTY_PLACEHOLDER ? '' : value));
}

/** One CSV record: the 19 cells, guarded against formulas. */
export function runnerExportRecord(r: RunnerExportSource): string[] {
  return runnerExportCells(r).map(neutraliseFormula);
}

/** Column of the date of birth: a real date cell in the .xlsx. */
export const DOB_COLUMN = runnerExportColumns.indexOf('Tanggal Lahir');

/**
 * The 19 cells of the .xlsx: every value a string (identity and phone numbers keep their leading 0,
 * their '+' and all 16 digits of a NIK), except the date of birth, a Date at UTC midnight of that
 * calendar day (a spreadsheet date has no time zone; UTC midnight is exactly that day's serial).
 */
export function runnerSpreadsheetRow(r: RunnerExportSource): (string | Date)[] {
  const cells: (string | Date)[] = runnerExportCells(r);
  const dob = /^(\d{2})-(\d{2})-(\d{4})$/.exec(r.runnerData.dob);
  if (dob) cells[DOB_COLUMN] = new Date(Date.UTC(Number(dob[3]), Number(dob[2]) - 1, Number(dob[1])));
  return cells;
}

/** Column widths of the .xlsx (in characters), in the order of `runnerExportColumns`. */
export const runnerSpreadsheetWidths: readonly number[] = [16, 28, 32, 18, 12, 14, 24, 10, 10, 14, 14, 12, 22, 26, 18, 36, 20, 20, 18];

/** Excel's number format of the date cells (dd/mm/yyyy, the Indonesian way round). */
export const SPREADSHEET_DATE_FORMAT = 'dd/mm/yyyy';

/** `DD-MM-YYYY` of the Jakarta calendar day at `now`. */
export function jakartaDayStamp(now: Date): string {
  return isoToPlanDate(jakartaToday(now));
}

/**
 * `{event name}-{DD-MM-YYYY}.csv` (Jakarta's today; `.xlsx` for the workbook). Characters a file
 * system refuses (/ \ : * ? " < > | and control characters) become spaces; letters of any script stay.
 */
export function runnerExportFileName(eventName: string, now: Date, extension: 'csv' | 'xlsx' = 'csv'): string {
  const safe = eventName
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'data-pelari'}-${jakartaDayStamp(now)}.${extension}`;
}

/** Search matches the Indonesian labels too: the statuses whose raw value or label contains `q`. */
export function statusesMatching<S extends string>(labels: Record<S, string>, q: string): S[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  return (Object.keys(labels) as S[]).filter(
    (key) => key.toLowerCase().includes(needle) || labels[key].toLowerCase().includes(needle),
  );
}

/** How long the card offers 'Urungkan' after a hand-over, and how long the API still takes it back. */
export const RACEPACK_UNDO_SECONDS = 10;
export const RACEPACK_UNDO_MINUTES = 5;

export const racepackMessages = {
  alreadyCollected: (collectedAt: Date, timeZone = JAKARTA_TIME_ZONE) => {
    const t = zonedDateTime(collectedAt, timeZone);
    return `Racepack sudah diambil pada ${t.date} pukul ${t.time} ${t.offset}.`;
  },
  unpaid: 'Pendaftaran belum dibayar: racepack belum bisa diambil.',
  unverified: 'Pembayaran belum diverifikasi panitia: racepack belum bisa diambil.',
  inactive: 'Pendaftaran ini sudah dibatalkan atau kedaluwarsa: racepack tidak bisa diambil.',
  notFound: 'Registration not found.',
  collected: 'Racepack berhasil ditandai sudah diambil.',
  undone: 'Penyerahan racepack diurungkan: status kembali Terkonfirmasi.',
  undoNotCollected: 'Racepack pelari ini belum diambil, jadi tidak ada yang perlu diurungkan.',
  undoRefused: `Penyerahan racepack hanya dapat diurungkan dalam ${RACEPACK_UNDO_MINUTES} menit oleh panitia yang menyerahkannya.`,
} as const;
