import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PublicUser } from '../../../domain/users/contract';
import { MOBILE_LOGIN_REDIRECT_DELAY_MS, mobileLoginMessages, pendingHandoff, type AppOpener } from './app-handoff';
import { MobileLoginPage } from './mobile-login-page';

const rina: PublicUser = {
  _id: 'u-1',
  name: 'Rina Wulandari',
  email: 'rina@contoh.id',
  photo: null,
  role: 'runner',
  subscription_status: 'none',
  current_period_end: null,
  has_had_trial: false,
  strava: { id: null },
};
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const appLink = `/mobile-login?from_app=true&code_challenge=${challenge}&state=s-1`;

type Reply = { status: number; body: unknown };
let requests: { method: string; url: string; body: unknown }[];
let signedIn: PublicUser | null;
let mintReply: Reply;

function stubApi() {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      let reply: Reply;
      if (url === '/api/auth/config') reply = { status: 200, body: { google: true, devLogin: false, mobileApp: { scheme: 'derap', androidPackage: 'id.derap.app' }, supportWhatsapp: null } };
      else if (url === '/api/auth/session') reply = { status: 200, body: { user: signedIn, refreshable: false } };
      else if (url === '/api/auth/refresh') reply = { status: 401, body: { message: 'Sesi Anda telah berakhir. Silakan masuk lagi.' } };
      else if (url === '/api/auth/mobile-handoff/code') reply = mintReply;
      else reply = { status: 404, body: { message: 'Alamat API tidak ditemukan.' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderAt(path: string, opener: AppOpener) {
  const router = createMemoryRouter(
    [
      { path: '/mobile-login', element: <MobileLoginPage opener={opener} /> },
      { path: '/mobile-auth-success', element: <p>halaman auth-success</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
const mints = () => requests.filter((r) => r.url === '/api/auth/mobile-handoff/code');

describe('MobileLoginPage', () => {
  let opener: { navigate: Mock<(url: string) => void>; openInFrame: Mock<(url: string) => void> };
  beforeEach(() => {
    vi.useFakeTimers();
    signedIn = rina;
    mintReply = { status: 200, body: { code: 'kode-1', expiresIn: 60 } };
    stubApi();
    opener = { navigate: vi.fn(), openInFrame: vi.fn() };
  });
  afterEach(() => {
    cleanup();
    pendingHandoff.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('signed in: shows who the app will be signed in as and hands nothing over without a click', async () => {
    const router = renderAt(appLink, opener);
    await settle();
    expect(screen.getByRole('heading', { name: 'Lanjutkan ke aplikasi' })).toBeTruthy();
    const account = screen.getByTestId('handoff-account');
    expect(within(account).getByText('Rina Wulandari')).toBeTruthy();
    expect(within(account).getByText('rina@contoh.id')).toBeTruthy();
    expect(screen.getByText(mobileLoginMessages.confirmOnlyIfYou)).toBeTruthy();

    await settle(10_000);
    expect(mints()).toEqual([]);
    expect(opener.navigate).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/mobile-login');
    expect(pendingHandoff.get(challenge)).toBeNull();
  });

  it("'Buka Aplikasi' asks for a code for the app's challenge, shows the overlay and goes on to /mobile-auth-success with no secret in the URL", async () => {
    const router = renderAt(appLink, opener);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Buka Aplikasi' }));
    await settle();
    expect(mints()).toEqual([
      { method: 'POST', url: '/api/auth/mobile-handoff/code', body: { code_challenge: challenge, code_challenge_method: 'S256' } },
    ]);
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Login berhasil! Mengarahkan ke aplikasi...');
    expect(pendingHandoff.get(challenge)).toMatchObject({ code: 'kode-1', state: 's-1', user: rina });

    await settle(MOBILE_LOGIN_REDIRECT_DELAY_MS);
    expect(router.state.location.pathname).toBe('/mobile-auth-success');
    expect(router.state.location.search).toBe(`?code_challenge=${challenge}&state=s-1`);
    expect(JSON.stringify(router.state.location)).not.toContain('kode-1');
  });

  it('a failed request for the code shows the spec message and lets the person try again', async () => {
    mintReply = { status: 500, body: { message: 'Terjadi kesalahan pada server.' } };
    renderAt(appLink, opener);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Buka Aplikasi' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(mobileLoginMessages.handoffFailed);
    mintReply = { status: 200, body: { code: 'kode-2', expiresIn: 60 } };
    fireEvent.click(screen.getByRole('button', { name: 'Coba arahkan lagi' }));
    await settle();
    expect(pendingHandoff.get(challenge)?.code).toBe('kode-2');
  });

  it('a browser session that ended meanwhile leads back to the sign-in options with the server message', async () => {
    mintReply = { status: 401, body: { message: 'Sesi Anda telah berakhir. Silakan masuk lagi.' } };
    renderAt(appLink, opener);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Buka Aplikasi' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Masuk ke Derap' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Sesi Anda telah berakhir. Silakan masuk lagi.');
  });

  it("'Gunakan akun lain' offers Google (back to the same challenge and state) and a way back", async () => {
    renderAt(appLink, opener);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Gunakan akun lain' }));
    const google = screen.getByRole('link', { name: 'Masuk dengan Google' });
    const back = new URL(decodeURIComponent(google.getAttribute('href')!.split('redirect=')[1]!));
    expect(back.pathname + back.search).toBe(appLink);
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan sebagai Rina Wulandari' }));
    expect(screen.getByRole('button', { name: 'Buka Aplikasi' })).toBeTruthy();
    expect(mints()).toEqual([]);
  });

  it('signed out: the sign-in options, with Google coming back to the same challenge and state', async () => {
    signedIn = null;
    renderAt(appLink, opener);
    await settle();
    expect(screen.getByRole('heading', { name: 'Masuk ke Derap' })).toBeTruthy();
    const href = screen.getByRole('link', { name: 'Masuk dengan Google' }).getAttribute('href')!;
    expect(decodeURIComponent(href)).toContain(appLink);
    expect(screen.queryByRole('button', { name: 'Buka Aplikasi' })).toBeNull();
  });

  it('from_app=true without a valid challenge (an old app or a forged link): explains, and offers only the way back', async () => {
    renderAt('/mobile-login?from_app=true', opener);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(mobileLoginMessages.linkIncomplete);
    expect(screen.queryByRole('button', { name: 'Buka Aplikasi' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke Aplikasi' }));
    expect(opener.navigate).toHaveBeenCalledWith('derap://');
    expect(mints()).toEqual([]);
  });

  it('signed in without from_app goes to /dashboard', async () => {
    const router = renderAt('/mobile-login', opener);
    await settle();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
