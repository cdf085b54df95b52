import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityMessages } from '../../../../domain/activities/activities';
import type { ActivityReadingResponse } from '../../../../domain/activities/contract';
import { ApiError } from '../../../api/client';
import { ActivityImportButton } from './activity-import-button';
import { CreateRunDialog } from './create-run-dialog';

const mutateAsync = vi.fn();
vi.mock('../training-plan-api', () => ({ useAddRuns: () => ({ mutateAsync }) }));

afterEach(() => {
  cleanup();
  mutateAsync.mockReset();
});

const reading: ActivityReadingResponse = { format: 'fit', distance: 8.42, time: 2950, avgHeartRate: 147, date: '02-03-2026', startedAt: '2026-03-01T23:30:00.000Z' };
const pick = (name: string, size = 4096) => fireEvent.change(screen.getByTestId('activity-import-input'), { target: { files: [new File([new Uint8Array(size)], name)] } });

describe("'Impor File Aktivitas' on the calendar", () => {
  it('opens the file picker from the button, says it is reading, and hands over the figures with the name', async () => {
    let answer!: (r: ActivityReadingResponse) => void;
    const read = vi.fn(() => new Promise<ActivityReadingResponse>((resolve) => (answer = resolve)));
    const onImported = vi.fn();
    render(<ActivityImportButton onImported={onImported} read={read} />);
    const input = screen.getByTestId('activity-import-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Impor File Aktivitas' }));
    expect(click).toHaveBeenCalled();
    pick('Morning_Run.fit');
    expect(await screen.findByRole('button', { name: 'Membaca file…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Membaca Morning_Run.fit…');
    answer(reading);
    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ reading, fileName: 'Morning_Run.fit' }));
    expect(screen.getByRole('button', { name: 'Impor File Aktivitas' })).toBeTruthy();
  });

  it("explains a file it cannot read, under the button", async () => {
    const read = vi.fn(async (): Promise<ActivityReadingResponse> => {
      throw new ApiError(400, activityMessages.noTrack);
    });
    const onImported = vi.fn();
    render(<ActivityImportButton onImported={onImported} read={read} />);
    pick('catatan.txt');
    expect((await screen.findByRole('alert')).textContent).toBe(activityMessages.unknownFormat);
    expect(read).not.toHaveBeenCalled();
    pick('kosong.gpx');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(activityMessages.noTrack));
    expect(screen.getByRole('button', { name: 'Impor File Aktivitas' }).getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(onImported).not.toHaveBeenCalled();
  });

  it("with no planned run that day, 'Buat Jadwal' opens on the file's day and saves the run with its result", async () => {
    const onCreated = vi.fn();
    mutateAsync.mockResolvedValue(undefined);
    render(<CreateRunDialog open onOpenChange={() => {}} onCreated={onCreated} initialDate="2026-03-02" result={{ reading, fileName: 'Morning_Run.fit' }} />);
    expect(screen.getByText('Tidak ada latihan terjadwal pada 02-03-2026. Beri judul latihannya; hasil dari file ikut disimpan.')).toBeTruthy();
    expect(screen.getByTestId('create-run-result').textContent).toBe('8,42 km · 00:49:10 · 147 bpm');
    fireEvent.change(screen.getByLabelText('Judul', { selector: 'input' }), { target: { value: 'Easy Run' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Jadwal & Hasil' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('2026-03-02', 'Easy Run'));
    expect(mutateAsync).toHaveBeenCalledWith([
      expect.objectContaining({ date: '02-03-2026', title: 'Easy Run', generatedby: 'user', trainingdistance: 8.42, trainingtime: 2950, traininghr: 147 }),
    ]);
  });

  it('asks a runner for the heart rate the file lacks before saving; a coach may leave it empty', async () => {
    const onCreated = vi.fn();
    mutateAsync.mockResolvedValue(undefined);
    const noHr = { reading: { ...reading, avgHeartRate: null }, fileName: 'Recovery.fit' };
    render(<CreateRunDialog open onOpenChange={() => {}} onCreated={onCreated} initialDate="2026-03-02" result={noHr} />);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Jadwal & Hasil' }));
    expect(await screen.findByText('Rata-rata HR wajib diisi: file ini tidak berisi HR.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Judul', { selector: 'input' }), { target: { value: 'Recovery Run' } });
    fireEvent.change(screen.getByLabelText('Rata-rata HR (bpm)', { selector: 'input' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Jadwal & Hasil' }));
    expect(await screen.findByText('Rata-rata HR minimal 30 bpm.')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Rata-rata HR (bpm)', { selector: 'input' }), { target: { value: '138' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Jadwal & Hasil' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith([expect.objectContaining({ trainingdistance: 8.42, trainingtime: 2950, traininghr: 138 })]));
  });
});
