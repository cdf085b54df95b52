import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RacepackCard } from './racepack-card';

afterEach(cleanup);

const base = { name: 'Putu Ayu Saraswati', registrationId: 'REG-H2QHC5BZKV', bib: 'AYU', bibNumber: '10K-0231', category: '10K', size: 'S' };

describe('RacepackCard', () => {
  it('shows name, bib number, BIB name, category, size, status and the button first; the rest behind a tap', () => {
    const onCollect = vi.fn();
    render(<RacepackCard {...base} status="confirmed" onCollect={onCollect} details={<p>Catatan Medis: Asma ringan</p>} />);
    const card = screen.getByTestId('runner-card');
    for (const text of ['Putu Ayu Saraswati', '10K-0231', 'AYU', '10K', 'S', 'Terkonfirmasi']) expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    const button = screen.getByRole('button', { name: 'Racepack Diambil' });
    const more = screen.getByRole('button', { name: 'Lihat data lengkap' });
    // The hand-out comes before the personal data in the reading order.
    expect(button.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/Asma ringan/)).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByText(/Asma ringan/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sembunyikan data lengkap' }).getAttribute('aria-expanded')).toBe('true');
    // The hand-over asks first, naming the runner and the bib; 'Batal' hands nothing over.
    fireEvent.click(button);
    let dialog = screen.getByRole('dialog', { name: 'Serahkan racepack?' });
    expect(within(dialog).getByTestId('handover-summary').textContent).toContain('Putu Ayu Saraswati');
    expect(within(dialog).getByTestId('handover-summary').textContent).toContain('10K-0231');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(onCollect).not.toHaveBeenCalled();
    fireEvent.click(button);
    dialog = screen.getByRole('dialog', { name: 'Serahkan racepack?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, Serahkan' }));
    expect(onCollect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("offers 'Urungkan' for 10 seconds after its own hand-over, and says when it was taken back", () => {
    vi.useFakeTimers();
    try {
      const onUndo = vi.fn();
      const { rerender } = render(<RacepackCard {...base} status="racepack_collected" justCollected onUndo={onUndo} />);
      fireEvent.click(screen.getByRole('button', { name: 'Urungkan' }));
      expect(onUndo).toHaveBeenCalledOnce();
      act(() => void vi.advanceTimersByTime(9_000));
      expect(screen.getByRole('button', { name: 'Urungkan' }).textContent).toContain('(1 dtk)');
      act(() => void vi.advanceTimersByTime(1_500));
      expect(screen.queryByRole('button', { name: 'Urungkan' })).toBeNull();
      // Not offered on a card that did not hand it over.
      rerender(<RacepackCard {...base} registrationId="REG-LAIN" status="racepack_collected" onUndo={onUndo} />);
      expect(screen.queryByRole('button', { name: 'Urungkan' })).toBeNull();
      rerender(<RacepackCard {...base} status="confirmed" justUndone onCollect={() => {}} />);
      expect(screen.getByRole('status').textContent).toContain('Penyerahan racepack diurungkan');
    } finally {
      vi.useRealTimers();
    }
  });

  it('no button unless confirmed; says why', () => {
    const { rerender } = render(<RacepackCard {...base} status="pending" onCollect={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Racepack Diambil' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('belum dibayar');
    rerender(<RacepackCard {...base} status="racepack_collected" takenNote="Diambil pada 24 November 2026 pukul 14.14 WIB (perangkat ini)." onCollect={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Racepack Diambil' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Racepack sudah diambil.');
  });

  it('a warning from another desk replaces the taken note', () => {
    render(<RacepackCard {...base} status="racepack_collected" takenNote="Diambil pada …" warning="Racepack sudah diambil pada 24 November 2026 pukul 14.14 WIB (perangkat Meja 2)." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Perhatian: dipindai di dua tempat');
    expect(alert.textContent).toContain('(perangkat Meja 2)');
    expect(screen.queryByText('Diambil pada …')).toBeNull();
  });
});
