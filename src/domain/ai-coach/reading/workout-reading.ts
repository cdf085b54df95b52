import type { ImageReading } from '../contract';
import { PLAUSIBLE, settleReading, type Found } from './plausibility';

/**
 * Reads distance, time and average heart rate from the OCR text of a workout summary (Strava, Garmin
 * Connect, COROS, Apple Fitness, Samsung Health, Polar Flow, Nike Run Club; English and Indonesian).
 *
 * Apps put a label and its value on one line ("Avg HR 147 bpm"), or in grids where a row of labels
 * sits above or under a row of values ("Avg Heart Rate   Max Heart Rate" over "152 bpm   178 bpm").
 * OCR keeps the rows but not the columns, so each label is first told apart from its neighbour (the
 * leftmost, longest phrase wins: "Avg Heart Rate" then "Max Heart Rate", never "Heart Rate Max"),
 * then a row of labels is aligned, in order, with the neighbouring row of values that fits it best
 * (column by column; by position on the line when a value is missing — textFromWords keeps each word
 * in its column of the image), and each row of values is given to one row of labels only. Every label
 * consumes its own value, so a cadence, a calorie count or a maximum never drifts into the average
 * heart rate's place. "Average" alone is the heart rate under a "Heart rate" title. Splits and laps
 * tables, clocks, dates and the status bar are recognised and never read. What is left is checked for
 * plausibility (plausibility.ts): a doubtful field is null rather than wrong.
 */

const KM_PER_MILE = 1.609344;

type LabelKind = 'distance' | 'movingTime' | 'time' | 'elapsedTime' | 'pace' | 'avgHr' | 'hr' | 'maxHr' | 'avg' | 'max' | 'other';

interface Label {
  type: 'label';
  kind: LabelKind;
  miles: boolean;
  /** Where it starts and ends on its line (characters; textFromWords keeps the columns of the image). */
  at: number;
  end: number;
}

/** 'none' is a placeholder ("--"): it keeps its column but is never read. */
type ValueKind = 'number' | 'time' | 'pace' | 'none';
interface Value {
  type: 'value';
  kind: ValueKind;
  /** number: the amount; time/pace: seconds. */
  amount: number;
  /** Digits after the decimal mark ('10.02' → 2), numbers only. */
  decimals: number;
  unit: '' | 'km' | 'mi' | 'bpm' | 'm' | 'other';
  at: number;
  end: number;
  used: boolean;
}

type Item = Label | Value;

interface Line {
  items: Item[];
  labels: Label[];
  values: Value[];
  /** The first words name a table's columns ("Km  Pace  HR", "Lap  Time  Dist"). */
  tableHeader: boolean;
  /** A row of a splits or laps table: each has its own time, pace and heart rate, never the run's. */
  tableRow: boolean;
}

// ---- Labels ----

/** Words of one label are at most two spaces apart: three spaces are a column break (textFromWords). */
const S = '[ ]{0,2}';
const AVG = String.raw`(?:avg\.?|average|rata[ \-]{0,3}rata|rerata|mean)`;
const MAX = String.raw`(?:max(?:imum\b|\.)?|maks(?:imum\b|imal\b|\.)?|tertinggi|peak)`;
const MIN = String.raw`(?:min(?:imum\b|\.)?(?!\s*/)|terendah)`;
const HEART = String.raw`(?:heart${S}rate|hr|detak${S}jantung|denyut${S}jantung|dj)`;
const OTHER_WORDS = [
  String.raw`(?:run${S})?cadence`,
  String.raw`kadens(?:${S}lari)?`,
  'irama',
  'steps',
  String.raw`panjang${S}langkah`,
  'langkah',
  String.raw`stride(?:${S}length)?`,
  String.raw`(?:(?:active|total|resting)${S})?(?:kilo)?calories`,
  String.raw`(?:total${S})?(?:kilo)?kalori(?:${S}(?:aktif|total))?`,
  'energy',
  'energi',
  String.raw`elevation(?:${S}gain)?`,
  String.raw`elev(?:${S}gain)?`,
  String.raw`kenaikan(?:${S}elevasi)?`,
  String.raw`total${S}(?:ascent|naik)`,
  'ascent',
  'descent',
  'pendakian',
  'penurunan',
  'gain',
  'power',
  'daya',
  String.raw`(?:training|cardio)${S}load`,
  String.raw`beban(?:${S}(?:latihan|kardio))?`,
  'load',
  String.raw`training${S}effect`,
  'aerobic',
  'anaerobic',
  String.raw`(?:relative${S})?effort`,
  String.raw`upaya(?:${S}relatif)?`,
  String.raw`running${S}index`,
  String.raw`indeks${S}lari`,
  String.raw`vo2${S}max`,
  'recovery',
  'pemulihan',
  'temperature',
  'suhu',
  String.raw`(?:${HEART}${S})?zon(?:es?|a)(?:${S}${HEART})?`,
  'splits?',
  'laps?',
  'putaran',
  String.raw`sweat${S}loss`,
  String.raw`fat${S}burn`,
].join('|');

/** In order: at the same start and length, the first kind listed wins. */
const LABELS: [LabelKind, RegExp][] = (
  [
    ['movingTime', String.raw`moving${S}time|waktu${S}(?:ber)?gerak`],
    ['elapsedTime', String.raw`elapsed${S}time|total${S}time|waktu${S}(?:yang${S})?berlalu|waktu${S}total|total${S}waktu|durasi${S}total`],
    ['time', String.raw`(?:(?:workout|activity|exercise)${S})?(?:time|duration)|(?:waktu|durasi)(?:${S}(?:olahraga|latihan|aktivitas))?`],
    // The best or maximum pace is no average: kept apart so it is never compared with distance and time.
    ['other', String.raw`(?:best|fastest|${MAX})${S}(?:pace|tempo|kecepatan|laju|speed)|(?:pace|tempo|kecepatan|laju|speed)${S}(?:${MAX}|terbaik|best|tercepat)`],
    ['pace', String.raw`(?:${AVG}${S})?(?:moving${S})?(?:pace|tempo|kecepatan|laju|speed)(?:${S}${AVG})?`],
    ['maxHr', String.raw`${MAX}${S}${HEART}|${HEART}${S}${MAX}`],
    ['avgHr', String.raw`${AVG}${S}${HEART}|${HEART}${S}${AVG}`],
    ['hr', HEART],
    ['distance', String.raw`(?:total${S})?(?:distance|dist\.?|jarak(?:${S}tempuh)?)|kilomet(?:er|re)s?|miles?|mil`],
    ['other', String.raw`(?:(?:${AVG}|${MAX})${S})?(?:${OTHER_WORDS})(?:${S}(?:${AVG}|${MAX}))?`],
    ['avg', AVG],
    ['max', MAX],
    ['other', MIN],
  ] as const
).map(([kind, source]) => [kind, new RegExp(String.raw`(?:${source})(?![a-z])`, 'iy')]);

/** Labels that start at a word: all candidates, then the leftmost and longest of overlapping ones. */
function findLabels(text: string): { labels: Label[]; spans: [number, number][] } {
  const candidates: { kind: LabelKind; start: number; end: number; order: number; text: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!/[a-z]/i.test(text[i]!) || (i > 0 && /[a-z0-9]/i.test(text[i - 1]!))) continue;
    LABELS.forEach(([kind, pattern], order) => {
      pattern.lastIndex = i;
      const match = pattern.exec(text);
      if (match) candidates.push({ kind, start: i, end: i + match[0].length, order, text: match[0] });
    });
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const labels: Label[] = [];
  const spans: [number, number][] = [];
  let free = 0;
  for (const c of candidates) {
    if (c.start < free) continue;
    const previous = labels.at(-1);
    // "Avg." that OCR set apart from its "Heart Rate" (or "Pace") by a gap is still one label.
    if (previous && (previous.kind === 'avg' || previous.kind === 'max') && /^\s*$/.test(text.slice(previous.end, c.start)) && (c.kind === 'hr' || c.kind === 'pace')) {
      previous.kind = c.kind === 'pace' ? 'pace' : previous.kind === 'avg' ? 'avgHr' : 'maxHr';
      previous.end = c.end;
      spans[spans.length - 1] = [previous.at, c.end];
    } else {
      labels.push({ type: 'label', kind: c.kind, miles: /^mil/i.test(c.text), at: c.start, end: c.end });
      spans.push([c.start, c.end]);
    }
    free = c.end;
  }
  return { labels, spans };
}

// ---- Values ----

/** Letters OCR confuses with digits, fixed only where they touch digits or a time's colon. */
function fixDigits(line: string): string {
  return (
    line
      // A dash standing alone is a placeholder ("--", "—") for a value the app did not record.
      .replace(/(?<!\S)[–—](?!\S)/g, '--')
      .replace(/[–—]/g, '-')
      .replace(/[«»]/g, '')
      // A pace whose apostrophe OCR lost: 520" is 5'20".
      .replace(/(?<![\d'’′:.,])(\d{1,2})([0-5]\d)(?=["”″])/g, "$1'$2")
      .replace(/(?<=\d)\s*[;:]\s*(?=\d)/g, ':')
      .replace(/(?<=\d[:.,]?)[Oo]|[Oo](?=[:.,]?\d)/g, '0')
      .replace(/(?<=\d[:.,]?)[lI|](?=[\d\s:.,]|$)|[lI|](?=[:.,]?\d)/g, '1')
  );
}

/** "bpm" as OCR returns it from small glued capitals: "BPM", "opm", "ppPm"; DPM is Indonesian (denyut per menit). */
const BPM = String.raw`bpm|dpm|[bdo68]p{1,2}m|p{2,3}m`;
const VALUE_PATTERN = new RegExp(
  [
    // a clock ("6:05 AM", "pukul 05.32") or a date ("6/15/25", "2025-06-15"): never a value
    String.raw`(?<clock>\b\d{1,2}[:.]\d{2}\s*(?:am|pm)\b|(?:\bpukul|\bjam|\bat|@)\s*\d{1,2}[:.]\d{2}\b|\b\d{1,4}[/-]\d{1,2}[/-]\d{2,4}\b)`,
    // "1h 02m 13s", "1j 2m", "52m 13s"
    String.raw`(?<hm>\b\d{1,2})\s*[hj]\s*(?<hmm>\d{1,2})\s*m(?:\s*(?<hms>\d{1,2})\s*[sd])?\b`,
    String.raw`(?<ms>\b\d{1,3})\s*m\s*(?<mss>\d{1,2})\s*[sd]\b`,
    // NRC's and Apple's pace 5'32"
    String.raw`(?<apos>\b\d{1,2}\s*['’′]\s*\d{2})\s*["”″]?`,
    // 52:13, 1:02:13, optionally "/km" or "min/km" (then a pace)
    String.raw`(?<time>\b\d{1,3}:\d{2}(?::\d{2})?)(?<per>\s*(?:min\s*)?/\s*(?:km|mi|k)\b)?`,
    String.raw`(?<none>(?<![\w-])-{2,}(?![\w-]))`,
    // a number, its unit (up to two spaces away), or letters glued to it that are no known unit
    String.raw`(?<num>\b\d+(?:[.,]\d+)*)(?:(?<unit>\s{0,2}(?:/\s*(?:km|mi)|km\s*/\s*h|kph|km|mi|${BPM}|kcal|kkal|cal|kal|spm|lpm|rpm|m|ft|w|%)(?![a-z]))|(?<glued>[a-z]+))?`,
  ].join('|'),
  'gi',
);

function seconds(text: string): number | null {
  const parts = text.split(':').map(Number);
  if (parts.some((p) => !Number.isInteger(p))) return null;
  if (parts.length === 3) {
    const [h, m, s] = parts as [number, number, number];
    return m < 60 && s < 60 ? h * 3600 + m * 60 + s : null;
  }
  const [m, s] = parts as [number, number];
  return s < 60 ? m * 60 + s : null;
}

function readNumber(text: string): { amount: number; decimals: number } | null {
  // "1.480" / "1,480" (three digits after one mark) is a thousands separator: calories, not km.
  const thousands = /^\d{1,3}(?:[.,]\d{3})+$/.test(text);
  if (thousands) return { amount: Number(text.replace(/[.,]/g, '')), decimals: 0 };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return null;
  return { amount: Number(`${match[1]}.${match[2] ?? '0'}`), decimals: match[2]?.length ?? 0 };
}

function valueFrom(groups: Record<string, string | undefined>, at: number, end: number): Value | null {
  const make = (kind: ValueKind, amount: number, extra: Partial<Value> = {}): Value => ({ type: 'value', kind, amount, decimals: 0, unit: '', at, end, used: false, ...extra });
  if (groups.clock) return null;
  if (groups.none) return make('none', 0);
  if (groups.hm) return make('time', Number(groups.hm) * 3600 + Number(groups.hmm) * 60 + Number(groups.hms ?? 0));
  if (groups.ms) return make('time', Number(groups.ms) * 60 + Number(groups.mss));
  if (groups.apos) {
    const [m, s] = groups.apos.split(/['’′]/).map((p) => Number(p.trim())) as [number, number];
    return make('pace', m * 60 + s);
  }
  if (groups.time) {
    const total = seconds(groups.time);
    return total === null ? null : make(groups.per ? 'pace' : 'time', total);
  }
  if (!groups.num) return null;
  const number = readNumber(groups.num);
  if (!number) return null;
  const unitText = (groups.unit ?? '').replace(/\s/g, '').toLowerCase();
  if (unitText.startsWith('/')) return make('pace', 0);
  const glued = (groups.glued ?? '').toLowerCase();
  let unit: Value['unit'] = '';
  if (unitText === 'km' || unitText === 'mi' || unitText === 'm') unit = unitText;
  else if (new RegExp(`^(?:${BPM})$`, 'i').test(unitText)) unit = 'bpm';
  // Glued small capitals with a "PM" that are not SPM/LPM/RPM: "BPM" garbled ("128spPM", "1588PM", "148spPMm").
  else if (/p+m/.test(glued) && !/^[slr]pm$/.test(glued)) unit = 'bpm';
  else if (unitText !== '' || glued) unit = 'other';
  let amount = number.amount;
  // "152BPM" in small capitals often comes back as "1528pPM": the B became an 8 (or a D a 0).
  if (unit === 'bpm' && number.decimals === 0 && amount > PLAUSIBLE.maxHeartRate.max && (amount % 10 === 8 || amount % 10 === 0)) amount = Math.floor(amount / 10);
  return make('number', amount, { decimals: number.decimals, unit });
}

const MONTH_OR_DAY = new RegExp(
  String.raw`\b(?:jan(?:uary|uari)?|feb(?:ruary|ruari)?|march|maret|apr(?:il)?|may|mei|june?|juni|july?|juli|aug(?:ust)?|agu(?:stus)?|agt|sept?(?:ember)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cs](?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|senin|selasa|rabu|kamis|jumat|sabtu|minggu|today|yesterday|hari${S}ini|kemarin)\b`,
  'i',
);
/** A start and end clock ("06:05 - 06:57"), a date, or a month or weekday: the line says when, not how much. */
function isWhenLine(text: string): boolean {
  return MONTH_OR_DAY.test(text) || /\b\d{1,2}[:.]\d{2}\s*-\s*\d{1,2}[:.]\d{2}\b/.test(text) || /\b\d{1,4}\/\d{1,2}\/\d{2,4}\b/.test(text);
}

const TABLE_HEADER = /^\s*(?:km|mi|mil|lap|laps|split|splits|putaran|#)\b/i;

function readLine(raw: string): Line {
  const text = fixDigits(raw);
  const { labels, spans } = findLabels(text);
  // A line that is only a unit ("km", "KM", "mi") names the number next to it, as NRC does.
  const unitOnly = /^\s*(km|mi)\.?\s*$/i.exec(text);
  if (unitOnly) labels.push({ type: 'label', kind: 'distance', miles: unitOnly[1]!.toLowerCase() === 'mi', at: 0, end: text.length });

  const values: Value[] = [];
  // The status bar (clock and battery %) and date lines carry no workout value.
  const ignored = labels.length === 0 && (isWhenLine(text) || /\d\s?%/.test(text));
  if (!ignored) {
    for (const match of text.matchAll(VALUE_PATTERN)) {
      if (spans.some(([a, b]) => match.index < b && match.index + match[0].length > a)) continue;
      const value = valueFrom(match.groups ?? {}, match.index, match.index + match[0].trimEnd().length);
      if (value) values.push(value);
    }
  }
  // A line of placeholders alone ("—" over a map) is debris, not a row of values.
  const kept = values.every((v) => v.kind === 'none') && labels.length === 0 ? [] : values;
  return {
    items: [...labels, ...kept].sort((a, b) => a.at - b.at),
    labels,
    values: kept,
    tableHeader: labels.length >= 2 && TABLE_HEADER.test(text),
    tableRow: false,
  };
}

// ---- What fits where ----

function toKm(label: Label | null, value: Value): number {
  const miles = value.unit === 'mi' || (value.unit === '' && label?.miles === true);
  return miles ? value.amount * KM_PER_MILE : value.amount;
}

function fitsDistance(label: Label | null, value: Value): boolean {
  if (value.kind !== 'number' || value.decimals > 2) return false;
  if (value.unit !== '' && value.unit !== 'km' && value.unit !== 'mi') return false;
  const km = toKm(label, value);
  return km >= PLAUSIBLE.distanceKm.min && km <= PLAUSIBLE.distanceKm.max;
}

function fitsTime(value: Value): boolean {
  return value.kind === 'time' && value.amount >= PLAUSIBLE.seconds.min && value.amount <= PLAUSIBLE.seconds.max;
}

/** Any heart rate a screen may print (the plausibility of an average is judged later). */
function fitsHeartRate(value: Value): boolean {
  return value.kind === 'number' && value.decimals === 0 && (value.unit === '' || value.unit === 'bpm') && value.amount >= 30 && value.amount <= PLAUSIBLE.maxHeartRate.max;
}

const isTimeKind = (kind: LabelKind) => kind === 'movingTime' || kind === 'time' || kind === 'elapsedTime';
const isHrKind = (kind: LabelKind) => kind === 'avgHr' || kind === 'hr' || kind === 'maxHr';

/**
 * How well a label takes a value: 0 = not at all. A known label's own kind of value weighs more than
 * an unknown label's (which takes anything, to keep the columns aligned); a short "time" under a pace
 * label fits better than under a time label.
 */
function fit(label: Label, value: Value): number {
  if (value.kind === 'none') return 0.5;
  const kind = label.kind;
  if (kind === 'other' || kind === 'avg' || kind === 'max') return 1;
  if (kind === 'distance') return fitsDistance(label, value) ? 2 : 0;
  if (isTimeKind(kind)) return fitsTime(value) ? (value.amount < 10 * 60 ? 1 : 2) : 0;
  if (kind === 'pace') return value.kind === 'pace' ? 2 : value.kind === 'time' && value.amount < 60 * 60 ? 1.5 : 0;
  return fitsHeartRate(value) ? 2 : 0;
}

/**
 * Aligns a row of labels with a row of values in order (each takes at most one), the best total fit.
 * With as many values as labels, column i takes value i when it fits, and no other. With fewer (OCR
 * lost a "--" or a value), a value may only go to the label nearest to it on the line: the cadence
 * under "Cadence" never moves left under "Avg. Heart Rate", however well it would fit there.
 */
function align(labels: Label[], values: Value[]): [Label, Value][] {
  const n = labels.length;
  const m = values.length;
  const sameColumns = n === m;
  const gap = (label: Label, value: Value) => Math.max(0, value.at - label.end, label.at - value.end);
  const nearest = values.map((value) => Math.min(...labels.map((label) => gap(label, value))));
  const weightOf = (i: number, j: number) => {
    const weight = fit(labels[i]!, values[j]!);
    if (weight <= 0) return 0;
    if (sameColumns) return i === j ? weight : 0;
    // One character of slack: OCR places words to a character or so.
    return gap(labels[i]!, values[j]!) <= nearest[j]! + 1 ? weight : 0;
  };
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const weight = weightOf(i, j);
      const paired = weight > 0 ? weight + best[i + 1]![j + 1]! : 0;
      best[i]![j] = Math.max(paired, best[i + 1]![j]!, best[i]![j + 1]!);
    }
  }
  const pairs: [Label, Value][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const weight = weightOf(i, j);
    if (weight > 0 && best[i]![j] === weight + best[i + 1]![j + 1]!) {
      pairs.push([labels[i]!, values[j]!]);
      i++;
      j++;
    } else if (best[i]![j] === best[i + 1]![j]) i++;
    else j++;
  }
  return pairs;
}

/** Known labels that found their own kind of value, and half a point when the columns match. */
function rowScore(labels: Label[], values: Value[], pairs: [Label, Value][]): number {
  const known = pairs.filter(([label, value]) => label.kind !== 'other' && value.kind !== 'none' && fit(label, value) > 1).length;
  return known + (labels.length === values.length ? 0.5 : 0);
}

// ---- Reading the lines ----

interface Pairing {
  label: Label;
  value: Value;
  /** 0 = same line, 1 = a neighbouring row. */
  distance: number;
  order: number;
}

/**
 * "Average" and "Maximum" alone name the heart rate under a "Heart rate" title (Samsung Health,
 * Polar): a line with one label and no value is a title for the lines under it.
 */
function resolveBareLabels(lines: Line[]): void {
  let section: 'hr' | 'other' = 'other';
  for (const line of lines) {
    if (line.labels.length === 1 && line.values.length === 0) section = isHrKind(line.labels[0]!.kind) ? 'hr' : 'other';
    for (const label of line.labels) {
      if (label.kind === 'avg') label.kind = section === 'hr' ? 'avgHr' : 'other';
      else if (label.kind === 'max') label.kind = section === 'hr' ? 'maxHr' : 'other';
    }
  }
}

/** Splits and laps: the header and the value rows under it, up to the next label. */
function markTables(lines: Line[]): void {
  let inTable = false;
  for (const line of lines) {
    if (line.tableHeader) inTable = true;
    else if (line.labels.length > 0) inTable = false;
    else if (inTable) line.tableRow = true;
  }
}

/** Label and value on one line: "Avg HR 147 bpm" (label first) or "10.02 km Distance" (value first). */
function pairInline(line: Line, add: (label: Label, value: Value, distance: number) => void): void {
  const labelFirst = line.items[0]?.type === 'label';
  const owned = new Map<Label, Value[]>();
  let current: Label | null = null;
  let pending: Value[] = [];
  for (const item of line.items) {
    if (item.type === 'label') {
      if (!labelFirst) owned.set(item, pending);
      pending = [];
      current = item;
      if (labelFirst) owned.set(item, []);
    } else if (labelFirst && current) owned.get(current)!.push(item);
    else pending.push(item);
  }
  for (const [label, values] of owned) {
    const value = values.find((v) => v.kind !== 'none' && fit(label, v) > 0);
    if (value) add(label, value, 0);
  }
  // Every value of a labelled line belongs to one of its labels, even one the reader does not want.
  for (const value of line.values) value.used = true;
}

/**
 * Rows of labels take a neighbouring row of values (above or under), best fits first, each row of
 * values once. Ties go the way most of the screen goes (Strava: values under labels; Garmin's and
 * COROS' tiles: values over labels), so a row between two label rows goes to the right one.
 */
function pairRows(lines: Line[], add: (label: Label, value: Value, distance: number) => void): void {
  const isLabelRow = (l: Line) => l.labels.length > 0 && l.values.length === 0 && !l.tableHeader;
  const isValueRow = (l: Line) => l.labels.length === 0 && l.values.length > 0 && !l.tableRow;
  const candidates: { labels: Line; values: Line; above: boolean; pairs: [Label, Value][]; score: number; index: number }[] = [];
  lines.forEach((line, index) => {
    if (!isLabelRow(line)) return;
    for (const [neighbour, above] of [
      [lines[index - 1], true],
      [lines[index + 1], false],
    ] as const) {
      if (!neighbour || !isValueRow(neighbour)) continue;
      const pairs = align(line.labels, neighbour.values);
      const score = rowScore(line.labels, neighbour.values, pairs);
      if (score >= 0.5) candidates.push({ labels: line, values: neighbour, above, pairs, score, index });
    }
  });
  // A label row whose values are clearly on one side (a real fit, better than the other side) votes.
  let votes = 0;
  for (const c of candidates) {
    const other = candidates.find((o) => o.labels === c.labels && o !== c);
    if (c.score >= 1 && (!other || c.score > other.score)) votes += c.above ? 1 : -1;
  }
  const preferAbove = votes > 0;
  candidates.sort((a, b) => b.score - a.score || Number(b.above === preferAbove) - Number(a.above === preferAbove) || a.index - b.index);
  const taken = new Set<Line>();
  for (const c of candidates) {
    if (taken.has(c.labels) || taken.has(c.values)) continue;
    taken.add(c.labels);
    taken.add(c.values);
    for (const [label, value] of c.pairs) add(label, value, 1);
    for (const value of c.values.values) value.used = true;
  }
}

function pick(pairings: Pairing[], kinds: LabelKind[], fits: (p: Pairing) => boolean): Pairing | null {
  const ranked = pairings
    .filter((p) => kinds.includes(p.label.kind) && p.value.kind !== 'none' && fits(p))
    .sort((a, b) => kinds.indexOf(a.label.kind) - kinds.indexOf(b.label.kind) || a.distance - b.distance || a.order - b.order);
  return ranked[0] ?? null;
}

/** A label cut at its hyphen by a narrow column ("Detak Jantung Rata-" / "Rata") is one label again. */
function joinWrapped(lines: string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    if (previous !== undefined && /[a-z]-$/i.test(previous) && /^\s*[a-z]+$/i.test(line)) joined[joined.length - 1] = previous + line.trim();
    else joined.push(line);
  }
  return joined;
}

/** How sure a field is: beside its own label, found by its unit alone, or only by its shape. */
const LABELLED = 2;
const BY_UNIT = 1;
const BY_SHAPE = 0;

/** Reads what it can; a field it cannot find with confidence is null. */
export function readWorkoutText(text: string): ImageReading {
  // Leading spaces are kept: they place the line's words in the image's columns.
  const lines = joinWrapped(text.split(/\r?\n/).map((raw) => raw.trimEnd()))
    // Blank lines and short debris ("WEL", "~") separate nothing: rows across them are neighbours.
    .filter((raw) => raw.trim() !== '' && (/\d/.test(raw) || raw.replace(/[^a-z]/gi, '').length > 3 || /^\s*(km|mi)\.?$/i.test(raw) || /[-–—]/.test(raw)))
    .map(readLine)
    .filter((line) => line.items.length > 0);
  resolveBareLabels(lines);
  markTables(lines);

  const pairings: Pairing[] = [];
  const add = (label: Label, value: Value, distance: number) => pairings.push({ label, value, distance, order: pairings.length });
  for (const line of lines) {
    if (line.tableHeader || line.tableRow) for (const value of line.values) value.used = true;
    else if (line.labels.length > 0 && line.values.length > 0) pairInline(line, add);
  }
  pairRows(lines, add);
  for (const p of pairings) p.value.used = true;

  const distancePair = pick(pairings, ['distance'], (p) => fitsDistance(p.label, p.value));
  let distanceKm: Found<number> | null = distancePair ? { value: toKm(distancePair.label, distancePair.value), confidence: LABELLED } : null;
  const timePair = pick(pairings, ['movingTime', 'time', 'elapsedTime'], (p) => fitsTime(p.value));
  let time: Found<number> | null = timePair ? { value: timePair.value.amount, confidence: LABELLED } : null;
  const pacePair = pick(pairings, ['pace'], (p) => p.value.amount > 0 && (p.value.kind === 'pace' || p.value.kind === 'time'));
  // Apps print distances with two decimals; one with fewer may have lost a digit to OCR ("10,55" read
  // as "10,5"). The average pace on the same screen tells: if distance and time disagree with it, the
  // distance is dropped. The pace is per the distance's own unit (NRC in miles prints min/mi).
  if (distancePair && distancePair.value.decimals < 2 && time && pacePair) {
    const shown = distancePair.value.amount;
    const implied = time.value / pacePair.value.amount;
    // Tolerance: the printed pace is rounded to the second, the true distance to two decimals.
    if (Math.abs(implied - shown) > shown / pacePair.value.amount + 0.005) distanceKm = null;
  }
  const hrPair = pick(pairings, ['avgHr', 'hr'], (p) => fitsHeartRate(p.value));
  let avgHeartRate: Found<number> | null = hrPair ? { value: hrPair.value.amount, confidence: LABELLED } : null;
  const maxPair = pick(pairings, ['maxHr'], (p) => fitsHeartRate(p.value));

  // Without a readable label: a number in km, a lone number with two decimals (the headline
  // distance whose unit OCR lost), the longest free time, the first free bpm. A value next to a row of
  // labels, one of which could take it, is not free: it is that label's (a maximum HR beside "Max
  // HR"), even when the rows could not be paired.
  const claimable = (index: number, value: Value) =>
    [lines[index - 1], lines[index + 1]].some((l) => l && l.values.length === 0 && l.labels.some((label) => label.kind !== 'other' && fit(label, value) > 0));
  const free = lines.flatMap((line, index) => line.values.filter((v) => !v.used && !claimable(index, v)).map((value) => ({ value, line })));
  if (distanceKm === null) {
    const withUnit = free.find(({ value }) => (value.unit === 'km' || value.unit === 'mi') && fitsDistance(null, value));
    const headline = free.find(({ value, line }) => line.values.length === 1 && value.unit === '' && value.decimals === 2 && fitsDistance(null, value));
    if (withUnit) distanceKm = { value: toKm(null, withUnit.value), confidence: BY_UNIT };
    else if (headline) distanceKm = { value: headline.value.amount, confidence: BY_SHAPE };
  }
  if (time === null) {
    const times = free.filter(({ value }) => fitsTime(value)).map(({ value }) => value.amount);
    if (times.length > 0) time = { value: Math.max(...times), confidence: BY_SHAPE };
  }
  if (avgHeartRate === null) {
    const found = free.find(({ value }) => value.unit === 'bpm' && fitsHeartRate(value));
    if (found) avgHeartRate = { value: found.value.amount, confidence: BY_UNIT };
  }
  return settleReading({ distanceKm, seconds: time, avgHeartRate, maxHeartRate: maxPair ? maxPair.value.amount : null });
}

/** Whether a reading found nothing at all (the adapter then says the image is unreadable). */
export function isEmptyReading(reading: ImageReading): boolean {
  return reading.distance === null && reading.time === null && reading.avgHeartRate === null;
}

/** A word as OCR places it on the image (pixels). */
export interface PlacedWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Rebuilds the visual rows of a screenshot from word boxes. OCR engines may read a screen column by
 * column (all of Garmin's labels, then all its values), which loses which value sits beside which
 * label; rows by position keep "Moving Time   27:30" together whatever order the engine chose.
 * Words keep their place across rows: each starts at its x position counted in narrow characters
 * (so a label and the value under it start near the same column), and a wide gap between words is
 * at least three spaces, as a column break; words of one phrase stay one space apart.
 */
export function textFromWords(words: PlacedWord[]): string {
  const placed = words.filter((w) => w.text.trim() !== '');
  const rows: { top: number; bottom: number; words: PlacedWord[] }[] = [];
  for (const word of [...placed].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))) {
    const middle = (word.y0 + word.y1) / 2;
    const row = rows.find((r) => middle >= r.top && middle <= r.bottom);
    if (row) {
      row.words.push(word);
      row.top = Math.min(row.top, word.y0);
      row.bottom = Math.max(row.bottom, word.y1);
    } else rows.push({ top: word.y0, bottom: word.y1, words: [word] });
  }
  // A narrow character's width: every word then fits within the columns its pixels span.
  const widths = placed.filter((w) => w.text.length >= 2).map((w) => (w.x1 - w.x0) / w.text.length);
  widths.sort((a, b) => a - b);
  const unit = Math.max(1, widths[Math.floor(widths.length / 10)] ?? 1);
  const left = Math.min(...placed.map((w) => w.x0));
  const columnOf = (word: PlacedWord) => Math.round((word.x0 - left) / unit);
  return rows
    .sort((a, b) => a.top - b.top)
    .map((row) => {
      const sorted = row.words.sort((a, b) => a.x0 - b.x0);
      let line = '';
      sorted.forEach((word, i) => {
        if (i === 0) {
          line = ' '.repeat(columnOf(word)) + word.text;
          return;
        }
        const previous = sorted[i - 1]!;
        const height = Math.min(word.y1 - word.y0, previous.y1 - previous.y0);
        const wide = word.x0 - previous.x1 > height;
        line += ' '.repeat(wide ? Math.max(3, columnOf(word) - line.length) : 1) + word.text;
      });
      return line;
    })
    .join('\n');
}
