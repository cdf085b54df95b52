import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RacepackCard } from './racepack-card';

afterEach(cleanup);

const base = { name: 'Putu Ayu Saraswati', registrationId: 'REG-H2QHC5BZKV', bib: 'AYU', category: '10K', size: 'S' };

describe('RacepackCard', () => {
  it('shows name, BIB, category, size, status and the button first; the rest behind a tap', () => {
    const onCollect = vi.fn();
    render(<RacepackCard {...base} status="confirmed" onCollect={onCollect} details={<p>Catatan Medis: Asma ringan</p>} />);
    const card = screen.getByTestId('runner-card');
    for (const text of ['Putu Ayu Saraswati', 'AYU', '10K', 'S', 'Terkonfirmasi']) expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    const button = screen.getByRole('button', { name: 'Racepack Diambil' });
    const more = screen.getByRole('button', { name: 'Lihat data lengkap' });
    // The hand-out comes before the personal data in the reading order.
    expect(button.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/Asma ringan/)).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByText(/Asma ringan/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sembunyikan data lengkap' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(onCollect).toHaveBeenCalledOnce();
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
