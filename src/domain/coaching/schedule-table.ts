/**
 * Reads a coach's schedule file as text (a PDF's text layer, or OCR of a photo) into runs
 * (runner-and-coach §4 Schedule upload, §5 Create schedule): one row per line holding a date, then a
 * title, a program (distance or time, stored in parentheses) and a pace range. Pure: no I/O.
 */
import { isValidIsoDay, isoFromParts, isoToPlanDate, type IsoDay } from '../shared/wire-date';
import { normalisePaceRange } from '../training-plan/pace';
import { runColor } from '../training-plan/run-types';
import { isValidProgram, wrapProgram } from '../training-plan/training-program';

/** One run of a schedule preview: what POST/PUT `/api/runner/{id}/training-plans` accepts, with its colour. */
export interface ScheduleRun {
  date: string;
  title: string;
  program: string;
  paceRange: string;
  color: string;
  generatedby: 'coach';
}

const MONTHS: Record<string, number> = {
  jan: 1, januari: 1, january: 1,
  feb: 2, februari: 2, february: 2, pebruari: 2,
  mar: 3, maret: 3, march: 3,
  apr: 4, april: 4,
  mei: 5, may: 5,
  jun: 6, juni: 6, june: 6,
  jul: 7, juli: 7, july: 7,
  agu: 8, agt: 8, agus: 8, agustus: 8, aug: 8, august: 8,
  sep: 9, sept: 9, september: 9,
  okt: 10, oct: 10, oktober: 10, october: 10,
  nov: 11, nop: 11, november: 11, nopember: 11,
  des: 12, dec: 12, desember: 12, december: 12,
};
const DAY_NAMES = /\b(?:senin|selasa|rabu|kamis|jumat|jum'at|sabtu|minggu|ahad|monday|tuesday|wednesday|thursday|friday|saturday|sunday|sen|sel|rab|kam|jum|sab|min|mon|tue|wed|thu|fri|sat|sun)\b,?/gi;
const MONTH_WORD = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

const NUMERIC_DATE = /(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/;
const WORD_DATE = new RegExp(String.raw`(?<![\p{L}\d])(\d{1,2})\s+(${MONTH_WORD})\.?(?:\s+(\d{4}))?(?![\p{L}])`, 'iu');
const PACE = /(\d{1,2})\s*[:'’.]\s*(\d{2})\s*(?:"|'')?\s*(?:-|–|—|s\/d|sd|to|sampai)\s*(\d{1,2})\s*[:'’.]\s*(\d{2})\s*(?:"|'')?(?:\s*(?:\/\s*km|per\s*km|min\/km))?/i;
const PROGRAM_TOKEN = /(?<![\p{L}\d])(?:\d+\s*[x×]\s*\d+(?:[.,]\d+)?\s*(?:m|km|k|meter)?|\d+(?:[.,]\d+)?\s*(?:km|k|meter|m|menit|mnt|min|jam)|HM|FM)(?![\p{L}\d])/iu;

/** The year of a date written without one: the one that puts it closest to `today` (a schedule is about now). */
function nearestYear(month: number, day: number, today: IsoDay): number {
  const year = Number(today.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((y) => isoFromParts(y, month, day));
  const distance = (iso: string) => Math.abs(Date.parse(iso) - Date.parse(today));
  return Number(candidates.reduce((best, c) => (distance(c) < distance(best) ? c : best)).slice(0, 4));
}

/** The date in a line and where it was written, or null (24-11-2026, 24/11/26, '24 Nov 2026', 'Senin 24 November'). */
export function findScheduleDate(line: string, today: IsoDay): { day: IsoDay; index: number; length: number } | null {
  const numeric = NUMERIC_DATE.exec(line);
  const word = WORD_DATE.exec(line);
  const first = numeric && (!word || numeric.index <= word.index) ? numeric : null;
  let year: number;
  let month: number;
  let day: number;
  let match: RegExpExecArray;
  if (first) {
    match = first;
    day = Number(first[1]);
    month = Number(first[2]);
    year = first[3]!.length === 2 ? 2000 + Number(first[3]) : Number(first[3]);
  } else if (word) {
    match = word;
    day = Number(word[1]);
    month = MONTHS[word[2]!.toLowerCase()]!;
    year = word[3] ? Number(word[3]) : nearestYear(month, day, today);
  } else return null;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const iso = isoFromParts(year, month, day);
  if (!isValidIsoDay(iso) || Number(iso.slice(8, 10)) !== day) return null;
  return { day: iso, index: match.index, length: match[0].length };
}

const clean = (text: string) =>
  text
    .replace(DAY_NAMES, ' ')
    .replace(/[|;\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:\-–—.]+|[\s,:\-–—.]+$/g, '')
    .trim();

/** One line of a schedule → a run, or null when it holds no date or no title. */
export function readScheduleLine(line: string, today: IsoDay): ScheduleRun | null {
  const found = findScheduleDate(line, today);
  if (!found) return null;
  let rest = `${line.slice(0, found.index)} ${line.slice(found.index + found.length)}`;

  let paceRange = '';
  const pace = PACE.exec(rest);
  if (pace) {
    paceRange = normalisePaceRange(`${pace[1]}'${pace[2]} - ${pace[3]}'${pace[4]}`) ?? '';
    rest = rest.replace(pace[0], ' ');
  }

  let program = '';
  const wrapped = /\(([^()]{1,100})\)/.exec(rest);
  if (wrapped && isValidProgram(wrapped[1]!.trim())) {
    program = wrapped[1]!.trim();
    rest = rest.replace(wrapped[0], ' ');
  } else {
    const token = PROGRAM_TOKEN.exec(rest);
    if (token && isValidProgram(token[0].trim())) {
      program = token[0].trim();
      rest = rest.slice(0, token.index) + ' ' + rest.slice(token.index + token[0].length);
    }
  }

  const title = clean(rest.replace(/[()]/g, ' ')).slice(0, 100);
  if (!title) return null;
  return { date: isoToPlanDate(found.day), title, program: wrapProgram(program), paceRange, color: runColor(title), generatedby: 'coach' };
}

/** Every run a schedule's text holds, in date order (a header, notes and blank lines are skipped). */
export function readScheduleText(text: string, today: IsoDay): ScheduleRun[] {
  const runs = text
    .split(/\r?\n/)
    .map((line) => readScheduleLine(line, today))
    .filter((run): run is ScheduleRun => run !== null);
  const key = (run: ScheduleRun) => run.date.split('-').reverse().join('-');
  return runs.map((run, i) => ({ run, i })).sort((a, b) => key(a.run).localeCompare(key(b.run)) || a.i - b.i).map(({ run }) => run);
}

/**
 * A row as a model answered it (the Gemini adapter): the same rules as a line of text, each field
 * read on its own; null when its date or title cannot be used.
 */
export function scheduleRunFromFields(row: { date: string; title: string; program?: string | null; paceRange?: string | null }, today: IsoDay): ScheduleRun | null {
  const found = findScheduleDate(row.date, today);
  const title = clean(row.title).slice(0, 100);
  if (!found || !title) return null;
  const program = (row.program ?? '').trim().replace(/^\((.*)\)$/, '$1').trim();
  return {
    date: isoToPlanDate(found.day),
    title,
    program: program && isValidProgram(program) ? wrapProgram(program) : '',
    paceRange: normalisePaceRange(row.paceRange ?? '') ?? '',
    color: runColor(title),
    generatedby: 'coach',
  };
}
