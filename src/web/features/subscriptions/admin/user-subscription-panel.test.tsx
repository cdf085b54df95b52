import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSubscriptionResponse, SubscriptionGrant } from '../../../../domain/subscriptions/contract';
import { subscriptionMessages } from '../../../../domain/subscriptions/contract';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import { extendPeriod } from '../../../../domain/subscriptions/subscription';
import { UserSubscriptionAction } from './user-subscription-dialog';
import { UserSubscriptionPanel } from './user-subscription-panel';

const USER = { _id: '7d1f6f2e-3c1b-4a59-9a57-0d4b1b9f1a01', name: 'Sari Pelari', email: 'sari@contoh.id' };
const PATH = `/api/admin/users/${USER._id}/subscription`;
const DAY_MS = 24 * 60 * 60 * 1000;

// The running period ends in 10 days: a grant adds days after it.
const periodEnd = () => new Date(Date.now() + 10 * DAY_MS).toISOString();

function sample(): AdminSubscriptionResponse {
  return {
    subscription: {
      subscription_status: 'active',
      current_period_end: periodEnd(),
      has_had_trial: true,
      cancel_at_period_end: false,
      has_access: true,
      current_plan: '6month',
    },
    payments: [
      { order_id: 'SUB-6M-0002', plantype: '6month', days: 180, amount: 550_000, status: 'paid', created_at: '2027-01-05T02:00:00.000Z', paid_at: '2027-01-05T02:10:00.000Z' },
      { order_id: 'SUB-1M-0001', plantype: '1month', days: 30, amount: 100_000, status: 'expired', created_at: '2027-01-01T02:00:00.000Z', paid_at: null },
    ],
    grants: [
      {
        _id: 'g2',
        kind: '6month',
        days: 180,
        period_start: '2027-01-05T02:10:00.000Z',
        period_end: '2027-07-04T02:10:00.000Z',
        order_id: 'SUB-6M-0002',
        reason: null,
        granted_by: null,
        created_at: '2027-01-05T02:10:00.000Z',
      },
      {
        _id: 'g1',
        kind: 'trial',
        days: 14,
        period_start: '2026-12-01T02:00:00.000Z',
        period_end: '2026-12-15T02:00:00.000Z',
        order_id: null,
        reason: null,
        granted_by: null,
        created_at: '2026-12-01T02:00:00.000Z',
      },
    ],
  };
}

type Reply = { status: number; body: unknown };
let state: AdminSubscriptionResponse;
let requests: { method: string; url: string; body?: unknown }[];
let getReplies: Reply[];
let grantReply: Reply | null;

function stubApi() {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      let reply: Reply;
      if (url === PATH && method === 'GET') {
        reply = getReplies.shift() ?? { status: 200, body: state };
      } else if (url === `${PATH}/grants` && method === 'POST') {
        if (grantReply) {
          reply = grantReply;
        } else {
          const { days, reason } = body as { days: number; reason: string };
          const { start, end } = extendPeriod(new Date(state.subscription.current_period_end!), days);
          const grant: SubscriptionGrant = {
            _id: 'g3',
            kind: 'admin',
            days,
            period_start: start.toISOString(),
            period_end: end.toISOString(),
            order_id: null,
            reason,
            granted_by: { _id: 'admin-1', name: 'Admin Uji' },
            created_at: new Date().toISOString(),
          };
          state = { ...state, subscription: { ...state.subscription, current_period_end: end.toISOString(), current_plan: 'admin' }, grants: [grant, ...state.grants] };
          reply = { status: 201, body: state };
        }
      } else {
        reply = { status: 404, body: { message: 'tidak ada' } };
      }
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderPanel(onChanged = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UserSubscriptionPanel user={USER} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
}

const panel = () => screen.findByTestId('user-subscription-panel');
const daysField = () => screen.getByLabelText('Jumlah hari') as HTMLInputElement;
const reasonField = () => screen.getByLabelText('Alasan') as HTMLTextAreaElement;
const posts = () => requests.filter((r) => r.method === 'POST');

beforeEach(() => {
  state = sample();
  getReplies = [];
  grantReply = null;
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UserSubscriptionPanel', () => {
  it('shows the status, period end, trial used, the payment history and the ledger', async () => {
    renderPanel();
    expect(screen.getByText('Memuat langganan...')).toBeTruthy();
    const view = await panel();
    expect(within(view).getByText('Aktif')).toBeTruthy();
    expect(within(view).getByText('Fitur AI terbuka')).toBeTruthy();
    expect(within(view).getByText(formatJakartaDate(state.subscription.current_period_end))).toBeTruthy();
    expect(within(view).getByText('Sudah digunakan')).toBeTruthy();

    const payments = screen.getAllByTestId('subscription-payment-row');
    expect(payments).toHaveLength(2);
    expect(payments[0]!.textContent).toContain('Langganan 6 Bulan');
    expect(payments[0]!.textContent).toContain('SUB-6M-0002');
    expect(payments[0]!.textContent).toContain('Rp550.000');
    expect(payments[0]!.textContent).toContain('Lunas');
    expect(payments[0]!.textContent).toContain('5 Jan 2027');
    expect(payments[1]!.textContent).toContain('Kedaluwarsa');

    const grants = screen.getAllByTestId('subscription-grant-row');
    expect(grants).toHaveLength(2);
    expect(grants[0]!.textContent).toContain('+180 hari');
    expect(grants[0]!.textContent).toContain('5 Jan 2027 → 4 Jul 2027');
    expect(grants[1]!.textContent).toContain('Uji Coba Gratis');
    expect(grants[1]!.textContent).toContain('Sistem');
  });

  it('says when there are no payments and no ledger entries yet', async () => {
    state = {
      subscription: { subscription_status: 'none', current_period_end: null, has_had_trial: false, cancel_at_period_end: false, has_access: false, current_plan: null },
      payments: [],
      grants: [],
    };
    renderPanel();
    const view = await panel();
    expect(within(view).getByText('Tidak ada')).toBeTruthy();
    expect(within(view).getByText('Belum digunakan')).toBeTruthy();
    expect(within(view).getByText('Fitur AI terkunci')).toBeTruthy();
    expect(screen.getByText('Belum ada pembayaran langganan.')).toBeTruthy();
    expect(screen.getByText('Belum ada riwayat hak akses.')).toBeTruthy();
    expect(screen.getByText('Tidak ada periode yang berjalan: hari dihitung mulai sekarang.', { exact: false })).toBeTruthy();
  });

  it('shows a failed load in Indonesian and loads again on Coba lagi', async () => {
    getReplies = [{ status: 404, body: { message: subscriptionMessages.userNotFound } }];
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Gagal memuat langganan');
    expect(alert.textContent).toContain(subscriptionMessages.userNotFound);
    fireEvent.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    await panel();
    expect(screen.queryByText(subscriptionMessages.userNotFound)).toBeNull();
  });

  it('checks the days and the reason before asking anything', async () => {
    renderPanel();
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akses' }));
    expect(await screen.findByText(subscriptionMessages.grantDays)).toBeTruthy();
    expect(screen.getByText(subscriptionMessages.grantReason)).toBeTruthy();
    expect(daysField().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(daysField(), { target: { value: '731' } });
    fireEvent.change(reasonField(), { target: { value: '  ab ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akses' }));
    await waitFor(() => expect(screen.getByText(subscriptionMessages.grantDays)).toBeTruthy());
    expect(screen.getByText(subscriptionMessages.grantReason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ya, Tambah Akses' })).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('grants days after a confirmation showing the new end date, then shows the new end and the ledger entry', async () => {
    const onChanged = renderPanel();
    await panel();
    const expectedEnd = formatJakartaDate(extendPeriod(new Date(state.subscription.current_period_end!), 30).end);

    fireEvent.change(daysField(), { target: { value: '30' } });
    // The resulting end date shows while typing.
    expect(screen.getByText(`Berlaku sampai ${expectedEnd}`, { exact: false })).toBeTruthy();
    fireEvent.change(reasonField(), { target: { value: 'Kompensasi gangguan server' } });

    // Cancelling the confirmation sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akses' }));
    let confirmBox = await screen.findByRole('group', { name: 'Tambah 30 hari akses untuk Sari Pelari?' });
    expect(confirmBox.textContent).toContain(expectedEnd);
    expect(confirmBox.textContent).toContain('Alasan: Kompensasi gangguan server');
    await waitFor(() => expect(document.activeElement).toBe(confirmBox));
    fireEvent.click(within(confirmBox).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('group', { name: /Tambah 30 hari/ })).toBeNull();
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akses' }));
    confirmBox = await screen.findByRole('group', { name: 'Tambah 30 hari akses untuk Sari Pelari?' });
    fireEvent.click(within(confirmBox).getByRole('button', { name: 'Ya, Tambah Akses' }));

    const success = await screen.findByText(`Akses ditambah 30 hari. Berlaku sampai ${expectedEnd}`, { exact: false });
    expect(success.closest('[role="status"]')).toBeTruthy();
    expect(posts()).toEqual([{ method: 'POST', url: `${PATH}/grants`, body: { days: 30, reason: 'Kompensasi gangguan server' } }]);
    expect(onChanged).toHaveBeenCalledTimes(1);

    // The panel shows the answer: new end date, the plan, and the new ledger entry on top.
    const view = screen.getByTestId('user-subscription-panel');
    expect(within(view).getAllByText(expectedEnd).length).toBeGreaterThan(0);
    const grants = screen.getAllByTestId('subscription-grant-row');
    expect(grants).toHaveLength(3);
    expect(grants[0]!.textContent).toContain('Diberikan Admin');
    expect(grants[0]!.textContent).toContain('+30 hari');
    expect(grants[0]!.textContent).toContain('Kompensasi gangguan server');
    expect(grants[0]!.textContent).toContain('Admin Uji');
    // The form is empty again for the next grant.
    expect(daysField().value).toBe('');
    expect(reasonField().value).toBe('');
  });

  it("shows the server's refusal in Indonesian in the confirmation and keeps the form", async () => {
    grantReply = { status: 400, body: { message: subscriptionMessages.grantReason, code: 'VALIDATION' } };
    const onChanged = renderPanel();
    await panel();
    fireEvent.change(daysField(), { target: { value: '14' } });
    fireEvent.change(reasonField(), { target: { value: 'Uji coba' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Akses' }));
    const confirmBox = await screen.findByRole('group', { name: 'Tambah 14 hari akses untuk Sari Pelari?' });
    fireEvent.click(within(confirmBox).getByRole('button', { name: 'Ya, Tambah Akses' }));
    expect((await within(confirmBox).findByRole('alert')).textContent).toContain(subscriptionMessages.grantReason);
    expect(onChanged).not.toHaveBeenCalled();
    expect(daysField().value).toBe('14');

    // A network failure has a message of its own.
    grantReply = null;
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(within(confirmBox).getByRole('button', { name: 'Ya, Tambah Akses' }));
    await waitFor(() => expect(within(confirmBox).getByRole('alert').textContent).not.toContain(subscriptionMessages.grantReason));
    expect(within(confirmBox).getByRole('alert').textContent).toContain('Gagal menambah akses. Coba lagi.');
  });
});

describe('UserSubscriptionAction', () => {
  it("opens the user's subscription in a dialog named after them", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <UserSubscriptionAction user={USER} />
      </QueryClientProvider>,
    );
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Langganan Sari Pelari' }));
    const dialog = await screen.findByRole('dialog', { name: 'Langganan Sari Pelari' });
    expect(dialog.textContent).toContain('sari@contoh.id');
    expect(await within(dialog).findByTestId('user-subscription-panel')).toBeTruthy();
  });
});
