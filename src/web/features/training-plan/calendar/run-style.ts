import { runType, type RunType } from '../../../../domain/training-plan/run-types';

/**
 * The calendar's own palette per workout type (spec §5 colours: recovery blue, endurance green,
 * steady yellow, tempo orange, interval red, race day dark pink, otherwise gray). Chips are a
 * light tint with dark text (well above WCAG AA) and a solid accent bar; dots are decorative; the
 * compact (phone) chip is the solid colour with a done tick in `tick`.
 */
export const runTypeStyles: Record<RunType, { chip: string; accent: string; dot: string; tick: string }> = {
  recovery: { chip: 'bg-blue-50 text-blue-950 border-blue-200', accent: 'bg-blue-500', dot: 'bg-blue-500', tick: 'text-white' },
  endurance: { chip: 'bg-green-50 text-green-950 border-green-200', accent: 'bg-green-600', dot: 'bg-green-600', tick: 'text-white' },
  steady: { chip: 'bg-yellow-50 text-yellow-950 border-yellow-300', accent: 'bg-yellow-500', dot: 'bg-yellow-500', tick: 'text-yellow-950' },
  tempo: { chip: 'bg-orange-50 text-orange-950 border-orange-200', accent: 'bg-orange-500', dot: 'bg-orange-500', tick: 'text-white' },
  interval: { chip: 'bg-red-50 text-red-950 border-red-200', accent: 'bg-red-600', dot: 'bg-red-600', tick: 'text-white' },
  race: { chip: 'bg-pink-50 text-pink-950 border-pink-200', accent: 'bg-pink-700', dot: 'bg-pink-700', tick: 'text-white' },
  other: { chip: 'bg-slate-50 text-slate-900 border-slate-200', accent: 'bg-slate-500', dot: 'bg-slate-500', tick: 'text-white' },
};

export function runStyle(title: string) {
  return runTypeStyles[runType(title)];
}
