/** A run's `program` text: the planned distance or time in parentheses, e.g. "(10k)". */

export const HALF_MARATHON_KM = 21.1;
export const FULL_MARATHON_KM = 42.2;
/** The weekly chart counts a half marathon as 21 km (spec §5). */
export const HALF_MARATHON_CHART_KM = 21;

/**
 * Planned kilometres in a program: HM is 21.1 (or `halfMarathonKm`), FM 42.2, otherwise the
 * numbers written before a "k", summed when there are several ("(2k + 6k + 2k)" → 10).
 * Returns null when the program names no distance (a time-based run such as "(45 menit)").
 */
export function plannedDistanceKm(program: string | null | undefined, halfMarathonKm = HALF_MARATHON_KM): number | null {
  if (!program) return null;
  if (/\bFM\b/i.test(program)) return FULL_MARATHON_KM;
  if (/\bHM\b/i.test(program)) return halfMarathonKm;
  let total = 0;
  let found = false;
  for (const m of program.matchAll(/(\d+(?:[.,]\d+)?)\s*k(?![a-z])|(\d+(?:[.,]\d+)?)\s*km\b/gi)) {
    const value = Number((m[1] ?? m[2])!.replace(',', '.'));
    if (Number.isFinite(value)) {
      total += value;
      found = true;
    }
  }
  return found ? Math.round(total * 100) / 100 : null;
}

/** The chart's reading of the same program. */
export function plannedChartKm(program: string | null | undefined): number {
  return plannedDistanceKm(program, HALF_MARATHON_CHART_KM) ?? 0;
}

/** The server stores programs wrapped in parentheses: "10k" → "(10k)"; already wrapped stays. */
export function wrapProgram(program: string): string {
  const text = program.trim();
  if (text === '') return '';
  return text.startsWith('(') && text.endsWith(')') ? text : `(${text})`;
}

/** The program without its parentheses, for a form field. */
export function unwrapProgram(program: string | null | undefined): string {
  const text = (program ?? '').trim();
  return text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1).trim() : text;
}

// What a program may say (spec §3: "distance or time in parentheses"): quantities, repeats and a
// few training words, so typos and free text ("lima kilo", "cepat sekali") are caught at the door.
const NUM = String.raw`\d+(?:[.,]\d+)?`;
/** Not glued to a letter or digit on either side (a "k" inside "kilo" is not kilometres). */
const edge = (body: string) => new RegExp(String.raw`(?<![\p{L}\d])(?:${body})(?![\p{L}\d])`, 'giu');
/** "6x", "8 ×": a repeat count, followed by what is repeated. */
const REPEAT = /(?<![\p{L}\d])\d+\s*[x×]\s*(?=\d)/giu;
const QUANTITIES = [
  // distances: 10k, 8 km, 800m, 400 meter, 5 kilo
  edge(`${NUM}\\s*(?:km|k|m|meter|kilometer|kilo|mil|mi)`),
  // durations: 45 menit, 30 min, 1 jam, 90 detik
  edge(`${NUM}\\s*(?:menit|mnt|min|mins|minutes?|jam|j|h|hr|hrs|detik|dtk|det|s|sec|secs|seconds?)`),
  // a clock time: 45:00, 00:45:00
  edge(String.raw`\d{1,2}:\d{2}(?::\d{2})?`),
  // race distances
  edge(String.raw`hm|fm|half\s*marathon|full\s*marathon|marathon|maraton`),
];
/** A target pace inside a program ("6x800m @ 3'50"): allowed, but not the quantity itself. */
const PACE = edge(String.raw`\d{1,2}\s*['’′]\s*\d{2}(?:\s*(?:"|″|''))?`);
/** Words a program may carry around its quantities (warm-up, recovery, strides…), lower case. */
const PROGRAM_WORDS = new Set(
  [
    'wu cd warm up warmup warm-up cool down cooldown cool-down pemanasan pendinginan',
    'jog jogging rec recovery pemulihan rest istirahat jalan walk easy santai strides stride',
    'race tempo steady threshold fartlek interval long run lari pace at di per dan and with dengan',
    'set sets rep reps repetisi progresif progressive bukit tanjakan hill hills',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Whether a run's program reads as one: at least one distance, duration or race (10k, 8 km, HM,
 * 6x800m, 45 menit, "2k WU + 6x800m + 2k CD"), with nothing else than connectors and training
 * words. An empty program is allowed (the field is optional).
 */
export function isValidProgram(program: string): boolean {
  let text = unwrapProgram(program);
  if (text === '') return program.trim() === '';
  let quantities = 0;
  text = text.replace(REPEAT, ' ').replace(PACE, ' ');
  for (const pattern of QUANTITIES) {
    text = text.replace(pattern, () => {
      quantities += 1;
      return ' ';
    });
  }
  const words = text
    .toLowerCase()
    .split(/[\s+,&/@()\-–:;.]+/u)
    .filter(Boolean);
  return quantities > 0 && words.every((word) => PROGRAM_WORDS.has(word));
}
