import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { APP_FALLBACK_DELAY_MS, APP_OPEN_DELAY_MS, MANUAL_HINT_DELAY_MS, authSuccessMessages, type AppOpener } from './app-handoff';
import { MobileAuthSuccessPage } from './mobile-auth-success-page';

const user = { _id: 'u-1', email: 'rina@contoh.id', name: 'Rina' };

function renderAt(search: string, opener: AppOpener) {
  const router = createMemoryRouter(
    [
      { path: '/mobile-auth-success', element: <MobileAuthSuccessPage opener={opener} /> },
      { path: '/mobile-login', element: <p>halaman mobile-login</p> },
      { path: '/', element: <p>beranda</p> },
    ],
    { initialEntries: [`/mobile-auth-success${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('MobileAuthSuccessPage', () => {
  let opener: { navigate: Mock<(url: string) => void>; openInFrame: Mock<(url: string) => void> };
  beforeEach(() => {
    vi.useFakeTimers();
    opener = { navigate: vi.fn(), openInFrame: vi.fn() };
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens the app after 1.5 s, tries again 1 s later, and shows the manual hint', async () => {
    const query = `?${new URLSearchParams({ token: 'tok', refreshToken: 'ref', user: JSON.stringify(user) })}`;
    renderAt(query, opener);
    expect(screen.getByRole('heading', { name: 'Login berhasil!' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_DELAY_MS - 1));
    expect(opener.navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(opener.navigate).toHaveBeenCalledTimes(1);
    expect(opener.navigate.mock.calls[0]![0]).toBe(`derap://auth-success${query}`);

    await act(() => vi.advanceTimersByTimeAsync(APP_FALLBACK_DELAY_MS));
    expect(opener.openInFrame).toHaveBeenCalledWith(`derap://auth-success${query}`);
    expect(screen.queryByText(authSuccessMessages.manualHint)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(MANUAL_HINT_DELAY_MS - APP_FALLBACK_DELAY_MS));
    expect(screen.getByText(authSuccessMessages.manualHint)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Buka Aplikasi' }));
    expect(opener.navigate).toHaveBeenCalledTimes(2);
  });

  it('shows the open-failed message when the browser refuses the scheme', async () => {
    opener.navigate.mockImplementation(() => {
      throw new Error('blocked');
    });
    renderAt(`?${new URLSearchParams({ token: 't', user: JSON.stringify(user) })}`, opener);
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_DELAY_MS));
    expect(screen.getByRole('alert').textContent).toContain(authSuccessMessages.openFailed);
  });

  it('shows the incomplete-data error, never opens the app, and "Coba Lagi" goes to /mobile-login', async () => {
    const router = renderAt('?token=t', opener);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('alert').textContent).toContain(authSuccessMessages.missing);
    expect(opener.navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/mobile-login');
  });

  it('"Kembali ke Aplikasi" opens the app without credentials', async () => {
    renderAt('?token=t&user=%7Bbad', opener);
    expect(screen.getByRole('alert').textContent).toContain(authSuccessMessages.invalidUser);
    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke Aplikasi' }));
    expect(opener.navigate).toHaveBeenCalledWith('derap://');
  });
});
