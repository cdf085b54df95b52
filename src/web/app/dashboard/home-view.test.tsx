import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '../../../domain/training-plan/contract';
import type { PublicUser } from '../../../domain/users/contract';
import { ToastProvider } from '../../components/toast';
import { HomeView } from './home-view';
import { plannedRun } from '../../../domain/training-plan/run-fixture';

const user: PublicUser = {
  _id: 'u1',
  name: 'Rina',
  email: 'rina@contoh.id',
  photo: null,
  role: 'runner',
  subscription_status: 'none',
  current_period_end: null,
  has_had_trial: false,
  strava: { id: null },
};
// Wednesday 14 July 2027, 10:00 in Jakarta: the week is 12-18 July.
const now = new Date('2027-07-14T03:00:00Z');

const baseRun = plannedRun({ _id: 'run-today', title: 'Tempo Run', program: '(8k)', paceRange: "4'30 - 4'45", color: 'bg-orange-500' });

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };
let requests: { method: string; url: string; body: unknown }[];

function stubApi(handler: Handler) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      // 'Event Diikuti' loads the runner's registrations on its own (its tests: my-registrations-card.test.tsx).
      if (url === '/api/runner-registrations/mine') return new Response(JSON.stringify({ registrations: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/group-runs/mine') return new Response(JSON.stringify({ groupRuns: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      requests.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function weekWith(runs: Run[]): Handler {
  return (url, init) => {
    if ((init.method ?? 'GET') === 'GET') return { status: 200, body: { trainingPlans: [{ _id: 'plan-1', trainingPlan: runs }] } };
    if (init.method === 'PATCH') return { status: 200, body: { item: { ...baseRun, ...JSON.parse(String(init.body)) } } };
    return { status: 200, body: { message: 'Aktivitas dihapus.' } };
  };
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>
          <HomeView user={user} onNavigate={() => {}} onManageSubscription={() => {}} now={now} />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  // recharts measures its container; jsdom has no layout, so report a phone-sized box.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width: 320, height: 192 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Rendering the whole home view (recharts included) is slow on a busy 2-core machine.
describe('dashboard home widgets', { timeout: 20_000 }, () => {
  it('loads the week Monday to Sunday in one request and fills both widgets from it', async () => {
    stubApi(weekWith([baseRun, { ...baseRun, _id: 'run-mon', date: '12-07-2027', title: 'Easy Run', program: '(5k)', trainingdistance: 5.5, trainingtime: 2000, traininghr: 140 }]));
    renderHome();

    const today = region('Latihan Hari Ini');
    expect(await within(today).findByRole('button', { name: /Tempo Run/ })).toBeTruthy();
    expect(within(today).queryByText(/Easy Run/)).toBeNull();

    const table = within(region('Progres Latihan Minggu Ini')).getByRole('table');
    const cells = (day: string) => within(within(table).getByRole('rowheader', { name: day }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('Senin')).toEqual(['5', '5,5']);
    expect(cells('Rabu')).toEqual(['8', '0']);
    expect(cells('Minggu')).toEqual(['0', '0']);
    expect(screen.getByTestId('week-total').textContent).toBe('5,5 / 13 km');

    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/training-plans/range?from=12-07-2027&to=18-07-2027');
  });

  it('shows the empty texts when the week has no runs', async () => {
    stubApi(() => ({ status: 200, body: { trainingPlans: [] } }));
    renderHome();
    expect(await within(region('Latihan Hari Ini')).findByText('Tidak ada latihan untuk hari ini.')).toBeTruthy();
    expect(within(region('Progres Latihan Minggu Ini')).getByText('Tidak ada data latihan untuk minggu ini.')).toBeTruthy();
  });

  it('shows both error messages when the week cannot be loaded, and retries', async () => {
    stubApi(() => ({ status: 500, body: { message: 'boom' } }));
    renderHome();
    expect(await within(region('Latihan Hari Ini')).findByText('Gagal memuat latihan hari ini')).toBeTruthy();
    expect(within(region('Progres Latihan Minggu Ini')).getByText('Gagal memuat data latihan minggu ini')).toBeTruthy();
    fireEvent.click(within(region('Latihan Hari Ini')).getByRole('button', { name: /Coba lagi/ }));
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('opens today’s run in the log dialog: all-or-none blocks Simpan, a full result is PATCHed', async () => {
    stubApi(weekWith([baseRun]));
    renderHome();
    fireEvent.click(await within(region('Latihan Hari Ini')).findByRole('button', { name: /Tempo Run/ }));

    const dialog = screen.getByRole('dialog', { name: 'Log Hasil Latihan' });
    const simpan = within(dialog).getByRole('button', { name: 'Simpan' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('Jarak Lari (km)'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Waktu (hh:mm:ss)'), { target: { value: '50:00' } });
    expect(within(dialog).getByText('Jika mengisi salah satu dari Jarak Lari, Waktu, atau Rata-rata HR, maka semua harus diisi.')).toBeTruthy();
    expect(simpan.disabled).toBe(true);
    expect((within(dialog).getByLabelText('Pace (otomatis)') as HTMLInputElement).value).toBe('05:00/km');

    fireEvent.change(within(dialog).getByLabelText('Rata-rata HR (bpm)'), { target: { value: '150' } });
    expect(simpan.disabled).toBe(false);
    expect(within(dialog).getByTestId('score-distance').textContent).toContain('6');
    expect(within(dialog).getByTestId('score-heartRate').textContent).toContain('10');
    fireEvent.click(simpan);

    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/training-plans/plan-1/item/run-today');
    expect(patch.body).toEqual({ trainingdistance: 10, trainingtime: 3000, traininghr: 150 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log Hasil Latihan' })).toBeNull());
  });

  it("offers no 'Hapus' on a run the runner did not make (the server would refuse it)", async () => {
    for (const generatedby of ['ai', 'coach'] as const) {
      stubApi(weekWith([{ ...baseRun, generatedby }]));
      renderHome();
      fireEvent.click(await within(region('Latihan Hari Ini')).findByRole('button', { name: /Tempo Run/ }));
      const dialog = screen.getByRole('dialog', { name: 'Log Hasil Latihan' });
      expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Hapus' })).toBeNull();
      expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
      cleanup();
    }
  });

  it('deletes a runner’s own run only after confirmation', async () => {
    stubApi(weekWith([baseRun]));
    renderHome();
    fireEvent.click(await within(region('Latihan Hari Ini')).findByRole('button', { name: /Tempo Run/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Log Hasil Latihan' })).getByRole('button', { name: 'Hapus' }));
    const confirm = screen.getByRole('dialog', { name: 'Hapus aktivitas ini?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ya, hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/training-plans/run-today']));
  });

  it('shows the stub the server sends for a locked AI run with Kunci, without a title; a tap explains it and Perpanjang opens the plans', async () => {
    const stub = { _id: 'run-locked', date: '14-07-2027', generatedby: 'ai', locked: true };
    stubApi(weekWith([baseRun, stub as unknown as Run]));
    const onManageSubscription = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ToastProvider>
            {/* The lock is the server's answer: even a user whose period has not ended sees what it sent. */}
            <HomeView user={{ ...user, current_period_end: '2099-07-10T16:59:00.000Z' }} onNavigate={() => {}} onManageSubscription={onManageSubscription} now={now} />
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const today = region('Latihan Hari Ini');
    expect(await within(today).findByText('Kunci')).toBeTruthy();
    expect(within(today).getByText('Program ini dibatasi')).toBeTruthy();
    expect(within(today).getByRole('button', { name: /Tempo Run/ })).toBeTruthy();
    const locked = today.querySelector<HTMLElement>('[data-locked="true"]')!;
    expect(locked.getAttribute('data-run-id')).toBe('run-locked');
    expect(today.textContent).not.toContain('undefined');
    // A tap explains the lock (never the log), and 'Perpanjang' opens the plans.
    fireEvent.click(locked);
    const explanation = screen.getByRole('dialog', { name: 'Latihan Terkunci' });
    expect(screen.queryByRole('dialog', { name: 'Log Hasil Latihan' })).toBeNull();
    expect(explanation.textContent).toContain('Rabu, 14 Juli 2027');
    fireEvent.click(within(explanation).getByRole('button', { name: 'Perpanjang' }));
    expect(onManageSubscription).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Latihan Terkunci' })).toBeNull());
  });
});
