/**
 * What a runner's message asks for, as slots (intent, which run, when, where to, how much): the
 * rule-based reading the built-in coach uses for the chat and for an LLM's plain-text instructions.
 */
import type { RaceDistance } from '../contract';
import type { IsoDay } from '../../shared/wire-date';
import { findDates, findTimeRef, normalizeMessage, type TimeRef } from './text';

export const runKinds = ['long', 'tempo', 'interval', 'steady', 'easy', 'race'] as const;
export type RunKind = (typeof runKinds)[number];
export type Intent = 'move' | 'volume' | 'rest' | 'race';
export type RestReason = 'injury' | 'illness' | 'fatigue' | 'busy';

export interface ParsedRequest {
  intent: Intent | null;
  runKind: RunKind | null;
  /** Which run (move) or which days (volume, rest). */
  source: TimeRef | undefined;
  /** Where a run goes (move). */
  target: TimeRef | undefined;
  direction: 'less' | 'more' | null;
  /** An explicit factor (from a percentage or "setengah"). */
  factor: number | null;
  restReason: RestReason | null;
  fever: boolean;
  /** The body part that hurts, in the runner's words. */
  bodyPart: string | null;
  raceDate: IsoDay | null;
  raceDistance: RaceDistance | null;
  targetTime: string | null;
  yes: boolean;
  no: boolean;
  greeting: boolean;
  thanks: boolean;
}

/** How each kind is named in a message. */
const KIND_WORDS: [RunKind, RegExp][] = [
  ['race', /\brace ?day\b|\bhari (?:race|lomba)\b/],
  ['long', /\blong run\b|\blari (?:panjang|jauh)\b|\blong\b|\bendurance\b/],
  ['tempo', /\btempo\b|\bthreshold\b/],
  ['interval', /\binterval\w*|\bspeed(?: ?work)?\b|\brepetisi\b|\bfartlek\b/],
  ['steady', /\bsteady\b/],
  ['easy', /\beasy\b|\brecovery\b|\bpemulihan\b|\blari santai\b|\blari ringan\b/],
];

/** How each kind is recognised in a run's title. */
export const KIND_TITLES: Record<RunKind, RegExp> = {
  long: /long|endurance/i,
  tempo: /tempo|threshold/i,
  interval: /interval|speed|fartlek|repetisi|repetition/i,
  steady: /steady/i,
  easy: /easy|recovery|pemulihan|santai/i,
  race: /race/i,
};

export const KIND_LABELS: Record<RunKind, string> = {
  long: 'Long run',
  tempo: 'Tempo run',
  interval: 'Interval',
  steady: 'Steady run',
  easy: 'Easy run',
  race: 'Race day',
};

const BODY_PARTS =
  /\b(lutut|knee|kaki|telapak kaki|betis|calf|hamstring|paha|pergelangan(?: kaki)?|engkel|ankle|pinggang|punggung|back|tulang kering|shin|telapak|plantar|achilles|tumit|pinggul|hip|foot|leg|otot|itb)\b/;
/** English body parts named in Indonesian for the reply. */
const BODY_PART_ID: Record<string, string> = {
  knee: 'lutut', calf: 'betis', ankle: 'pergelangan kaki', foot: 'kaki', leg: 'kaki', back: 'punggung', hip: 'pinggul', shin: 'tulang kering', engkel: 'pergelangan kaki',
};
const PAIN = /\b(sakit|nyeri|ngilu|bengkak|pain|hurts?|sore|kram|cramp)\b/;
const INJURY = /\b(cedera|cidera|injury|injured|keseleo|terkilir|shin splints?|plantar fasciitis|robek|strain|sprain)\b/;
const ILLNESS =
  /\b(flu|demam|fever|batuk|pilek|meriang|masuk angin|sick|ill|covid|tidak enak badan|kurang sehat|radang|tenggorokan|diare|tipes|dbd|pusing)\b/;
const FEVER = /\b(demam|fever|meriang|panas badan|badan panas|tipes|dbd)\b/;
const FATIGUE = /\b(capek|cape|capai|lelah|letih|kelelahan|tired|exhausted|lemas|lemes|kurang tidur|overtraining|pegal|pegel|burn ?out)\b/;
const BUSY = /\b(sibuk|busy|lembur|dinas|banyak kerjaan|travel|perjalanan|mudik|tidak ada waktu|no time|kerja)\b/;

const MOVE = /\b(?:di|me|m)?(?:pindah\w*|mindah\w*)|\b(?:di)?geser\w*|\bmove[ds]?\b|\breschedul\w*|\b(?:di)?undur\w*|\bmundur\w*|\b(?:di)?majukan\b|\b(?:di)?tukar\w*|\bswap\b|\b(?:ganti|ubah|jadikan) hari\b/;
const LESS =
  /\b(?:kurangi|kurangin|dikurangi|kurangkan|turunkan|turunin|diturunkan|ringankan|ringanin|reduce|less|fewer|lower|cut|pendekkan|diperpendek|potong)\b|\blebih (?:ringan|sedikit|pendek|santai)\b/;
const MORE = /\b(?:tambah|tambahkan|tambahin|ditambah|naikkan|naikin|dinaikkan|tingkatkan|increase|more|perpanjang)\b|\blebih (?:jauh|banyak|panjang|berat)\b/;
const VOLUME_OBJECT = /\b(volume|jarak|km|kilometer|kilo|mileage|distance|latihan|porsi|beban|intensitas|program|jadwal|training|lari)(?:nya)?\b/;
const RACE_WORD = /\b(race|lomba|event|marathon|maraton|half|full|hm|fm)\b/;
const CHANGE = /\b(diundur|undur|dimajukan|majukan|maju|mundur|ganti|diganti|ubah|diubah|berubah|pindah\w*|jadi|menjadi|postponed|moved|rescheduled|change\w*|geser\w*|baru)\b/;

/** A message's slots, read alone. */
export function parseRequest(raw: string, today: IsoDay): ParsedRequest {
  const text = normalizeMessage(raw);
  const words = text.split(' ');
  const short = words.length <= 4;
  const request: ParsedRequest = {
    intent: null,
    runKind: KIND_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? null,
    source: undefined,
    target: undefined,
    direction: null,
    factor: null,
    restReason: null,
    fever: FEVER.test(text),
    bodyPart: null,
    raceDate: null,
    raceDistance: raceDistanceIn(text),
    targetTime: targetTimeIn(text),
    yes: short && /^(?:ya|iya|iyaa|yap|yup|yes|ok|oke|okay|okey|boleh|betul|benar|setuju|lanjut|lanjutkan|sip|siap|tentu|gas|bener)\b/.test(text),
    no: short && /^(?:tidak|bukan|jangan|batal|batalkan|no|nope|tidak jadi)\b/.test(text),
    greeting: /^(?:halo|hallo|hai|hi|hello|hey|selamat (?:pagi|siang|sore|malam)|pagi|assalamualaikum)\b/.test(text),
    thanks: /\b(?:terima ?kasih|makasih|thanks|thank you|thx|tq)\b/.test(text),
  };

  const hurt = BODY_PARTS.exec(text);
  if (INJURY.test(text) || (hurt && PAIN.test(text))) {
    request.intent = 'rest';
    request.restReason = 'injury';
    request.bodyPart = hurt ? (BODY_PART_ID[hurt[1]!] ?? hurt[1]!) : null;
  } else if (ILLNESS.test(text) || /\b(?:saya|aku|lagi|sedang) sakit\b/.test(text)) {
    request.intent = 'rest';
    request.restReason = 'illness';
  }
  const raceDates = findDates(text, today);
  const raceChange =
    !request.intent &&
    ((/\b(race|lomba|event)(?:nya)?\b/.test(text) && raceDates.length > 0 && (CHANGE.test(text) || /\btanggal\b/.test(text))) ||
      (/\btarget\b/.test(text) && (request.raceDistance !== null || request.targetTime !== null)) ||
      (RACE_WORD.test(text) && /\b(ganti|ubah|daftar|ikut)\b/.test(text) && request.raceDistance !== null));
  if (raceChange) {
    request.intent = 'race';
    request.raceDate = raceDates.at(-1)?.day ?? null;
    return request;
  }
  const less = LESS.test(text);
  const more = MORE.test(text);
  const explicitVolume = (less || more) && VOLUME_OBJECT.test(text) && !MOVE.test(text);
  if (!request.intent && !explicitVolume) {
    if (FATIGUE.test(text)) [request.intent, request.restReason] = ['rest', 'fatigue'];
    else if (BUSY.test(text)) [request.intent, request.restReason] = ['rest', 'busy'];
  }
  if (!request.intent && explicitVolume) {
    request.intent = 'volume';
    request.direction = less ? 'less' : 'more';
    const percent = /(\d{1,2}(?:[.,]\d)?)\s*(?:%|persen|percent)/.exec(text);
    if (percent) {
      const p = Number(percent[1]!.replace(',', '.')) / 100;
      request.factor = request.direction === 'less' ? 1 - p : 1 + p;
    } else if (/\b(setengah|separuh|setengahnya)\b/.test(text)) request.factor = 0.5;
  }
  const movePhrase = MOVE.test(text) || (request.runKind !== null && /\b(?:jadi|menjadi|ke) (?:hari )?(?:senin|selasa|rabu|kamis|jumat|sabtu|minggu|\d)/.test(text));
  if (!request.intent && movePhrase) request.intent = 'move';

  if (request.intent === 'move') {
    const split = splitAtTarget(text, today);
    request.source = findTimeRef(split.source, today);
    request.target = split.target;
  } else {
    request.source = findTimeRef(cutReason(text), today);
  }
  // A message with no intent may still answer a question ("yang minggu ini", "ke hari Minggu").
  if (!request.intent) {
    const split = splitAtTarget(text, today);
    request.target = split.target;
    request.source = findTimeRef(split.source, today);
  }
  return request;
}

/** "… karena …" explains; it does not say when. */
function cutReason(text: string): string {
  return text.split(/\b(?:karena|soalnya|sebab|because|krn|gara gara)\b/)[0]!;
}

/** The run part and the destination part of "pindahkan X ke Y" / "X jadi Y" / "move X to Y". */
function splitAtTarget(text: string, today: IsoDay): { source: string; target: TimeRef | undefined } {
  const body = cutReason(text);
  for (const m of body.matchAll(/ (?:ke|jadi|menjadi|to|into) (?!depan\b)/g)) {
    const after = body.slice(m.index + m[0].length);
    const target = findTimeRef(after, today);
    if (target) return { source: body.slice(0, m.index), target };
  }
  return { source: body, target: undefined };
}

function raceDistanceIn(text: string): RaceDistance | null {
  if (/\b(half marathon|half|hm|21k|21 km|21,1k)\b/.test(text)) return 'Half Marathon';
  if (/\b(full marathon|marathon|maraton|fm|42k|42 km)\b/.test(text)) return 'Full Marathon';
  if (/\b(10k|10 km|10 kilometer)\b/.test(text)) return '10K';
  if (/\b(5k|5 km|5 kilometer)\b/.test(text)) return '5K';
  return null;
}

/** "1:50:00", "1:50" (h:mm), "1 jam 50 menit", "50 menit" → hh:mm:ss. */
function targetTimeIn(text: string): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = /(?<![\d-])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d-])/.exec(text);
  if (clock) {
    const [h, m, s] = clock[3] ? [Number(clock[1]), Number(clock[2]), Number(clock[3])] : [Number(clock[1]), Number(clock[2]), 0];
    if (m < 60 && s < 60 && h < 24 && h * 3600 + m * 60 + s > 0) return `${pad(h)}:${pad(m)}:${pad(s)}`;
  }
  if (!/\b(target|sub|finish|selesai)\b/.test(text)) return null;
  const words = /(?:(\d{1,2}) jam)?\s*(?:(\d{1,2}) menit)?/.exec(text.slice(text.search(/\d/)));
  const hours = words?.[1] ? Number(words[1]) : 0;
  const minutes = words?.[2] ? Number(words[2]) : 0;
  return hours + minutes > 0 ? `${pad(hours)}:${pad(minutes)}:00` : null;
}

/**
 * A clarification's answer read with the request it answers: the answer's slots win; a bare day in
 * the answer of a move that had nowhere to go is where it goes, otherwise which run it is.
 */
export function mergeRequests(base: ParsedRequest, answer: ParsedRequest): ParsedRequest {
  if (answer.intent && answer.intent !== base.intent) return answer;
  const merged: ParsedRequest = { ...base };
  for (const key of Object.keys(answer) as (keyof ParsedRequest)[]) {
    const value = answer[key];
    if (value === null || value === undefined || value === false) continue;
    if (key === 'source' || key === 'target' || key === 'intent') continue;
    (merged as unknown as Record<string, unknown>)[key] = value;
  }
  if (answer.target) merged.target = answer.target;
  if (answer.source) {
    if (base.intent === 'move' && !base.target && !answer.target) merged.target = answer.source;
    else merged.source = answer.source;
  }
  return merged;
}
