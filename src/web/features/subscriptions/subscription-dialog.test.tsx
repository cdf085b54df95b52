import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySubscriptionResponse, SubscriptionPayment, SubscriptionSummary } from '../../../domain/subscriptions/contract';
import { subscriptionMessages } from '../../../domain/subscriptions/contract';
import type { PublicUser } from '../../../domain/users/contract';
import { sessionKeys } from '../../lib/session';
import { RedirectView } from './outcome-views';
import { SubscriptionDialog, type SubscriptionDialogProps } from './subscription-dialog';

const DAY = 86_400_000;
// Wednesday 14 July 2027, 10:00 in Jakarta.
const now = new Date('2027-07-14T03:00:00Z');

const user: PublicUser = {
  _id: 'u1',
  name: 'Rina',
  email: 'rina@contoh.id',
  photo: null,
  role: 'runner',
  subscription_status: 'none',
  current_period_end: null,
  has_had_trial: false,
  strava: { id: null },
};

const summary = (over: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  subscription_status: 'none',
  current_period_end: null,
  has_had_trial: false,
  cancel_at_period_end: false,
  has_access: false,
  current_plan: null,
  ...over,
});

const payment = (over: Partial<SubscriptionPayment> = {}): SubscriptionPayment => ({
  order_id: 'SUB-1',
  plantype: '6month',
  days: 180,
  amount: 550_000,
  status: 'pending',
  created_at: now.toISOString(),
  paid_at: null,
  ...over,
});

type Reply = { status: number; body: unknown };
type Handler = (method: string, path: string, body: unknown) => Reply | undefined;
let requests: { method: string; path: string; body: unknown }[];

/** Answers the API from `handler`; GET /api/subscriptions/me from `me` unless the handler does. */
function stubApi(me: () => MySubscriptionResponse, handler: Handler = () => undefined) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path, body });
      const reply = handler(method, path, body) ?? (method === 'GET' && path === '/api/subscriptions/me' ? { status: 200, body: me() } : { status: 404, body: { message: 'tidak ada' } });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

let client: QueryClient;
function renderDialog(props: Partial<SubscriptionDialogProps> = {}) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  const redirect = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SubscriptionDialog open onOpenChange={onOpenChange} user={user} now={now} redirect={redirect} {...props} />
    </QueryClientProvider>,
  );
  return { onOpenChange, redirect };
}

const dialog = () => screen.getByRole('dialog');
const card = (name: string) => within(dialog()).getByRole('region', { name });
const button = (name: string | RegExp, scope: HTMLElement = dialog()) => within(scope).getByRole('button', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('<SubscriptionDialog> purchase view', () => {
  beforeEach(() => stubApi(() => ({ subscription: summary(), payments: [] })));

  it('opens on the four cards for a runner without a plan', async () => {
    renderDialog();
    expect(within(dialog()).getByRole('heading', { name: 'Manajemen Paket Langganan' })).toBeTruthy();
    expect(button('Coba Gratis', card('Uji Coba Gratis'))).toBeTruthy();
    expect(card('Langganan')).toBeTruthy();
    expect(card('Durasi Bebas')).toBeTruthy();
    expect((button('Akan Datang', card('Profesional Coach')) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Telah Digunakan', disabled, once the trial was used", async () => {
    stubApi(() => ({ subscription: summary({ has_had_trial: true, subscription_status: 'past_due' }), payments: [] }));
    renderDialog({ user: { ...user, has_had_trial: true, subscription_status: 'past_due' } });
    const used = button('Telah Digunakan', card('Uji Coba Gratis')) as HTMLButtonElement;
    expect(used.disabled).toBe(true);
  });

  it('toggles 1, 6 and 12 months as a radio group with the total, the monthly equivalent and the days', () => {
    renderDialog();
    const subscription = card('Langganan');
    const group = within(subscription).getByRole('group', { name: 'Durasi langganan' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['1 Bulan', '6 Bulan', '12 Bulan']);
    expect((within(group).getByRole('radio', { name: '1 Bulan' }) as HTMLInputElement).checked).toBe(true);
    expect(subscription.textContent).toContain('Rp100.000');
    expect(within(subscription).getByTestId('subscription-plan-detail').textContent).toBe('Rp100.000/bulan · 30 hari');
    fireEvent.click(within(group).getByRole('radio', { name: '6 Bulan' }));
    expect(subscription.textContent).toContain('Rp550.000');
    expect(within(subscription).getByTestId('subscription-plan-detail').textContent).toBe('Setara Rp91.667/bulan · 180 hari');
    fireEvent.click(within(group).getByRole('radio', { name: '12 Bulan' }));
    expect(subscription.textContent).toContain('Rp1.000.000');
    expect(within(subscription).getByTestId('subscription-plan-detail').textContent).toBe('Setara Rp83.334/bulan · 360 hari');
  });

  it('pay as you go: an earlier date is cleared, pay is disabled without a date, a long period shows its discount', () => {
    renderDialog();
    const payg = card('Durasi Bebas');
    const input = within(payg).getByLabelText('Aktif sampai tanggal') as HTMLInputElement;
    const pay = button('Pilih Paket', payg) as HTMLButtonElement;
    expect(input.min).toBe('2027-07-15');
    expect(pay.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '2027-07-14' } });
    expect(input.value).toBe('');
    expect(within(payg).getByText('Pilih tanggal paling awal 15 Juli 2027.')).toBeTruthy();
    expect(pay.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '2027-08-13' } });
    expect(input.value).toBe('2027-08-13');
    expect(within(payg).getByTestId('payg-quote').textContent).toContain('30 hari');
    expect(within(payg).getByTestId('payg-quote').textContent).toContain('Rp100.000');
    expect(within(payg).queryByText(/Diskon/)).toBeNull();
    expect(pay.disabled).toBe(false);

    fireEvent.change(input, { target: { value: '2027-10-20' } });
    expect(within(payg).getByTestId('payg-quote').textContent).toContain('98 hari');
    expect(within(payg).getByText('Diskon 3%')).toBeTruthy();
    expect(within(payg).getByTestId('payg-quote').textContent).toContain('Rp316.867');
  });

  it('offers the trial as a trial (not a payment), and confirms a paid plan with Lakukan Pembayaran, with the new end and a way back', async () => {
    renderDialog();
    fireEvent.click(button('Coba Gratis'));
    // The trial is titled as what it is, says it is free and without a card, and until when.
    expect(within(dialog()).getByRole('heading', { name: 'Uji Coba Gratis 14 Hari' })).toBeTruthy();
    expect(within(dialog()).queryByRole('heading', { name: 'Konfirmasi Pembayaran' })).toBeNull();
    const offer = within(dialog()).getByTestId('trial-offer');
    expect(offer.textContent).toContain('Rp0, tanpa kartu kredit.');
    expect(within(dialog()).getByTestId('trial-until').textContent).toBe('28 Juli 2027 pukul 10.00 WIB');
    expect(button('Mulai uji coba gratis 14 hari')).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Aktifkan Paket' })).toBeNull();
    expect(button('Syarat & Ketentuan')).toBeTruthy();

    fireEvent.click(button('Kembali'));
    fireEvent.click(within(card('Langganan')).getByRole('radio', { name: '6 Bulan' }));
    fireEvent.click(button('Pilih Paket', card('Langganan')));
    expect(within(dialog()).getByTestId('confirm-summary').textContent).toContain('Rp550.000');
    expect(within(dialog()).getByTestId('active-until').textContent).toBe('10 Januari 2028 pukul 10.00 WIB');
    expect(button('Lakukan Pembayaran')).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Aktifkan Paket' })).toBeNull();
  });
});

describe('<SubscriptionDialog> status view', () => {
  const end = '2027-07-28T03:00:00.000Z';
  const trialing = { ...user, subscription_status: 'trialing' as const, current_period_end: end, has_had_trial: true };

  it('shows the plan, its status and end, and opens the plans from Perpanjang / Lihat Paket', async () => {
    stubApi(() => ({ subscription: summary({ subscription_status: 'trialing', current_period_end: end, has_had_trial: true, current_plan: 'trial', has_access: true }), payments: [] }));
    renderDialog({ user: trialing });
    expect((await within(dialog()).findByTestId('current-plan')).textContent).toBe('Uji Coba Gratis');
    expect(within(dialog()).getByText('Percobaan')).toBeTruthy();
    expect(within(dialog()).getByTestId('period-end').textContent).toBe('28 Juli 2027 pukul 10.00 WIB');
    fireEvent.click(button('Perpanjang / Lihat Paket'));
    expect(button('Telah Digunakan', card('Uji Coba Gratis'))).toBeTruthy();
    // Renewing starts after the current period.
    fireEvent.click(button('Pilih Paket', card('Langganan')));
    expect(within(dialog()).getByTestId('active-until').textContent).toBe('27 Agustus 2027 pukul 10.00 WIB');
    fireEvent.click(button('Kembali'));
    fireEvent.click(button('Kembali ke status langganan'));
    expect(within(dialog()).getByTestId('current-plan')).toBeTruthy();
  });

  it('stops the subscription at the period end after a confirmation, and takes that back', async () => {
    let current = summary({ subscription_status: 'active', current_period_end: end, has_had_trial: true, current_plan: '6month', has_access: true });
    stubApi(
      () => ({ subscription: current, payments: [] }),
      (method, _path, body) => {
        if (method !== 'PATCH') return undefined;
        current = { ...current, cancel_at_period_end: (body as { cancel_at_period_end: boolean }).cancel_at_period_end };
        return { status: 200, body: { user: { ...user, subscription_status: 'active', current_period_end: end }, subscription: current } };
      },
    );
    renderDialog({ user: { ...user, subscription_status: 'active', current_period_end: end } });
    expect((await within(dialog()).findByTestId('current-plan')).textContent).toBe('Langganan 6 Bulan');
    fireEvent.click(button('Hentikan langganan'));
    const question = within(dialog()).getByRole('group', { name: 'Hentikan langganan?' });
    // The clicked button is gone: focus lands on the safe answer.
    await waitFor(() => expect(document.activeElement).toBe(button('Batal', question)));
    expect(question.textContent).toContain('Akses premium tetap aktif hingga 28 Juli 2027 pukul 10.00 WIB');
    fireEvent.click(button('Ya, hentikan', question));
    expect(await within(dialog()).findByText('Langganan dihentikan')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Langganan dihentikan'));
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({ method: 'PATCH', path: '/api/subscriptions/me', body: { cancel_at_period_end: true } });
    expect(client.getQueryData(sessionKeys.me)).toMatchObject({ subscription_status: 'active' });

    fireEvent.click(button('Lanjutkan langganan'));
    await waitFor(() => expect(within(dialog()).queryByText('Langganan dihentikan')).toBeNull());
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ cancel_at_period_end: true }, { cancel_at_period_end: false }]);
    expect(button('Hentikan langganan')).toBeTruthy();
  });
});

describe('<SubscriptionDialog> trial and payment', () => {
  it('starts the trial, shows the success popup and puts the new user in the session cache', async () => {
    const periodEnd = new Date(now.getTime() + 14 * DAY).toISOString();
    const trialUser = { ...user, subscription_status: 'trialing' as const, current_period_end: periodEnd, has_had_trial: true };
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method, path) =>
        method === 'POST' && path === '/api/subscriptions/start-trial'
          ? { status: 200, body: { user: trialUser, subscription: summary({ subscription_status: 'trialing', current_period_end: periodEnd, has_had_trial: true, current_plan: 'trial' }) } }
          : undefined,
    );
    renderDialog();
    fireEvent.click(button('Coba Gratis'));
    fireEvent.click(button('Mulai uji coba gratis 14 hari'));
    expect(await within(dialog()).findByText('Uji coba gratis aktif!')).toBeTruthy();
    expect(dialog().textContent).toContain('28 Juli 2027 pukul 10.00 WIB');
    expect(requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', path: '/api/subscriptions/start-trial', body: {} });
    expect(client.getQueryData(sessionKeys.me)).toEqual(trialUser);
  });

  it("shows the server's message in 'Gagal' when the trial was already used, and the spec's when it gives none", async () => {
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method) => (method === 'POST' ? { status: 409, body: { message: subscriptionMessages.trialUsed } } : undefined),
    );
    renderDialog();
    fireEvent.click(button('Coba Gratis'));
    fireEvent.click(button('Mulai uji coba gratis 14 hari'));
    expect(await within(dialog()).findByRole('heading', { name: 'Gagal' })).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toBe(subscriptionMessages.trialUsed);
    fireEvent.click(button('Lihat Paket'));
    expect(card('Uji Coba Gratis')).toBeTruthy();

    cleanup();
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method) => (method === 'POST' ? { status: 500, body: { message: 'Terjadi kesalahan pada server.' } } : undefined),
    );
    renderDialog();
    fireEvent.click(button('Coba Gratis'));
    fireEvent.click(button('Mulai uji coba gratis 14 hari'));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(subscriptionMessages.trialFailed);
  });

  it('asks for the payment with the plan only (never an amount) and counts down to the checkout', async () => {
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method, path) =>
        method === 'POST' && path === '/api/initiate-payment'
          ? { status: 200, body: { payment_url: '/api/payments/sandbox/SUB-9', order_id: 'SUB-9', amount: 550_000, days: 180 } }
          : undefined,
    );
    renderDialog();
    fireEvent.click(within(card('Langganan')).getByRole('radio', { name: '6 Bulan' }));
    fireEvent.click(button('Pilih Paket', card('Langganan')));
    fireEvent.click(button('Lakukan Pembayaran'));
    expect(await within(dialog()).findByRole('heading', { name: 'Menuju Halaman Pembayaran' })).toBeTruthy();
    expect(within(dialog()).getByTestId('redirect-countdown').textContent).toBe('5');
    expect(dialog().textContent).toContain('Rp550.000');
    expect(requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', path: '/api/initiate-payment', body: { user_id: 'u1', plantype: '6month' } });
  });

  it('sends the days and the end date for pay as you go', async () => {
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method) => (method === 'POST' ? { status: 200, body: { payment_url: '/x', order_id: 'SUB-9', amount: 100_000, days: 30 } } : undefined),
    );
    renderDialog();
    fireEvent.change(within(card('Durasi Bebas')).getByLabelText('Aktif sampai tanggal'), { target: { value: '2027-08-13' } });
    fireEvent.click(button('Pilih Paket', card('Durasi Bebas')));
    expect(within(dialog()).getByTestId('confirm-summary').textContent).toContain('30 hari');
    fireEvent.click(button('Lakukan Pembayaran'));
    await within(dialog()).findByTestId('redirect-countdown');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ user_id: 'u1', plantype: 'payg', paygdays: 30, endDate: '2027-08-13' });
  });

  it("says 'Gagal memulai pembayaran.' when the payment cannot start, and asks for a refresh without a user id", async () => {
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method) => (method === 'POST' ? { status: 502, body: { message: 'Bad gateway' } } : undefined),
    );
    renderDialog();
    fireEvent.click(button('Pilih Paket', card('Langganan')));
    fireEvent.click(button('Lakukan Pembayaran'));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(subscriptionMessages.paymentFailed);

    cleanup();
    stubApi(() => ({ subscription: summary(), payments: [] }));
    renderDialog({ user: { ...user, _id: '' } });
    fireEvent.click(button('Pilih Paket', card('Langganan')));
    fireEvent.click(button('Lakukan Pembayaran'));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(subscriptionMessages.userIdMissing);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('<RedirectView>', () => {
  it('counts down from 5 and goes to the checkout at 0, once', () => {
    vi.useFakeTimers();
    const redirect = vi.fn();
    render(<RedirectView amount={550_000} paymentUrl="/api/payments/sandbox/SUB-9" redirect={redirect} onCancel={() => {}} />);
    expect(screen.getByTestId('redirect-countdown').textContent).toBe('5');
    for (const left of ['4', '3', '2', '1']) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByTestId('redirect-countdown').textContent).toBe(left);
    }
    expect(redirect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(redirect).toHaveBeenCalledWith('/api/payments/sandbox/SUB-9');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it("goes at once with 'Lanjutkan Sekarang'", () => {
    const redirect = vi.fn();
    render(<RedirectView amount={1} paymentUrl="/pay" redirect={redirect} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan Sekarang' }));
    expect(redirect).toHaveBeenCalledWith('/pay');
  });

  it("Batal in the dialog stops the countdown and goes back to the plans", async () => {
    stubApi(
      () => ({ subscription: summary(), payments: [] }),
      (method) => (method === 'POST' ? { status: 200, body: { payment_url: '/pay', order_id: 'SUB-9', amount: 100_000, days: 30 } } : undefined),
    );
    const { redirect } = renderDialog();
    fireEvent.click(button('Pilih Paket', card('Langganan')));
    fireEvent.click(button('Lakukan Pembayaran'));
    await within(dialog()).findByTestId('redirect-countdown');
    vi.useFakeTimers();
    fireEvent.click(button('Batal'));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(redirect).not.toHaveBeenCalled();
    expect(card('Langganan')).toBeTruthy();
  });
});

describe('<SubscriptionDialog> back from the checkout', () => {
  const paidEnd = new Date(now.getTime() + 194 * DAY).toISOString();

  it('waits for the order, then shows the success and the new end, and reads the user again', async () => {
    let reads = 0;
    stubApi(() => {
      reads += 1;
      return reads < 3
        ? { subscription: summary({ subscription_status: 'trialing' }), payments: [payment()] }
        : { subscription: summary({ subscription_status: 'active', current_period_end: paidEnd, current_plan: '6month' }), payments: [payment({ status: 'paid' })] };
    });
    renderDialog({ checkoutOrderId: 'SUB-1', pollMs: 20 });
    expect(within(dialog()).getByRole('heading', { name: 'Status Pembayaran' })).toBeTruthy();
    expect(within(dialog()).getByText('Menunggu konfirmasi pembayaran…')).toBeTruthy();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(await within(dialog()).findByText('Pembayaran berhasil!', {}, { timeout: 2000 })).toBeTruthy();
    expect(within(dialog()).getByTestId('new-period-end').textContent).toBe('24 Januari 2028 pukul 10.00 WIB');
    expect(reads).toBe(3);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sessionKeys.me });
    // Polling stops once the order is settled.
    await new Promise((r) => setTimeout(r, 100));
    expect(reads).toBe(3);
  });

  it('shows a failed or expired order with a way to pick a plan again', async () => {
    stubApi(() => ({ subscription: summary(), payments: [payment({ status: 'expired' })] }));
    renderDialog({ checkoutOrderId: 'SUB-1', pollMs: 20 });
    expect(await within(dialog()).findByText('Pembayaran tidak berhasil')).toBeTruthy();
    expect(dialog().textContent).toContain('Kedaluwarsa');
    fireEvent.click(button('Pilih Paket Lagi'));
    expect(card('Langganan')).toBeTruthy();
  });

  it('stops asking after the time limit and offers to check again', async () => {
    let reads = 0;
    stubApi(() => {
      reads += 1;
      return { subscription: summary(), payments: [payment()] };
    });
    renderDialog({ checkoutOrderId: 'SUB-1', pollMs: 20, pollTimeoutMs: 150 });
    expect(await within(dialog()).findByText('Pembayaran belum terkonfirmasi', {}, { timeout: 2000 })).toBeTruthy();
    const after = reads;
    expect(after).toBeGreaterThan(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(reads).toBe(after);
    fireEvent.click(button('Periksa Lagi'));
    expect(within(dialog()).getByText('Menunggu konfirmasi pembayaran…')).toBeTruthy();
    await waitFor(() => expect(reads).toBeGreaterThan(after));
  });
});
