import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../domain/training-plan/training-plan';
import { LogResultDialog } from './log-result-dialog';
import { plannedRun } from '../../../../domain/training-plan/run-fixture';

const patch = vi.fn();
vi.mock('../training-plan-api', () => ({
  usePatchRun: () => ({ mutate: patch, isPending: false }),
  useDeleteRun: () => ({ mutate: vi.fn(), isPending: false }),
  fetchPlanRange: vi.fn(async () => []),
}));
vi.mock('../../../components/toast', () => ({ useToast: () => vi.fn() }));

beforeEach(() => patch.mockReset());
afterEach(cleanup);

const run = plannedRun();

/** The tests' clock: after the run's day (14 July 2027), so its result may be logged. */
const AFTER = new Date('2027-08-01T03:00:00Z');
const DATE_HINT = 'Mengubah tanggal akan memindahkan latihan ini di kalender.';
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
const simpan = () => screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement;
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('<LogResultDialog>', () => {
  it('opens with the date described by its hint, the result fields plain and Simpan enabled', () => {
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={AFTER} />);
    expect(field('Tanggal').value).toBe('2027-07-14');
    expect(description(field('Tanggal'))).toEqual([DATE_HINT]);
    for (const label of ['Jarak Lari (km)', 'Waktu (hh:mm:ss)', 'Pace (otomatis)', 'Rata-rata HR (bpm)']) {
      expect(description(field(label))).toEqual([]);
      expect(field(label).getAttribute('aria-invalid')).toBeNull();
    }
    expect(alerts()).toEqual([]);
    expect(simpan().disabled).toBe(false);
  });

  it('says what is wrong as the runner types: under each field, in place of the date hint, and disables Simpan', () => {
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={AFTER} />);
    type('Jarak Lari (km)', 'abc');
    expect(description(field('Jarak Lari (km)'))).toEqual(['Jarak lari harus berupa angka.']);
    expect(field('Jarak Lari (km)').getAttribute('aria-invalid')).toBe('true');
    expect(alerts()).toEqual([messages.allOrNone, messages.invalidResult]);
    expect(simpan().disabled).toBe(true);

    type('Waktu (hh:mm:ss)', '5x');
    type('Rata-rata HR (bpm)', '1,5');
    expect(description(field('Waktu (hh:mm:ss)'))).toEqual(['Waktu harus berformat hh:mm:ss, mm:ss atau detik.']);
    expect(description(field('Rata-rata HR (bpm)'))).toEqual(['Rata-rata HR harus bilangan bulat.']);
    expect(alerts()).toEqual([messages.invalidResult]);

    type('Tanggal', '');
    expect(description(field('Tanggal'))).toEqual([messages.dateRequired]);
    expect(field('Tanggal').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(DATE_HINT)).toBeNull();

    // Put right, every message goes at once and the pace is worked out.
    type('Tanggal', '2027-07-15');
    type('Jarak Lari (km)', '10,0');
    type('Waktu (hh:mm:ss)', '50:00');
    type('Rata-rata HR (bpm)', '150');
    expect(alerts()).toEqual([]);
    for (const label of ['Tanggal', 'Jarak Lari (km)', 'Waktu (hh:mm:ss)', 'Rata-rata HR (bpm)']) expect(field(label).getAttribute('aria-invalid')).toBeNull();
    expect(description(field('Tanggal'))).toEqual([DATE_HINT]);
    expect(field('Pace (otomatis)').value).toBe('05:00/km');
    expect(simpan().disabled).toBe(false);
  });

  it('saves the result and the new date in one PATCH', () => {
    render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={AFTER} />);
    type('Tanggal', '2027-07-16');
    type('Jarak Lari (km)', '5');
    type('Waktu (hh:mm:ss)', '1800');
    type('Rata-rata HR (bpm)', '140');
    fireEvent.click(simpan());
    expect(patch).toHaveBeenCalledWith(
      { planId: 'plan-1', runId: 'run-1', patch: { date: '16-07-2027', trainingdistance: 5, trainingtime: 1800, traininghr: 140 } },
      expect.anything(),
    );
  });

  describe('a run dated after today (Asia/Jakarta)', () => {
    // 13 July 2027, 23:30 in Jakarta: the run (14 July) is tomorrow.
    const before = new Date('2027-07-13T16:30:00Z');

    it('disables the result fields and says why, while the date can still be changed', () => {
      render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={before} />);
      for (const label of ['Jarak Lari (km)', 'Waktu (hh:mm:ss)', 'Rata-rata HR (bpm)']) expect(field(label).disabled, label).toBe(true);
      expect(description(screen.getByRole('group', { name: 'Hasil latihan' }))).toEqual([messages.resultInFuture]);
      expect(field('Tanggal').disabled).toBe(false);
      // Moving it further ahead is still a save.
      type('Tanggal', '2027-07-20');
      fireEvent.click(simpan());
      expect(patch).toHaveBeenCalledWith({ planId: 'plan-1', runId: 'run-1', patch: { date: '20-07-2027' } }, expect.anything());
    });

    it('enables them again when the run is moved to today', () => {
      render(<LogResultDialog run={run} planId="plan-1" onOpenChange={() => {}} now={before} />);
      type('Tanggal', '2027-07-13');
      expect(field('Jarak Lari (km)').disabled).toBe(false);
      expect(description(screen.getByRole('group', { name: 'Hasil latihan' }))).not.toContain(messages.resultInFuture);
    });

    it('refuses to carry a logged result into the future: the message, and Simpan disabled', () => {
      const logged = { ...run, date: '13-07-2027', trainingdistance: 5, trainingtime: 1800, traininghr: 140 };
      render(<LogResultDialog run={logged} planId="plan-1" onOpenChange={() => {}} now={before} />);
      expect(simpan().disabled).toBe(false);
      type('Tanggal', '2027-07-15');
      expect(alerts()).toContain(messages.resultInFuture);
      expect(simpan().disabled).toBe(true);
      // Its fields stay usable, so the result can be cleared (or the date put back).
      expect(field('Jarak Lari (km)').disabled).toBe(false);
    });
  });
});
