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
