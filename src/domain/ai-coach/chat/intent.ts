/**
 * What a runner's message asks for, as slots (intent, which run, when, where to, how much): the
 * rule-based reading the built-in coach uses for the chat and for an LLM's plain-text instructions.
 */
import type { RaceDistance } from '../contract';
import type { IsoDay } from '../../shared/wire-date';
import { addDays } from '../../shared/wire-date';
import { affirmed, affirmedMatches } from './negation';
import { findDates, findTimeRef, normalizeMessage, type TimeRef } from './text';

export const runKinds = ['long', 'tempo', 'interval', 'steady', 'easy', 'race'] as const;
export type RunKind = (typeof runKinds)[number];
export type Intent = 'move' | 'volume' | 'rest' | 'race';
export type RestReason = 'injury' | 'illness' | 'fatigue' | 'busy';
/** What a runner asks about rather than asks to change: the coach answers, the plan stays. */
export const topics = ['prediction', 'heart-rate', 'every-day', 'menstruation', 'heat', 'fasting', 'rain', 'shoes', 'nerves', 'breathing'] as const;
export type Topic = (typeof topics)[number];

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
  /** A question, not a request: no verb of change ('bisa sub 2 jam HM?', 'boleh lari tiap hari?'). */
  question: boolean;
  /** What the runner asks about, when it is one of the coach's topics. */
  topic: Topic | null;
  /** "terlalu berat", "kecapekan": the coach offers a lighter week. */
  lighter: boolean;
  /** Complaints named only to deny them ('tidak pusing sama sekali, aman'). */
  deniedComplaint: boolean;
  /** A complaint said to be over ('sakit kepala kemarin, sekarang sudah gpp'). */
  recovered: boolean;
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
const PAIN = /\b(sakit|nyeri|ngilu|bengkak|pain|hurts?|(?:is|feels?|so|very|really) sore|kram|cramp)\b/;
const INJURY = /\b(cedera|cidera|injury|injured|keseleo|terkilir|shin splints?|plantar fasciitis|robek|strain|sprain|ketarik|otot tertarik|pulled)\b/;
const ILLNESS =
  /\b(flu|demam|fever|batuk|pilek|meriang|masuk angin|sick|ill|covid|tidak enak badan|kurang sehat|radang|tenggorokan|diare|tipes|dbd|pusing|sakit kepala|headache)\b/;
const FEVER = /\b(demam|fever|meriang|panas badan|badan panas|tipes|dbd)\b/;
const FATIGUE = /\b(capek|cape|capai|lelah|letih|kelelahan|tired|exhausted|lemas|lemes|kurang tidur|overtraining|pegal|pegel|burn ?out)\b/;
const BUSY = /\b(sibuk|busy|lembur|dinas|banyak kerjaan|travel|perjalanan|mudik|tidak ada waktu|no time|kerja|acara|kondangan|nikahan|libur|liburan|cuti|holiday|vacation|luar kota|keluar kota|bepergian|trip|tidak (?:bisa|sempat) lari)\b/;

const MOVE = /\b(?:di|me|m)?(?:pindah\w*|mindah\w*)|\b(?:di)?geser\w*|\bmove[ds]?\b|\breschedul\w*|\b(?:di)?undur\w*|\bmundur\w*|\b(?:di)?maju(?:kan|in)\b|\b(?:di)?tukar\w*|\bswap\b|\b(?:ganti|ubah|jadikan) hari\b/;
const LESS =
  /\b(?:kurangi|kurangin|dikurangi|kurangkan|turunkan|turunin|diturunkan|ringankan|ringanin|reduce|less|fewer|lower|cut|pendekkan|diperpendek|potong)\b|\blebih (?:ringan|sedikit|pendek|santai)\b/;
const MORE = /\b(?:tambah|tambahkan|tambahin|ditambah|naikkan|naikin|dinaikkan|tingkatkan|increase|more|perpanjang)\b|\blebih (?:jauh|banyak|panjang|berat)\b/;
const VOLUME_OBJECT = /\b(volume|jarak|km|kilometer|kilo|mileage|distance|latihan|porsi|beban|intensitas|program|jadwal|training|lari)(?:nya)?\b/;
const RACE_WORD = /\b(race|lomba|event|marathon|maraton|half|full|hm|fm|5k|10k|21k|42k)(?:nya)?\b/;
/** The plan is too much: a lighter week ('terlalu berat', 'kecapekan', 'gak kuat ngikutin'). */
const TOO_HARD =
  /\b(?:terlalu|kebanyakan|kelewat|too) (?:berat|keras|padat|banyak|jauh|hard|much|intense)\b|\b(?:berat|keras|padat) (?:banget|sekali|amat)\b|\bkewalahan\b|\bkecapekan\b|\bcapek terus\b|\btidak (?:kuat|sanggup|mampu) (?:ikut|ngikutin|mengikuti|menjalani|jalanin)\b|\bover ?training\b/;
/** Words that make a message a request for a change, whatever its question mark says. */
const REQUEST_VERB =
  /\b(?:ganti\w*|diganti|ubah\w*|diubah|undur\w*|diundur|majukan|dimajukan|jadikan|tolong|please|buatkan|bikinin|kurangi\w*|tambah\w*|turunkan|naikkan|pindah\w*|geser\w*|tukar\w*|swap|move|change|reduce|increase|reschedule\w*|daftar)\b/;
const QUESTION_START =
  /^(?:apa|apakah|bisa|bisakah|boleh|bolehkah|gimana|bagaimana|berapa|kenapa|mengapa|kapan|perlu|perlukah|haruskah|harus|normal|wajar|amankah|aman|is|can|should|how|what|why|when|do|does|kira kira|menurut)\b/;
const QUESTION_WORD =
  /\b(?:apakah|gimana|bagaimana|berapa|kenapa|mengapa|kapan|bisakah|bolehkah|perlukah|haruskah|amankah|realistis|mungkinkah|mungkin tidak|kira kira|kira2|wajarkah|normalkah|boleh tidak|bisa tidak|ya tidak|apa bisa|apa boleh|sanggup tidak)\b/;

const TOPIC_WORDS: [Topic, RegExp][] = [
  ['nerves', /\b(?:deg ?-? ?degan|degdegan|deg2an|gugup|grogi|nervous|cemas|panik)\b/],
  ['menstruation', /\b(?:haid|menstruasi|mens|datang bulan|nyeri haid|dismenore|pms|menstrual|period cramps?|on my period)\b/],
  ['fasting', /\b(?:puasa|ramadan|ramadhan|sahur|berbuka|buka puasa|ngabuburit|iftar|fasting|imsak|tarawih)\b/],
  ['heart-rate', /\b(?:hr|heart ?rate|detak jantung|denyut (?:jantung|nadi)|bpm|zona (?:hr|detak|latihan|[1-5]|satu|dua|tiga|empat|lima)|zone ?[1-5]|max ?hr|hr ?max|maf)\b/],
  ['every-day', /\b(?:tiap hari|setiap hari|saban hari|every ?day|daily|7 hari (?:se|dalam se|per |tiap )?(?:minggu|pekan)|7 ?x (?:se|dalam se|per )?minggu|tujuh hari|tanpa (?:hari )?(?:istirahat|libur|rest)|run streak|streak)\b/],
  ['heat', /\b(?:cuaca panas|panas banget|panas terik|terik|gerah|lembab|lembap|humid\w*|heat|hot weather|suhu tinggi|siang bolong|kepanasan|panas (?:di luar|siang|sekali|begini)|matahari)\b/],
  ['rain', /\b(?:hujan|ujan|gerimis|rain\w*|petir|becek)\b/],
  ['shoes', /\b(?:sepatu|shoes?|sneakers?)\b/],
  // Last: breathlessness named with heat or a race belongs to those answers.
  ['breathing', /\b(?:sesak|ngos ?-? ?ngosan|ngos2an|terengah\w*|napas|nafas|breath\w*)\b/],
];
/** What a race question asks when it asks for a prediction ('bisa sub 2 jam?', 'berapa waktu 10K saya?'). */
const PREDICTION_WORD = /\b(?:sub|bisa|realistis|berapa|prediksi|perkiraan|kira kira|kira2|di bawah|dibawah|under|finish|mungkin|target|waktu|pace|pb)\b/;
/** The complaint is over: 'skrg udh gpp', 'sudah mendingan'. */
const RECOVERED = /\b(?:gpp|gapapa|tidak apa apa|tidak papa|(?:sudah|mulai) (?:baikan|mendingan|hilang|sembuh|pulih|enakan|membaik|normal|aman))\b/;
/** Words of a complaint: when every one of them is denied ('tidak pusing sama sekali'), the runner says they are fine. */
const COMPLAINT = /\b(?<s>pusing|pingsan|demam|nyeri|sakit|sesak|cedera|cidera|berdebar|mual|keluhan|fever|pain|dizzy|meriang)\b/g;

/** A message that asks rather than requests (the raw text: its question mark counts). */
export function isQuestion(raw: string, text: string): boolean {
  return (raw.includes('?') || QUESTION_START.test(text) || QUESTION_WORD.test(text)) && !REQUEST_VERB.test(text);
}
const CHANGE = /\b(diundur|undur|undurin|diundurin|dimajukan|majukan|dimajuin|majuin|maju|mundur|ganti|diganti|ubah|diubah|berubah|pindah\w*|jadi|menjadi|postponed|moved|rescheduled|change\w*|geser\w*|baru)\b/;

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
    question: isQuestion(raw, text),
    topic: TOPIC_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? null,
    lighter: false,
    deniedComplaint: COMPLAINT.test(text) && affirmedMatches(text, COMPLAINT).length === 0,
    recovered: false,
  };
  // Symptoms count only when not denied: 'tidak demam', 'lutut tidak sakit lagi'.
  request.fever = affirmed(text, FEVER);

  const hurt = BODY_PARTS.exec(text);
  // Menstrual cramps are the menstruation answer's, not an injury.
  const cramps = request.topic === 'menstruation' && /\b(?:kram|cramps?|nyeri|sakit)\b/.test(text);
  if (!cramps && (affirmed(text, INJURY) || (hurt && affirmed(text, PAIN)))) {
    request.intent = 'rest';
    request.restReason = 'injury';
    request.bodyPart = hurt ? (BODY_PART_ID[hurt[1]!] ?? hurt[1]!) : null;
  } else if (!cramps && (affirmed(text, ILLNESS) || affirmed(text, /\b(?:saya|aku|lagi|sedang) (?<s>sakit)\b/))) {
    request.intent = 'rest';
    request.restReason = 'illness';
  }
  if ((request.restReason === 'injury' || request.restReason === 'illness') && RECOVERED.test(text) && !request.fever) {
    request.intent = null;
    request.restReason = null;
    request.recovered = true;
  }
  const raceDates = findDates(text, today);
  const raceChange =
    !request.intent &&
    ((RACE_WORD.test(text) && raceDates.length > 0 && (CHANGE.test(text) || /\btanggal\b/.test(text))) ||
      (/\btarget\b/.test(text) && (request.raceDistance !== null || request.targetTime !== null)) ||
      // "dari HM ke 10K aja": from one distance to another.
      (request.raceDistance !== null && /\b(?:dari|from) (?:\S+ ){0,2}?(?:hm|fm|half|full|marathon|maraton|\d+k)\b.*\b(?:ke|jadi|menjadi|to)\b/.test(text)) ||
      (RACE_WORD.test(text) && /\b(ganti|ubah|daftar|ikut)\b/.test(text) && request.raceDistance !== null));
  // "bisa sub 2 jam HM?": a question about a race is answered, not turned into a new target.
  if (!request.intent && request.question && (request.targetTime !== null || (request.raceDistance !== null && PREDICTION_WORD.test(text)))) {
    request.topic = 'prediction';
    return request;
  }
  if (raceChange) {
    request.intent = 'race';
    request.raceDate = raceDates.at(-1)?.day ?? null;
    return request;
  }
  if (!request.intent && TOO_HARD.test(text) && !MORE.test(text)) {
    request.intent = 'volume';
    request.direction = 'less';
    request.lighter = true;
    request.source = findTimeRef(cutReason(text), today) ?? { kind: 'span', start: today, end: addDays(today, 6) };
    return request;
  }
  const less = LESS.test(text);
  const more = MORE.test(text);
  // A percentage or "setengah" says how much of the training: 'kurangin 30% aja minggu depan'.
  const amount = /\d\s*(?:%|persen|percent)|\b\d+(?:[.,]\d+)?\s*(?:k|km)\b|\b(?:setengah|separuh)\b/.test(text);
  const explicitVolume = (less || more) && (VOLUME_OBJECT.test(text) || amount) && !MOVE.test(text);
  // "geser long run ke Minggu karena Sabtu ada acara": the reason of a move is not a request of its own.
  if (!request.intent && !explicitVolume && !MOVE.test(text)) {
    if (affirmed(text, FATIGUE)) [request.intent, request.restReason] = ['rest', 'fatigue'];
    else if (affirmed(text, BUSY)) [request.intent, request.restReason] = ['rest', 'busy'];
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

const DISTANCE_WORDS: [RaceDistance, RegExp][] = [
  ['Half Marathon', /\b(?:half marathon|half maraton|half|hm|21k|21 km|21 1k|21km)\b/g],
  ['Full Marathon', /\b(?:full marathon|full maraton|marathon|maraton|fm|42k|42 km|42km)\b/g],
  ['10K', /\b(?:10k|10 km|10km|10 kilometer)\b/g],
  ['5K', /\b(?:5k|5 km|5km|5 kilometer)\b/g],
];

/**
 * The race distance a message names. With several ('ganti target ke 10K, HM kejauhan', 'dari HM ke
 * 10K'), the new one: after 'ke'/'jadi'/'ganti', not one turned down ('kejauhan', 'dari …').
 */
export function raceDistanceIn(text: string): RaceDistance | null {
  const hits: { distance: RaceDistance; index: number; end: number }[] = [];
  for (const [distance, pattern] of DISTANCE_WORDS) {
    for (const m of text.matchAll(pattern)) {
      const end = m.index + m[0].length;
      // "half marathon" is not also a (full) marathon.
      if (hits.some((h) => m.index < h.end && end > h.index)) continue;
      hits.push({ distance, index: m.index, end });
    }
  }
  hits.sort((a, b) => a.index - b.index);
  if (hits.length <= 1) return hits[0]?.distance ?? null;
  const before = (h: { index: number }) => text.slice(Math.max(0, h.index - 24), h.index);
  const after = (h: { end: number }) => text.slice(h.end, h.end + 24);
  const chosen = hits.filter((h) => /\b(?:ke|jadi|menjadi|to|into|ganti|ubah|pilih|ambil|coba|mau|target)\s+(?:\S+\s+)?$/.test(before(h)));
  const turnedDown = (h: (typeof hits)[number]) =>
    /\b(?:dari|from|bukan|instead of|batal)\s+(?:\S+\s+)?$/.test(before(h)) || /^\s*(?:(?:nya|itu|sih|kayaknya|masih|agak|rasanya)\s+)?(?:kejauhan|terlalu|ketinggian|kepanjangan|batal|tidak jadi|too|dibatalkan|tidak kuat|berat)\b/.test(after(h));
  const kept = hits.filter((h) => !turnedDown(h));
  return (chosen.filter((h) => !turnedDown(h)).at(-1) ?? kept.at(-1) ?? hits.at(-1))!.distance;
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
