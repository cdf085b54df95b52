import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachConnection, CoachConnectionList } from '../../../../domain/coaching/contract';
import { ToastProvider } from '../../../components/toast';
import { RunnerListView } from './runner-list-view';

const row = (i: number): CoachConnection => ({
  _id: `id-${i}`,
  runnerId: i % 2 ? { _id: `r${i}`, name: `Pelari ${i}`, email: `pelari${i}@contoh.id` } : null,
  title: `Slot ${i}`,
  status: 'active',
  displayStatus: i % 2 ? 'active' : 'empty',
  packages: 'freeslot',
  packageId: null,
  startDate: i % 2 ? '2026-11-24' : null,
  endDate: null,
  invitation: null,
});
const pageOf = (page: number): CoachConnectionList => ({
  data: Array.from({ length: page < 3 ? 10 : 3 }, (_, i) => row((page - 1) * 10 + i)),
  total: 23,
  page,
  limit: 10,
  summary: { runners: 11, live: 9, empty: 12 },
});
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <RunnerListView />
      </ToastProvider>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<RunnerListView>', () => {
  it('pages through the server in Indonesian and shows the figures of all rows', async () => {
    const fetchMock = vi.fn(async (url: string) => reply(200, pageOf(Number(new URL(url, 'http://x').searchParams.get('page')))));
    vi.stubGlobal('fetch', fetchMock);
    show();
    expect(await screen.findByText('Menampilkan 1–10 dari 23 pelari')).toBeTruthy();
    expect(screen.getByTestId('summary-Total Pelari').textContent).toBe('11');
    expect(screen.getByTestId('summary-Slot Kosong').textContent).toBe('12');
    expect(screen.getAllByTestId('runner-row')).toHaveLength(10);
    expect((screen.getByRole('button', { name: /Sebelumnya/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Berikutnya/ }));
    expect(await screen.findByText('Menampilkan 11–20 dari 23 pelari')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Berikutnya/ }));
    expect(await screen.findByText('Menampilkan 21–23 dari 23 pelari')).toBeTruthy();
    expect(screen.getAllByTestId('runner-row')).toHaveLength(3);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/coach/connections?page=1&limit=10',
      '/api/coach/connections?page=2&limit=10',
      '/api/coach/connections?page=3&limit=10',
    ]);
  });

  it("says 'Tidak ada pelari ditemukan.' without slots, and 'Gagal memuat daftar pelari' with a retry on failure", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply(200, { data: [], total: 0, page: 1, limit: 10, summary: { runners: 0, live: 0, empty: 0 } })));
    show();
    expect(await screen.findByText('Tidak ada pelari ditemukan.')).toBeTruthy();
    cleanup();

    let calls = 0;
    vi.stubGlobal('fetch', vi.fn(async () => (++calls === 1 ? reply(500, { message: 'Terjadi kesalahan pada server.', code: 'INTERNAL' }) : reply(200, pageOf(1)))));
    show();
    expect(await screen.findByText('Gagal memuat daftar pelari')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    await waitFor(() => expect(screen.getByText('Menampilkan 1–10 dari 23 pelari')).toBeTruthy());
  });
});
