import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './runner-pager';

describe('Data Pelari pages', () => {
  afterEach(cleanup);
  it("says 'Menampilkan 51–100 dari 1.234 pelari' and moves a page back or on", () => {
    const onOffset = vi.fn();
    render(<Pager pageSize={50} offset={50} shown={50} total={1234} busy={false} onOffset={onOffset} />);
    expect(screen.getByTestId('runner-data-range').textContent).toBe('Menampilkan 51–100 dari 1.234 pelari');
    fireEvent.click(screen.getByRole('button', { name: 'Sebelumnya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(onOffset.mock.calls).toEqual([[0], [100]]);
  });

  it('has no previous page on the first and no next on the last; no buttons when one page holds all', () => {
    const { rerender } = render(<Pager pageSize={50} offset={0} shown={50} total={1234} busy={false} onOffset={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Sebelumnya' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toHaveProperty('disabled', false);
    rerender(<Pager pageSize={50} offset={1200} shown={34} total={1234} busy={false} onOffset={() => undefined} />);
    expect(screen.getByTestId('runner-data-range').textContent).toBe('Menampilkan 1.201–1.234 dari 1.234 pelari');
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toHaveProperty('disabled', true);
    rerender(<Pager pageSize={50} offset={0} shown={3} total={3} busy={false} onOffset={() => undefined} />);
    expect(screen.getByTestId('runner-data-range').textContent).toBe('Menampilkan 1–3 dari 3 pelari');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('holds both buttons while the next page loads', () => {
    render(<Pager pageSize={50} offset={50} shown={50} total={1234} busy onOffset={() => undefined} />);
    for (const name of ['Sebelumnya', 'Berikutnya']) expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
  });
});
