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

  it("marks the weeks after the trial or subscription ends and says what happens to them; nothing when none lock or in a coach's view", () => {
    // Runs on 6, 8, 11, 13 and 18 July; the trial covers up to 11 July: week 2 locks whole.
    renderPreview({ lock: { accessEnd: '2027-07-11', status: 'trialing' } });
    expect(screen.getByTestId('preview-locked-note').textContent).toBe(
      'Minggu 2 jatuh setelah uji coba gratismu berakhir (11 Juli 2027). 2 dari 5 latihan tetap disimpan ke kalender, tetapi terkunci (Kunci): isinya tertutup sampai kamu berlangganan, lalu langsung terbuka kembali.',
    );
    let weeks = screen.getAllByTestId('preview-week');
    expect(weeks.map((w) => w.dataset.lock)).toEqual(['open', 'locked']);
    expect(weeks[1]!.textContent).toContain('Terkunci');
    expect(within(weeks[1]!).getAllByTestId('preview-run').map((r) => r.dataset.locked)).toEqual(['true', 'true']);
    expect(within(weeks[1]!).getAllByTestId('preview-run')[0]!.textContent).toContain('(akan terkunci)');
    expect(within(weeks[0]!).getAllByTestId('preview-run').map((r) => r.dataset.locked)).toEqual([undefined, undefined, undefined]);
    expect([...screen.getByTestId('preview-volume').querySelectorAll('[data-lock]')].map((bar) => (bar as HTMLElement).dataset.lock)).toEqual(['open', 'locked']);
    cleanup();

    // A paid plan ending on 7 July: week 1 locks in part (8 and 11 July), week 2 whole.
    renderPreview({ lock: { accessEnd: '2027-07-07', status: 'active' } });
    expect(screen.getByTestId('preview-locked-note').textContent).toBe(
      'Minggu 1–2 jatuh setelah langgananmu berakhir (7 Juli 2027). 4 dari 5 latihan tetap disimpan ke kalender, tetapi terkunci (Kunci): isinya tertutup sampai kamu memperpanjang langganan, lalu langsung terbuka kembali.',
    );
    weeks = screen.getAllByTestId('preview-week');
    expect(weeks.map((w) => w.dataset.lock)).toEqual(['partial', 'locked']);
    expect(weeks[0]!.textContent).toContain('2 terkunci');
    cleanup();

    for (const lock of [{ accessEnd: '2027-07-18', status: 'trialing' as const }, null]) {
      renderPreview({ lock });
      expect(screen.queryByTestId('preview-locked-note')).toBeNull();
      expect(screen.getAllByTestId('preview-week').map((w) => w.dataset.lock)).toEqual(['open', 'open']);
      expect(screen.queryByText('(akan terkunci)')).toBeNull();
      cleanup();
    }
  });
});
