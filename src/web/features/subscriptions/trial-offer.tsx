import { ArrowLeft, Check, Gift } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { subscriptionMessages } from '../../../domain/subscriptions/contract';
import { TRIAL_DAYS } from '../../../domain/subscriptions/pricing';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TermsDialog } from '../../components/legal/legal-dialogs';
import { useToast } from '../../components/toast';
import { ViewActions } from './dialog-parts';
import { formatPeriodEnd, quoteSelection } from './purchase-model';
import { subscriptionErrorMessage, useStartTrial } from './subscriptions-api';
import { TermsLinkButton } from './terms-link';

/** The trial's own title: it is a free trial, not a payment (issue 28 §1). */
export const TRIAL_TITLE = `Uji Coba Gratis ${TRIAL_DAYS} Hari`;
/** The one tap that starts it. */
export const START_TRIAL_LABEL = `Mulai uji coba gratis ${TRIAL_DAYS} hari`;

export interface TrialOfferViewProps {
  /** The period end the runner has now (ISO), after which the trial's days would start. */
  currentPeriodEnd: string | null;
  busy: boolean;
  /** Why the trial is offered here (the feature reached for), above the offer. */
  lead?: ReactNode;
  error?: string | null;
  onStart: () => void;
  /** 'Nanti Saja', or 'Kembali' to the plans. */
  onCancel: () => void;
  cancelLabel: 'Nanti Saja' | 'Kembali';
  /** A runner who would rather pay goes to every plan (absent inside the plans dialog itself). */
  onShowPlans?: () => void;
  now?: Date;
}

/**
 * What the free trial is, said plainly before it starts: free, no card, no automatic charge, until
 * when, and what happens to AI runs after that day. One button starts it.
 */
export function TrialOfferView({ currentPeriodEnd, busy, lead, error, onStart, onCancel, cancelLabel, onShowPlans, now }: TrialOfferViewProps) {
  const [termsOpen, setTermsOpen] = useState(false);
  const until = quoteSelection({ kind: 'trial' }, currentPeriodEnd, now).activeUntil;
  return (
    <div data-testid="trial-offer">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Gift className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 text-sm leading-relaxed text-slate-700">
          {lead && <p className="font-semibold text-slate-900">{lead}</p>}
          <p className={lead ? 'mt-1' : undefined}>Coba semua fitur AI Derap gratis selama {TRIAL_DAYS} hari.</p>
        </div>
      </div>
      <ul className="mt-4 space-y-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800">
        <Point>
          <span className="font-semibold">Rp0, tanpa kartu kredit.</span> Tidak ada tagihan otomatis setelahnya.
        </Point>
        <Point>
          Aktif hingga <span className="font-semibold" data-testid="trial-until">{formatPeriodEnd(until)}</span>.
        </Point>
        <Point>Setelah itu, latihan AI yang jatuh sesudah tanggal tersebut terkunci sampai kamu berlangganan; yang sudah kamu catat tetap milikmu.</Point>
        <Point>Hanya sekali untuk setiap akun.</Point>
      </ul>
      <p className="mt-3 text-xs text-slate-600">
        Dengan memulai, kamu menyetujui{' '}
        <TermsLinkButton onOpen={() => setTermsOpen(true)} />{' '}
        Derap.
        {onShowPlans && (
          <>
            {' '}
            Ingin langsung berlangganan?{' '}
            <button type="button" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800" aria-haspopup="dialog" onClick={onShowPlans}>
              Lihat semua paket
            </button>
          </>
        )}
      </p>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <ViewActions>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {cancelLabel === 'Kembali' && <ArrowLeft className="size-4" aria-hidden="true" />}
          {cancelLabel}
        </Button>
        <Button loading={busy} onClick={onStart}>
          {START_TRIAL_LABEL}
        </Button>
      </ViewActions>
      <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
    </div>
  );
}

function Point({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

export interface TrialOfferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The runner's period end now (ISO): the trial's days follow it. */
  currentPeriodEnd: string | null;
  /** The trial runs: the dialog has closed; the feature the runner reached for goes on. */
  onStarted: () => void;
  /** 'Lihat semua paket' (and after a refusal, 'Lihat Paket'): the subscription dialog. */
  onShowPlans: () => void;
}

/**
 * The free trial offered where a runner who never had one first reaches for a premium feature:
 * one tap starts it (no confirmation of a payment, there is none), a toast says until when, and
 * the feature opens. A refusal (the trial was used meanwhile, in another tab) says so and leads to the plans.
 */
export function TrialOfferDialog({ open, onOpenChange, currentPeriodEnd, onStarted, onShowPlans }: TrialOfferDialogProps) {
  const toast = useToast();
  const startTrial = useStartTrial();
  // A failure that may pass (the network) stays on the offer to try again; a refusal (the trial was used) leads to the plans.
  const [error, setError] = useState<{ message: string; refused: boolean } | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  const start = () => {
    setError(null);
    startTrial.mutate(undefined, {
      onSuccess: (change) => {
        toast(`Uji coba gratis aktif hingga ${formatPeriodEnd(change.subscription.current_period_end)}.`, 'success');
        onStarted();
      },
      onError: (failure) =>
        setError({ message: subscriptionErrorMessage(failure, subscriptionMessages.trialFailed), refused: failure instanceof ApiError && failure.status === 409 }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !startTrial.isPending) && onOpenChange(next)} size="md" title={TRIAL_TITLE}>
      {error?.refused ? (
        <div>
          <Alert tone="error">{error.message}</Alert>
          <ViewActions>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Tutup
            </Button>
            <Button onClick={onShowPlans}>Lihat Paket</Button>
          </ViewActions>
        </div>
      ) : (
        <TrialOfferView
          currentPeriodEnd={currentPeriodEnd}
          busy={startTrial.isPending}
          error={error?.message}
          lead="Fitur AI Coach termasuk Premium."
          onStart={start}
          onCancel={() => onOpenChange(false)}
          cancelLabel="Nanti Saja"
          onShowPlans={onShowPlans}
        />
      )}
    </Dialog>
  );
}
