/** For tests: a runner's own planned run with no result yet, changed by `over`. */
import type { Run } from './contract';

export function plannedRun(over: Partial<Run> = {}): Run {
  return {
    _id: 'run-1',
    date: '14-07-2027',
    title: 'Easy Run',
    program: '(5k)',
    paceRange: '',
    color: '',
    periodization: null,
    generatedby: 'user',
    trainingdistance: null,
    trainingtime: null,
    trainingpace: null,
    traininghr: null,
    source: null,
    locked: false,
    ...over,
  };
}
