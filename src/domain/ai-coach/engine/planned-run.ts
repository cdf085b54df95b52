import type { PlannedRun } from '../contract';
import { isoToPlanDate, type IsoDay } from '../../shared/wire-date';
import { runColor } from '../../training-plan/run-types';
import type { Run } from '../../training-plan/contract';

type Periodization = PlannedRun['periodization'];

/** A run the AI proposes, on an ISO day: its colour follows its title, its maker is always the AI. */
export function plannedRun(run: { day: IsoDay; title: string; program: string; paceRange: string; periodization: Periodization | undefined }): PlannedRun {
  return {
    date: isoToPlanDate(run.day),
    title: run.title,
    program: run.program,
    paceRange: run.paceRange,
    color: runColor(run.title),
    periodization: run.periodization ?? null,
    generatedby: 'ai',
  };
}

/** A stored run (any maker) as the engine and the checker read plans: its date, title, program and pace. */
export function asPlannedRun(run: Pick<Run, 'date' | 'title' | 'program' | 'paceRange' | 'periodization'>): PlannedRun {
  return { date: run.date, title: run.title, program: run.program, paceRange: run.paceRange, color: runColor(run.title), periodization: run.periodization, generatedby: 'ai' };
}
