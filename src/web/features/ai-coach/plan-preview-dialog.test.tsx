import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanDraftResponse, PlannedRun } from '../../../domain/ai-coach/contract';
import { PlanPreviewDialog } from './plan-preview-dialog';

afterEach(cleanup);

const run = (date: string, title: string, program: string, periodization: PlannedRun['periodization'], paceRange = "6'30 - 7'00"): PlannedRun => ({
  date,
  title,
  program,
  paceRange,
  color: '',
  periodization,
  generatedby: 'ai',
});

const draft: PlanDraftResponse = {
  draftId: 'd1',
  startDate: '05-07-2027',
  endDate: '18-07-2027',
  notes: ['Mulai pelan: minggu pertama hanya lari santai.'],
  fitness: { vdot: 38.24, source: 'personal-best', predictions: [{ distance: '5K', time: '00:25:40' }, { distance: '10K', time: '00:53:20' }] },
  trainingPlan: [
    run('06-07-2027', 'Easy Run', '(5k)', 'Base'),
    run('08-07-2027', 'Tempo Run', '(2k + 3k + 2k)', 'Base', "5'20 - 5'30"),
    run('11-07-2027', 'Long Run', '(10k)', 'Base'),
    run('13-07-2027', 'Recovery Run', '(4k)', 'Build'),
    run('18-07-2027', 'Long Run', '(12k)', 'Build'),
  ],
};

function renderPreview(props: Partial<Parameters<typeof PlanPreviewDialog>[0]> = {}) {
  const handlers = { onBack: vi.fn(), onRefresh: vi.fn(), onSave: vi.fn(), onClose: vi.fn() };
  render(<PlanPreviewDialog draft={draft} refreshing={false} saving={false} error={null} {...handlers} {...props} />);
  return handlers;
}

describe('<PlanPreviewDialog>', () => {
  it('reads week by week: number, dates, phase, planned km with a bar, and each run with its colour, program and pace', () => {
    renderPreview();
    const weeks = screen.getAllByTestId('preview-week');
    expect(weeks).toHaveLength(2);
    const [first, second] = weeks as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading').textContent).toBe('Minggu 1');
    expect(first.textContent).toContain('5 Jul – 11 Jul');
    expect(first.textContent).toContain('Base');
    expect(within(first).getByTestId('preview-week-km').textContent).toBe('22 km');
    expect(within(second).getByTestId('preview-week-km').textContent).toBe('16 km');
    expect(second.textContent).toContain('Build');

    const runs = within(first).getAllByTestId('preview-run');
    expect(runs.map((r) => r.textContent)).toEqual([
      "Sel 6/7Easy Run(5k) · 6'30 - 7'00 /km",
      "Kam 8/7Tempo Run(2k + 3k + 2k) · 5'20 - 5'30 /km",
      "Min 11/7Long Run(10k) · 6'30 - 7'00 /km",
    ]);
    // The run's type colour (tempo orange).
    expect(runs[1]!.querySelector('.bg-orange-500')).not.toBeNull();
    // The biggest week fills the bar.
    const bar = (week: HTMLElement) => (week.querySelector('[style]') as HTMLElement).style.width;
    expect(bar(first)).toBe('100%');
    expect(bar(second)).toBe('73%');
  });

  it('shows totals, fitness, the coach notes and what saving replaces', () => {
    renderPreview();
    const preview = screen.getByTestId('plan-preview');
    expect(preview.textContent).toContain('2 minggu');
    expect(preview.textContent).toContain('38 km');
    expect(preview.textContent).toContain('5 sesi');
    expect(screen.getByTestId('preview-fitness').textContent).toContain('VDOT 38,2');
    expect(screen.getByTestId('preview-fitness').textContent).toContain('10K00:53:20');
    expect(screen.getByTestId('preview-notes').textContent).toContain('Mulai pelan');
    expect(screen.getByTestId('preview-replace-note').textContent).toBe('Latihan AI yang belum dicatat pada 5 Juli 2027 – 18 Juli 2027 akan diganti.');
  });

  it('wires Kembali, Refresh and Simpan, and shows progress and errors', () => {
    const { onBack, onRefresh, onSave } = renderPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect([onBack, onRefresh, onSave].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    cleanup();

    renderPreview({ refreshing: true, error: 'Gagal memperbarui jadwal.' });
    expect(screen.getByText('AI sedang menyusun ulang programmu…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Kembali' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Gagal memperbarui jadwal.');
  });

  it("says how many runs lock after the trial or subscription ends, and nothing when none do or in a coach's view", () => {
    // Runs on 6, 8, 11, 13 and 18 July; the trial covers up to 11 July.
    renderPreview({ lock: { accessEnd: '2027-07-11', status: 'trialing' } });
    expect(screen.getByTestId('preview-locked-note').textContent).toBe('2 dari 5 latihan setelah 11 Juli 2027 akan terkunci (Kunci) sampai Anda berlangganan.');
    cleanup();
    renderPreview({ lock: { accessEnd: '2027-07-07', status: 'active' } });
    expect(screen.getByTestId('preview-locked-note').textContent).toBe('4 dari 5 latihan setelah 7 Juli 2027 akan terkunci (Kunci) sampai Anda memperpanjang langganan.');
    cleanup();
    renderPreview({ lock: { accessEnd: '2027-07-18', status: 'trialing' } });
    expect(screen.queryByTestId('preview-locked-note')).toBeNull();
    cleanup();
    renderPreview({ lock: null });
    expect(screen.queryByTestId('preview-locked-note')).toBeNull();
  });
});
