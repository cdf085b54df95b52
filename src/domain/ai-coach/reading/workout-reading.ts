import type { ImageReading } from '../contract';
import { formatDuration } from '../../training-plan/pace';

/**
 * Reads distance, time and average heart rate from the OCR text of a workout summary (Strava,
 * Garmin Connect, Nike Run Club; English and Indonesian). Apps put a label and its value on one
 * line ("Avg HR 147 bpm"), or in grids where a row of labels sits above or under a row of values
 * ("5.00 km  27:45" / "Distance  Time"); OCR keeps the rows but not the columns, so a row of labels
 * is paired, by position and by what each label accepts, with the neighbouring row of values that
 * fits it best. Paces, clocks, dates and maximum heart rates are recognised so they are never taken.
 */

export const READING_LIMITS = {
  distanceKm: { min: 0.1, max: 300 },
  maxSeconds: 48 * 3600,
  heartRate: { min: 30, max: 250 },
} as const;

const KM_PER_MILE = 1.609344;

type LabelKind = 'distance' | 'movingTime' | 'time' | 'elapsedTime' | 'pace' | 'avgHr' | 'hr' | 'maxHr' | 'other';

interface Label {
  type: 'label';
  kind: LabelKind;
  miles: boolean;
  at: number;
}

type ValueKind = 'number' | 'time' | 'pace' | 'ignored';
interface Value {
  type: 'value';
  kind: ValueKind;
  /** number: the amount; time/pace: seconds. */
  amount: number;
  /** Digits after the decimal mark ('10.02' → 2), numbers only. */
  decimals: number;
  unit: '' | 'km' | 'mi' | 'bpm' | 'm' | 'other';
  at: number;
  used: boolean;
}

type Item = Label | Value;

interface Line {
  items: Item[];
  labels: Label[];
  values: Value[];
  /** A phone's status bar (battery %): its clock is never a workout time. */
  statusBar: boolean;
}

/** Label phrases, most specific first: a span taken by one is not matched again by a later one. */
const AVG = String.raw`(?:avg\.?|average|rata[\s\-–—]*rata|rerata)`;
const MAX = String.raw`(?:max\.?|maximum|maks\.?|maksimal|maksimum|tertinggi)`;
const HEART = String.raw`(?:heart\s*rate|hr|detak\s*jantung|denyut\s*jantung|dj)`;
const LABELS: [LabelKind, RegExp][] = [
  ['movingTime', /moving\s*time|waktu\s*(?:ber)?gerak/gi],
  ['elapsedTime', /elapsed\s*time|total\s*time|waktu\s*(?:yang\s*)?berlalu|waktu\s*total|total\s*waktu/gi],
  ['pace', new RegExp(String.raw`(?:${AVG}\s*)?(?:pace|tempo|kecepatan|speed|laju)(?:\s*${AVG})?`, 'gi')],
  ['maxHr', new RegExp(String.raw`${MAX}\s*${HEART}\b|\b${HEART}\s*${MAX}`, 'gi')],
  ['avgHr', new RegExp(String.raw`${AVG}\s*${HEART}\b|\b${HEART}\s*${AVG}`, 'gi')],
  ['hr', new RegExp(String.raw`\b${HEART}\b`, 'gi')],
  ['time', /\b(?:time|waktu|durasi|duration)\b/gi],
  ['distance', /\b(?:total\s*)?(?:distance|jarak|kilomet(?:er|re)s?)\b|\bmiles\b/gi],
  [
    'other',
    /\b(?:elevation\s*gain|kenaikan\s*elevasi|total\s*ascent|total\s*naik|relative\s*effort|upaya\s*relatif|calories|kalori|elevation|elevasi|kenaikan|ascent|naik|gain|cadence|kadens|irama|steps|langkah|power|daya|temperature|suhu|effort|upaya|splits?|laps?|putaran)\b/gi,
  ],
];

/** Letters OCR confuses with digits, fixed only where they touch digits or a time's colon. */
function fixDigits(line: string): string {
  return line
    .replace(/[–—]/g, '-')
    .replace(/(?<=\d)\s*[;:]\s*(?=\d)/g, ':')
    .replace(/(?<=\d[:.,]?)[Oo]|[Oo](?=[:.,]?\d)/g, '0')
    .replace(/(?<=\d[:.,]?)[lI|](?=[\d\s:.,]|$)|[lI|](?=[:.,]?\d)/g, '1');
}

const VALUE_PATTERN = new RegExp(
  [
    // a clock ("6:05 AM") or a date ("6/15/25"): never a value
    String.raw`(?<clock>\b\d{1,2}[:.]\d{2}\s*(?:am|pm)\b|(?:\bpukul|\bjam|\bat|@)\s*\d{1,2}[:.]\d{2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b)`,
    // "1h 02m 13s", "1j 2m", "52m 13s"
    String.raw`(?<hm>\b\d{1,2})\s*[hj]\s*(?<hmm>\d{1,2})\s*m(?:\s*(?<hms>\d{1,2})\s*[sd])?\b`,
    String.raw`(?<ms>\b\d{1,3})\s*m\s*(?<mss>\d{1,2})\s*[sd]\b`,
    // NRC's pace 5'32"
    String.raw`(?<apos>\b\d{1,2}\s*['’′]\s*\d{2})\s*["”″]?`,
    // 52:13, 1:02:13, optionally "/km" (then a pace)
    String.raw`(?<time>\b\d{1,3}:\d{2}(?::\d{2})?)(?<per>\s*/\s*(?:km|mi|k)\b)?`,
    String.raw`(?<num>\b\d+(?:[.,]\d+)*)(?<unit>\s*(?:/\s*(?:km|mi)|km/h|kph|km|mi|bpm|kcal|cal|spm|m|%)(?![a-z]))?`,
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

function valueFrom(groups: Record<string, string | undefined>, at: number): Value | null {
  const base = { at, used: false, decimals: 0, unit: '' as Value['unit'] };
  if (groups.clock) return { ...base, type: 'value', kind: 'ignored', amount: 0 };
  if (groups.hm) {
    const total = Number(groups.hm) * 3600 + Number(groups.hmm) * 60 + Number(groups.hms ?? 0);
    return { ...base, type: 'value', kind: 'time', amount: total };
  }
  if (groups.ms) return { ...base, type: 'value', kind: 'time', amount: Number(groups.ms) * 60 + Number(groups.mss) };
  if (groups.apos) {
    const [m, s] = groups.apos.split(/['’′]/).map((p) => Number(p.trim())) as [number, number];
    return { ...base, type: 'value', kind: 'pace', amount: m * 60 + s };
  }
  if (groups.time) {
    const total = seconds(groups.time);
    if (total === null) return { ...base, type: 'value', kind: 'ignored', amount: 0 };
    return { ...base, type: 'value', kind: groups.per ? 'pace' : 'time', amount: total };
  }
  if (groups.num) {
    const number = readNumber(groups.num);
    if (!number) return { ...base, type: 'value', kind: 'ignored', amount: 0 };
    const unitText = (groups.unit ?? '').replace(/\s/g, '').toLowerCase();
    if (unitText.startsWith('/')) return { ...base, type: 'value', kind: 'pace', amount: 0 };
    const unit: Value['unit'] = unitText === '' ? '' : unitText === 'km' || unitText === 'mi' || unitText === 'bpm' || unitText === 'm' ? unitText : 'other';
    return { ...base, type: 'value', kind: 'number', amount: number.amount, decimals: number.decimals, unit };
  }
  return null;
}

function readLine(raw: string): Line {
  const text = fixDigits(raw);
  const labels: Label[] = [];
  const taken: [number, number][] = [];
  for (const [kind, pattern] of LABELS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      labels.push({ type: 'label', kind, miles: /miles/i.test(match[0]), at: start });
    }
  }
  // A line that is only a unit ("km", "KM", "mi") names the number next to it, as NRC does.
  const unitOnly = /^\s*(km|mi)\.?\s*$/i.exec(text);
  if (unitOnly) labels.push({ type: 'label', kind: 'distance', miles: unitOnly[1]!.toLowerCase() === 'mi', at: 0 });

  const values: Value[] = [];
  for (const match of text.matchAll(VALUE_PATTERN)) {
    if (taken.some(([a, b]) => match.index < b && match.index + match[0].length > a)) continue;
    const value = valueFrom(match.groups ?? {}, match.index);
    if (value) values.push(value);
  }
  const kept = values.filter((v) => v.kind !== 'ignored');
  const items = [...labels, ...kept].sort((a, b) => a.at - b.at);
  const statusBar = values.some((v) => v.kind === 'number' && v.unit === 'other' && /%/.test(text));
  return { items, labels: labels.sort((a, b) => a.at - b.at), values: kept, statusBar };
}

function fitsDistance(label: Label, value: Value): boolean {
  if (value.kind !== 'number' || value.decimals > 2) return false;
  if (value.unit !== '' && value.unit !== 'km' && value.unit !== 'mi') return false;
  const km = toKm(label, value);
  return km >= READING_LIMITS.distanceKm.min && km <= READING_LIMITS.distanceKm.max;
}

function toKm(label: Label | null, value: Value): number {
  const miles = value.unit === 'mi' || (value.unit === '' && label?.miles === true);
  return miles ? value.amount * KM_PER_MILE : value.amount;
}

function fitsTime(value: Value): boolean {
  return value.kind === 'time' && value.amount > 0 && value.amount < READING_LIMITS.maxSeconds;
}

function fitsHeartRate(value: Value): boolean {
  return (
    value.kind === 'number' &&
    value.decimals === 0 &&
    (value.unit === '' || value.unit === 'bpm') &&
    value.amount >= READING_LIMITS.heartRate.min &&
    value.amount <= READING_LIMITS.heartRate.max
  );
}

/** Whether a label would take this value (an unknown label takes anything, to keep columns aligned). */
function fits(label: Label, value: Value): boolean {
  switch (label.kind) {
    case 'distance':
      return fitsDistance(label, value);
    case 'movingTime':
    case 'time':
    case 'elapsedTime':
      return fitsTime(value);
    case 'pace':
      return value.kind === 'pace' || (value.kind === 'time' && value.amount < 60 * 60);
    case 'avgHr':
    case 'hr':
    case 'maxHr':
      return fitsHeartRate(value);
    case 'other':
      return true;
  }
}

interface Pairing {
  label: Label;
  value: Value;
  /** 0 = same line, 1 = a neighbouring row. */
  distance: number;
  order: number;
}

/** Pairs a row of labels with a row of values: by column when the counts match, else in order. */
function pairRows(labels: Label[], values: Value[]): [Label, Value][] {
  if (labels.length === values.length) {
    return labels.flatMap((label, i) => (fits(label, values[i]!) ? [[label, values[i]!] as [Label, Value]] : []));
  }
  const pairs: [Label, Value][] = [];
  let from = 0;
  for (const label of labels) {
    if (label.kind === 'other') continue;
    const index = values.findIndex((v, i) => i >= from && fits(label, v));
    if (index < 0) continue;
    pairs.push([label, values[index]!]);
    from = index + 1;
  }
  return pairs;
}

function rowScore(labels: Label[], values: Value[]): number {
  const pairs = pairRows(labels, values);
  const known = pairs.filter(([label]) => label.kind !== 'other').length;
  return known + (labels.length === values.length ? 0.5 : 0);
}

function collectPairings(lines: Line[]): Pairing[] {
  const pairings: Pairing[] = [];
  let order = 0;
  const add = (label: Label, value: Value, distance: number) => pairings.push({ label, value, distance, order: order++ });

  lines.forEach((line, index) => {
    if (line.labels.length === 0) return;
    if (line.values.length > 0) {
      // Label and value on one line: "Avg HR 147 bpm" (label first) or "10.02 km Distance".
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
        const value = values.find((v) => fits(label, v));
        if (value) add(label, value, 0);
      }
      return;
    }
    // A row of labels: take the neighbouring row of values (above or below) that fits it best.
    const rows = [lines[index - 1], lines[index + 1]].filter((l): l is Line => !!l && l.labels.length === 0 && l.values.length > 0);
    const best = rows
      .map((row) => ({ row, score: rowScore(line.labels, row.values) }))
      .filter((r) => r.score >= 1)
      .sort((a, b) => b.score - a.score)[0];
    if (best) for (const [label, value] of pairRows(line.labels, best.row.values)) add(label, value, 1);
  });
  return pairings;
}

function pick(pairings: Pairing[], kinds: LabelKind[], fit: (p: Pairing) => boolean): Pairing | null {
  const ranked = pairings
    .filter((p) => kinds.includes(p.label.kind) && fit(p))
    .sort((a, b) => kinds.indexOf(a.label.kind) - kinds.indexOf(b.label.kind) || a.distance - b.distance || a.order - b.order);
  return ranked[0] ?? null;
}

const roundKm = (km: number) => Math.round(km * 100) / 100;

/** Reads what it can; a field it cannot find with confidence is null. */
export function readWorkoutText(text: string): ImageReading {
  const lines = text
    .split(/\r?\n/)
    .map((raw) => raw.trim())
    // Blank lines and short debris ("WEL", "~") separate nothing: rows across them are neighbours.
    .filter((raw) => raw !== '' && (/\d/.test(raw) || raw.replace(/[^a-z]/gi, '').length > 3 || /^(km|mi)\.?$/i.test(raw)))
    .map(readLine);
  const pairings = collectPairings(lines);
  for (const p of pairings) p.value.used = true;

  const distancePair = pick(pairings, ['distance'], (p) => fitsDistance(p.label, p.value));
  let distance = distancePair ? roundKm(toKm(distancePair.label, distancePair.value)) : null;
  const timePair = pick(pairings, ['movingTime', 'time', 'elapsedTime'], (p) => fitsTime(p.value));
  let time = timePair ? timePair.value.amount : null;
  const hrPair = pick(pairings, ['avgHr', 'hr'], (p) => fitsHeartRate(p.value));
  let avgHeartRate = hrPair ? hrPair.value.amount : null;

  // Without a readable label: a number in km, the longest free time, the first free bpm.
  const free = lines.flatMap((line) => line.values.filter((v) => !v.used).map((value) => ({ value, line })));
  if (distance === null) {
    const found = free.find(({ value }) => (value.unit === 'km' || value.unit === 'mi') && fitsDistance({ type: 'label', kind: 'distance', miles: false, at: 0 }, value));
    if (found) distance = roundKm(toKm(null, found.value));
  }
  if (time === null) {
    const times = free.filter(({ value, line }) => !line.statusBar && fitsTime(value) && value.amount >= 60).map(({ value }) => value.amount);
    if (times.length > 0) time = Math.max(...times);
  }
  if (avgHeartRate === null) {
    const found = free.find(({ value }) => value.unit === 'bpm' && fitsHeartRate(value));
    if (found) avgHeartRate = found.value.amount;
  }
  return { distance, time: time === null ? null : formatDuration(time), avgHeartRate };
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
 * A wide gap between words becomes three spaces, as a column break.
 */
export function textFromWords(words: PlacedWord[]): string {
  const rows: { top: number; bottom: number; words: PlacedWord[] }[] = [];
  const byMiddle = [...words].filter((w) => w.text.trim() !== '').sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  for (const word of byMiddle) {
    const middle = (word.y0 + word.y1) / 2;
    const row = rows.find((r) => middle >= r.top && middle <= r.bottom);
    if (row) {
      row.words.push(word);
      row.top = Math.min(row.top, word.y0);
      row.bottom = Math.max(row.bottom, word.y1);
    } else rows.push({ top: word.y0, bottom: word.y1, words: [word] });
  }
  return rows
    .sort((a, b) => a.top - b.top)
    .map((row) => {
      const sorted = row.words.sort((a, b) => a.x0 - b.x0);
      return sorted
        .map((word, i) => {
          if (i === 0) return word.text;
          const previous = sorted[i - 1]!;
          const height = Math.min(word.y1 - word.y0, previous.y1 - previous.y0);
          return (word.x0 - previous.x1 > height * 1.5 ? '   ' : ' ') + word.text;
        })
        .join('');
    })
    .join('\n');
}
