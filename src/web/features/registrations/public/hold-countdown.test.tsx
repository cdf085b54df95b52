import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatHoldRemaining, holdAnnouncement, HoldCountdown } from './hold-countdown';

describe('formatHoldRemaining', () => {
  it.each([
    [15 * 60_000, '15:00'],
    [14 * 60_000 + 59_001, '15:00'],
    [14 * 60_000 + 59_000, '14:59'],
    [61_000, '01:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5000, '00:00'],
    [60 * 60_000, '60:00'],
  ])('%i ms → %s', (ms, text) => expect(formatHoldRemaining(ms)).toBe(text));
});

describe('holdAnnouncement', () => {
  it('speaks at 5 and 1 minutes left and at the end, never in between', () => {
    expect(holdAnnouncement(5 * 60_000, 5 * 60_000 + 1000)).toBe('Sisa waktu pembayaran 5 menit.');
    expect(holdAnnouncement(60_000, 61_000)).toBe('Sisa waktu pembayaran 1 menit.');
    expect(holdAnnouncement(0, 1000)).toBe('Waktu pembayaran habis.');
    expect(holdAnnouncement(4 * 60_000, 4 * 60_000 + 1000)).toBeNull();
    expect(holdAnnouncement(14 * 60_000, 14 * 60_000 + 1000)).toBeNull();
    expect(holdAnnouncement(0, 0)).toBeNull();
  });
});

describe('<HoldCountdown>', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2027-05-01T02:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('counts down every second in a timer that is not live, and says when the time is up', () => {
    const onExpired = vi.fn();
    render(<HoldCountdown expiresAt="2027-05-01T02:01:02Z" onExpired={onExpired} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveProperty('textContent', '01:02');
    expect(timer.getAttribute('aria-live')).toBe('off');
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer').textContent).toBe('00:59');
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe('Sisa waktu pembayaran 1 menit.');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText(/Waktu pembayaran habis\. Slot Anda telah dilepas/)).toBeTruthy();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('shows the deadline instead of a countdown for long holds', () => {
    render(<HoldCountdown expiresAt="2027-05-03T02:00:00Z" />);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Slot Anda disimpan hingga 3 Mei 2027 pukul 09.00 WIB.')).toBeTruthy();
  });
});
