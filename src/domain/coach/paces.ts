/** Training zones (Daniels): easy/recovery, marathon/steady, threshold/tempo, interval, repetition. */
export const paceZones = ['easy', 'marathon', 'threshold', 'interval', 'repetition'] as const;
export type PaceZone = (typeof paceZones)[number];
/** A pace range in seconds per km: `fast` ≤ `slow`. */
export interface PaceBand {
  fast: number;
  slow: number;
}

// SCAFFOLD (the engine helper implements).
export function trainingPaces(_vdot: number): Record<PaceZone, PaceBand> {
  throw new Error('not implemented');
}
/** The spec's paceRange text "m'ss - m'ss" (fast first). */
export function formatPaceBand(_band: PaceBand): string {
  throw new Error('not implemented');
}
