import { categoryTone, type CategoryTone } from '../../domain/registrations/openness';
import { cn } from './cn';

/** Chip colours by distance (§9); every pair keeps ≥ 4.5:1 contrast. */
const toneClass: Record<CategoryTone, string> = {
  '5k': 'bg-emerald-100 text-emerald-800',
  '10k': 'bg-sky-100 text-sky-800',
  hm: 'bg-violet-100 text-violet-800',
  fm: 'bg-rose-100 text-rose-800',
  trail: 'bg-amber-100 text-amber-900',
  other: 'bg-slate-100 text-slate-700',
};

export function CategoryChip({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClass[categoryTone(name)], className)}>
      {name}
    </span>
  );
}
