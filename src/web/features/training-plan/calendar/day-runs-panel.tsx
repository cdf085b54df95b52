import { Footprints, Plus, X } from 'lucide-react';
import type { PlanRun } from '../../../../domain/training-plan/contract';
import { Button } from '../../../components/button';
import { longDayLabel } from './calendar-model';
import { RunRow } from './run-row';

export interface DayRunsPanelProps {
  day: string;
  runs: readonly PlanRun[];
  onOpen: (run: PlanRun) => void;
  onAdd: (day: string) => void;
  onClose: () => void;
}

/** The runs of the day picked in the grid, full size (the grid's chips are tiny on a phone). */
export function DayRunsPanel({ day, runs, onOpen, onAdd, onClose }: DayRunsPanelProps) {
  return (
    <section aria-labelledby="day-panel-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="day-panel">
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id="day-panel-title" className="text-base font-bold text-slate-900 capitalize">
          {longDayLabel(day)}
        </h2>
        <button type="button" onClick={onClose} className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Tutup detail hari">
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      {runs.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Footprints className="size-4 text-brand-600" aria-hidden="true" /> Belum ada latihan di hari ini.
        </p>
      ) : (
        <ul className="-mx-2 space-y-1">
          {runs.map((run) => (
            <RunRow key={run._id} run={run} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={() => onAdd(day)}>
        <Plus className="size-4" aria-hidden="true" />
        Tambah jadwal di tanggal ini
      </Button>
    </section>
  );
}
