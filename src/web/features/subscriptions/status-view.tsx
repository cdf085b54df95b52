import { CalendarClock, Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SubscriptionSummary } from '../../../domain/subscriptions/contract';
import { grantKindLabels, subscriptionStatusLabels } from '../../../domain/subscriptions/subscription';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatPeriodEnd } from './purchase-model';
import { statusTones, ViewActions } from './dialog-parts';

export interface StatusViewProps {
  subscription: SubscriptionSummary;
  /** To the purchase view ('Perpanjang / Lihat Paket'). */
  onRenew: () => void;
  /** PATCH cancel_at_period_end; resolves when the server answered. */
  onSetCancel: (cancel: boolean) => void;
  saving: boolean;
  error: string | null;
}

/**
 * The status view (spec §2) for a runner on a trial or a paid plan: the plan, its status and end,
 * the way to renew, and a quiet way to stop it at the period end (or to take that back).
 */
export function StatusView({ subscription, onRenew, onSetCancel, saving, error }: StatusViewProps) {
  const [confirming, setConfirming] = useState(false);
  const { subscription_status: status, current_plan: plan, cancel_at_period_end: stopped } = subscription;
  const end = formatPeriodEnd(subscription.current_period_end);

  // The control clicked goes away each step: focus what replaces it.
  const stopButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const stoppedNotice = useRef<HTMLDivElement>(null);
  const step = stopped ? 'stopped' : confirming ? 'confirming' : 'running';
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (step === 'stopped') stoppedNotice.current?.focus();
    else if (step === 'confirming') keepButton.current?.focus();
    else stopButton.current?.focus();
  }, [step]);

  return (
    <div className="space-y-4">
      <div className="rounded-2xl border border-brand-200 bg-brand-50/60 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm">
            <Crown className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Paket saat ini</p>
            <p className="text-lg font-bold break-words text-slate-900" data-testid="current-plan">
              {plan ? grantKindLabels[plan] : 'Paket Premium'}
            </p>
            <p className="mt-1">
              <span className="sr-only">Status: </span>
              <Badge tone={statusTones[status]}>{subscriptionStatusLabels[status]}</Badge>
            </p>
          </div>
        </div>
        <p className="mt-4 flex items-start gap-2 text-sm text-slate-700">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span>
            Berlaku hingga <span className="font-semibold text-slate-900" data-testid="period-end">{end}</span>
          </span>
        </p>
      </div>

      {stopped ? (
        <Alert ref={stoppedNotice} tone="info" title="Langganan dihentikan">
          Langganan tidak diperpanjang. Akses premium tetap aktif hingga {end}.
          <div className="mt-2">
            <Button
              variant="outline"
              size="sm"
              loading={saving}
              onClick={() => {
                setConfirming(false);
                onSetCancel(false);
              }}
            >
              Lanjutkan langganan
            </Button>
          </div>
        </Alert>
      ) : confirming ? (
        <div role="group" aria-labelledby="stop-subscription-title" className="rounded-xl border border-slate-200 p-4 text-sm">
          <p id="stop-subscription-title" className="font-semibold text-slate-900">
            Hentikan langganan?
          </p>
          <p className="mt-1 text-slate-700">
            Akses premium tetap aktif hingga {end}. Setelah itu langganan berakhir dan tidak diperpanjang.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" size="sm" loading={saving} onClick={() => onSetCancel(true)}>
              Ya, hentikan
            </Button>
            <Button ref={keepButton} variant="outline" size="sm" disabled={saving} onClick={() => setConfirming(false)}>
              Batal
            </Button>
          </div>
        </div>
      ) : null}

      {error && <Alert tone="error">{error}</Alert>}

      <ViewActions>
        {!stopped && !confirming && (
          <Button ref={stopButton} variant="ghost" className="text-slate-600" onClick={() => setConfirming(true)}>
            Hentikan langganan
          </Button>
        )}
        <Button onClick={onRenew}>Perpanjang / Lihat Paket</Button>
      </ViewActions>
    </div>
  );
}
