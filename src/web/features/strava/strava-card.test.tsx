import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StravaStatus } from '../../../domain/strava/contract';
import { stravaMessages } from '../../../domain/strava/strava';
import { ToastProvider } from '../../components/toast';
import { DISCONNECT_TITLE, StravaCard } from './strava-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const connected: StravaStatus = {
  configured: true,
  connected: true,
  athleteId: '123456',
  connectedAt: '2027-07-01T01:00:00.000Z',
  lastSyncAt: '2027-07-14T13:05:00.000Z',
  autoSync: true,
  unplanned: 0,
};
const disconnected: StravaStatus = { ...connected, connected: false, athleteId: null, connectedAt: null, lastSyncAt: null };

let status: StravaStatus | 'fail';
let calls: string[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  status = connected;
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/strava/status') return status === 'fail' ? json({ message: 'rusak' }, 500) : json(status);
      const answer = answers[`${init?.method ?? 'GET'} ${url}`];
      return answer ? answer() : json({ message: 'tidak ada' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderCard(props: Parameters<typeof StravaCard>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <StravaCard {...props} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

const card = () => screen.getByRole('region', { name: 'Strava' });

describe('<StravaCard>', () => {
  it('without Strava on the server: the connect button is disabled and says why beside it', async () => {
    status = { ...disconnected, configured: false };
    renderCard();
    const button = await within(card()).findByRole('button', { name: /Hubungkan Strava/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(card()).getByText(stravaMessages.notConfigured)).toBeTruthy();
    // The reason is the button's description for screen readers too.
    const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(stravaMessages.notConfigured);
  });

  it('not connected: an enabled orange connect button that navigates to the connect route', async () => {
    status = disconnected;
    const assign = vi.fn();
    const original = window.location;
    // jsdom cannot navigate: catch the href write.
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, set href(v: string) { assign(v); } } });
    try {
      renderCard();
      const button = await within(card()).findByRole('button', { name: /Hubungkan Strava/ });
      expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(button.className).toContain('bg-[#d63f02]');
      expect(within(card()).getByText('Belum terhubung')).toBeTruthy();
      expect(within(card()).queryByText(stravaMessages.notConfigured)).toBeNull();
      fireEvent.click(button);
      expect(assign).toHaveBeenCalledWith('/api/strava/connect');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('connected: the badge, athlete id, connection and last sync times in Jakarta time, and the three actions', async () => {
    renderCard();
    expect(await within(card()).findByText('Terhubung')).toBeTruthy();
    expect(screen.getByTestId('strava-athlete').textContent).toBe('123456');
    expect(within(card()).getByText('1 Juli 2027 pukul 08.00 WIB')).toBeTruthy();
    // 13:05 UTC is 20.05 in Jakarta.
    expect(screen.getByTestId('strava-last-sync').textContent).toBe('14 Juli 2027 pukul 20.05 WIB');
    for (const name of ['Sinkronkan sekarang', 'Hubungkan Ulang', 'Putuskan Strava']) {
      expect(within(card()).getByRole('button', { name })).toBeTruthy();
    }
    // Premium: no note about automatic sync.
    expect(screen.queryByTestId('strava-auto-sync-note')).toBeNull();
  });

  it("'Hubungkan Ulang' goes through the connect navigation again", async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, set href(v: string) { assign(v); } } });
    try {
      renderCard();
      const button = await within(card()).findByRole('button', { name: 'Hubungkan Ulang' });
      fireEvent.click(button);
      expect(assign).toHaveBeenCalledWith('/api/strava/connect');
      expect(button.getAttribute('aria-busy')).toBe('true');
      // Back from Strava through the back/forward cache: usable again.
      act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
      expect(button.getAttribute('aria-busy')).toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('without premium: a note that automatic sync is premium, with the plans one click away', async () => {
    status = { ...connected, autoSync: false, lastSyncAt: null };
    const onShowPlans = vi.fn();
    renderCard({ onShowPlans });
    const note = await screen.findByTestId('strava-auto-sync-note');
    expect(note.textContent).toContain('Sinkronisasi otomatis adalah fitur Premium.');
    expect(note.textContent).toContain('Sinkronkan sekarang');
    expect(screen.getByTestId('strava-last-sync').textContent).toBe('Belum pernah');
    fireEvent.click(within(note).getByRole('button', { name: 'Lihat Paket' }));
    expect(onShowPlans).toHaveBeenCalled();
  });

  it('counts the synced runs waiting in the calendar and leads there', async () => {
    status = { ...connected, unplanned: 2 };
    const onShowUnplanned = vi.fn();
    renderCard({ onShowUnplanned });
    expect(await within(card()).findByText('2 lari dari Strava')).toBeTruthy();
    fireEvent.click(within(card()).getByRole('button', { name: 'Lihat di Kalender' }));
    expect(onShowUnplanned).toHaveBeenCalled();
  });

  it("'Sinkronkan sekarang' is busy, then reads out the server's message, and polls until the sync has run", async () => {
    let release: () => void = () => {};
    answers['POST /api/strava/sync'] = () => json({ message: stravaMessages.syncStarted }, 202);
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.mocked(fetch);
    const plain = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/strava/sync') await gate;
      return plain(input, init);
    });
    renderCard();
    fireEvent.click(await within(card()).findByRole('button', { name: 'Sinkronkan sekarang' }));
    const busy = await within(card()).findByRole('button', { name: /Menyinkronkan/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    const live = screen.getByTestId('strava-sync-message');
    await waitFor(() => expect(live.textContent).toBe(stravaMessages.syncStarted));
    expect(live.getAttribute('aria-live')).toBe('polite');

    // The server finishes: a new last sync time ends the busy state.
    status = { ...connected, lastSyncAt: '2027-07-15T00:00:00.000Z' };
    await waitFor(() => expect(screen.getByTestId('strava-last-sync').textContent).toBe('15 Juli 2027 pukul 07.00 WIB'), { timeout: 5000 });
    expect(await within(card()).findByRole('button', { name: 'Sinkronkan sekarang' })).toBeTruthy();
  });

  it('a refused sync shows the server message as an error', async () => {
    answers['POST /api/strava/sync'] = () => json({ message: stravaMessages.notConnected }, 409);
    renderCard();
    fireEvent.click(await within(card()).findByRole('button', { name: 'Sinkronkan sekarang' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe(stravaMessages.notConnected);
  });

  it("'Putuskan Strava' asks first, says what is deleted and what stays, then disconnects", async () => {
    answers['POST /api/strava/disconnect'] = () => {
      status = disconnected;
      return json({ message: stravaMessages.disconnected });
    };
    renderCard();
    fireEvent.click(await within(card()).findByRole('button', { name: 'Putuskan Strava' }));
    const dialog = await screen.findByRole('dialog', { name: DISCONNECT_TITLE });
    expect(dialog.textContent).toContain('token akses Strava');
    expect(dialog.textContent).toContain('data Strava yang disimpan Derap');
    expect(dialog.textContent).toContain('Hasil latihan yang sudah Anda simpan ke log tetap ada.');
    // Nothing is sent until the runner confirms; focus starts on Batal.
    expect(calls).not.toContain('POST /api/strava/disconnect');
    expect(document.activeElement?.textContent).toBe('Batal');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Putuskan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toContain('POST /api/strava/disconnect');
    expect(await screen.findByText(stravaMessages.disconnected)).toBeTruthy();
    expect(await within(card()).findByText('Belum terhubung')).toBeTruthy();
    // The button that opened the dialog went with the link: focus waits in the card.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('strava-card')));
  });

  it('a failed disconnect says so in Indonesian and stays connected', async () => {
    answers['POST /api/strava/disconnect'] = () => json({ message: stravaMessages.disconnectFailed }, 502);
    renderCard();
    fireEvent.click(await within(card()).findByRole('button', { name: 'Putuskan Strava' }));
    const dialog = await screen.findByRole('dialog', { name: DISCONNECT_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Putuskan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(stravaMessages.disconnectFailed);
    // Closed, the card still shows the link.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' })));
    expect(within(card()).getByText('Terhubung')).toBeTruthy();
  });

  it('a failed status load offers to try again', async () => {
    status = 'fail';
    renderCard();
    expect((await within(card()).findByRole('alert')).textContent).toBe('Gagal memuat status Strava.');
    status = connected;
    fireEvent.click(within(card()).getByRole('button', { name: /Coba lagi/ }));
    expect(await within(card()).findByText('Terhubung')).toBeTruthy();
  });
});
