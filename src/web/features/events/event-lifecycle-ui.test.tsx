import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { eventChangeMessages } from '../../../domain/events/event-changes';
import { paidRunnersWarning } from './admin/events-section';
import { EditEventDialog, formValuesOf } from './create-event-dialog';
import { registrationIsOpen } from './event-action-dialogs';
import { pageSummary } from './event-list-view';

const update = vi.fn();
vi.mock('./events-api', () => ({
  useCreateEvent: () => ({ mutateAsync: vi.fn() }),
  useUpdateEvent: () => ({ mutateAsync: update }),
  uploadImage: vi.fn(),
}));

afterEach(cleanup);
if (!(globalThis as { CSS?: { escape?: unknown } }).CSS?.escape) Object.assign(globalThis, { CSS: { escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') } });

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const category = (over: Partial<OrganizerEvent['categories'][number]> = {}): OrganizerEvent['categories'][number] => ({
  categoryId: '10k',
  name: '10K',
  price: 250000,
  adminFee: 10000,
  slots: 100,
  sold: 21,
  paid: 21,
  pending: 0,
  description: '',
  originalPrice: null,
  earlyBird: false,
  earlyBirdEndDate: null,
  currentPrice: 250000,
  locked: true,
  bibPrefix: '',
  bibStart: null,
  bibEnd: null,
  ...over,
});
const event = (over: Partial<OrganizerEvent> = {}): OrganizerEvent => ({
  _id: 'e1',
  eventId: 'jakarta-run',
  code: 'jkt',
  name: 'Jakarta Run',
  description: 'Lari pagi.',
  headerImage: null,
  status: 'diterima',
  location: 'Monas',
  timezone: 'Asia/Jakarta',
  paymentType: 'platform',
  categories: [category(), category({ categoryId: '5k', name: '5K', price: 150000, currentPrice: 150000, sold: 0, paid: 0, locked: false })],
  earlyBirdEndDate: null,
  paymentOptions: ['gopay'],
  paymentInstruction: null,
  emailCodeRequired: false,
  registrations: 21,
  createdBy: { _id: 'u1', name: 'Siti' },
  eventDate: iso(40),
  regOpen: iso(-2),
  regClose: iso(20),
  eventdate: iso(40),
  regopen: iso(-2),
  regclose: iso(20),
  participants: 21,
  pendingPayment: 3,
  capacity: 200,
  revenue: 5_250_000,
  awaitingVerification: 0,
  fee: { min: 160000, max: 260000 },
  createdAt: iso(-5),
  ...over,
});

describe('event list words and rules', () => {
  it("says which rows show, the Indonesian way", () => {
    expect(pageSummary(0, 5)).toBe('Menampilkan 1–5 dari 5 kegiatan');
    expect(pageSummary(1, 23)).toBe('Menampilkan 11–20 dari 23 kegiatan');
    expect(pageSummary(2, 1234)).toBe('Menampilkan 21–30 dari 1.234 kegiatan');
    expect(pageSummary(0, 0)).toBe('Tidak ada kegiatan');
  });

  it('offers Tutup Pendaftaran only while registration is open', () => {
    expect(registrationIsOpen(event())).toBe(true);
    expect(registrationIsOpen(event({ regOpen: iso(1) }))).toBe(false);
    expect(registrationIsOpen(event({ regClose: iso(-1) }))).toBe(false);
  });

  it('tells the admin with the counts why an event with runners cannot be rejected or closed, and points to Batalkan Event; nothing before accepting', () => {
    expect(paidRunnersWarning(event(), 'ditolak')).toMatch(/^21 pelari sudah membayar dan 3 menunggu pembayaran, jadi event ini tidak dapat ditolak\. Gunakan "Batalkan Event"/);
    expect(paidRunnersWarning(event({ awaitingVerification: 2 }), 'tutup')).toMatch(/^21 pelari sudah membayar, 3 menunggu pembayaran dan 2 menunggu verifikasi pembayaran, jadi event ini tidak dapat ditutup\./);
    expect(paidRunnersWarning(event(), 'diterima')).toBeNull();
    expect(paidRunnersWarning(event({ participants: 0, pendingPayment: 0 }), 'ditolak')).toBeNull();
  });
});

describe('<EditEventDialog>', () => {
  it('fills the form with the event, WIB dates and early bird as a day', () => {
    const values = formValuesOf(
      event({ categories: [category({ earlyBird: true, originalPrice: 300000, earlyBirdEndDate: '2027-05-19T17:00:00.000Z' })], regOpen: '2027-05-01T01:00:00.000Z' }),
    );
    expect(values.regOpen).toBe('2027-05-01T08:00');
    expect(values.categories[0]).toMatchObject({ categoryId: '10k', price: '250000', originalPrice: '300000', earlyBird: true, earlyBirdEndDate: '2027-05-20' });
  });

  it('refuses a price change of a sold category next to the field, without asking the server; a text change is sent', async () => {
    render(<EditEventDialog event={event()} onOpenChange={() => {}} onSaved={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Ubah Event' })).toBeTruthy();
    const price = screen.getAllByLabelText('Harga (Rp)', { selector: 'input' })[0] as HTMLInputElement;
    expect(price.value).toBe('250000');
    fireEvent.change(price, { target: { value: '300000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Perubahan' }));
    const message = eventChangeMessages.categoryPrice('10K');
    await waitFor(() => expect(screen.getAllByText(message).length).toBe(2));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(update).not.toHaveBeenCalled();
    // A sold category offers no 'Hapus'; the unsold one does.
    expect(screen.queryByRole('button', { name: 'Hapus kategori 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hapus kategori 2' })).toBeTruthy();

    fireEvent.change(price, { target: { value: '250000' } });
    fireEvent.change(screen.getByLabelText('Deskripsi', { selector: 'textarea' }), { target: { value: 'Rute baru.' } });
    update.mockResolvedValueOnce(event({ description: 'Rute baru.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Perubahan' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const sent = update.mock.calls[0]![0] as { id: string; payload: { description: string; categories: { sourceCategoryId: string | null }[] } };
    expect(sent.id).toBe('e1');
    expect(sent.payload.description).toBe('Rute baru.');
    expect(sent.payload.categories.map((c) => c.sourceCategoryId)).toEqual(['10k', '5k']);
  });
});
