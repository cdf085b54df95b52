/**
 * Negation in a runner's message ('tidak demam', 'dada tidak sakit', 'bukan nyeri dada', 'no fever'):
 * whether a word found at a position is denied. Works on text whose slang negators are already
 * spelled 'tidak' (gak, ga, nggak, tdk …); English negators are read as they are.
 */

const NEGATOR = /^(?:tidak|tak|bukan|tanpa|belum|jangan|no|not|never|without|nor)$/;
/**
 * A negator followed by one of these does not deny what follows: 'tidak bisa jalan', 'tidak
 * normal', 'bukan cuma pusing', 'tidak kunjung sembuh', 'not able to'.
 */
const NOT_DENIAL = /^(?:bisa|kuat|normal|wajar|teratur|beraturan|mampu|sanggup|hilang|ilang|berhenti|reda|membaik|sembuh|turun|kunjung|cuma|hanya|sekadar|juga|able|stop|going|getting|normally)$/;
/** Negation does not reach across these: punctuation and words that start another clause. */
const BOUNDARY_WORD = /^(?:tapi|tetapi|namun|but|dan|and|terus|trus|lalu|kemudian|sedangkan|cuma|hanya|only|melainkan|although|though|walaupun|meskipun|padahal|sekarang|now|malah|justru)$/;
const BOUNDARY_CHAR = /[.,;:!?\n]/;

/** The words of the clause before `index`, nearest last. */
function clauseWordsBefore(text: string, index: number): string[] {
  const before = text.slice(0, index);
  let cut = -1;
  for (let i = before.length - 1; i >= 0; i--) {
    if (BOUNDARY_CHAR.test(before[i]!)) {
      cut = i;
      break;
    }
  }
  const words = before.slice(cut + 1).split(/\s+/).filter(Boolean);
  const last = words.map((w) => BOUNDARY_WORD.test(w)).lastIndexOf(true);
  return last >= 0 ? words.slice(last + 1) : words;
}

/** Whether one of `words` negates the word after it (and that word is not one that keeps the meaning). */
function hasDenial(words: readonly string[], next: string | undefined): boolean {
  for (let i = 0; i < words.length; i++) {
    if (!NEGATOR.test(words[i]!)) continue;
    const following = words[i + 1] ?? next;
    if (following !== undefined && NOT_DENIAL.test(following)) continue;
    return true;
  }
  return false;
}

/**
 * Whether the word at `index` (to `end`) is denied: a negator among the `window` words before it
 * in the same clause ('saya tidak merasa pusing', 'dada tidak sakit'), not one that keeps the meaning.
 */
export function isNegatedAt(text: string, index: number, end = index, window = 3): boolean {
  const before = clauseWordsBefore(text, index).slice(-window);
  const first = text.slice(index, end).split(/\s+/).filter(Boolean)[0];
  return hasDenial(before, first);
}

/** Every match of `pattern` (global or not) whose start is not negated. */
export function affirmedMatches(text: string, pattern: RegExp, window = 3): RegExpExecArray[] {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  return [...text.matchAll(global)].filter((m) => !isNegatedAt(text, m.index + symptomOffset(m), m.index + m[0].length, window));
}

/** Where in a match the denied word sits: the named group `s` (or `s2` in a second alternative) when the pattern has one, else its start. */
function symptomOffset(m: RegExpExecArray): number {
  const s = m.groups?.s ?? m.groups?.s2;
  if (s === undefined) return 0;
  const at = m[0].indexOf(s);
  return at < 0 ? 0 : at;
}

/** Whether `pattern` occurs in `text` at least once without being negated. */
export function affirmed(text: string, pattern: RegExp, window = 3): boolean {
  return affirmedMatches(text, pattern, window).length > 0;
}
