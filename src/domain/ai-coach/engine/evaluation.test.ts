import { describe, expect, it } from 'vitest';
import { evaluationSummarySchema } from '../contract';
import { addDays } from '../../shared/wire-date';
import { evaluateFortnight, evaluationNote, VOLUME_FACTORS, type FortnightRun } from './evaluation';

const windowStart = '2026-03-02';
const windowEnd = '2026-03-15';
const today = '2026-03-16';

/** Ten planned runs over the two weeks: 8 km endurance at 6'00–6'30, HR zone 137–156. */
function plan(count = 10, overrides: Partial<FortnightRun> = {}): FortnightRun[] {
  return Array.from({ length: count }, (_, i) => ({
    day: addDays(windowStart, Math.floor((i * 14) / count)),
    title: 'Endurance Run',
    program: '(8k)',
    paceRange: "6'00 - 6'30",
    generatedby: 'ai' as const,
    trainingdistance: null,
    trainingtime: null,
    traininghr: null,
    ...overrides,
  }));
}
/** Logged at 6'15/km over `km`, with the given HR. */
const logged = (run: FortnightRun, km = 8, hr = 145, paceSeconds = 375): FortnightRun => ({
  ...run,
  trainingdistance: km,
  trainingtime: Math.round(km * paceSeconds),
  traininghr: hr,
});
const evaluate = (runs: FortnightRun[]) => evaluateFortnight({ runs, windowStart, windowEnd, today });

describe('evaluateFortnight', () => {
  it('progresses after two good weeks: 9 of 10 done, on distance and pace', () => {
    const runs = plan().map((run, i) => (i === 3 ? run : logged(run)));
    const result = evaluate(runs);
    expect(result).toMatchObject({ planned: 10, completed: 9, completion: 0.9, distanceScore: 10, paceScore: 10, heartRateScore: 10, hardRuns: 0, decision: 'progress' });
    expect(result.volumeFactor).toBe(VOLUME_FACTORS.progress);
    expect(result.volumeFactor).toBeGreaterThan(1);
    expect(result.volumeFactor).toBeLessThanOrEqual(1.1);
    expect(result.plannedKm).toBe(80);
    expect(result.loggedKm).toBe(72);
    expect(evaluationSummarySchema.parse(result)).toEqual(result);
  });

  it('makes the next weeks lighter after missed weeks, much lighter when nearly nothing was run', () => {
    const four = evaluate(plan().map((run, i) => (i < 4 ? logged(run) : run)));
    expect(four).toMatchObject({ completed: 4, completion: 0.4, decision: 'lighter', volumeFactor: VOLUME_FACTORS.lighter });
    const one = evaluate(plan().map((run, i) => (i < 2 ? logged(run) : run)));
    expect(one).toMatchObject({ completed: 2, decision: 'lighter', volumeFactor: VOLUME_FACTORS.muchLighter });
    expect(VOLUME_FACTORS.muchLighter).toBeLessThan(VOLUME_FACTORS.lighter);
    expect(VOLUME_FACTORS.lighter).toBeLessThan(1);
  });

  it('makes the next weeks lighter after very hard weeks although everything was run', () => {
    // HR 175 is far above the endurance zone's 156.
    const hot = evaluate(plan().map((run, i) => logged(run, 8, i < 5 ? 175 : 145)));
    expect(hot).toMatchObject({ completion: 1, hardRuns: 5, hardness: { hrAboveZone: 5, paceTooSlow: 0, tooLong: 0 }, decision: 'lighter' });
    // 7'30/km is 15 % slower than the range's 6'30.
    const slow = evaluate(plan().map((run) => logged(run, 8, 145, 450)));
    expect(slow).toMatchObject({ hardness: { paceTooSlow: 10 }, decision: 'lighter' });
    // 12 km logged for 8 planned, every time.
    const long = evaluate(plan().map((run) => logged(run, 12)));
    expect(long).toMatchObject({ hardness: { tooLong: 10 }, decision: 'lighter' });
  });

  it('holds when the weeks were neither missed nor good enough to progress', () => {
    const seven = evaluate(plan().map((run, i) => (i < 7 ? logged(run) : run)));
    expect(seven).toMatchObject({ completion: 0.7, decision: 'hold', volumeFactor: 1 });
    expect(seven.reasons).toContain('7 dari 10 latihan selesai.');
    // All done, but at 5'00/km where 6'00–6'30 was planned: easy runs raced, pace score under 7.
    const offPace = evaluate(plan().map((run) => logged(run, 8, 145, 300)));
    expect(offPace.decision).toBe('hold');
    expect(offPace.paceScore!).toBeLessThan(7);
    expect(offPace.reasons).toContain('Pace belum sesuai target.');
    // Two planned runs say too little to progress.
    expect(evaluate(plan(2).map((run) => logged(run))).decision).toBe('hold');
    expect(evaluate([])).toMatchObject({ planned: 0, decision: 'hold', volumeFactor: 1 });
  });

  it("counts the plan's runs (AI and coach) inside the window and before today; the runner's own logged runs are extra", () => {
    const runs: FortnightRun[] = [
      ...plan(4).map((run) => logged(run)),
      logged({ ...plan(1)[0]!, generatedby: 'coach', day: windowEnd }),
      logged({ ...plan(1)[0]!, generatedby: 'user', day: '2026-03-05' }, 5),
      { ...plan(1)[0]!, day: addDays(windowStart, -1) },
      { ...plan(1)[0]!, day: today },
    ];
    const result = evaluate(runs);
    expect(result).toMatchObject({ planned: 5, completed: 5, extraRuns: 1, extraKm: 5 });
  });
});

describe('evaluationNote', () => {
  const noteOf = (runs: FortnightRun[], nextKmBefore?: number, nextKmAfter?: number) => evaluationNote({ ...evaluate(runs), nextKmBefore, nextKmAfter });
  const sentences = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z])/).length;
  const good = () => plan().map((run, i) => (i === 3 ? run : logged(run)));

  it('says what changed, by how much and why, in at most two sentences', () => {
    const progress = noteOf(good(), 40, 42);
    expect(progress).toBe('Evaluasi 2 minggu: 9 dari 10 latihan selesai dengan jarak dan pace sesuai target. Volume 2 minggu ke depan dinaikkan sedikit dari 40 km menjadi 42 km (+5%).');
    const missed = noteOf(plan().map((run, i) => (i < 4 ? logged(run) : run)), 40, 34.5);
    expect(missed).toBe('Evaluasi 2 minggu: hanya 4 dari 10 latihan selesai. Program 2 minggu ke depan dibuat lebih ringan dari 40 km menjadi 34,5 km agar kamu bisa kembali konsisten.');
    const hard = noteOf(plan().map((run, i) => logged(run, 8, i < 5 ? 175 : 145)), 40, 34);
    expect(hard).toBe(
      'Evaluasi 2 minggu: 10 dari 10 latihan selesai, tetapi 5 terasa sangat berat (detak jantung di atas zona). Volume 2 minggu ke depan dikurangi dari 40 km menjadi 34 km agar tubuhmu sempat pulih.',
    );
    const hold = noteOf(plan().map((run, i) => (i < 7 ? logged(run) : run)));
    expect(hold).toMatch(/^Evaluasi 2 minggu: 7 dari 10 latihan selesai\. Program 2 minggu ke depan tetap sesuai rencana/);
    const none = noteOf([]);
    expect(none).toContain('tidak ada latihan terjadwal');
    for (const note of [progress, missed, hard, hold, none]) expect(sentences(note)).toBeLessThanOrEqual(2);
  });

  it('does not claim a rise the safety cap took away, and reads without the km when they are not known', () => {
    expect(noteOf(good(), 40, 40)).toContain('sudah di batas kenaikan yang aman, jadi tetap sesuai rencana.');
    expect(noteOf(good())).toBe('Evaluasi 2 minggu: 9 dari 10 latihan selesai dengan jarak dan pace sesuai target. Volume 2 minggu ke depan dinaikkan sedikit.');
  });
});
