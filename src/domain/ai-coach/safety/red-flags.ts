/**
 * Health red flags in what a runner writes (issue 25 §4): the symptoms that stop training and send
 * the runner to a doctor (or IGD) now, and those that call for rest and caution first. Pure and
 * deterministic: every chat message passes through `screenRedFlags` before any adapter sees it,
 * and the plan form's free text through `screenHealthHistory`. Indonesian as runners write it
 * (slang, typos, repeated letters), negation-aware, simple English too. When in doubt it flags:
 * a false alarm costs a rest day, a miss can cost far more.
 */
import { affirmedMatches } from '../chat/negation';

export type RedFlagLevel = 'stop' | 'caution';

export const stopFlags = ['chest', 'palpitations', 'fainting', 'dizzy-exercise', 'breathless-rest', 'swollen-joint', 'fracture'] as const;
export const cautionFlags = ['long-pain', 'sprain', 'fever'] as const;
export type StopFlag = (typeof stopFlags)[number];
export type CautionFlag = (typeof cautionFlags)[number];
export type RedFlag = StopFlag | CautionFlag;

export interface RedFlagScreen {
  /** The highest level found, or null when nothing is. */
  level: RedFlagLevel | null;
  /** The flags the runner reports for themselves. */
  flags: RedFlag[];
  /**
   * Stop flags named only as a question or about someone else ('kalau dada nyeri saat lari harus
   * gimana?', 'teman saya pingsan'): the coach explains and asks whether the runner has them.
   */
  asked: StopFlag[];
}

// ---- Reading the text ----

const SLANG: [RegExp, string][] = [
  [/\b(?:gk|ga|gak|gag|nggak|ngga|ngak|enggak|engga|ndak|tdk|kagak|ogah|g)\b/g, 'tidak'],
  [/\b(?:don't|dont|didn't|didnt|doesn't|doesnt|isn't|isnt|wasn't|wasnt|haven't|havent|hasn't|hasnt|ain't)\b/g, 'not'],
  [/\b(?:udh|udah|sdh|dah|uda)\b/g, 'sudah'],
  [/\b(?:bgt|bngt|bener2|banget2)\b/g, 'banget'],
  [/\b(?:sy|sya|aq|ak|gw|gue|gua|ane)\b/g, 'saya'],
  [/\b(?:kmrn|kemaren|kmarin)\b/g, 'kemarin'],
  [/\b(?:malem|mlm)\b/g, 'malam'],
  [/\b(?:pas|waktu|wkt|wktu)\b/g, 'saat'],
  [/\b(?:abis|habis|hbs|sehabis)\b/g, 'setelah'],
  [/\b(?:lg)\b/g, 'lagi'],
  [/\b(?:nafas|nfas|napass|nafs)\b/g, 'napas'],
  [/\b(?:bernafas)\b/g, 'bernapas'],
  [/\b(?:ses[ae]+k+|sesk)\b/g, 'sesak'],
  [/\b(?:p+u+s+i+n+g+|pusng|puyeng|pening|kliyengan|keliyengan|kleyengan|kliengan|klenyengan|kliyeng)(?:nya)?\b/g, 'pusing'],
  [/\b(?:p+i+n+g+s+a+n+|pinsan|pingsn|pngsan)\b/g, 'pingsan'],
  [/\b(?:n+y+e+r+i+|nyri|nyeeri)\b/g, 'nyeri'],
  [/\b(?:s+a+k+i+t+|skt|sakiit)\b/g, 'sakit'],
  [/\b(?:d+e+m+a+m+|dmam|demem)\b/g, 'demam'],
  [/\b(?:j+a+n+t+u+n+g+|jntung)(ku|nya|mu|q)?\b/g, 'jantung$1'],
  [/\bdada(?:ku|q|nya|mu)\b/g, 'dada'],
  [/\bdeg\s*-?\s*(?:deg|2)\s*-?\s*an\b|\bdegdegan\b/g, 'degdegan'],
  [/\bkunang\s*-?\s*(?:kunang|2)\b/g, 'kunang'],
  [/\bngos\s*-?\s*(?:ngosan|2an)\b/g, 'ngosngosan'],
  [/\bberminggu\s*-?\s*(?:minggu|2)\b/g, 'berminggu'],
  [/\bberbulan\s*-?\s*(?:bulan|2)\b/g, 'berbulan'],
  [/\bsembuh\s*-?\s*(?:sembuh|2)\b/g, 'sembuh sembuh'],
  // "tanda2", "hari2": a doubled word.
  [/\b([a-z]{3,})2\b/g, '$1 $1'],
];

/** Lower case, no accents, slang and common misspellings of the words the rules look for. */
export function normalizeHealthText(raw: string): string {
  let t = raw.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  t = t.replace(/[’`]/g, "'");
  // Punctuation stays, spaced, as a clause boundary; hyphens and slashes between words are spaces.
  t = t.replace(/([.,;:!?\n])/g, ' $1 ').replace(/(?<=[a-z])[-/](?=[a-z])/g, ' ');
  // Typed for emphasis: "pusiiing", "sakiiit" (never a real double letter: saat, maaf stay).
  t = t.replace(/([a-z])\1{2,}/g, '$1');
  for (const [pattern, replacement] of SLANG) t = t.replace(pattern, replacement);
  return t.replace(/\s+/g, ' ').trim();
}

const GAP = (n: number) => String.raw`(?:\s+[a-z0-9']+){0,${n}}\s+`;
/** A gap that may cross a comma ("engkel bengkak besar, susah buat jalan"). */
const LONG_GAP = (n: number) => String.raw`(?:\s+(?:[a-z0-9']+|,)){0,${n}}\s+`;

const CHEST_SYMPTOM = String.raw`(?:sakit|nyeri|sesak|tertekan|ditekan|ditusuk|tusuk|menusuk|nusuk|cekit\w*|berat|ketat|tight\w*|pain\w*|hurt\w*|pressure|soreness|perih|panas|terbakar|nyut\w*|ngilu|tertindih|diremas|remas|menyempit|sempit|ache\w*|aching|burning)`;
const EXERCISE = String.raw`(?:lari|berlari|latihan|olahraga|run|running|runs|jogging|joging|jog|interval|tempo|long run|race|lomba|sprint|workout|training|exercise|nanjak|tanjakan)`;
const DURING = String.raw`(?:saat|kalau|kalo|klo|tiap kali|setiap kali|ketika|sewaktu|selagi|sambil|setelah|sesudah|selesai|usai|tiap|setiap|during|after|while|when|mid|di tengah|tengah)`;
const DIZZY = String.raw`(?:pusing|oleng|sempoyongan|limbung|dizzy|dizziness|lightheaded|light headed|vertigo|kepala (?:terasa )?(?:ringan|melayang|berputar|muter))`;
const BREATH = String.raw`(?:sesak(?: napas)?|susah (?:napas|bernapas)|sulit (?:napas|bernapas)|sukar (?:napas|bernapas)|tidak bisa (?:napas|bernapas)|napas(?:nya|ku)?(?: terasa)? (?:sesak|berat|pendek|tersengal|ngosngosan|susah|sulit)|ngosngosan|tersengal\w*|short of breath|breathless\w*|(?:can't|cannot|can not) breathe|hard to breathe|trouble breathing|out of breath)`;
const AT_REST = String.raw`(?:istirahat|diam|duduk|tidur|rebahan|berbaring|baring|tiduran|bangun tidur|malam hari|cuma jalan|jalan kaki|jalan santai|jalan biasa|walking|tidak (?:lari|olahraga|ngapa ngapain|beraktivitas|aktivitas|ngapain)|resting|at rest|lying down|sitting|sleeping|asleep|doing nothing)`;
const SWELL = String.raw`(?:bengkak\w*|membengkak|swollen|swelling|swell)`;
const CANT_WALK = String.raw`(?:(?:tidak|susah|sulit|nggak) (?:bisa |kuat |mampu )?(?:\w+ )?(?:jalan|berjalan|menapak|napak|menumpu|numpu|bertumpu|berdiri|dipijak|diinjak|injak|dipakai jalan)|(?:can't|cannot|can not|unable to) (?:walk|stand|bear weight|put weight)|pincang|terpincang\w*|limping|limp)`;

interface Rule {
  flag: RedFlag;
  /** The symptom word is the named group `s` where a negation would sit in front of it. */
  patterns: RegExp[];
  /** A finding the message dates long ago or healed ("2 tahun lalu, sudah sembuh") is history, not now. */
  historyAware?: boolean;
}

const r = (source: string) => new RegExp(source, 'g');

const RULES: Rule[] = [
  {
    flag: 'chest',
    patterns: [
      r(String.raw`(?<s>${CHEST_SYMPTOM})${GAP(2)}(?:di |pada |in |on |my )?(?:bagian |area |daerah )?dada\b|(?<s2>${CHEST_SYMPTOM}) (?:in |on )?(?:my )?chest\b`),
      r(String.raw`\b(?:dada|chest)(?: kiri| kanan| tengah| saya| aku| terasa| rasanya| kayak| kyk| kaya| seperti| feels?| is| was| area| bagian)*${GAP(2)}(?<s>${CHEST_SYMPTOM})`),
      r(String.raw`\b(?<s>chest pain|angina|serangan jantung|heart attack)\b`),
    ],
  },
  {
    flag: 'palpitations',
    patterns: [
      r(String.raw`\b(?:jantung\w*|dada|detak jantung|denyut jantung)${GAP(3)}(?<s>berdebar\w*|berdetak (?:sangat |terlalu |sangat |super |cepat |kencang |keras )*(?:kencang|cepat|keras|aneh)|degdegan|dag dig dug|kencang banget|cepat banget|loncat|melompat|racing|pounding|fluttering|skipping|irregular)`),
      r(String.raw`\b(?:detak|denyut) jantung\w*${GAP(2)}(?<s>tidak (?:teratur|normal|beraturan|wajar)|kacau|aneh|loncat)`),
      r(String.raw`\b(?<s>degdegan)${GAP(3)}(?:tidak (?:normal|wajar|berhenti)|aneh|parah|banget|terus|kencang|sampai|padahal|tanpa sebab)`),
      r(String.raw`\b(?<s>palpitasi|palpitations?|racing heart|heart (?:is |was |keeps )?(?:racing|pounding|fluttering|skipping)|irregular heart ?beat|aritmia|arrhythmia)\b`),
    ],
  },
  {
    flag: 'fainting',
    patterns: [
      r(String.raw`\b(?:hampir |nyaris |mau |mo |sempat |sampai |sampe |kayak |seperti |rasanya )?(?<s>pingsan|kolaps|collapsed?|fainted|faint(?:ing)?|passed out|blacked out|black out|blackout|tumbang|ambruk|hilang kesadaran|tidak sadarkan diri|lost consciousness)\b`),
      r(String.raw`\b(?:pandangan\w*|penglihatan\w*|mata\w*|vision|sight)${GAP(2)}(?<s>gelap|hitam|menghitam|berkunang|kunang|went dark|went black|blurr?(?:ed|y)? and dark)`),
      r(String.raw`\b(?<s>berkunang|kunang)\b`),
    ],
  },
  {
    flag: 'dizzy-exercise',
    patterns: [
      r(String.raw`(?<s>${DIZZY})${GAP(5)}${DURING}${GAP(2)}${EXERCISE}\b|(?<s2>${DIZZY})\s+${DURING}\s+${EXERCISE}\b`),
      r(String.raw`\b${DURING}${GAP(2)}${EXERCISE}${GAP(6)}(?<s>${DIZZY})`),
      r(String.raw`\b${DURING}\s+${EXERCISE}\s+(?<s>${DIZZY})`),
      r(String.raw`\b${EXERCISE}${GAP(4)}(?:bikin|jadi|terus|langsung|malah|sampai|sampe|trus|kok|suka|sering|selalu)${GAP(2)}(?<s>${DIZZY})`),
    ],
  },
  {
    flag: 'breathless-rest',
    patterns: [
      r(String.raw`(?<s>${BREATH})${GAP(3)}(?:(?:saat|ketika|padahal|bahkan|even|while|when|at|sambil|sedang|lagi|pun|walau)${GAP(1)})?${AT_REST}\b|(?<s2>${BREATH})\s+${AT_REST}\b`),
      r(String.raw`\b(?:saat|ketika|sedang|lagi|even|while|when|at|pun)${GAP(1)}${AT_REST}${GAP(3)}(?<s>${BREATH})|(?:saat|ketika|sedang|lagi) ${AT_REST} (?<s2>${BREATH})`),
      r(String.raw`\b(?:tidur|rebahan|berbaring|tiduran|bangun tidur|malam|duduk)${GAP(1)}(?<s>${BREATH})`),
    ],
  },
  {
    flag: 'swollen-joint',
    patterns: [
      r(String.raw`(?<s>${SWELL})${LONG_GAP(8)}${CANT_WALK}|(?<s2>${SWELL})\s+${CANT_WALK}`),
      r(String.raw`${CANT_WALK}${LONG_GAP(8)}(?<s>${SWELL})|${CANT_WALK}\s+(?<s2>${SWELL})`),
    ],
    historyAware: true,
  },
  {
    flag: 'fracture',
    patterns: [
      r(String.raw`\b(?:curiga|mungkin|kayaknya|kayanya|kyknya|sepertinya|jangan jangan|takut|khawatir|suspect\w*|maybe|possibly|probably|might be|could be)${GAP(3)}(?<s>patah|retak|fraktur|fractur\w*|broken|broke)\b`),
      r(String.raw`\b(?<s>patah tulang|retak tulang|stress fracture|fraktur|fracture[ds]?|broken (?:bone|foot|ankle|leg|toe|shin))\b`),
      r(String.raw`\b(?:tulang\w*|kaki\w*|tulang kering|jari kaki|pergelangan(?: kaki)?|tibia|metatarsal)${GAP(2)}(?<s>patah|retak)\b`),
      r(String.raw`\b(?<s>tidak bisa) (?:\w+ )?(?:menumpu|numpu|bertumpu|menapak|napak|dipijak|diinjak)\b|\b(?<s2>(?:can't|cannot|can not|unable to)) (?:bear|put) weight\b`),
    ],
    historyAware: true,
  },
  {
    flag: 'fever',
    patterns: [
      r(String.raw`\b(?<s>demam|meriang|febris|fever|feverish|panas dingin|panas badan|tipes|tifus|typhoid|dbd|dengue)\b`),
      r(String.raw`\bbadan\w*${GAP(2)}(?<s>panas|anget|hangat|demam)\b`),
      r(String.raw`\b(?<s>suhu)(?: tubuh| badan| saya)?${GAP(1)}(?:3[89]|4[0-2])(?:[.,]\d)?\b`),
    ],
  },
  {
    flag: 'sprain',
    patterns: [
      r(String.raw`\b(?<s>keseleo|terkilir|kekilir|kecetit|salah urat|sprain\w*|terpelintir|keplintir|kepelintir|salah injak|salah napak|salah mendarat|twisted (?:my )?ankle|rolled (?:my )?ankle)\b`),
      r(String.raw`\b(?:ankle|kaki|pergelangan)\w*${GAP(2)}(?<s>twisted|rolled|terlipat|kelipat|terkilir|keseleo)\b`),
    ],
    historyAware: true,
  },
];

/** Words that date a finding long ago or say it healed: history, not what the runner has now. */
const HISTORY = /\b(?:\d+|satu|dua|tiga|empat|lima|beberapa|setahun) tahun(?: yang)? lalu|\btahun lalu\b|\bwaktu (?:kecil|sd|smp|sma|kuliah)\b|\bdulu\b|\bpernah\b|\bsudah (?:sembuh|pulih)\b|\bsembuh total\b|\bpulih total\b|\bhealed\b|\bfully recovered\b|\byears? ago\b/;

/** Pain words, for pain that has lasted long. */
const PAIN = /\b(?<s>sakit|nyeri|ngilu|cenat cenut|senut senut|linu|nyut nyutan|pain\w*|hurts?|hurting|aching|ache|cedera|cidera|injury|injured|bengkak)\b/g;
const NUMBER_WORDS: Record<string, number> = { satu: 1, dua: 2, tiga: 3, empat: 4, lima: 5, enam: 6, tujuh: 7, delapan: 8, sembilan: 9, sepuluh: 10, beberapa: 3, a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, few: 3, several: 3 };

/** The longest time in days the text says something has lasted (frequencies like "4 hari seminggu" are not durations). */
export function longestDurationDays(text: string): number {
  const t = text
    // "4 hari seminggu", "3x seminggu", "tiap minggu": how often, not how long.
    .replace(/\b(?:\d+|dua|tiga|empat|lima|enam|tujuh)\s*(?:x|kali|hari)\s*(?:se|dalam se|per |tiap |a |per)\s*(?:minggu|pekan|week)\b/g, ' ')
    // "race 2 minggu lagi", "dalam 3 hari": ahead, not past.
    .replace(/\b(?:seminggu|sepekan|sebulan) lagi\b/g, ' ')
    .replace(/\b(?:dalam|in)\s+(?:\d+|\w+)\s+(?:hari|minggu|pekan|bulan|days?|weeks?|months?)\b|\b(?:\d+|\w+)\s+(?:hari|minggu|pekan|bulan|days?|weeks?|months?)\s+(?:lagi|from now|ahead)\b/g, ' ');
  let best = 0;
  for (const m of t.matchAll(/\b(\d+|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|beberapa|a|one|two|three|four|five|six|seven|few|several)\s*(hari|minggu|pekan|bulan|days?|weeks?|months?)\b/g)) {
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : (NUMBER_WORDS[m[1]!] ?? 0);
    const unit = m[2]!;
    const days = /^(?:hari|days?)$/.test(unit) ? n : /^(?:minggu|pekan|weeks?)$/.test(unit) ? n * 7 : n * 30;
    best = Math.max(best, days);
  }
  if (/\b(?:seminggu|sepekan|berminggu|sejak minggu lalu|dari minggu lalu|for a week|for weeks|since last week)\b/.test(t)) best = Math.max(best, 7);
  if (/\b(?:sebulan|berbulan|sejak bulan lalu|dari bulan lalu|for a month|for months|since last month)\b/.test(t)) best = Math.max(best, 30);
  if (/\b(?:tidak sembuh sembuh|tidak kunjung sembuh|tidak hilang hilang|tidak juga sembuh|belum sembuh juga|won't go away|not getting better|keeps coming back)\b/.test(t)) best = Math.max(best, 7);
  return best;
}

/** Conditional and question words: the symptom is asked about, not reported. */
const CONDITIONAL = /\b(?:kalau|kalo|klo|jika|jikalau|bila|apabila|seandainya|andai|andaikan|misal|misalnya|if|what if|in case|gejala|tanda|tanda tanda|signs?|symptoms?)\b/;
const QUESTION = /\?|\b(?:apa|apakah|gimana|bagaimana|harus|sebaiknya|boleh|bolehkah|perlu|kapan|kenapa|mengapa|should|what|when|how|is it|can i)\b/;
/** The runner speaks of themselves, or of something that happened. */
const FIRST_PERSON = /\b(?:saya|aku|ku|my|i|me|i'm|im|kemarin|tadi|barusan|sekarang|lagi|sedang|masih|sejak|yesterday|today|just|this morning|tonight|tadi pagi|semalam)\b|(?:ku|q)\b/;
const SOMEONE_ELSE = /\b(?:teman|temen|kawan|istri|suami|anak|pacar|adik|kakak|ayah|ibu|bapak|om|tante|orang lain|orang|seseorang|my friend|my wife|my husband|someone|a friend)\b/;

function isHistory(text: string, m: RegExpExecArray): boolean {
  // The sentence the finding is in.
  const start = Math.max(text.lastIndexOf('.', m.index), text.lastIndexOf('!', m.index), text.lastIndexOf('?', m.index)) + 1;
  const endMatch = /[.!?]/.exec(text.slice(m.index + m[0].length));
  const end = endMatch ? m.index + m[0].length + endMatch.index : text.length;
  const sentence = text.slice(start, end);
  if (/\b(?:masih|belum sembuh|belum pulih|sekarang|kemarin|tadi|barusan|still|now)\b/.test(sentence) && !/\bsudah (?:sembuh|pulih)|sembuh total|healed\b/.test(sentence)) return false;
  return HISTORY.test(sentence);
}

/** How a stop flag is mentioned: reported by the runner, or asked about / someone else's. */
function mention(text: string, m: RegExpExecArray): 'reported' | 'asked' {
  const before = text.slice(0, m.index);
  const sentenceStart = Math.max(before.lastIndexOf('.'), before.lastIndexOf('!'), before.lastIndexOf('?')) + 1;
  const lead = text.slice(sentenceStart, m.index);
  const personal = FIRST_PERSON.test(text);
  if (SOMEONE_ELSE.test(lead) && !/\b(?:saya|aku|i|me|my)\b/.test(text.slice(m.index))) return 'asked';
  if (CONDITIONAL.test(lead) && QUESTION.test(text) && !personal) return 'asked';
  return 'reported';
}

/** The red flags in a chat message. */
export function screenRedFlags(raw: string): RedFlagScreen {
  const text = normalizeHealthText(raw);
  const flags = new Set<RedFlag>();
  const asked = new Set<StopFlag>();
  for (const rule of RULES) {
    for (const pattern of rule.patterns) {
      for (const m of affirmedMatches(text, pattern)) {
        if (rule.historyAware && isHistory(text, m)) continue;
        const isStop = (stopFlags as readonly string[]).includes(rule.flag);
        if (isStop && mention(text, m) === 'asked') asked.add(rule.flag as StopFlag);
        else flags.add(rule.flag);
      }
    }
  }
  // Pain that has lasted more than three days.
  const healed = /\b(?:sudah (?:sembuh|pulih)|sembuh total|pulih total|healed)\b/.test(text);
  if (!healed && longestDurationDays(text) > 3 && affirmedMatches(text, PAIN).length > 0) flags.add('long-pain');
  const list = [...flags];
  const level: RedFlagLevel | null = list.some((f) => (stopFlags as readonly string[]).includes(f)) ? 'stop' : list.length > 0 ? 'caution' : null;
  return { level, flags: list, asked: [...asked].filter((f) => !flags.has(f)) };
}

// ---- What the runner is told ----

const EMERGENCY_FLAGS: readonly StopFlag[] = ['chest', 'fainting', 'breathless-rest'];

const stopReasons: Record<StopFlag, string> = {
  chest: 'nyeri, sesak atau rasa tertekan di dada',
  palpitations: 'jantung berdebar tidak normal',
  fainting: 'pingsan atau hampir pingsan',
  'dizzy-exercise': 'pusing saat atau setelah berlari',
  'breathless-rest': 'sesak napas saat istirahat',
  'swollen-joint': 'sendi bengkak yang tidak bisa dipakai berjalan',
  fracture: 'kemungkinan patah atau retak tulang',
};

const cautionReasons: Record<CautionFlag, string> = {
  'long-pain': 'nyeri yang sudah lebih dari 3 hari',
  sprain: 'keseleo/terkilir',
  fever: 'demam',
};

/** The flags named in words, in the order given ("a, b dan c"). */
function joinReasons(reasons: string[]): string {
  return reasons.length <= 1 ? (reasons[0] ?? '') : `${reasons.slice(0, -1).join(', ')} dan ${reasons.at(-1)}`;
}

export function stopReason(flags: readonly RedFlag[]): string {
  return joinReasons(flags.filter((f): f is StopFlag => f in stopReasons).map((f) => stopReasons[f]));
}

export function cautionReason(flags: readonly RedFlag[]): string {
  return joinReasons(flags.filter((f): f is CautionFlag => f in cautionReasons).map((f) => cautionReasons[f]));
}

/** The stop message: stop now, and where to go (IGD / 119 for the emergencies). */
export function stopMessage(flags: readonly RedFlag[]): string {
  const stops = flags.filter((f): f is StopFlag => (stopFlags as readonly string[]).includes(f));
  const reason = stopReason(stops);
  const emergency = stops.some((f) => EMERGENCY_FLAGS.includes(f));
  const orthopaedic = stops.length > 0 && stops.every((f) => f === 'swollen-joint' || f === 'fracture');
  const where = emergency
    ? 'Segera ke IGD terdekat atau hubungi 119 sekarang, terutama bila keluhan masih terasa; jangan menyetir sendiri.'
    : orthopaedic
      ? 'Jangan menumpu kaki yang sakit: kompres dingin, tinggikan, dan periksakan ke dokter hari ini (ke IGD bila nyeri hebat atau bentuknya berubah).'
      : 'Periksakan diri ke dokter hari ini. Bila disertai nyeri dada, sesak napas atau pingsan, segera ke IGD atau hubungi 119.';
  return (
    `Hentikan latihan sekarang. ${reason.charAt(0).toUpperCase()}${reason.slice(1)} adalah tanda bahaya yang harus diperiksa dokter. ${where} ` +
    'Program latihan Anda dijeda; lanjutkan hanya setelah dokter menyatakan Anda aman berlari, lalu beri tahu AI Coach.'
  );
}

/** The caution message: rest first, what to watch, when to see a doctor. */
export function cautionMessage(flags: readonly RedFlag[]): string {
  const parts: string[] = [];
  if (flags.includes('fever')) parts.push('Jangan berlari saat demam: istirahat, minum cukup, dan mulai lagi pelan-pelan setelah 24 jam bebas demam tanpa obat penurun panas. Periksakan ke dokter bila demam lebih dari 3 hari atau disertai sesak napas atau nyeri dada.');
  if (flags.includes('sprain')) parts.push('Untuk keseleo baru: istirahatkan, kompres dingin 15–20 menit beberapa kali sehari, balut ringan, dan tinggikan kakinya. Bila tidak bisa menumpu atau bengkaknya besar, periksakan ke dokter.');
  if (flags.includes('long-pain')) parts.push('Nyeri yang lebih dari 3 hari sebaiknya diperiksa dokter atau fisioterapis sebelum latihan berat lagi.');
  return `Perhatian: ${cautionReason(flags)}. ${parts.join(' ')} Programmu diringankan dulu: 2 hari tanpa lari, lalu hanya lari santai yang lebih pendek selama seminggu.`;
}

/** What the coach says about a red flag the runner only asked about, and the question back. */
export const ASKED_MARKER = 'Apakah Anda sendiri sedang atau baru saja mengalaminya?';
export function askedMessage(flags: readonly StopFlag[]): string {
  const emergency = flags.some((f) => EMERGENCY_FLAGS.includes(f));
  return (
    `${stopReason(flags).replace(/^./, (c) => c.toUpperCase())} adalah tanda bahaya: hentikan lari saat itu juga dan ` +
    (emergency ? 'segera ke IGD atau hubungi 119.' : 'periksakan ke dokter sebelum berlari lagi.') +
    ` ${ASKED_MARKER}`
  );
}

// ---- The doctor's clearance ----

const CLEARED = [
  /\bdokter\w*\b.*\b(?:sudah |udah |telah )?(?:mengizinkan|izinkan|ngizinin|ngizinkan|membolehkan|bolehkan|ngebolehin|bilang aman|aman|boleh|oke|ok|bilang boleh|bilang tidak apa apa|tidak apa apa|bilang sehat|menyatakan|clear\w*)\b/,
  /\b(?:sudah|udah|telah|baru) (?:diperiksa|periksa|cek|dicek|check ?up|ke dokter|kontrol)\b.*\b(?:aman|boleh|normal|sehat|baik|tidak apa apa|oke|ok|clear)\b/,
  /\b(?:kata|menurut) dokter\w*\b.*\b(?:aman|boleh|normal|sehat|baik|tidak apa apa|oke|ok)\b/,
  /\b(?:doctor|doc|cardiologist|physio)\b.*\b(?:cleared|says? (?:i'm|i am|it's|its) (?:fine|ok|okay|safe)|said (?:i'm|i was|it's|its|i am) (?:fine|ok|okay|safe)|gave me the (?:ok|all clear)|allowed)\b/,
  /\b(?:cleared to run|cleared by (?:my|the) doctor|medically cleared)\b/,
  /\b(?:hasil (?:ekg|rontgen|pemeriksaan|lab|cek|tes|treadmill|mri)\w*)\b.*\b(?:normal|bagus|baik|aman)\b/,
];

/** Whether the runner says a doctor has cleared them to train again. */
export function isMedicalClearance(raw: string): boolean {
  const text = normalizeHealthText(raw);
  // "dokter belum mengizinkan", "dokter bilang jangan lari dulu": not cleared.
  if (/\b(?:belum|tidak|jangan|not|don't|dont)\b.{0,30}\b(?:mengizinkan|izinkan|boleh|aman|lari|cleared|allowed)\b/.test(text) && !/\btidak apa apa\b/.test(text)) return false;
  if (/\b(?:belum|tidak|not)\b.{0,12}\b(?:diperiksa|periksa|ke dokter|cek)\b/.test(text)) return false;
  return CLEARED.some((pattern) => pattern.test(text));
}

// ---- The plan form's free text ----

const AT_REST_OR_WALKING = String.raw`(?:istirahat|diam|duduk|tidur|jalan|berjalan|jalan kaki|naik tangga|turun tangga|berdiri|malam|rest|resting|walking|walk|standing|stairs)`;

/**
 * The plan form's riwayatCidera / catatanLainnya: whether the runner should see a doctor before a
 * plan is made (createplan answers 422 SEE_A_DOCTOR). True for an injury that still hurts at rest
 * or when walking, a fracture that is recent or not healed, surgery in the last ~3 months, and
 * chest or heart symptoms (or a heart condition).
 */
export function screenHealthHistory(raw: string): { seeDoctor: boolean; reason?: string } {
  const text = normalizeHealthText(raw);
  if (!text) return { seeDoctor: false };
  const chat = screenRedFlags(raw);
  const heart = chat.flags.filter((f) => f === 'chest' || f === 'palpitations' || f === 'fainting' || f === 'breathless-rest' || f === 'dizzy-exercise');
  if (heart.length > 0) return { seeDoctor: true, reason: `Anda menyebut ${stopReason(heart)}: periksakan ke dokter sebelum memulai program latihan.` };
  const condition = affirmedMatches(text, /\b(?:riwayat|penyakit|kelainan|sakit|masalah|gangguan|bocor) (?<s>jantung)\b|\b(?<s2>jantung koroner|gagal jantung|pasang ring|stent|bypass jantung|heart (?:disease|condition|problem|failure|surgery)|cardiomyopathy|kardiomiopati)\b/g);
  if (condition.length > 0) return { seeDoctor: true, reason: 'Anda menyebut kondisi jantung: program latihan lari perlu izin dokter terlebih dahulu.' };

  // A fracture that is recent or not healed.
  const fracture = affirmedMatches(text, /\b(?<s>patah|retak|fraktur|fractur\w*|broken|broke|stress fracture)\b/g);
  if (fracture.length > 0) {
    const unhealed = /\b(?:belum (?:sembuh|pulih|nyambung|tersambung)|masih (?:sakit|nyeri|dalam pemulihan|pakai gips|digips|gips)|not (?:yet )?healed|still (?:hurts|healing))\b/.test(text);
    const healed = /\b(?:sudah (?:sembuh|pulih)|sembuh total|pulih total|healed|fully recovered)\b/.test(text);
    const months = monthsAgo(text);
    const old = months !== null && months > 6;
    if (unhealed || (!healed && !old)) return { seeDoctor: true, reason: 'Patah atau retak tulang yang belum lama atau belum pulih perlu izin dokter sebelum berlari lagi.' };
  }

  // Surgery in the last three months (or just now).
  const surgery = affirmedMatches(text, /\b(?<s>operasi|dioperasi|bedah|pembedahan|surgery|operated|op acl|rekonstruksi)\b/g);
  if (surgery.length > 0) {
    const months = monthsAgo(text);
    const recentWords = /\b(?:baru (?:saja |aja )?(?:operasi|dioperasi|selesai)|pasca operasi|post op|habis operasi|setelah operasi|minggu lalu|bulan lalu|kemarin|recently|last (?:week|month))\b/.test(text);
    const past = /\bpernah\b/.test(text);
    if ((months !== null && months <= 3) || (months === null && (recentWords || !past))) {
      return { seeDoctor: true, reason: 'Operasi dalam 3 bulan terakhir: minta izin dokter atau fisioterapis sebelum program lari dimulai.' };
    }
  }

  // An injury that still hurts at rest or when walking.
  const restPain = affirmedMatches(
    text,
    new RegExp(String.raw`(?<s>sakit|nyeri|ngilu|pain\w*|hurts?|aching|linu)${GAP(4)}(?:(?:saat|ketika|kalau|kalo|bila|buat|untuk|waktu|bahkan|even|when|while|at|to)${GAP(1)})?${AT_REST_OR_WALKING}\b|\b(?:saat|ketika|kalau|kalo|bila|buat|untuk|bahkan|even|when|while)${GAP(1)}${AT_REST_OR_WALKING}${GAP(3)}(?<s2>sakit|nyeri|ngilu|pain\w*|hurts?)`, 'g'),
  );
  const cannotWalk = affirmedMatches(text, new RegExp(CANT_WALK.replace('(?:', '(?<s>'), 'g'));
  if (restPain.length > 0 || cannotWalk.length > 0 || chat.flags.includes('swollen-joint') || chat.flags.includes('fracture')) {
    return { seeDoctor: true, reason: 'Cedera yang masih terasa sakit saat istirahat atau berjalan perlu diperiksa dokter atau fisioterapis sebelum program lari dimulai.' };
  }
  return { seeDoctor: false };
}

/** How many months ago the text dates something ("2 bulan lalu" 2, "3 minggu lalu" 0.75, "2 tahun lalu" 24); null when it does not. */
function monthsAgo(text: string): number | null {
  let best: number | null = null;
  for (const m of text.matchAll(/\b(\d+|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|beberapa|se)\s*(hari|minggu|pekan|bulan|tahun|days?|weeks?|months?|years?)(?: yang)? (?:lalu|ago|kemarin|yg lalu)\b|\b(se)(minggu|bulan|tahun) (?:lalu|yang lalu)\b|\b(tahun|bulan|minggu) lalu\b/g)) {
    let n: number;
    let unit: string;
    if (m[5]) {
      n = 1;
      unit = m[5];
    } else if (m[3]) {
      n = 1;
      unit = m[4]!;
    } else {
      n = m[1] === 'se' ? 1 : /^\d+$/.test(m[1]!) ? Number(m[1]) : (NUMBER_WORDS[m[1]!] ?? 1);
      unit = m[2]!;
    }
    const months = /^(?:hari|days?)$/.test(unit) ? n / 30 : /^(?:minggu|pekan|weeks?)$/.test(unit) ? n / 4 : /^(?:bulan|months?)$/.test(unit) ? n : n * 12;
    best = best === null ? months : Math.min(best, months);
  }
  return best;
}
