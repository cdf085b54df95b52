import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { PurchaseFlow } from './purchase-flow';

afterEach(cleanup);

const initiate = vi.fn<(userId: string, packageId: string) => Promise<string>>();
vi.mock('./public-page-api', () => ({ initiateCoachPayment: (userId: string, packageId: string) => initiate(userId, packageId) }));

const pkg = { _id: 'pkg-1', title: 'Program 10K', description: '', durationWeeks: 4, price: 400_000, isActive: true };

/** The buying steps of events-and-coach-pages §4: confirmation, initiation, a 5-second countdown to the checkout. */
describe('<PurchaseFlow>', () => {
  beforeEach(() => {
    // 23 November 2026, 20:00 UTC: already 24 November in Jakarta.
    vi.useFakeTimers({ now: new Date('2026-11-23T20:00:00Z'), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    initiate.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('confirms package, price, weeks as months (§9), start and end (today + weeks × 7, Jakarta), then counts down and redirects by itself', async () => {
    initiate.mockResolvedValue('https://checkout.example/pay/1');
    const redirect = vi.fn();
    render(<PurchaseFlow pkg={pkg} coachName="Budi" userId="user-1" onClose={() => {}} redirect={redirect} />);
    const summary = screen.getByTestId('purchase-summary');
    expect(summary.textContent).toContain('Program 10K');
    expect(summary.textContent).toContain('Rp400.000');
    expect(summary.textContent).toContain('4 minggu (±1 bulan)');
    expect(summary.textContent).toContain('24 November 2026');
    expect(summary.textContent).toContain('22 Desember 2026');

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan Pembayaran' })));
    expect(initiate).toHaveBeenCalledWith('user-1', 'pkg-1');
    expect(screen.getByRole('status').textContent).toBe('Anda akan diarahkan ke halaman pembayaran dalam 5 detik');
    act(() => void vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toBe('Anda akan diarahkan ke halaman pembayaran dalam 1 detik');
    expect(redirect).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1000));
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith('https://checkout.example/pay/1');
    act(() => void vi.advanceTimersByTime(3000));
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it("'Batal' in the countdown goes nowhere; a refused initiation shows the server's reason and stays on the confirmation", async () => {
    initiate.mockResolvedValueOnce('https://checkout.example/pay/2');
    const redirect = vi.fn();
    const onClose = vi.fn();
    const { unmount } = render(<PurchaseFlow pkg={pkg} coachName="Budi" userId="user-1" onClose={onClose} redirect={redirect} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan Pembayaran' })));
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onClose).toHaveBeenCalled();
    unmount();
    act(() => void vi.advanceTimersByTime(6000));
    expect(redirect).not.toHaveBeenCalled();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    initiate.mockRejectedValueOnce(new ApiError(400, 'Anda tidak dapat membeli paket Anda sendiri.', 'OWN_PACKAGE'));
    render(<PurchaseFlow pkg={pkg} coachName="Budi" userId="user-1" onClose={() => {}} redirect={redirect} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan Pembayaran' })));
    expect(screen.getByText('Anda tidak dapat membeli paket Anda sendiri.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Konfirmasi Pembelian Paket' })).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });
});
