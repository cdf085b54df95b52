import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyRegistration } from '../../../../domain/registrations/contract';
import { MyRegistrationsCard } from './my-registrations-card';

const base: MyRegistration = {
  registrationId: 'REG-AAAAAAAAAA',
  status: 'confirmed',
  payment: { status: 'paid', amount: 195_000 },
  expiresAt: null,
  createdAt: '2027-05-01T00:00:00.000Z',
  bibName: 'PUTU',
  bibNumber: '10K-0231',
  tshirtSize: 'S',
  categoryName: '10K',
  event: { name: 'Jakarta Pagi Run', code: 'jpr', eventDate: '2027-07-18T23:00:00.000Z', location: 'Monas', timezone: 'Asia/Jakarta', paymentType: 'platform' },
  qrToken: 'qr-token-123',
  paymentKey: null,
};

function stub(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyRegistrationsCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("<MyRegistrationsCard> ('Event Diikuti')", () => {
  it('counts the paid registrations, lists the current ones with their status, and shows the QR code of a paid one', async () => {
    const fetch = stub(200, {
      registrations: [
        base,
        { ...base, registrationId: 'REG-BBBBBBBBBB', status: 'pending', payment: { status: 'pending', amount: 120_000 }, qrToken: null, event: { ...base.event, name: 'Bali Sunrise Run', code: 'bsr' } },
        { ...base, registrationId: 'REG-CCCCCCCCCC', status: 'expired', qrToken: null, event: { ...base.event, name: 'Event Lama' } },
      ],
    });
    renderCard();
    expect((await screen.findByTestId('joined-count')).textContent).toBe('1');
    expect(fetch).toHaveBeenCalledWith('/api/runner-registrations/mine', expect.anything());
    const list = screen.getByRole('list', { name: 'Pendaftaran kamu' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Terkonfirmasi');
    expect(items[0]!.textContent).toContain('19 Juli 2027 · 10K');
    expect(items[1]!.textContent).toContain('Menunggu pembayaran');
    expect(within(items[1]!).getByRole('link', { name: 'Selesaikan pembayaran' }).getAttribute('href')).toBe('/register/bsr');
    expect(screen.queryByText('Event Lama')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Lihat kode QR Jakarta Pagi Run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kode QR Racepack' });
    expect(within(dialog).getByText('qr-token-123')).toBeTruthy();
    expect(within(dialog).getByText('PUTU')).toBeTruthy();
    expect(within(dialog).getByTestId('bib-number').textContent).toBe('10K-0231');
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Kode QR pendaftaran REG-AAAAAAAAAA' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/));
  });

  it('says so when the runner has joined nothing, and offers a retry when the list cannot load', async () => {
    stub(200, { registrations: [] });
    renderCard();
    expect((await screen.findByTestId('joined-count')).textContent).toBe('0');
    expect(screen.getByText('Kamu belum mengikuti event lari apa pun.')).toBeTruthy();
    cleanup();
    const fetch = stub(500, { message: 'boom' });
    renderCard();
    expect(await screen.findByText('Gagal memuat event yang diikuti.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Coba lagi/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
