import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionMessages } from '../../../domain/subscriptions/contract';
import type { PublicUser } from '../../../domain/users/contract';
import { ToastProvider } from '../../components/toast';
import { sessionKeys } from '../../lib/session';
import { TrialOfferDialog } from './trial-offer';

const periodEnd = '2027-07-28T03:00:00.000Z';
const trialUser: PublicUser = {
  _id: 'u1',
  name: 'Putu',
  email: 'putu@contoh.id',
  photo: null,
  role: 'runner',
  subscription_status: 'trialing',
  current_period_end: periodEnd,
  has_had_trial: true,
  strava: { id: null },
};
const started = {
  user: trialUser,
  subscription: { subscription_status: 'trialing', current_period_end: periodEnd, has_had_trial: true, cancel_at_period_end: false, has_access: true, current_plan: 'trial' },
};

function stubStart(...replies: { status: number; body: unknown }[]) {
  const fetchMock = vi.fn(async () => {
    const reply = replies.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderOffer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props = { onOpenChange: vi.fn(), onStarted: vi.fn(), onShowPlans: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <TrialOfferDialog open currentPeriodEnd={null} {...props} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, ...props };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<TrialOfferDialog>', () => {
  it('is titled as a trial, starts it with one tap, says until when, and lets the feature go on', async () => {
    const fetchMock = stubStart({ status: 200, body: started });
    const { client, onStarted, onOpenChange } = renderOffer();
    const dialog = screen.getByRole('dialog', { name: 'Uji Coba Gratis 14 Hari' });
    expect(dialog.textContent).toContain('Rp0, tanpa kartu kredit.');
    expect(dialog.textContent).not.toContain('Pembayaran');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/subscriptions/start-trial', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Uji coba gratis aktif hingga 28 Juli 2027 pukul 10.00 WIB.')).toBeTruthy();
    // The session knows at once: the trial is used, and the next premium feature opens without an offer.
    expect(client.getQueryData(sessionKeys.me)).toEqual(trialUser);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("a trial used meanwhile says so and leads to the plans; a failure that may pass can be tried again", async () => {
    stubStart({ status: 409, body: { message: subscriptionMessages.trialUsed, code: 'TRIAL_USED' } });
    const { onStarted, onShowPlans } = renderOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(subscriptionMessages.trialUsed);
    expect(screen.queryByRole('button', { name: 'Mulai uji coba gratis 14 hari' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lihat Paket' }));
    expect(onShowPlans).toHaveBeenCalledTimes(1);
    cleanup();

    stubStart({ status: 500, body: { message: 'Terjadi kesalahan pada server.' } }, { status: 200, body: started });
    const again = renderOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(subscriptionMessages.trialFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Mulai uji coba gratis 14 hari' }));
    await waitFor(() => expect(again.onStarted).toHaveBeenCalledTimes(1));
    expect(onStarted).not.toHaveBeenCalled();
  });
});
