import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { orderStatusLabels } from '../../../domain/payments/payments';
import { grantKindLabels } from '../../../domain/subscriptions/subscription';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { checkoutOutcome, formatPeriodEnd } from './purchase-model';
import { OutcomeMessage, ViewActions } from './dialog-parts';
import { refreshAfterPayment, useCheckoutPolling } from './subscriptions-api';

/** How often the result view asks again, and for how long before it says the confirmation is late. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_POLL_TIMEOUT_MS = 30_000;

export interface CheckoutResultViewProps {
  orderId: string;
  onPickAgain: () => void;
  onClose: () => void;
  pollMs?: number;
  timeoutMs?: number;
}

/**
 * Back from the checkout: the gateway's notification decides, so ask the server until that order is
 * paid (the new end date) or ended unpaid (pick again); say so when it takes longer than expected.
 */
export function CheckoutResultView({ orderId, onPickAgain, onClose, pollMs = CHECKOUT_POLL_MS, timeoutMs = CHECKOUT_POLL_TIMEOUT_MS }: CheckoutResultViewProps) {
  const queryClient = useQueryClient();
  // Each round of waiting has a number: 'Periksa Lagi' starts a new one.
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const query = useCheckoutPolling(orderId, !timedOut, pollMs);
  const outcome = query.data ? checkoutOutcome(query.data.payments, orderId) : ({ state: 'pending', payment: null } as const);

  useEffect(() => {
    if (outcome.state !== 'pending') return;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [outcome.state, round, timeoutMs]);

  // Paid: the user (status, end) and the plan (unlocked runs) change with it — once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (outcome.state !== 'paid' || refreshed.current) return;
    refreshed.current = true;
    refreshAfterPayment(queryClient);
  }, [outcome.state, queryClient]);

  if (outcome.state === 'paid') {
    const subscription = query.data!.subscription;
    return (
      <div>
        <OutcomeMessage icon={CheckCircle2} tone="success" heading="Pembayaran berhasil!">
          <p>
            {grantKindLabels[outcome.payment.plantype]} aktif. Akses premium berlaku hingga{' '}
            <span className="font-semibold" data-testid="new-period-end">
              {formatPeriodEnd(subscription.current_period_end)}
            </span>
            .
          </p>
        </OutcomeMessage>
        <ViewActions>
          <Button onClick={onClose}>Selesai</Button>
        </ViewActions>
      </div>
    );
  }

  if (outcome.state === 'failed') {
    return (
      <div>
        <OutcomeMessage icon={XCircle} tone="error" heading="Pembayaran tidak berhasil">
          <p>
            Status pesanan {orderId}: <span className="font-semibold">{orderStatusLabels[outcome.payment.status]}</span>. Paket Anda tidak berubah;
            silakan pilih paket lagi.
          </p>
        </OutcomeMessage>
        <ViewActions>
          <Button variant="outline" onClick={onClose}>
            Tutup
          </Button>
          <Button onClick={onPickAgain}>Pilih Paket Lagi</Button>
        </ViewActions>
      </div>
    );
  }

  if (timedOut) {
    return (
      <div>
        <OutcomeMessage icon={Clock} tone="info" heading="Pembayaran belum terkonfirmasi">
          <p>
            Kami belum menerima konfirmasi untuk pesanan {orderId}. Jika Anda sudah membayar, paket aktif otomatis begitu konfirmasi dari
            penyedia pembayaran diterima.
          </p>
        </OutcomeMessage>
        <ViewActions>
          <Button variant="outline" onClick={onClose}>
            Tutup
          </Button>
          <Button
            onClick={() => {
              setTimedOut(false);
              setRound((n) => n + 1);
              void query.refetch();
            }}
          >
            Periksa Lagi
          </Button>
        </ViewActions>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center" role="status">
      <Spinner className="size-8 text-brand-600" label="" />
      <p className="font-semibold text-slate-900">Menunggu konfirmasi pembayaran…</p>
      <p className="text-sm text-slate-600">Pesanan {orderId}</p>
    </div>
  );
}
