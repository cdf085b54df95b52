import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCoach } from '../../../../domain/coaching/admin-contract';
import { ToastProvider } from '../../../components/toast';
import { CoachesSection } from './coaches-section';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const andi: AdminCoach = {
  _id: 'c1',
  name: 'Andi Pratama',
  email: 'andi@contoh.id',
  profile: { shownName: 'Andi Pratama', uniquelink: 'andi-pratama' },
  verification: 'pending',
  verificationNote: null,
  verifiedAt: null,
  documents: [{ key: 'a.png', url: '/api/admin/coaches/c1/documents/a.png' }],
  slots: { used: 2, free: 1 },
};
const sari: AdminCoach = { ...andi, _id: 'c2', name: 'Sari Dewi', email: 'sari@contoh.id', profile: null, verification: 'none', documents: [], slots: { used: 0, free: 0 } };

function renderSection(handler: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return handler(String(input), init);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <CoachesSection rolesHref="/admin?tab=pengguna" />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CoachesSection', () => {
  it('shows each coach with the public link, verification and slots; review needs a profile', async () => {
    renderSection(() => json({ data: [andi, sari] }));
    const rows = await screen.findAllByTestId('admin-coach-row');
    expect(within(rows[0]!).getByRole('link', { name: /\/coaching\/andi-pratama/ }).getAttribute('href')).toBe('/coaching/andi-pratama');
    expect(within(rows[0]!).getByText('Menunggu verifikasi')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('2 terisi · 1 kosong');
    expect(within(rows[1]!).getByText('Belum membuat profil')).toBeTruthy();
    expect((within(rows[1]!).getByRole('button', { name: 'Tinjau verifikasi Sari Dewi' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'tab Pengguna' }).getAttribute('href')).toBe('/admin?tab=pengguna');
  });

  it('says when there are no coaches, and offers a retry when the list fails', async () => {
    let fail = true;
    renderSection(() => (fail ? json({ message: 'Server sibuk.' }, 500) : json({ data: [] })));
    expect(await screen.findByText('Gagal memuat pelatih')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
    expect(await screen.findByText('Belum ada pelatih.')).toBeTruthy();
  });

  it('refuses Tolak without a note, then rejects only after the confirmation, sending the note', async () => {
    const calls = renderSection((url) => (url.endsWith('/verification') ? json({ verification: 'rejected', note: 'Foto buram.', message: 'Verifikasi ditolak.' }) : json({ data: [andi] })));
    fireEvent.click(await screen.findByRole('button', { name: 'Tinjau verifikasi Andi Pratama' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Dokumen 1' }).getAttribute('href')).toBe('/api/admin/coaches/c1/documents/a.png');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(within(dialog).getByText('Tuliskan alasan penolakan.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Catatan (wajib jika ditolak)'), { target: { value: 'Foto buram.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(calls.some((c) => c.url.endsWith('/verification'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Ya, Tolak' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/verification'))?.body).toEqual({ status: 'rejected', note: 'Foto buram.' }));
    expect(await screen.findByText('Verifikasi ditolak.')).toBeTruthy();
  });
});
