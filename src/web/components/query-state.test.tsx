import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorAlert, ErrorRetry, ErrorState, LoadingMessage, LoadingSpinner, QueryState, RetryButton, type QueryLike } from './query-state';

afterEach(cleanup);

const states = (query: QueryLike<string[]>) => (
  <QueryState
    query={query}
    loading={<p>memuat</p>}
    error={<p>gagal</p>}
    isEmpty={(list) => list.length === 0}
    empty={<p>kosong</p>}
  >
    {(list) => <ul>{list.map((item) => <li key={item}>{item}</li>)}</ul>}
  </QueryState>
);

describe('QueryState', () => {
  it('shows loading, error, empty or the data by the query status', () => {
    const { rerender } = render(states({ status: 'pending', data: undefined }));
    expect(screen.getByText('memuat')).toBeTruthy();
    rerender(states({ status: 'error', data: undefined }));
    expect(screen.getByText('gagal')).toBeTruthy();
    expect(screen.queryByText('memuat')).toBeNull();
    rerender(states({ status: 'success', data: [] }));
    expect(screen.getByText('kosong')).toBeTruthy();
    rerender(states({ status: 'success', data: ['Budi', 'Rina'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Budi', 'Rina']);
  });

  it('keeps showing the data after an error only while the status says success (a refetch keeps old data)', () => {
    render(states({ status: 'error', data: ['lama'] }));
    expect(screen.getByText('gagal')).toBeTruthy();
    expect(screen.queryByText('lama')).toBeNull();
  });

  it('without isEmpty, empty data is rendered by children', () => {
    render(
      <QueryState query={{ status: 'success', data: [] as string[] }} loading={null} error={null}>
        {(list) => <p>{`${list.length} baris`}</p>}
      </QueryState>,
    );
    expect(screen.getByText('0 baris')).toBeTruthy();
  });
});

describe('loading pieces', () => {
  it('LoadingSpinner is a status named by its label only', () => {
    render(<LoadingSpinner className="py-8" label="Memuat latihan hari ini..." />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Memuat latihan hari ini...');
    expect(status.parentElement!.className).toBe('flex justify-center text-brand-600 py-8');
  });

  it('LoadingMessage shows its text beside a silent spinner, on a card when asked', () => {
    const { container } = render(<LoadingMessage card>Memuat event...</LoadingMessage>);
    expect(screen.queryByRole('status')).toBeNull();
    const box = container.firstElementChild!;
    expect(box.tagName).toBe('DIV');
    expect(box.textContent).toBe(' Memuat event...');
    expect(box.className).toContain('rounded-2xl border border-slate-200 bg-white');
    cleanup();
    const inline = render(<LoadingMessage variant="inline">Memuat status...</LoadingMessage>).container.firstElementChild!;
    expect(inline.tagName).toBe('P');
    expect(inline.className).toBe('flex items-center gap-2 text-sm text-slate-600');
  });
});

describe('error pieces', () => {
  it('RetryButton asks again with the screen’s own label, disabled while loading', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<RetryButton onRetry={onRetry} label="Coba Lagi" />);
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<RetryButton onRetry={onRetry} loading />);
    expect((screen.getByRole('button', { name: 'Coba lagi' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ErrorRetry announces the message and retries with the arrow icon', () => {
    const onRetry = vi.fn();
    render(<ErrorRetry message="Gagal memuat latihan hari ini." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe('Gagal memuat latihan hari ini.');
    const button = screen.getByRole('button', { name: 'Coba lagi' });
    expect(button.querySelector('svg')).not.toBeNull();
    fireEvent.click(button);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('ErrorAlert holds the retry inside the alert, and none without onRetry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorAlert title="Gagal memuat event." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Gagal memuat event.');
    fireEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ErrorAlert title="Pendaftaran tidak ditemukan." />);
    expect(screen.queryByRole('button')).toBeNull();
    // Only the title: no empty body under it (its margin would make the alert taller).
    expect(screen.getByRole('alert').querySelector('.leading-relaxed')).toBeNull();
  });

  it('ErrorState looks like an empty state with a title, the reason and Coba Lagi', () => {
    const onRetry = vi.fn();
    render(<ErrorState icon={Inbox} title="Gagal memuat pengguna" description="Server sedang sibuk." onRetry={onRetry} retrying={false} />);
    expect(screen.getByText('Gagal memuat pengguna')).toBeTruthy();
    expect(screen.getByText('Server sedang sibuk.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('ErrorState renders the same markup as the EmptyState it stands for', () => {
    const retry = () => {};
    const a = render(<ErrorState icon={Inbox} title="T" description="D" onRetry={retry} />).container.innerHTML;
    cleanup();
    const b = render(
      <EmptyState
        icon={Inbox}
        title="T"
        description="D"
        action={<Button onClick={retry}>Coba Lagi</Button>}
        className="bg-white"
      />,
    ).container.innerHTML;
    expect(a).toBe(b);
  });
});
