import { describe, expect, it } from 'vitest';
import type { LockedRun, Run } from '../../../../domain/training-plan/contract';
import { countRuns, datedRuns, decideMove, keyboardStep, lockedRunReason, runCountLabel, runsByDay, shortDayLabel, titleOf, upcomingRuns, longDayLabel } from './calendar-model';
import { createRunFormSchema, PROGRAM_SUGGESTIONS, toRunInput } from './create-run-form';
import { messages } from '../../../../domain/training-plan/training-plan';
import { runInputSchema } from '../../../../domain/training-plan/contract';
import { plannedRun } from '../../../../domain/training-plan/run-fixture';

const run = (over: Partial<Run>): Run => plannedRun({ _id: 'r', date: '10-11-2026', color: 'bg-gray-500', ...over });
const stub = (over: Partial<LockedRun>): LockedRun => ({ _id: 'l', date: '10-11-2026', generatedby: 'ai', locked: true, ...over });

describe('grouping and the upcoming list', () => {
  const plan = datedRuns([
    run({ _id: 'a', date: '12-11-2026', title: 'Tempo Run' }),
    run({ _id: 'b', date: '09-11-2026' }),
    run({ _id: 'c', date: '12-11-2026', title: 'Easy Run' }),
    run({ _id: 'd', date: '31-02-2026' }),
    run({ _id: 'e', date: '10-11-2026' }),
  ]);

  it('leaves out runs whose date is not a real day and groups the rest by ISO day in plan order', () => {
    expect(plan.map((r) => r.run._id)).toEqual(['a', 'b', 'c', 'e']);
    const map = runsByDay(plan);
    expect(map.get('2026-11-12')!.map((r) => r._id)).toEqual(['a', 'c']);
    expect(map.get('2026-11-09')!.map((r) => r._id)).toEqual(['b']);
    expect(map.has('2026-11-11')).toBe(false);
  });

  it('lists runs from today on, by date, keeping plan order within a day', () => {
    expect(upcomingRuns(plan, '2026-11-10').map((r) => r.run._id)).toEqual(['e', 'a', 'c']);
    expect(upcomingRuns(plan, '2026-11-13')).toEqual([]);
  });

  it('labels days in Indonesian', () => {
    expect(shortDayLabel('2026-11-23')).toBe('Sen, 23 Nov');
    expect(shortDayLabel('2026-08-17')).toBe('Sen, 17 Agt');
    expect(longDayLabel('2026-11-22')).toBe('Minggu, 22 November 2026');
  });
});

describe('locked runs (the server sends them as stubs)', () => {
  it('are grouped and listed like any run, with no title to read', () => {
    const plan = datedRuns([run({ _id: 'a', date: '12-11-2026' }), stub({ _id: 'k', date: '12-11-2026' })]);
    expect(runsByDay(plan).get('2026-11-12')!.map((r) => r._id)).toEqual(['a', 'k']);
    expect(upcomingRuns(plan, '2026-11-12').map((r) => r.run.locked)).toEqual([false, true]);
    expect(titleOf(plan[1]!.run)).toBe('');
    expect(titleOf(plan[0]!.run)).toBe('Easy Run');
  });

  it('never count as a heavy neighbour (their title is hidden)', () => {
    const plan = datedRuns([run({ _id: 'tempo', date: '10-11-2026', title: 'Tempo Run' }), stub({ _id: 'k', date: '13-11-2026' })]);
    expect(decideMove(plan, { _id: 'tempo', title: 'Tempo Run' }, '2026-11-10', '2026-11-12', '2026-11')).toEqual({ kind: 'move', day: '2026-11-12' });
  });
});

describe('what a drop means (spec §4 Moving a run)', () => {
  const plan = datedRuns([
    run({ _id: 'tempo', date: '10-11-2026', title: 'Tempo Run' }),
    run({ _id: 'interval', date: '16-11-2026', title: 'Interval 6x800' }),
    run({ _id: 'easy', date: '12-11-2026', title: 'Easy Run' }),
  ]);
  const tempo = plan[0]!.run as Run;
  const easy = plan[2]!.run as Run;

  it('does nothing on the same day, outside the displayed month or off the grid', () => {
    expect(decideMove(plan, tempo, '2026-11-10', '2026-11-10', '2026-11')).toEqual({ kind: 'ignore' });
    expect(decideMove(plan, tempo, '2026-11-10', '2026-12-01', '2026-11')).toEqual({ kind: 'ignore' });
    expect(decideMove(plan, tempo, '2026-11-10', '2026-10-31', '2026-11')).toEqual({ kind: 'ignore' });
    expect(decideMove(plan, tempo, '2026-11-10', null, '2026-11')).toEqual({ kind: 'ignore' });
  });

  it('asks first when a heavy run lands on or next to another heavy run', () => {
    for (const target of ['2026-11-15', '2026-11-16', '2026-11-17']) {
      const decision = decideMove(plan, tempo, '2026-11-10', target, '2026-11');
      expect(decision).toMatchObject({ kind: 'confirm', day: target, conflict: { _id: 'interval', day: '2026-11-16' } });
    }
  });

  it('moves at once otherwise: a heavy run two days away, or a light run anywhere', () => {
    expect(decideMove(plan, tempo, '2026-11-10', '2026-11-14', '2026-11')).toEqual({ kind: 'move', day: '2026-11-14' });
    expect(decideMove(plan, easy, '2026-11-12', '2026-11-17', '2026-11')).toEqual({ kind: 'move', day: '2026-11-17' });
    // The moving run never conflicts with itself where it stands now.
    expect(decideMove(plan, tempo, '2026-11-10', '2026-11-11', '2026-11')).toEqual({ kind: 'move', day: '2026-11-11' });
  });
});

describe('keyboard steps', () => {
  it('moves a day sideways or a week up and down, and stops at the month edge', () => {
    expect(keyboardStep('2026-11-10', 'ArrowRight', '2026-11')).toBe('2026-11-11');
    expect(keyboardStep('2026-11-10', 'ArrowLeft', '2026-11')).toBe('2026-11-09');
    expect(keyboardStep('2026-11-10', 'ArrowDown', '2026-11')).toBe('2026-11-17');
    expect(keyboardStep('2026-11-10', 'ArrowUp', '2026-11')).toBe('2026-11-03');
    expect(keyboardStep('2026-11-30', 'ArrowRight', '2026-11')).toBe('2026-11-30');
    expect(keyboardStep('2026-11-03', 'ArrowUp', '2026-11')).toBe('2026-11-03');
  });
});

describe("the 'Buat Jadwal' form", () => {
  it('requires a date with the spec message, and a title', () => {
    const result = createRunFormSchema.safeParse({ date: '', title: '  ', program: '', paceRange: '' });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(issues.date).toBe('Tanggal tidak boleh kosong.');
    expect(issues.title).toBe(messages.titleRequired);
  });

  it('sends the picked day as DD-MM-YYYY, as a run the runner made', () => {
    const values = createRunFormSchema.parse({ date: '2026-11-24', title: ' Tempo Run ', program: '10k', paceRange: "5'30 - 6'00" });
    const input = toRunInput(values);
    expect(input).toEqual({ date: '24-11-2026', title: 'Tempo Run', program: '10k', paceRange: "5'30 - 6'00", periodization: null, generatedby: 'user' });
    expect(runInputSchema.safeParse(input).success).toBe(true);
  });

  it('keeps the contract limits', () => {
    expect(createRunFormSchema.safeParse({ date: '2026-11-24', title: 'x'.repeat(101), program: '', paceRange: '' }).success).toBe(false);
    expect(createRunFormSchema.safeParse({ date: '1999-12-31', title: 'Easy Run', program: '', paceRange: '' }).success).toBe(false);
  });

  it('suggests only programs the server accepts', () => {
    for (const program of PROGRAM_SUGGESTIONS) {
      expect(createRunFormSchema.safeParse({ date: '2026-11-24', title: 'Easy Run', program, paceRange: '' }).success, program).toBe(true);
    }
  });

  it('says what is wrong: a year out of range, a free-text program or pace range', () => {
    const issues = (input: Record<string, string>) => {
      const result = createRunFormSchema.safeParse({ date: '2026-11-24', title: 'Easy Run', program: '', paceRange: '', ...input });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
    };
    expect(issues({ date: '1999-12-31' }).date).toBe(messages.dateOutOfRange);
    expect(issues({ date: '0202-01-05' }).date).toBe(messages.dateOutOfRange);
    expect(issues({ date: '2026-02-31' }).date).toBe(messages.dateNotInCalendar);
    expect(issues({ program: 'lima kilo' }).program).toBe(messages.programInvalid);
    expect(issues({ paceRange: 'cepat sekali' }).paceRange).toBe(messages.paceRangeInvalid);
    expect(createRunFormSchema.parse({ date: '2026-11-24', title: 'Easy Run', program: '6x800m', paceRange: '4:10-4:15/km' })).toMatchObject({
      program: '6x800m',
      paceRange: "4'10 - 4'15",
    });
  });
});

describe('locked runs counted apart and explained', () => {
  it("counts open and locked runs apart: '12 latihan · 28 terkunci', or just the open ones", () => {
    const counts = countRuns([{ run: run({}) }, { run: stub({}) }, { run: stub({ _id: 'm' }) }]);
    expect(counts).toEqual({ open: 1, locked: 2 });
    expect(runCountLabel({ open: 12, locked: 28 })).toBe('12 latihan · 28 terkunci');
    expect(runCountLabel({ open: 3, locked: 0 })).toBe('3 latihan');
  });

  it("says why a run is locked: after the trial's or the subscription's end, without any access, or to a coach", () => {
    expect(lockedRunReason('2026-11-20', { view: 'runner', accessEnd: '2026-11-16', status: 'trialing' })).toBe(
      'Latihan dari AI Coach pada Jumat, 20 November 2026 jatuh setelah uji coba gratismu berakhir (16 November 2026).',
    );
    expect(lockedRunReason('2026-11-20', { view: 'runner', accessEnd: '2026-11-16', status: 'past_due' })).toContain('setelah langgananmu berakhir (16 November 2026)');
    expect(lockedRunReason('2026-11-20', { view: 'runner', accessEnd: null, status: 'none' })).toBe(
      'Latihan dari AI Coach pada Jumat, 20 November 2026 terkunci karena kamu belum memiliki langganan aktif.',
    );
    expect(lockedRunReason('2026-11-20', { view: 'coach' })).toContain('setelah langganan pelari berakhir');
  });
});
