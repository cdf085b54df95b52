import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchInput } from './search-input';

afterEach(cleanup);

function Harness({ busy = false }: { busy?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchInput id="cari" label="Cari nama atau email" value={value} onChange={setValue} placeholder="Cari..." busy={busy} inputClassName="h-10 pr-9" />
      <p data-testid="value">{value}</p>
    </>
  );
}

describe('SearchInput', () => {
  it('is a searchbox named by its hidden label that reports what is typed', () => {
    render(<Harness />);
    const box = screen.getByRole('searchbox', { name: 'Cari nama atau email' });
    expect(box.getAttribute('placeholder')).toBe('Cari...');
    expect(box.getAttribute('autocomplete')).toBe('off');
    expect(box.className).toContain('pl-9');
    expect(box.className).toContain('h-10 pr-9');
    fireEvent.change(box, { target: { value: 'budi' } });
    expect(screen.getByTestId('value').textContent).toBe('budi');
  });

  it('says Mencari... only while busy', () => {
    const { rerender } = render(<Harness />);
    expect(screen.queryByText('Mencari...')).toBeNull();
    rerender(<Harness busy />);
    expect(screen.getByRole('status').textContent).toBe('Mencari...');
  });
});
