import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityMessages } from '../../../../domain/activities/activities';
import type { ActivityReadingResponse } from '../../../../domain/activities/contract';
import { ApiError } from '../../../api/client';
import { LogResultDialog } from './log-result-dialog';
import { plannedRun } from '../../../../domain/training-plan/run-fixture';

const mutate = vi.fn();
vi.mock('../training-plan-api', () => ({
  usePatchRun: () => ({ mutate, isPending: false }),
  useDeleteRun: () => ({ mutate: vi.fn(), isPending: false }),
  fetchPlanRange: vi.fn(async () => []),
}));
vi.mock('../../../components/toast', () => ({ useToast: () => vi.fn() }));

afterEach(() => {
  cleanup();
  mutate.mockReset();
});

const run = plannedRun({ date: '02-03-2026', paceRange: "4'50 - 5'10" });
const reading: ActivityReadingResponse = { format: 'gpx', distance: 5, time: 1500, avgHeartRate: 152, date: '02-03-2026', startedAt: '2026-03-01T23:30:00.000Z' };
const NOW = new Date('2026-03-05T03:00:00Z');

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const fileInput = () => screen.getByLabelText(/Pilih file aktivitas/) as HTMLInputElement;
const pick = (name = 'lari-pagi.gpx', size = 2048) => {
  const file = new File([new Uint8Array(size)], name, { type: '' });
  fireEvent.change(fileInput(), { target: { files: [file] } });
  return file;
};

describe("'Unggah file aktivitas' in Log Hasil Latihan", () => {
  it('reads the picked file, shows it is reading, then fills distance, time and HR (pace and scores follow)', async () => {
    let answer!: (r: ActivityReadingResponse) => void;
    const read = vi.fn(() => new Promise<ActivityReadingResponse>((resolve) => (answer = resolve)));
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={NOW} readActivityFile={read} />);
    expect(screen.getByRole('heading', { name: 'Unggah file aktivitas (.fit, .gpx, .tcx)' })).toBeTruthy();
    const file = pick();
    expect(read).toHaveBeenCalledWith(file);
    expect(await screen.findByText('Membaca lari-pagi.gpx…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Membaca lari-pagi.gpx' })).toBeTruthy();
    answer(reading);
    expect((await screen.findByTestId('activity-file-result')).textContent).toBe('Terisi dari lari-pagi.gpx: 5 km · 00:25:00 · 152 bpm.');
    expect(field('Jarak Lari (km)').value).toBe('5');
    expect(field('Waktu (hh:mm:ss)').value).toBe('00:25:00');
    expect(field('Rata-rata HR (bpm)').value).toBe('152');
    expect(field('Pace (otomatis)').value).toBe('05:00/km');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(mutate).toHaveBeenCalledWith(
      { planId: 'plan-1', runId: 'run-1', patch: { trainingdistance: 5, trainingtime: 1500, traininghr: 152 } },
      expect.anything(),
    );
  });

  it('keeps a typed HR when the file has none, and says when the file is from another day', async () => {
    const read = vi.fn(async () => ({ ...reading, avgHeartRate: null, date: '01-03-2026' }));
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={NOW} readActivityFile={read} />);
    fireEvent.change(field('Rata-rata HR (bpm)'), { target: { value: '149' } });
    pick('jam.fit');
    const result = await screen.findByTestId('activity-file-result');
    expect(result.textContent).toBe(
      'Terisi dari jam.fit: 5 km · 00:25:00. File ini tidak berisi HR; isi rata-rata HR sendiri. File ini tercatat 01-03-2026; tanggal latihan tidak diubah.',
    );
    expect(field('Rata-rata HR (bpm)').value).toBe('149');
    expect(field('Tanggal').value).toBe('2026-03-02');
  });

  it("refuses other files before sending, and shows the server's message for a bad one", async () => {
    const read = vi.fn(async (): Promise<ActivityReadingResponse> => {
      throw new ApiError(400, activityMessages.corruptFit, 'ACTIVITY_CORRUPT_FIT');
    });
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={NOW} readActivityFile={read} />);
    pick('screenshot.png');
    expect((await screen.findByRole('alert')).textContent).toBe(activityMessages.unknownFormat);
    pick('besar.fit', 10 * 1024 * 1024 + 1);
    expect((await screen.findByRole('alert')).textContent).toBe(activityMessages.tooLarge);
    expect(read).not.toHaveBeenCalled();
    pick('rusak.fit');
    await waitFor(() => expect(screen.getByTestId('activity-file-result').textContent).toBe(activityMessages.corruptFit));
    expect(field('Jarak Lari (km)').value).toBe('');
  });

  it('takes no file for a run still to come', () => {
    const read = vi.fn();
    render(<LogResultDialog run={{ ...run, date: '20-03-2026' }} planId="plan-1" onOpenChange={() => {}} now={NOW} readActivityFile={read} />);
    expect(fileInput().disabled).toBe(true);
    expect(screen.getByText('Hasil bisa diisi mulai hari latihannya.')).toBeTruthy();
  });

  it("opens filled from the calendar's import, saying where the figures came from", () => {
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={NOW} prefill={{ reading, fileName: 'Morning_Run.fit' }} />);
    expect(screen.getByText('Hasil dari Morning_Run.fit sudah diisi')).toBeTruthy();
    expect(field('Jarak Lari (km)').value).toBe('5');
    expect(field('Waktu (hh:mm:ss)').value).toBe('00:25:00');
    expect(field('Rata-rata HR (bpm)').value).toBe('152');
  });
});
