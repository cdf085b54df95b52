import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import { registrationMessages } from '../../../../domain/registrations/registration-form';
import { ApiError } from '../../../api/client';
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
  emailCodeRequired: false,
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
  type('Nomor Identitas', '5171000000000001');
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

  it('pressing the submit button keeps the focus in the field (its check on leaving would move the button away mid-press)', () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    // fireEvent answers false when the handler called preventDefault (the focus then stays put).
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Lanjutkan Pembayaran' }))).toBe(false);
  });

  it('an error shown follows the typing, and disappears once the value is right', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    type('Nomor Telepon', '0812');
    expect(screen.queryByText('Nomor telepon terlalu pendek')).toBeNull();
    leave('Nomor Telepon');
    expect(await screen.findByText('Nomor telepon terlalu pendek')).toBeTruthy();
    expect(field('Nomor Telepon').getAttribute('aria-describedby')).toMatch(/-phone-error$/);
    type('Nomor Telepon', '081234567');
    await waitFor(() => expect(screen.queryByText('Nomor telepon terlalu pendek')).toBeNull());
    // Once right, the field is quiet again until it is left with something in it.
    type('Nomor Telepon', '08');
    leave('Nomor Telepon');
    expect(await screen.findByText('Nomor telepon terlalu pendek')).toBeTruthy();
    type('Nomor Telepon', '');
    expect(await screen.findByText('Nomor telepon wajib diisi')).toBeTruthy();
  });

  it('the button is never disabled: a submit with errors shows each field error, a summary of them (role=alert) and focuses the first', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    const button = screen.getByRole('button', { name: 'Lanjutkan Pembayaran' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByText(/Lengkapi semua kolom wajib/)).toBeNull();
    type('Nomor Telepon', '0812');
    submit();
    const summary = await screen.findByRole('alert');
    // 12 runner fields wrong (every required one), then category, payment method and terms.
    expect(summary.textContent).toContain(registrationMessages.errorSummaryTitle(15));
    const links = Array.from(summary.querySelectorAll('a')).map((a) => a.textContent);
    expect(links.slice(0, 3)).toEqual(['Email', 'Nomor Telepon', 'Nama Lengkap']);
    expect(links.slice(-3)).toEqual(['Kategori Lomba', 'Metode Pembayaran', 'Syarat & Ketentuan']);
    expect(summary.textContent).toContain('Nomor Telepon: Nomor telepon terlalu pendek');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field('Email').getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(registrationMessages.emailRequired);
    expect(screen.getByText(registrationMessages.categoryRequired)).toBeTruthy();
    expect(screen.getByText(registrationMessages.termsRequired)).toBeTruthy();
    // A summary link moves to its field.
    fireEvent.click(screen.getByRole('link', { name: 'Syarat & Ketentuan' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }));
    expect(mutate).not.toHaveBeenCalled();
  });

  it('the summary shrinks as the runner fixes things, and the first still wrong field gets the next focus', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    fillValid();
    type('Tanggal Lahir', '2024-01-01');
    submit();
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(registrationMessages.errorSummaryTitle(4));
    await waitFor(() => expect(document.activeElement).toBe(field('Tanggal Lahir')));
    fireEvent.click(screen.getByRole('radio', { name: /10K/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /menyetujui seluruh Syarat & Ketentuan/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(registrationMessages.errorSummaryTitle(2)));
    expect(screen.queryByText(registrationMessages.categoryRequired)).toBeNull();
    expect(screen.getByText(registrationMessages.paymentMethodRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'GoPay' }));
    type('Tanggal Lahir', '1995-03-14');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    submit();
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
  });

  it("an email typo comes with a one-tap fix: 'Gunakan …' puts the suggested address in and clears the error", async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    type('Email', 'putu@gmial.com');
    leave('Email');
    expect(await screen.findByText(registrationMessages.emailSuggestion('putu@gmail.com'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Gunakan putu@gmail.com' }));
    await waitFor(() => expect(field('Email').value).toBe('putu@gmail.com'));
    await waitFor(() => expect(screen.queryByText(registrationMessages.emailSuggestion('putu@gmail.com'))).toBeNull());
    expect(screen.queryByRole('button', { name: /Gunakan/ })).toBeNull();
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it("the BIB name counts its characters and keeps a name too long whole, with an error at once ('RIZKY PRATAMA' is never cut)", async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    expect(screen.getByTestId('bib-counter').textContent).toBe('Terisi 0/10');
    type('Nama BIB', 'PUTU');
    expect(screen.getByTestId('bib-counter').textContent).toBe('Terisi 4/10');
    expect(field('Nama BIB').getAttribute('aria-describedby')).toMatch(/-bibName-hint$/);
    // No maxLength: the browser would cut the name without a word.
    expect(field('Nama BIB').maxLength).toBe(-1);
    type('Nama BIB', 'RIZKY PRATAMA');
    expect(field('Nama BIB').value).toBe('RIZKY PRATAMA');
    expect(screen.getByTestId('bib-counter').textContent).toBe('Terisi 13/10');
    expect(await screen.findByText(registrationMessages.bibTooLong(13))).toBeTruthy();
    expect(field('Nama BIB').getAttribute('aria-invalid')).toBe('true');
    type('Nama BIB', 'RIZKY P');
    await waitFor(() => expect(field('Nama BIB').getAttribute('aria-invalid')).toBeNull());
  });

  it('keeps letters typed into a phone number and says why, shows the +62 form it stores, and reads the identity number by its type', async () => {
    render(<RegistrationForm event={event} onRegistered={() => {}} />);
    type('Nomor Telepon', '0812-abc 345');
    expect(field('Nomor Telepon').value).toBe('0812-abc 345');
    leave('Nomor Telepon');
    expect(await screen.findByText(registrationMessages.phone.characters)).toBeTruthy();
    type('Nomor Telepon', '0812-3456-7890');
    await waitFor(() => expect(screen.queryByText(registrationMessages.phone.characters)).toBeNull());
    expect(screen.getAllByTestId('stored-as').map((e) => e.textContent)).toEqual(['Disimpan sebagai +6281234567890.']);
    expect(screen.getByTestId('stored-changes').textContent).toContain('Nomor Telepon: +6281234567890');

    fireEvent.change(field('Jenis Identitas'), { target: { value: 'KTP' } });
    expect(screen.getByText('NIK, 16 angka sesuai KTP.')).toBeTruthy();
    type('Nomor Identitas', '3174 0000 0000 0');
    leave('Nomor Identitas');
    expect(await screen.findByText('NIK harus 16 angka sesuai KTP (terisi 13 angka)')).toBeTruthy();
    // The same characters as a passport number: another rule, checked again when the type changes.
    type('Nomor Identitas', 'a1234567');
    fireEvent.change(field('Jenis Identitas'), { target: { value: 'Passport' } });
    await waitFor(() => expect(field('Nomor Identitas').getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByTestId('stored-changes').textContent).toContain('Nomor Identitas: A1234567');
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
        identityNo: '5171000000000001',
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
    // Registered but not paid yet: the draft stays, so a failed payment is retried without typing again.
    expect(sessionStorage.getItem('derap:registration-draft:evt-1')).toContain('Putu Ayu');
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
    expect(field('Nomor Identitas').value).toBe('5171000000000001');
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
