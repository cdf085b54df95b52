/**
 * Reading a runner's chat message without an LLM: normalising the text (case, accents, common
 * typos), and finding the dates, days and weeks it talks about. Indonesian first, simple English too.
 */
import { addDays, isoFromParts, isValidIsoDay, startOfWeek, type IsoDay } from '../../shared/wire-date';
import { formatDayLong } from '../../shared/jakarta-time';
import { isRealWord } from './words';

/** Words the parser looks for; a token one typo away from one of them is read as it. */
const VOCABULARY = [
  'pindahkan pindah dipindahkan geser geserkan digeser ganti ubah tukar undur diundur mundur majukan dimajukan',
  'kurangi dikurangi turunkan tambah tambahkan naikkan tingkatkan volume jarak kilometer latihan jadwal',
  'minggu senin selasa rabu kamis jumat sabtu besok lusa depan tempo interval recovery pemulihan easy santai steady',
  'long panjang sakit nyeri cedera cidera lutut betis hamstring pergelangan engkel pinggang punggung telapak',
  'demam batuk pilek meriang capek lelah letih kelelahan sibuk lomba target marathon maraton',
  'januari februari maret april juni juli agustus september oktober november desember',
  'monday tuesday wednesday thursday friday saturday sunday tomorrow today reschedule reduce increase tired',
  'injury injured knee fever busy istirahat tanggal persen',
]
  .join(' ')
  .split(' ');
/** Real words near a vocabulary word that must not be "corrected" into it. */
const KEEP = new Set(
  [
    'jarang barang dengan sedang kurang karena tolong mingguan sakti jalan kakak senang sabar tanggung depannya tambahan sabtunya minggunya besoknya',
    'lebih sangat banget sekali bisakah ingin minta setelah sebelum sudah belum hanya untuk tetapi kalau supaya bulan tahun sedikit banyak besar kecil',
    'cepat lambat pelan ringan berat kanan badan kepala perut mulai selesai pulang kerja kantor waktu menit detik pendek lagian makan minum tidur',
    'pagi siang malam kemarin nanti bagus capai pacar ganteng tempat tempe lomba semua setiap kamu kalian mereka bikin dibuat rasanya',
  ]
    .join(' ')
    .split(' '),
);
const VOCAB_SET = new Set(VOCABULARY);
/** What counts as a known word for the real-word check (with affixes). */
const KNOWN = new Set([...VOCABULARY, ...KEEP]);

function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

function correctToken(token: string): string {
  // A real word ('seminggu', 'tangga', 'kejauhan') is never turned into another one.
  if (token.length < 4 || VOCAB_SET.has(token) || KEEP.has(token) || /[\d/-]/.test(token) || isRealWord(token, KNOWN)) return token;
  const max = token.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = max + 1;
  let tie = false;
  for (const word of VOCABULARY) {
    const d = editDistance(token, word, max);
    if (d < bestDistance) [best, bestDistance, tie] = [word, d, false];
    else if (d === bestDistance && word !== best) tie = true;
  }
  return best && !tie ? best : token;
}

/**
 * Lower case, no accents, punctuation as spaces (dates, times and percentages keep theirs),
 * common spellings joined ("longrun", "jum'at", "hr minggu") and typos corrected word by word.
 */
export function normalizeMessage(raw: string): string {
  let t = raw.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  t = t.replace(/jum['’`]?at/g, 'jumat').replace(/[’`]/g, "'");
  t = t.replace(/[!?,;"()[\]{}*_~]/g, ' ');
  // "sabtu-minggu", "senin–rabu": a range of weekdays, its dash a word of its own.
  t = t.replace(new RegExp(String.raw`\b(${WEEKDAY_WORDS})\s*[-–]\s*(?=(?:${WEEKDAY_WORDS})\b)`, 'g'), '$1 - ');
  // A full stop that is not inside a number (12.12, 8.5) ends a sentence.
  t = t.replace(/\.(?!\d)|(?<!\d)\./g, ' ');
  t = t
    .split(/\s+/)
    .filter(Boolean)
    .map(correctToken)
    .join(' ');
  return t
    .replace(/\blong\s*-?\s*run\w*/g, 'long run')
    .replace(/\b(?:lr)\b/g, 'long run')
    .replace(/\bhr\b(?= (?:senin|selasa|rabu|kamis|jumat|sabtu|minggu|ini)\b)/g, 'hari')
    .replace(/\btgl\b/g, 'tanggal')
    .replace(/\bmgg?\b/g, 'minggu')
    .replace(/\bbsk\b/g, 'besok')
    .replace(/\bdpn\b/g, 'depan')
    .replace(/\byg\b/g, 'yang')
    .replace(/\bsy\b/g, 'saya')
    .replace(/\b(?:gk|gak|ga|nggak|ngga|enggak|engga|ndak|tdk|kagak|g)\b/g, 'tidak')
    .replace(/\b(?:udh|udah|sdh)\b/g, 'sudah')
    .replace(/\b(?:bgt|bngt)\b/g, 'banget')
    .replace(/\b(?:aq|gw|gue)\b/g, 'saya')
    .replace(/\b(?:kmrn|kemaren)\b/g, 'kemarin')
    .replace(/\bjd\b/g, 'jadi')
    .replace(/\btp\b/g, 'tapi')
    .replace(/\btd\b/g, 'tadi')
    .replace(/\b(?:skrg|skrng)\b/g, 'sekarang')
    .replace(/\bmsh\b/g, 'masih')
    .replace(/\bblm\b/g, 'belum')
    .replace(/\bdgn\b/g, 'dengan')
    .replace(/\butk\b/g, 'untuk')
    .replace(/\bkrn\b/g, 'karena')
    .replace(/\blg\b/g, 'lagi')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- Days, dates and weeks ----

export const WEEKDAYS_ID = ['senin', 'selasa', 'rabu', 'kamis', 'jumat', 'sabtu', 'minggu'] as const;
const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const WEEKDAY_WORDS = [...WEEKDAYS_ID, ...WEEKDAYS_EN].join('|');
const weekdayOf = (word: string) => {
  const id = (WEEKDAYS_ID as readonly string[]).indexOf(word);
  return id >= 0 ? id : (WEEKDAYS_EN as readonly string[]).indexOf(word);
};

const MONTHS: Record<string, number> = {
  januari: 1, jan: 1, january: 1,
  februari: 2, feb: 2, pebruari: 2, february: 2,
  maret: 3, mar: 3, march: 3,
  april: 4, apr: 4,
  mei: 5, may: 5,
  juni: 6, jun: 6, june: 6,
  juli: 7, jul: 7, july: 7,
  agustus: 8, agu: 8, agt: 8, ags: 8, aug: 8, august: 8,
  september: 9, sep: 9, sept: 9,
  oktober: 10, okt: 10, oct: 10, october: 10,
  november: 11, nov: 11, nop: 11,
  desember: 12, des: 12, dec: 12, december: 12,
};
const MONTH_WORDS = Object.keys(MONTHS).join('|');

/** Where in the calendar a phrase points. */
export type TimeRef =
  | { kind: 'day'; day: IsoDay }
  /** A named weekday; `weekOffset` null when the message does not say which week. */
  | { kind: 'weekday'; index: number; weekOffset: number | null }
  /** A Monday–Sunday week: 0 this week, 1 next week. */
  | { kind: 'week'; offset: number }
  /** A stretch of days, both ends included. */
  | { kind: 'span'; start: IsoDay; end: IsoDay };

/** A day and month without a year: the nearest such day that is not more than a month past. */
function dayMonthToIso(day: number, month: number, year: number | null, today: IsoDay): IsoDay | null {
  if (year !== null) {
    const iso = isoFromParts(year < 100 ? 2000 + year : year, month, day);
    return isValidIsoDay(iso) ? iso : null;
  }
  const thisYear = Number(today.slice(0, 4));
  for (const y of [thisYear, thisYear + 1]) {
    const iso = isoFromParts(y, month, day);
    if (isValidIsoDay(iso) && iso >= addDays(today, -31)) return iso;
  }
  return null;
}

interface DateHit {
  day: IsoDay;
  index: number;
  length: number;
}

/** Every calendar date written in the text: 12-12-2026, 12/12, 12.12, 12 Desember (2026), December 12. */
export function findDates(text: string, today: IsoDay): DateHit[] {
  const hits: DateHit[] = [];
  const numeric = /(?<![\d:.'])(\d{1,2})[-/.](\d{1,2})(?:[-/.](\d{4}|\d{2}))?(?![\d:%'])/g;
  for (const m of text.matchAll(numeric)) {
    const iso = dayMonthToIso(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null, today);
    if (iso) hits.push({ day: iso, index: m.index, length: m[0].length });
  }
  const named = new RegExp(String.raw`\b(\d{1,2})\s+(${MONTH_WORDS})\b(?:\s+(\d{4}))?`, 'g');
  for (const m of text.matchAll(named)) {
    const iso = dayMonthToIso(Number(m[1]), MONTHS[m[2]!]!, m[3] ? Number(m[3]) : null, today);
    if (iso) hits.push({ day: iso, index: m.index, length: m[0].length });
  }
  const english = new RegExp(String.raw`\b(${MONTH_WORDS})\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:\s+(\d{4}))?`, 'g');
  for (const m of text.matchAll(english)) {
    const iso = dayMonthToIso(Number(m[2]), MONTHS[m[1]!]!, m[3] ? Number(m[3]) : null, today);
    if (iso && !hits.some((h) => Math.abs(h.index - m.index) < 4)) hits.push({ day: iso, index: m.index, length: m[0].length });
  }
  // "tanggal 12": the next 12th of a month.
  for (const m of text.matchAll(new RegExp(String.raw`\btanggal\s+(\d{1,2})(?![\d\-/.])(?!\s+(?:${MONTH_WORDS})\b)`, 'g'))) {
    if (hits.some((h) => h.index >= m.index && h.index <= m.index + m[0].length)) continue;
    const n = Number(m[1]);
    let [y, mo] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    for (let k = 0; k < 3; k++) {
      const iso = isoFromParts(y, mo, n);
      if (isValidIsoDay(iso) && iso >= today) {
        hits.push({ day: iso, index: m.index, length: m[0].length });
        break;
      }
      [y, mo] = mo === 12 ? [y + 1, 1] : [y, mo + 1];
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

/** "minggu" means Sunday unless it is a week: "minggu ini/depan/lalu", "2 minggu", "seminggu". */
const WEEK_WORD = /(?<!hari )\bminggu (?:ini|depan|berikutnya|selanjutnya|lalu|kemarin)\b|\b(?:\d+|dua|tiga|empat|satu|beberapa) minggu\b|\bseminggu\b|\bthis week\b|\bnext week\b|\b(?:\d+|two|three) weeks\b/;

/**
 * The time a phrase points to, most specific first: a date range, a date, today/tomorrow, a
 * weekday (with "depan" or "minggu depan" for next week), a week, "N hari". Undefined when none.
 */
export function findTimeRef(text: string, today: IsoDay): TimeRef | undefined {
  const dates = findDates(text, today);
  if (dates.length >= 2) {
    const between = text.slice(dates[0]!.index + dates[0]!.length, dates[1]!.index);
    if (/^\s*(?:-|s ?d|s\/d|sampai|hingga|sd|to|until|–)\s*(?:dengan\s*)?$/.test(between)) {
      const [a, b] = [dates[0]!.day, dates[1]!.day];
      return { kind: 'span', start: a < b ? a : b, end: a < b ? b : a };
    }
  }
  if (dates.length >= 1) return { kind: 'day', day: dates[0]!.day };
  // "sabtu besok", "minggu nanti": the coming weekday, not tomorrow.
  const coming = new RegExp(String.raw`\b(${WEEKDAY_WORDS}) (?:besok|nanti|ini)\b`).exec(text);
  if (coming && !(coming[1] === 'minggu' && /\bminggu ini\b/.test(coming[0]))) return { kind: 'weekday', index: weekdayOf(coming[1]!), weekOffset: null };
  if (/\b(?:hari ini|today|sekarang|nanti)\b/.test(text)) return { kind: 'day', day: today };
  if (/\b(?:besok|tomorrow|besoknya)\b/.test(text)) return { kind: 'day', day: addDays(today, 1) };
  if (/\blusa\b/.test(text)) return { kind: 'day', day: addDays(today, 2) };

  const nextWeek = /\b(?:minggu depan|minggu berikutnya|minggu selanjutnya|next week|pekan depan)\b/.test(text);
  const thisWeek = /\b(?:minggu ini|this week|pekan ini)\b/.test(text) && !/\bhari minggu ini\b/.test(text);
  const range = weekdayRange(text, today, nextWeek ? 1 : thisWeek ? 0 : null);
  if (range) return range;
  // Weekday names; "minggu" counts only where it is not a week.
  const withoutWeeks = text.replace(new RegExp(WEEK_WORD.source, 'g'), ' ');
  for (let i = 0; i < 7; i++) {
    const id = WEEKDAYS_ID[i]!;
    const m = new RegExp(String.raw`\b(?:${id}|${WEEKDAYS_EN[i]!})\b( depan| berikutnya| next)?`).exec(withoutWeeks);
    if (!m) continue;
    const qualified = m[1] !== undefined || new RegExp(String.raw`\bnext ${WEEKDAYS_EN[i]!}\b`).test(text);
    return { kind: 'weekday', index: i, weekOffset: qualified || nextWeek ? 1 : thisWeek ? 0 : null };
  }
  const days = /\b(\d+|dua|tiga|empat|lima|enam|beberapa) (?:hari|days)\b/.exec(text);
  if (days) {
    const n = wordNumber(days[1]!) ?? 3;
    return { kind: 'span', start: today, end: addDays(today, Math.min(Math.max(n, 1), 28) - 1) };
  }
  const weeks = /\b(\d+|dua|tiga|empat) (?:minggu|weeks)\b|\bseminggu\b/.exec(text);
  if (weeks) {
    const n = weeks[1] ? (wordNumber(weeks[1]) ?? 1) : 1;
    return { kind: 'span', start: today, end: addDays(today, Math.min(Math.max(n, 1), 4) * 7 - 1) };
  }
  if (nextWeek) return { kind: 'week', offset: 1 };
  if (thisWeek) return { kind: 'week', offset: 0 };
  return undefined;
}

/**
 * "senin sampai rabu", "sabtu - minggu", "selasa s/d kamis", "weekend": the days from one weekday to
 * another, in the week named, else the coming one (from today when it has started).
 */
function weekdayRange(text: string, today: IsoDay, weekOffset: number | null): TimeRef | undefined {
  const between = String.raw`\s*(?:-|–|sampai|sampe|smp|hingga|sd|s ?d|s/d|to|until|through|thru)\s*(?:dengan\s+)?(?:hari\s+)?`;
  const m = new RegExp(String.raw`\b(?:(?:dari|mulai|from)\s+)?(?:hari\s+)?(${WEEKDAY_WORDS})\b${between}\b(${WEEKDAY_WORDS})\b`).exec(text);
  let [first, last]: [number, number] | [null, null] = [null, null];
  if (m) [first, last] = [weekdayOf(m[1]!), weekdayOf(m[2]!)];
  else if (/\b(?:weekend|akhir pekan|akhir minggu|sabtu minggu|sabtu dan minggu)\b/.test(text)) [first, last] = [5, 6];
  if (first === null || last === null || first === last) return undefined;
  let start = weekdayOn(first, weekOffset ?? 0, today);
  // An unqualified range whose first day is past means the coming one.
  if (weekOffset === null && start < today) start = addDays(start, 7);
  const end = addDays(start, (last - first + 7) % 7);
  return { kind: 'span', start, end };
}

function wordNumber(word: string): number | null {
  const words: Record<string, number> = { satu: 1, dua: 2, tiga: 3, empat: 4, lima: 5, enam: 6, two: 2, three: 3 };
  if (/^\d+$/.test(word)) return Number(word);
  return words[word] ?? null;
}

/** The days a time reference covers, from `today` on (a week from today when it is this week). */
export function timeRefSpan(ref: TimeRef, today: IsoDay): { start: IsoDay; end: IsoDay } {
  switch (ref.kind) {
    case 'day':
      return { start: ref.day, end: ref.day };
    case 'span':
      return { start: ref.start, end: ref.end };
    case 'week': {
      const monday = addDays(startOfWeek(today), 7 * ref.offset);
      return { start: monday < today ? today : monday, end: addDays(monday, 6) };
    }
    case 'weekday': {
      const day = weekdayOn(ref.index, ref.weekOffset ?? 0, today);
      // An unqualified weekday already past this week means the coming one.
      const resolved = ref.weekOffset === null && day < today ? addDays(day, 7) : day;
      return { start: resolved, end: resolved };
    }
  }
}

/** The `index` weekday (0 Monday) of the week `weekOffset` weeks after the week of `base`. */
export function weekdayOn(index: number, weekOffset: number, base: IsoDay): IsoDay {
  return addDays(startOfWeek(base), 7 * weekOffset + index);
}

/** "Sabtu, 12 Desember 2026": how the coach names a day to the runner (never the wire's 12-12-2026). */
export function dayLabel(day: IsoDay): string {
  return formatDayLong(day);
}

/** "Sabtu, 12 Desember": the short form for questions about the coming weeks. */
export function shortDayLabel(day: IsoDay): string {
  return formatDayLong(day, { withYear: false });
}

/** "12 Desember": a day as the runner may type it back (the chat reads it, `findDates`). */
export function dayMonthLabel(day: IsoDay): string {
  return formatDayLong(day, { withYear: false }).replace(/^\S+, /, '');
}

