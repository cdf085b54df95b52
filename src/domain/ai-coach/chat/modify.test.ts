import { describe, expect, it } from 'vitest';
import { plannedRunSchema, type Modification } from '../contract';
import type { Run } from '../../training-plan/contract';
import { isSpecialRun, runColor } from '../../training-plan/run-types';
import { isValidProgram, plannedDistanceKm } from '../../training-plan/training-program';
import { coachChat } from './coach-chat';
import { run, samplePlan, TODAY } from './fixture';
import { applyModifications, ModificationError, scaleProgram } from './modify';

function apply(modifications: Modification[], plan: Run[] = samplePlan(), today = TODAY) {
  const result = applyModifications({ form: null, plan, modifications, today });
  for (const r of result.runs) expect(plannedRunSchema.safeParse(r).success).toBe(true);
  return result;
}

/** What the chat proposes for a message, applied. */
function chatThenApply(message: string, plan: Run[] = samplePlan()) {
  const reply = coachChat({ form: null, maingoal: '', chathistory: [], usermessage: message, plan, today: TODAY });
  expect(reply.status, reply.clarification_question ?? '').toBe('COMPLETE');
  return { reply, result: apply(reply.modifications, plan) };
}

const byDate = (runs: { date: string; title: string; program: string }[]) => runs.map((r) => `${r.date} ${r.title} ${r.program}`);

describe('applyModifications: move', () => {
  it('moves the run to its new date; the range holds both days', () => {
    const { reply, result } = chatThenApply('pindahkan long run ke hari Minggu');
    expect(byDate(result.runs)).toEqual(['13-12-2026 Endurance Long Run (12k)']);
    expect([result.startDay, result.endDay]).toEqual(['2026-12-12', '2026-12-13']);
    expect(result.runs[0]).toMatchObject({ color: 'bg-green-500', generatedby: 'ai', periodization: 'Base', paceRange: "6'00 - 6'30" });
    expect([reply.modifications[0]!.startDate, reply.modifications[0]!.endDate]).toEqual(['12-12-2026', '13-12-2026']);
  });

  it('keeps the unchanged AI runs of the range, never logged or user runs', () => {
    const result = apply([{ instruction: 'x', action: { type: 'move', from: '12-12-2026', to: '20-12-2026' } }]);
    // 12..20: the tempo (10) is outside; the user's Fun Run (18) is not the AI's to send back.
    expect(byDate(result.runs)).toEqual([
      '12-12-2026 Recovery Run (4k)', // swapped from Sunday 20
      '15-12-2026 Easy Run (6k)',
      '17-12-2026 Interval (2k WU + 5x800m + 2k CD)',
      '19-12-2026 Recovery Run (8k)', // the long run next to the moved one, softened
      '20-12-2026 Endurance Long Run (12k)',
    ]);
    expect(result.runs.some((r) => r.title === 'Fun Run Komunitas')).toBe(false);
  });

  it('a heavy neighbour becomes an easy recovery run (shorter, easy pace), and the notes say so', () => {
    const result = apply([{ instruction: 'Pindahkan Tempo Run', action: { type: 'move', from: '10-12-2026', to: '11-12-2026' } }]);
    expect(byDate(result.runs)).toEqual(['11-12-2026 Tempo Run (6k)', '12-12-2026 Recovery Run (8k)']);
    expect(result.runs[1]).toMatchObject({ color: runColor('Recovery Run'), paceRange: "6'30 - 7'00" });
    expect(result.notes).toEqual(['Endurance Long Run Sabtu, 12 Desember 2026 diganti menjadi Recovery Run agar tidak ada dua latihan berat berurutan.']);
  });

  it('a run already on the target day swaps to the vacated day', () => {
    const result = apply([{ instruction: 'x', action: { type: 'move', from: '19-12-2026', to: '20-12-2026' } }]);
    expect(byDate(result.runs)).toEqual(['19-12-2026 Recovery Run (4k)', '20-12-2026 Endurance Long Run (14k)']);
    expect(result.notes[0]).toBe('Recovery Run Minggu, 20 Desember 2026 ditukar ke Sabtu, 19 Desember 2026.');
  });

  it('no two special runs on the same or adjacent days after any move this week', () => {
    for (const to of ['11-12-2026', '13-12-2026', '14-12-2026', '16-12-2026']) {
      const result = apply([{ instruction: 'x', action: { type: 'move', from: '12-12-2026', to } }]);
      const heavy = result.runs.filter((r) => isSpecialRun(r.title)).map((r) => r.date);
      const days = heavy.map((d) => Number(d.slice(0, 2)));
      for (let i = 1; i < days.length; i++) expect(days[i]! - days[i - 1]!).toBeGreaterThan(1);
    }
  });

  it('refuses past days, days without an AI run, and logged runs', () => {
    expect(() => apply([{ instruction: 'x', action: { type: 'move', from: '08-12-2026', to: '11-12-2026' } }])).toThrow(ModificationError);
    expect(() => apply([{ instruction: 'x', action: { type: 'move', from: '12-12-2026', to: '09-12-2026' } }])).toThrow(
      'Latihan hanya bisa dipindahkan ke hari ini atau hari berikutnya.',
    );
    expect(() => apply([{ instruction: 'x', action: { type: 'move', from: '18-12-2026', to: '21-12-2026' } }])).toThrow(
      'Tidak ada latihan AI yang bisa dipindahkan pada Jumat, 18 Desember 2026.',
    );
  });
});

describe('applyModifications: volume', () => {
  it('scales programs to 0.5 km, keeping them valid', () => {
    expect(scaleProgram('(8k)', 0.8)).toBe('(6.5k)');
    expect(scaleProgram('(12 km)', 0.8)).toBe('(9.5 km)');
    expect(scaleProgram('(45 menit)', 0.8)).toBe('(35 menit)');
    expect(scaleProgram('(2k WU + 5x800m + 2k CD)', 0.8)).toBe('(1.5k WU + 4x800m + 1.5k CD)');
    expect(scaleProgram('(10k)', 1.1)).toBe('(11k)');
    expect(scaleProgram('(HM)', 0.8)).toBeNull();
  });

  it('"kurangi volume minggu ini": every AI run of today..Sunday, plannedDistanceKm consistent', () => {
    const plan = samplePlan();
    const { result } = chatThenApply('kurangi volume minggu ini', plan);
    expect(byDate(result.runs)).toEqual(['10-12-2026 Tempo Run (5k)', '12-12-2026 Endurance Long Run (9.5k)']);
    expect([result.startDay, result.endDay]).toEqual(['2026-12-10', '2026-12-13']);
    for (const r of result.runs) {
      const before = plannedDistanceKm(plan.find((p) => p.date === r.date)!.program)!;
      expect(isValidProgram(r.program)).toBe(true);
      expect(Math.abs(plannedDistanceKm(r.program)! - before * 0.8)).toBeLessThanOrEqual(0.25);
    }
  });

  it('every program stays valid for any factor', () => {
    for (const factor of [0.3, 0.5, 0.7, 0.8, 0.9, 1.1, 1.5]) {
      const result = apply([{ instruction: 'x', startDate: '10-12-2026', endDate: '31-12-2026', action: { type: 'volume', factor } }]);
      expect(result.runs.every((r) => isValidProgram(r.program))).toBe(true);
    }
  });

  it('a range reaching into the past starts today', () => {
    const result = apply([{ instruction: 'x', startDate: '01-12-2026', endDate: '13-12-2026', action: { type: 'volume', factor: 0.5 } }]);
    expect(result.startDay).toBe(TODAY);
    expect(result.runs.every((r) => r.date >= '10-12-2026')).toBe(true);
  });
});

describe('applyModifications: rest', () => {
  it('injury: no special run left in the range, shorter, easy pace; user runs untouched', () => {
    const plan = samplePlan();
    const result = apply([{ instruction: 'cedera', startDate: '10-12-2026', endDate: '23-12-2026', action: { type: 'rest', reason: 'injury' } }], plan);
    expect(result.runs.filter((r) => isSpecialRun(r.title))).toEqual([]);
    expect(result.runs.every((r) => r.title === 'Recovery Run' && (plannedDistanceKm(r.program) ?? 0) <= 5)).toBe(true);
    expect(result.runs.some((r) => r.title === 'Fun Run Komunitas' || r.date === '08-12-2026')).toBe(false);
    expect(result.runs.find((r) => r.date === '12-12-2026')).toMatchObject({ program: '(5k)', paceRange: "6'30 - 7'00" });
  });

  it('chat "lutut saya sakit" → 7 easy days', () => {
    const { result } = chatThenApply('lutut saya sakit');
    expect(byDate(result.runs)).toEqual(['10-12-2026 Recovery Run (3k)', '12-12-2026 Recovery Run (5k)', '15-12-2026 Recovery Run (3k)']);
  });

  it('fever: the first days have no runs at all', () => {
    const { result } = chatThenApply('saya demam');
    expect(byDate(result.runs)).toEqual(['15-12-2026 Recovery Run (3k)']);
    expect([result.startDay, result.endDay]).toEqual(['2026-12-10', '2026-12-16']);
  });

  it('fatigue: heavy runs become recovery runs, the rest 30% shorter', () => {
    const { result } = chatThenApply('saya terlalu capek');
    expect(byDate(result.runs)).toEqual(['10-12-2026 Recovery Run (3.5k)', '12-12-2026 Recovery Run (7k)']);
  });

  it('busy: shorter runs of the same kind', () => {
    const { result } = chatThenApply('minggu ini saya sibuk');
    expect(byDate(result.runs)).toEqual(['10-12-2026 Tempo Run (3.5k)', '12-12-2026 Endurance Long Run (7k)']);
  });

  it('without a form or easy runs, a heavy run’s pace is slowed', () => {
    const plan = [run('12-12-2026', 'Tempo Run', '(8k)')];
    const result = apply([{ instruction: 'x', action: { type: 'rest', reason: 'injury' } }], plan);
    expect(result.runs[0]).toMatchObject({ title: 'Recovery Run', paceRange: "6'00 - 6'28" });
  });
});

describe('applyModifications: LLM modifications', () => {
  it('a new workout for a date replaces that day’s AI run', () => {
    const result = apply([{ instruction: 'Ganti interval', date: '17-12-2026', new_workout: { title: 'Tempo Run', program: '8k', pacerange: '5:00-5:10/km' } }]);
    expect(result.runs).toEqual([
      { date: '17-12-2026', title: 'Tempo Run', program: '(8k)', paceRange: "5'00 - 5'10", color: 'bg-orange-500', periodization: 'Build', generatedby: 'ai' },
    ]);
  });

  it('a new workout with a program that is not one is refused', () => {
    expect(() => apply([{ instruction: 'x', date: '17-12-2026', new_workout: { title: 'Tempo Run', program: 'cepat sekali', pacerange: '' } }])).toThrow(ModificationError);
  });

  it('an instruction without an action is read like a chat message', () => {
    const result = apply([{ instruction: 'Pindahkan Endurance Long Run Sabtu, 12 Desember 2026 ke Minggu, 13 Desember 2026' }]);
    expect(byDate(result.runs)).toEqual(['13-12-2026 Endurance Long Run (12k)']);
    const volume = apply([{ instruction: 'Kurangi jarak latihan 50% minggu depan' }]);
    expect([volume.startDay, volume.endDay]).toEqual(['2026-12-14', '2026-12-20']);
    expect(volume.runs.find((r) => r.date === '19-12-2026')!.program).toBe('(7k)');
  });

  it('an instruction it cannot read throws its question', () => {
    expect(() => apply([{ instruction: 'buat lebih seru' }])).toThrow(/belum memahami/);
  });

  it('several modifications: one union range, applied in order', () => {
    const result = apply([
      { instruction: 'a', action: { type: 'move', from: '12-12-2026', to: '13-12-2026' } },
      { instruction: 'b', startDate: '24-12-2026', endDate: '26-12-2026', action: { type: 'volume', factor: 0.5 } },
    ]);
    expect([result.startDay, result.endDay]).toEqual(['2026-12-12', '2026-12-26']);
    expect(byDate(result.runs)).toContain('26-12-2026 Endurance Long Run (8k)');
    expect(byDate(result.runs)).toContain('13-12-2026 Endurance Long Run (12k)');
    expect(byDate(result.runs)).toContain('15-12-2026 Easy Run (6k)');
  });

  it('race changes need a form', () => {
    expect(() => apply([{ instruction: 'x', action: { type: 'race', raceDate: '15-03-2027' } }])).toThrow(/Buat Program Latihan dengan AI/);
  });
});
