import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachConnection } from '../../../../domain/coaching/contract';
import { ToastProvider } from '../../../components/toast';
import { ConnectRunnerDialog } from './connect-runner-dialog';
import { RemoveRunnerDialog } from './remove-runner-dialog';

const emptySlot: CoachConnection = {
  _id: '11111111-1111-4111-8111-111111111111',
  runnerId: null,
  title: 'Slot gratis',
  status: 'active',
  displayStatus: 'empty',
  packages: 'freeslot',
  packageId: null,
  startDate: null,
  endDate: null,
  invitation: null,
};
const filled = (packages: string): CoachConnection => ({
  ...emptySlot,
  runnerId: { _id: 'r1', name: 'Rina', email: 'rina@contoh.id' },
  displayStatus: 'active',
  packages,
  startDate: '2026-11-24',
});

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('<ConnectRunnerDialog>', () => {
  it("refuses a bad address before asking the server, shows the server's message, and after sending says the same for any address", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const email = (JSON.parse(String(init?.body)) as { runnerEmail: string }).runnerEmail;
      if (email === 'budi@contoh.id') return reply(429, { message: 'Anda sudah mengundang email ini 3 kali dalam 30 hari terakhir. Coba lagi nanti.', code: 'RATE_LIMITED' });
      return reply(200, { message: 'Undangan dikirim bila email terdaftar', data: { ...emptySlot, invitation: { _id: 'i1', email, expiresAt: '2026-12-01T00:00:00.000Z' } } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onOpenChange = vi.fn();
    wrap(<ConnectRunnerDialog open slot={emptySlot} onOpenChange={onOpenChange} />);

    const email = screen.getByLabelText(/Email pelari/);
    fireEvent.input(email, { target: { value: 'rina contoh.id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Undangan' }));
    expect(await screen.findByText('Masukkan email yang valid!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.input(email, { target: { value: 'budi@contoh.id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Undangan' }));
    expect(await screen.findByText('Anda sudah mengundang email ini 3 kali dalam 30 hari terakhir. Coba lagi nanti.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/coach/connection/${emptySlot._id}`, expect.objectContaining({ method: 'PUT' }));

    fireEvent.input(email, { target: { value: ' rina@contoh.id ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Undangan' }));
    expect(await screen.findByText('Undangan dikirim bila email terdaftar')).toBeTruthy();
    expect(screen.getByText(/Bila rina@contoh.id milik pelari di Derap/)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({ runnerEmail: 'rina@contoh.id' });
    // It stays open to be read; the coach closes it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Tutup' }).at(-1)!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says the network failed when the request never reached the server", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    wrap(<ConnectRunnerDialog open slot={emptySlot} onOpenChange={() => {}} />);
    fireEvent.input(screen.getByLabelText(/Email pelari/), { target: { value: 'rina@contoh.id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim Undangan' }));
    expect(await screen.findByText('Terjadi kesalahan saat menghubungkan pelari.')).toBeTruthy();
  });
});

describe('<RemoveRunnerDialog>', () => {
  it("blocks removal from a bought package with 'Opsi Tidak Tersedia', calling nothing", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    wrap(<RemoveRunnerDialog connection={filled('Paket 4 Minggu')} onOpenChange={() => {}} onRemoved={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Opsi Tidak Tersedia' }).textContent).toContain('Opsi hapus pelari hanya tersedia untuk slot gratis.');
    expect(screen.queryByRole('button', { name: /Hapus/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('empties a freeslot after confirmation and reports the server message', async () => {
    const fetchMock = vi.fn(async () => reply(200, { message: 'Pelari berhasil dihapus dari paket.', data: emptySlot }));
    vi.stubGlobal('fetch', fetchMock);
    const onRemoved = vi.fn();
    wrap(<RemoveRunnerDialog connection={filled('freeslot')} onOpenChange={() => {}} onRemoved={onRemoved} />);
    expect(screen.getByRole('dialog', { name: 'Hapus pelari dari slot?' }).textContent).toContain('Rina');
    fireEvent.click(screen.getByRole('button', { name: 'Ya, Hapus Pelari' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledWith('Pelari berhasil dihapus dari paket.'));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ runnerEmail: null });
  });
});
