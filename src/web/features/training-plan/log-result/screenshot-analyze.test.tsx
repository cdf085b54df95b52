import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogResultDialog } from './log-result-dialog';
import type { AnalyzeScreenshot } from './screenshot-drop';
import { plannedRun } from '../../../../domain/training-plan/run-fixture';

vi.mock('../training-plan-api', () => ({
  usePatchRun: () => ({ mutate: vi.fn(), isPending: false }),
  useDeleteRun: () => ({ mutate: vi.fn(), isPending: false }),
  fetchPlanRange: vi.fn(async () => []),
}));
vi.mock('../../../components/toast', () => ({ useToast: () => vi.fn() }));

afterEach(cleanup);

const run = plannedRun({ traininghr: 151 });

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const analyzeButton = () => screen.getByRole('button', { name: /Analisis dengan AI|Menganalisis/ }) as HTMLButtonElement;
const pick = () => {
  const png = new File([new Uint8Array([137, 80, 78, 71])], 'strava.png', { type: 'image/png' });
  fireEvent.change(screen.getByLabelText(/Pilih screenshot/), { target: { files: [png] } });
};

describe("'Analisis dengan AI' in Log Hasil Latihan", () => {
  it('stays off (coming soon) when no reader is plugged in', () => {
    render(<LogResultDialog run={run} planId="p" onOpenChange={() => {}} />);
    pick();
    expect(analyzeButton().disabled).toBe(true);
    expect(screen.getByText(/Segera hadir/)).toBeTruthy();
  });

  it('sends the picked image as a data URL, shows progress, then fills distance and time, keeping what it could not read', async () => {
    let finish!: (value: Awaited<ReturnType<AnalyzeScreenshot>>) => void;
    const analyze = vi.fn<AnalyzeScreenshot>(() => new Promise((resolve) => (finish = resolve)));
    render(<LogResultDialog run={run} planId="p" onOpenChange={() => {}} analyzeScreenshot={analyze} />);
    expect(analyzeButton().disabled).toBe(true);
    pick();
    expect(analyzeButton().disabled).toBe(false);
    fireEvent.click(analyzeButton());

    await waitFor(() => expect(analyze).toHaveBeenCalledTimes(1));
    expect(analyze.mock.calls[0]![0]).toMatch(/^data:image\/png;base64,/);
    expect(analyzeButton().getAttribute('aria-busy')).toBe('true');
    expect(analyzeButton().textContent).toContain('Menganalisis');

    finish({ distance: 10.02, time: '00:52:10', avgHeartRate: null });
    await waitFor(() => expect(field('Jarak Lari (km)').value).toBe('10,02'));
    expect(field('Waktu (hh:mm:ss)').value).toBe('00:52:10');
    expect(field('Rata-rata HR (bpm)').value).toBe('151');
    expect(screen.getByTestId('screenshot-analysis').textContent).toBe('Terisi dari screenshot: jarak, waktu. Tidak terbaca: HR; isi sendiri.');
    expect(analyzeButton().getAttribute('aria-busy')).toBeNull();
  });

  it("shows the reader's message when it fails, and leaves the fields alone", async () => {
    const analyze = vi.fn<AnalyzeScreenshot>(async () => {
      throw new Error('Fitur ini hanya tersedia untuk pengguna dengan langganan aktif atau dalam masa percobaan.');
    });
    render(<LogResultDialog run={run} planId="p" onOpenChange={() => {}} analyzeScreenshot={analyze} />);
    pick();
    fireEvent.click(analyzeButton());
    const alert = await screen.findByTestId('screenshot-analysis');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Fitur ini hanya tersedia untuk pengguna dengan langganan aktif atau dalam masa percobaan.');
    expect(field('Jarak Lari (km)').value).toBe('');
  });
});
