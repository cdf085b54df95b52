import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationEvent } from '../../../domain/events/contract';
import { registrationMessages } from '../../../domain/registrations/registration-form';
import { ApiError } from '../../api/client';
import { RegistrationForm } from './registration-form';
import { retryMessages } from './retry-notice';

const mutate = vi.fn();
vi.mock('./registrations-api', () => ({ useCreateRegistration: () => ({ isPending: false, mutate }) }));
vi.mock('./use-registration-challenge', () => ({
  useRegistrationChallenge: () => ({ status: 'off', take: () => Promise.resolve(undefined), retry: () => {} }),
}));

const event: RegistrationEvent = {
  _id: 'evt-1',
  eventId: 'jakarta-pagi-run',
  code: 'jpr',
  name: 'Jakarta Pagi Run',
  description: '',
  headerImage: null,
  location: 'Monas',
  timezone: 'Asia/Jakarta',
  status: 'diterima',
  eventDate: '2099-01-10T00:00:00.000Z',
  regOpen: '2020-01-01T00:00:00.000Z',
  regClose: '2099-01-01T00:00:00.000Z',
  earlyBirdEndDate: null,
  paymentType: 'platform',
  paymentOptions: ['gopay'],
  paymentInstruction: null,
  organizer: { name: 'Panitia' },
  categories: [{ categoryId: '10k', name: '10K', description: '', price: 185000, adminFee: 10000, slots: 100, sold: 0, originalPrice: null, earlyBird: false, earlyBirdEndDate: null }],
};

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input,select,textarea' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const leave = (label: string) => fireEvent.blur(field(label));

function fillValid() {
  type('Email', 'putu@gmail.com');
  type('Nomor Telepon', '081234567890');
  type('Nama Lengkap', 'Putu Ayu');
  type('Nama BIB', 'PUTU');
  type('Golongan Darah', 'B+');
  type('Ukuran Kaos', 'S');
  type('Jenis Kelamin', 'Perempuan');
  type('Tanggal Lahir', '1995-03-14');
  type('Jenis Identitas', 'KTP');
  type('Nomor Identitas', '5171');
  type('Nama Kontak Darurat', 'Made');
  type('Nomor Kontak Darurat', '+6281298765432');
}

const submit = () => fireEvent.submit(screen.getByRole('form'));

beforeEach(() => {
  mutate.mockReset();
  // The form keeps a draft per tab (decision 018): each test starts from an empty form.
  sessionStorage.clear();
});
afterEach(cleanup);

describe('<RegistrationForm>', () => {
  it('checks a field when it is left: the email always, an empty other field not', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    leave('Nama Lengkap');
    leave('Email');
    expect(await screen.findByText(registrationMessages.emailRequired)).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Nama lengkap wajib diisi')).toBeNull();
    expect(field('Nama Lengkap').getAttribute('aria-invalid')).toBeNull();
  });

  it('an error shown follows the typing, and disappears once the value is right', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    type('Nomor Telepon', '0812');
    expect(screen.queryByText('Nomor telepon terlalu pendek')).toBeNull();
    leave('Nomor Telepon');
    expect(await screen.findByText('Nomor telepon terlalu pendek')).toBeTruthy();
    expect(field('Nomor Telepon').getAttribute('aria-describedby')).toMatch(/-phone-error$/);
    type('Nomor Telepon', '08123456');
    await waitFor(() => expect(screen.queryByText('Nomor telepon terlalu pendek')).toBeNull());
    // Once right, the field is quiet again until it is left with something in it.
    type('Nomor Telepon', '08');
    leave('Nomor Telepon');
    expect(await screen.findByText('Nomor telepon terlalu pendek')).toBeTruthy();
    type('Nomor Telepon', '');
    expect(await screen.findByText('Nomor telepon wajib diisi')).toBeTruthy();
  });

  it('phone fields keep digits and plus signs only', () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    type('Nomor Telepon', '+62 812-3456');
    expect(field('Nomor Telepon').value).toBe('+628123456');
    type('Nomor Kontak Darurat', 'abc0812');
    expect(field('Nomor Kontak Darurat').value).toBe('0812');
  });

  it('the submit waits for every required field; then category and terms, then the payment method, then the fields', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    const button = screen.getByRole('button', { name: 'Lanjutkan Pembayaran' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Lengkapi semua kolom wajib untuk melanjutkan.')).toBeTruthy();
    fillValid();
    type('Tanggal Lahir', '2024-01-01');
    expect(button.disabled).toBe(false);

    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(registrationMessages.categoryAndTerms);
    fireEvent.click(screen.getByRole('radio', { name: /10K/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(registrationMessages.paymentMethodRequired);
    fireEvent.click(screen.getByRole('radio', { name: 'GoPay' }));

    submit();
    expect(await screen.findByText(registrationMessages.dobAge)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Tanggal Lahir')));
    expect(mutate).not.toHaveBeenCalled();
  });

  it('an email to fix comes first, with its own alert', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    fillValid();
    type('Email', 'putu@gmial.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(registrationMessages.fixEmailFirst);
    expect(screen.getByText(registrationMessages.emailSuggestion('putu@gmail.com'))).toBeTruthy();
  });

  it('sends what the runner typed, with the event id, the category and the payment method', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: /10K/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'GoPay' }));
    submit();
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]![0]).toEqual({
      eventId: 'evt-1',
      categoryId: '10k',
      paymentMethod: 'gopay',
      runnerData: {
        email: 'putu@gmail.com',
        phone: '081234567890',
        fullName: 'Putu Ayu',
        bibName: 'PUTU',
        community: '',
        bloodType: 'B+',
        tshirtSize: 'S',
        sex: 'Perempuan',
        dob: '14-03-1995',
        identityType: 'KTP',
        identityNo: '5171',
        emergencyName: 'Made',
        emergencyContact: '+6281298765432',
        medicalNotes: '',
      },
    });
  });

  it('a 503 busy answer shows the calm notice with a countdown, keeps every field, and retries by itself once Retry-After has passed', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const onRegistered = vi.fn();
    type Callbacks = { onSuccess: (c: unknown) => void; onError: (e: unknown) => void };
    mutate
      .mockImplementationOnce((_p: unknown, cb: Callbacks) =>
        cb.onError(new ApiError(503, retryMessages.busy, 'REGISTRATION_BUSY', undefined, 1)),
      )
      .mockImplementationOnce((_p: unknown, cb: Callbacks) =>
        cb.onSuccess({ registration: { registrationId: 'REG-1' }, payment_url: 'http://pay', resumed: false }),
      );
    render(<RegistrationForm event={event} onRegistered={onRegistered} />);
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: /10K/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'GoPay' }));
    submit();
    expect(await screen.findByText(retryMessages.busy)).toBeTruthy();
    expect(screen.getByText(retryMessages.countdown(1))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Nama Lengkap').value).toBe('Putu Ayu');
    expect(field('Email').value).toBe('putu@gmail.com');
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(2), { timeout: 3_000 });
    expect(mutate.mock.calls[1]![0]).toEqual(mutate.mock.calls[0]![0]);
    expect(onRegistered).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(retryMessages.busy)).toBeNull();
    // Registered: the draft is gone, so the next form starts empty.
    expect(sessionStorage.length).toBe(0);
    vi.restoreAllMocks();
  });

  it("a network error offers 'Coba sekarang' (sends again at once) and 'Batal' (stops retrying, the form stays filled)", async () => {
    type Callbacks = { onError: (e: unknown) => void };
    mutate.mockImplementation((_p: unknown, cb: Callbacks) => cb.onError(new TypeError('Failed to fetch')));
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: /10K/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'GoPay' }));
    submit();
    expect(await screen.findByText(retryMessages.unreachable)).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Coba sekarang' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(retryMessages.unreachable)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(screen.queryByText(retryMessages.unreachable)).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(mutate).toHaveBeenCalledTimes(2);
    expect(field('Nomor Identitas').value).toBe('5171');
  });

  it('what the runner typed survives a reload of the tab (sessionStorage), choices included', async () => {
    const first = render(<RegistrationForm event={event} onRegistered={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: /10K/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'GoPay' }));
    first.unmount();
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    expect(field('Nama Lengkap').value).toBe('Putu Ayu');
    expect(field('Nomor Kontak Darurat').value).toBe('+6281298765432');
    expect(field('Tanggal Lahir').value).toBe('1995-03-14');
    expect((screen.getByRole('radio', { name: /10K/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'GoPay' }) as HTMLInputElement).checked).toBe(true);
  });
});
