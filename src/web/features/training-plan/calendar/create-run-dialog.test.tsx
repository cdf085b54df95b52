import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../domain/training-plan/training-plan';
import { ApiError } from '../../../api/client';
import { CreateRunDialog } from './create-run-dialog';

const mutateAsync = vi.fn();
vi.mock('../training-plan-api', () => ({ useAddRuns: () => ({ mutateAsync }) }));

beforeEach(() => mutateAsync.mockReset());
afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
/** The texts that describe a control, in order. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan Jadwal' }));

describe('<CreateRunDialog>', () => {
  it('opens with the hints describing their fields and nothing marked invalid', () => {
    render(<CreateRunDialog open onOpenChange={() => {}} onCreated={() => {}} initialDate="2027-07-14" />);
    expect(field('Tanggal').value).toBe('2027-07-14');
    expect(description(field('Tanggal'))).toEqual([]);
    expect(description(field('Judul'))).toEqual(['Warna di kalender mengikuti jenis latihan pada judul.']);
    expect(description(field('Program'))).toEqual([]);
    expect(description(field('Rentang Pace'))).toEqual(["Menit'detik per km."]);
    for (const label of ['Tanggal', 'Judul', 'Program', 'Rentang Pace']) expect(field(label).getAttribute('aria-invalid')).toBeNull();
  });

  it('after a failed submit shows each message under its field, in place of its hint, and focuses the first', async () => {
    render(<CreateRunDialog open onOpenChange={() => {}} onCreated={() => {}} />);
    fireEvent.change(field('Rentang Pace'), { target: { value: 'cepat' } });
    // Nothing is said before the first submit.
    expect(screen.queryByText(messages.paceRangeInvalid)).toBeNull();
    submit();
    expect(await screen.findByText(messages.dateRequired)).toBeTruthy();
    expect(description(field('Tanggal'))).toEqual([messages.dateRequired]);
    expect(description(field('Judul'))).toEqual([messages.titleRequired]);
    expect(description(field('Rentang Pace'))).toEqual([messages.paceRangeInvalid]);
    expect(screen.queryByText('Warna di kalender mengikuti jenis latihan pada judul.')).toBeNull();
    expect(screen.queryByText("Menit'detik per km.")).toBeNull();
    for (const label of ['Tanggal', 'Judul', 'Rentang Pace']) expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(field('Program').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Tanggal')));
    expect(mutateAsync).not.toHaveBeenCalled();

    // Once fixed, the message goes as the field changes, and the hint comes back.
    fireEvent.change(field('Judul'), { target: { value: 'Tempo Run' } });
    await waitFor(() => expect(screen.queryByText(messages.titleRequired)).toBeNull());
    expect(description(field('Judul'))).toEqual(['Warna di kalender mengikuti jenis latihan pada judul.']);
    expect(field('Judul').getAttribute('aria-invalid')).toBeNull();
  });

  it('saves the run as the runner’s own, with the date as DD-MM-YYYY', async () => {
    const onCreated = vi.fn();
    const onOpenChange = vi.fn();
    mutateAsync.mockResolvedValue(undefined);
    render(<CreateRunDialog open onOpenChange={onOpenChange} onCreated={onCreated} />);
    fireEvent.change(field('Tanggal'), { target: { value: '2027-07-14' } });
    fireEvent.change(field('Judul'), { target: { value: ' Tempo Run ' } });
    fireEvent.change(field('Program'), { target: { value: '10k' } });
    fireEvent.change(field('Rentang Pace'), { target: { value: "5'30 - 6'00" } });
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('2027-07-14', 'Tempo Run'));
    expect(mutateAsync).toHaveBeenCalledWith([
      { date: '14-07-2027', title: 'Tempo Run', program: '10k', paceRange: "5'30 - 6'00", periodization: null, generatedby: 'user' },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the server’s refusal, or the spec’s text without one', async () => {
    mutateAsync.mockRejectedValueOnce(new ApiError(400, 'Maksimal 3000 aktivitas dalam satu program latihan.'));
    render(<CreateRunDialog open onOpenChange={() => {}} onCreated={() => {}} initialDate="2027-07-14" />);
    fireEvent.change(field('Judul'), { target: { value: 'Easy Run' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Maksimal 3000 aktivitas dalam satu program latihan.');
    mutateAsync.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.createFailed));
  });
});
