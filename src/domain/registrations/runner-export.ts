/**
 * The organizer's runner data (events-and-coach-pages §2 'Data Pelari'): the 18 columns shared by
 * the dialog's table and the CSV export, their row mapper, the export's file name, and the racepack
 * messages of the scan dialog. Pure: no I/O, used by the server and the web app.
 */
import { JAKARTA_TIME_ZONE } from '../shared/jakarta-time';
import { isoToPlanDate, jakartaToday } from '../shared/wire-date';
import {
  registrationStatusLabels,
  type RegistrationPaymentStatus,
  type RegistrationStatus,
} from '../events/events';
import { zonedDateTime } from './registration-form';

export { zonedDateTime };

/** Payment status as organizers read it. */
export const paymentStatusLabels: Record<RegistrationPaymentStatus, string> = {
  pending: 'Menunggu',
  paid: 'Lunas',
  failed: 'Gagal',
  expired: 'Kedaluwarsa',
};

/** The fields of a registration the runner data needs (a subset of the API's registration JSON). */
export interface RunnerExportSource {
  registrationId: string;
  categoryName: string;
  status: RegistrationStatus;
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

/** The 18 values of one registration, as shown on screen (not yet made safe for a spreadsheet). */
export function runnerExportValues(r: RunnerExportSource): string[] {
  const d = r.runnerData;
  return [
    r.registrationId,
    d.fullName,
    d.email,
    d.phone,
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
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return that it trims
 * away) as a formula: a runner could type `=HYPERLINK(...)` as their name and attack the organizer
 * who opens the export (CSV injection). A leading apostrophe makes it plain text. A spreadsheet that
 * splits on another separator than ours (Indonesian Excel splits on `;`) starts a new cell after
 * it, so a trigger after any separator is neutralised too. The '-' of an empty optional field is a
 * placeholder, not a formula, and stays '-'.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n|])(\s*)(?=[=+\-@])/g;

export function neutraliseFormula(value: string): string {
  if (value === '-') return value;
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/** Fields the CSV writer must quote although they hold no comma: line breaks, and other spreadsheets' separators. */
export const csvQuoteMatch = /[\r\n;\t|]/;

/** One CSV record: the 18 values, neutralised. */
export function runnerExportRecord(r: RunnerExportSource): string[] {
  return runnerExportValues(r).map(neutraliseFormula);
}

/** `DD-MM-YYYY` of the Jakarta calendar day at `now`. */
export function jakartaDayStamp(now: Date): string {
  return isoToPlanDate(jakartaToday(now));
}

/**
 * `{event name}-{DD-MM-YYYY}.csv` (Jakarta's today). Characters a file system refuses (/ \ : * ? " < > |
 * and control characters) become spaces; letters of any script stay.
 */
export function runnerExportFileName(eventName: string, now: Date): string {
  const safe = eventName
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'data-pelari'}-${jakartaDayStamp(now)}.csv`;
}

/** Search matches the Indonesian labels too: the statuses whose raw value or label contains `q`. */
export function statusesMatching<S extends string>(labels: Record<S, string>, q: string): S[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  return (Object.keys(labels) as S[]).filter(
    (key) => key.toLowerCase().includes(needle) || labels[key].toLowerCase().includes(needle),
  );
}

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
} as const;
