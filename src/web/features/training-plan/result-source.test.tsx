import { DndContext } from '@dnd-kit/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '../../../domain/training-plan/contract';
import { RunChip } from './calendar/run-chip';
import { RunRow } from './calendar/run-row';
import { LogResultDialog } from './log-result/log-result-dialog';
import { PlanScopeProvider } from './plan-scope';
import { STRAVA_RESULT_NOTE } from './result-source';
import { plannedRun } from '../../../domain/training-plan/run-fixture';

const patch = vi.fn();
vi.mock('./training-plan-api', () => ({
  usePatchRun: () => ({ mutate: patch, isPending: false }),
  useDeleteRun: () => ({ mutate: vi.fn(), isPending: false }),
  fetchPlanRange: vi.fn(async () => []),
}));
vi.mock('../../components/toast', () => ({ useToast: () => vi.fn() }));

beforeEach(() => patch.mockReset());
afterEach(cleanup);

/** A planned run Strava filled (`source: 'strava'`, which the server adds to every run it reads). */
const fromStrava = plannedRun({ trainingdistance: 5.02, trainingtime: 1695, trainingpace: 338, traininghr: 148, source: 'strava' });
const typed = { ...fromStrava, source: 'manual' } as Run;
const AFTER = new Date('2027-08-01T03:00:00Z');

describe("a result that came from Strava", () => {
  it('carries a Strava label on its chip (and says so in its name), unlike a typed result', () => {
    render(
      <DndContext>
        <RunChip run={fromStrava} day="2027-07-14" draggable onOpen={() => {}} />
        <RunChip run={{ ...typed, _id: 'run-2' }} day="2027-07-14" draggable onOpen={() => {}} />
      </DndContext>,
    );
    const [strava, manual] = screen.getAllByTestId('run-chip');
    expect(strava!.getAttribute('aria-label')).toContain('selesai, hasil dari Strava');
    expect(strava!.querySelector('[data-testid="strava-label"]')).not.toBeNull();
    expect(strava!.querySelector('[data-testid="run-strava-mark"]')).not.toBeNull();
    expect(manual!.getAttribute('aria-label')).not.toContain('Strava');
    expect(manual!.querySelector('[data-testid="strava-label"]')).toBeNull();
  });

  it('carries the label in a list row beside Selesai', () => {
    render(
      <ul>
        <RunRow run={fromStrava} onOpen={() => {}} />
      </ul>,
    );
    expect(screen.getByText('Selesai')).toBeTruthy();
    expect(screen.getByTestId('strava-label').textContent).toBe('Strava');
  });

  it('in Log Hasil Latihan: the label, the line that only the runner sees it until Simpan, and Simpan keeps it unchanged', () => {
    render(<LogResultDialog run={fromStrava} planId="plan-1" onOpenChange={() => {}} now={AFTER} />);
    expect(screen.getByTestId('strava-label')).toBeTruthy();
    expect(screen.getByTestId('strava-result-note').textContent).toBe(STRAVA_RESULT_NOTE);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    // Unchanged, the result is still sent: saving it is what makes it the runner's own log.
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]![0]).toEqual({ planId: 'plan-1', runId: 'run-1', patch: { trainingdistance: 5.02, trainingtime: 1695, traininghr: 148 } });
  });

  it('a typed result has neither, and an unchanged Simpan sends nothing', () => {
    render(<LogResultDialog run={typed} planId="plan-1" onOpenChange={() => {}} now={AFTER} />);
    expect(screen.queryByTestId('strava-label')).toBeNull();
    expect(screen.queryByTestId('strava-result-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(patch).not.toHaveBeenCalled();
  });

  it("a coach's view never shows it as Strava's (the server strips such results for coaches anyway)", () => {
    render(
      <PlanScopeProvider runnerId="runner-1">
        <LogResultDialog run={fromStrava} planId="plan-1" onOpenChange={() => {}} now={AFTER} />
      </PlanScopeProvider>,
    );
    expect(screen.queryByTestId('strava-result-note')).toBeNull();
  });
});
