import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  APP_FALLBACK_DELAY_MS,
  APP_OPEN_DELAY_MS,
  MANUAL_HINT_DELAY_MS,
  authSuccessMessages,
  pendingHandoff,
  type AppOpener,
} from './app-handoff';
import { MobileAuthSuccessPage } from './mobile-auth-success-page';

const user = { _id: 'u-1', email: 'rina@contoh.id', name: 'Rina' };
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const search = `?code_challenge=${challenge}&state=s-1`;

let requests: { method: string; url: string; body: unknown }[];
let scheme: string;
function stubApi() {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      requests.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = url.endsWith('/api/auth/config')
        ? { google: false, devLogin: true, mobileApp: { scheme, androidPackage: 'id.derap.app' }, supportWhatsapp: null }
        : { code: 'kode-baru', expiresIn: 60 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderAt(query: string, opener: AppOpener) {
  const router = createMemoryRouter(
    [
      { path: '/mobile-auth-success', element: <MobileAuthSuccessPage opener={opener} /> },
      { path: '/mobile-login', element: <p>halaman mobile-login</p> },
    ],
    { initialEntries: [`/mobile-auth-success${query}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const hold = (expiresInMs = 60_000) =>
  pendingHandoff.set({ code: 'kode-1', codeChallenge: challenge, state: 's-1', expiresAt: Date.now() + expiresInMs, user });

describe('MobileAuthSuccessPage', () => {
  let opener: { navigate: Mock<(url: string) => void>; openInFrame: Mock<(url: string) => void> };
  beforeEach(() => {
    vi.useFakeTimers();
    scheme = 'derap';
    stubApi();
    opener = { navigate: vi.fn(), openInFrame: vi.fn() };
  });
  afterEach(() => {
    cleanup();
    pendingHandoff.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the app with the one-time code after 1.5 s, tries again 1 s later, and shows the manual hint', async () => {
    hold();
    renderAt(search, opener);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Login berhasil!' })).toBeTruthy();
    expect(screen.getByText(/Halo, Rina/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_DELAY_MS - 1));
    expect(opener.navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(opener.navigate.mock.calls).toEqual([['derap://auth-success?code=kode-1&state=s-1']]);

    await act(() => vi.advanceTimersByTimeAsync(APP_FALLBACK_DELAY_MS));
    expect(opener.openInFrame).toHaveBeenCalledWith('derap://auth-success?code=kode-1&state=s-1');
    expect(screen.queryByText(authSuccessMessages.manualHint)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(MANUAL_HINT_DELAY_MS - APP_FALLBACK_DELAY_MS));
    expect(screen.getByText(authSuccessMessages.manualHint)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Buka Aplikasi' }));
    expect(opener.navigate.mock.calls[1]).toEqual(['derap://auth-success?code=kode-1&state=s-1']);
    // Nothing but the configuration was asked for: the code came from the click on /mobile-login.
    expect(requests.map((r) => r.url)).toEqual(['/api/auth/config']);
  });

  it('uses the scheme the server is configured with', async () => {
    scheme = 'derapdev';
    hold();
    renderAt(search, opener);
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_DELAY_MS));
    expect(opener.navigate).toHaveBeenCalledWith('derapdev://auth-success?code=kode-1&state=s-1');
  });

  it("'Buka Aplikasi' asks for a fresh code for the same challenge once the first has (nearly) expired", async () => {
    hold();
    renderAt(search, opener);
    await act(() => vi.advanceTimersByTimeAsync(55_000));
    fireEvent.click(screen.getByRole('button', { name: 'Buka Aplikasi' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const post = requests.find((r) => r.method === 'POST');
    expect(post).toEqual({ method: 'POST', url: '/api/auth/mobile-handoff/code', body: { code_challenge: challenge, code_challenge_method: 'S256' } });
    expect(opener.navigate).toHaveBeenLastCalledWith('derap://auth-success?code=kode-baru&state=s-1');
  });

  it('shows the open-failed message when the browser refuses the scheme', async () => {
    opener.navigate.mockImplementation(() => {
      throw new Error('blocked');
    });
    hold();
    renderAt(search, opener);
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_DELAY_MS));
    expect(screen.getByRole('alert').textContent).toContain(authSuccessMessages.openFailed);
  });

  it('without a code in memory (reload, link, history) shows the incomplete-data error, never opens the app, and "Coba Lagi" returns to /mobile-login with the challenge', async () => {
    const router = renderAt(search, opener);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('alert').textContent).toContain(authSuccessMessages.missing);
    expect(opener.navigate).not.toHaveBeenCalled();
    expect(opener.openInFrame).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/mobile-login');
    expect(router.state.location.search).toBe(`?from_app=true&code_challenge=${challenge}&state=s-1`);
  });

  it('tokens put into the query by someone else are ignored; "Kembali ke Aplikasi" opens the app without credentials', async () => {
    renderAt(`?token=t&refreshToken=r&user=${encodeURIComponent(JSON.stringify(user))}`, opener);
    expect(screen.getByRole('alert').textContent).toContain(authSuccessMessages.missing);
    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke Aplikasi' }));
    expect(opener.navigate).toHaveBeenCalledWith('derap://');
  });
});
