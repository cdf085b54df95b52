import { Mountain, Route } from 'lucide-react';
import { roadOrTrailLabels, type RoadOrTrail } from '../../../domain/event-calendar/event-calendar';
import { cn } from '../../components/cn';

export function RoadTrailTag({ kind }: { kind: RoadOrTrail }) {
  const Icon = kind === 'trail' ? Mountain : Route;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold',
        kind === 'trail' ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {roadOrTrailLabels[kind]}
    </span>
  );
}

/** Derap's partners: accepted platform events and submissions an admin marked as partnership. */
export function PartnerTag() {
  return <span className="inline-flex items-center rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">Partner Derap</span>;
}
