/** A small plan for the chat and modify tests: today is Thursday 10-12-2026 (week of Monday 07-12). */
import type { Run } from '../../training-plan/contract';
import { plannedRun } from '../../training-plan/run-fixture';
import { runColor } from '../../training-plan/run-types';

export const TODAY = '2026-12-10';

let nextId = 0;
export function run(date: string, title: string, program: string, extra: Partial<Run> = {}): Run {
  nextId += 1;
  return plannedRun({
    _id: `r${nextId}`,
    date,
    title,
    program,
    paceRange: /easy|recovery/i.test(title) ? "6'30 - 7'00" : /long|endurance/i.test(title) ? "6'00 - 6'30" : "5'00 - 5'10",
    color: runColor(title),
    periodization: 'Base',
    generatedby: 'ai',
    ...extra,
  });
}

export function samplePlan(): Run[] {
  return [
    run('08-12-2026', 'Easy Run', '(5k)', { trainingdistance: 5, trainingtime: 1900, trainingpace: 380, traininghr: 140 }),
    run('10-12-2026', 'Tempo Run', '(6k)'),
    run('12-12-2026', 'Endurance Long Run', '(12k)'),
    run('15-12-2026', 'Easy Run', '(6k)'),
    run('17-12-2026', 'Interval', '(2k WU + 5x800m + 2k CD)', { periodization: 'Build' }),
    run('18-12-2026', 'Fun Run Komunitas', '(5k)', { generatedby: 'user', periodization: null }),
    run('19-12-2026', 'Endurance Long Run', '(14k)', { periodization: 'Build' }),
    run('20-12-2026', 'Recovery Run', '(4k)', { periodization: 'Build' }),
    run('22-12-2026', 'Easy Run', '(45 menit)', { periodization: 'Build' }),
    run('24-12-2026', 'Tempo Run', '(7k)', { periodization: 'Build' }),
    run('26-12-2026', 'Endurance Long Run', '(16k)', { periodization: 'Build' }),
  ];
}
