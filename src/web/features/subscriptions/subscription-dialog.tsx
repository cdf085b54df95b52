import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { subscriptionMessages, type InitiatePaymentResponse, type SubscriptionSummary } from '../../../domain/subscriptions/contract';
import { jakartaToday } from '../../../domain/shared/wire-date';
import type { PublicUser } from '../../../domain/users/contract';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorAlert, LoadingMessage } from '../../components/query-state';
import { CheckoutResultView } from './checkout-result-view';
import { ConfirmView } from './confirm-view';
import { assignLocation, FailedView, RedirectView, TrialSuccessView, type Redirect } from './outcome-views';
import { quoteSelection, type PlanSelection } from './purchase-model';
import { PurchaseView } from './purchase-view';
import { StatusView } from './status-view';
import { TRIAL_TITLE, TrialOfferView } from './trial-offer';
import { subscriptionErrorMessage, useInitiatePayment, useMySubscription, useSetCancelAtPeriodEnd, useStartTrial } from './subscriptions-api';

export const SUBSCRIPTION_DIALOG_TITLE = 'Manajemen Paket Langganan';

type View =
  /** Status view for active or trialing, purchase view otherwise (spec §2). */
  | { name: 'home' }
  /** The purchase view reached from the status view's renewal button. */
  | { name: 'plans' }
  /** The free trial: said plainly and started with one tap (not a payment's confirmation). */
  | { name: 'trial' }
  | { name: 'confirm'; selection: PlanSelection }
  | { name: 'trial-success'; periodEnd: string | null }
  | { name: 'failed'; message: string }
  | { name: 'redirect'; payment: InitiatePaymentResponse }
  | { name: 'result'; orderId: string };

const titles: Record<View['name'], string> = {
  home: SUBSCRIPTION_DIALOG_TITLE,
  plans: SUBSCRIPTION_DIALOG_TITLE,
  trial: TRIAL_TITLE,
  confirm: 'Konfirmasi Pembayaran',
  'trial-success': 'Berhasil',
  failed: 'Gagal',
  redirect: 'Menuju Halaman Pembayaran',
  result: 'Status Pembayaran',
};

export interface SubscriptionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: PublicUser;
  /** Open on the result of this order: the payer is back from the checkout. */
  checkoutOrderId?: string | null;
  /** The dialog's clock (today for pay as you go, the new end dates); injectable for tests. */
  now?: Date;
  /** How the redirect popup leaves for the checkout; injectable for tests. */
  redirect?: Redirect;
  /** The result view's polling (tests shorten it). */
  pollMs?: number;
  pollTimeoutMs?: number;
}

/**
 * 'Manajemen Paket Langganan' (spec §2, §4 Subscription): the status or purchase view, the
 * confirmation, then the trial's success, a failure, the 5-second redirect to the checkout, or —
 * back from it — the payment's result. One dialog whose content follows the flow.
 */
export function SubscriptionDialog({
  open,
  onOpenChange,
  user,
  checkoutOrderId,
  now,
  redirect = assignLocation,
  pollMs,
  pollTimeoutMs,
}: SubscriptionDialogProps) {
  const initialView = (): View => (checkoutOrderId ? { name: 'result', orderId: checkoutOrderId } : { name: 'home' });
  const [view, setView] = useState<View>(initialView);
  // Every opening starts afresh (the home view, or the checkout result).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setView(initialView());
  }

  const mine = useMySubscription({ enabled: open });
  const startTrial = useStartTrial();
  const setCancel = useSetCancelAtPeriodEnd();
  const initiate = useInitiatePayment();
  const [statusError, setStatusError] = useState<string | null>(null);
  const busy = startTrial.isPending || initiate.isPending || setCancel.isPending;

  // Focus follows the flow: each new step is announced by its title.
  const titleRef = useRef<HTMLSpanElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    if (!open) {
      firstView.current = true;
      return;
    }
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [view, open]);

  const clock = now ?? new Date();
  const summary: SubscriptionSummary = mine.data?.subscription ?? {
    subscription_status: user.subscription_status,
    current_period_end: user.current_period_end,
    has_had_trial: user.has_had_trial,
    cancel_at_period_end: false,
    has_access: false,
    current_plan: null,
  };
  const subscribed = isSubscribed(summary);
  const onStatusView = view.name === 'home' && subscribed;

  const close = () => onOpenChange(false);
  const go = (next: View) => {
    setStatusError(null);
    setView(next);
  };

  const confirm = (selection: PlanSelection) => {
    if (selection.kind === 'trial') {
      startTrial.mutate(undefined, {
        onSuccess: (change) => go({ name: 'trial-success', periodEnd: change.subscription.current_period_end }),
        onError: (error) => go({ name: 'failed', message: subscriptionErrorMessage(error, subscriptionMessages.trialFailed) }),
      });
      return;
    }
    if (!user._id) {
      go({ name: 'failed', message: subscriptionMessages.userIdMissing });
      return;
    }
    const request =
      selection.kind === 'payg'
        ? { userId: user._id, plantype: 'payg' as const, paygdays: selection.days, endDate: selection.endDay }
        : { userId: user._id, plantype: selection.plan };
    initiate.mutate(request, {
      onSuccess: (payment) => go({ name: 'redirect', payment }),
      onError: (error) => go({ name: 'failed', message: subscriptionErrorMessage(error, subscriptionMessages.paymentFailed) }),
    });
  };

  const toPlans = () => go({ name: 'plans' });
  const purchase = (
    <PurchaseView
      hasHadTrial={summary.has_had_trial}
      currentPeriodEnd={summary.current_period_end}
      today={jakartaToday(clock)}
      onSelect={(selection) => go(selection.kind === 'trial' ? { name: 'trial' } : { name: 'confirm', selection })}
    />
  );

  let body;
  switch (view.name) {
    case 'home':
      if (!onStatusView) {
        body = purchase;
      } else if (mine.status === 'pending') {
        body = <LoadingMessage>Memuat langganan...</LoadingMessage>;
      } else if (mine.status === 'error') {
        body = <ErrorAlert title="Gagal memuat langganan." onRetry={() => void mine.refetch()} />;
      } else {
        body = (
          <StatusView
            subscription={summary}
            onRenew={toPlans}
            saving={setCancel.isPending}
            error={statusError}
            onSetCancel={(cancel) =>
              setCancel.mutate(cancel, {
                onSuccess: () => setStatusError(null),
                onError: (error) => setStatusError(subscriptionErrorMessage(error, 'Gagal memperbarui langganan. Silakan coba lagi.')),
              })
            }
          />
        );
      }
      break;
    case 'plans':
      body = (
        <>
          {subscribed && (
            <Button variant="ghost" size="sm" className="-ml-2 mb-3" onClick={() => go({ name: 'home' })}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Kembali ke status langganan
            </Button>
          )}
          {purchase}
        </>
      );
      break;
    case 'trial':
      body = (
        <TrialOfferView
          currentPeriodEnd={summary.current_period_end}
          busy={startTrial.isPending}
          now={clock}
          onStart={() => confirm({ kind: 'trial' })}
          onCancel={toPlans}
          cancelLabel="Kembali"
        />
      );
      break;
    case 'confirm':
      body = (
        <ConfirmView
          quote={quoteSelection(view.selection, summary.current_period_end, clock)}
          busy={startTrial.isPending || initiate.isPending}
          onConfirm={() => confirm(view.selection)}
          onBack={toPlans}
        />
      );
      break;
    case 'trial-success':
      body = <TrialSuccessView periodEnd={view.periodEnd} onDone={close} />;
      break;
    case 'failed':
      body = <FailedView message={view.message} onClose={close} onBack={toPlans} />;
      break;
    case 'redirect':
      body = <RedirectView amount={view.payment.amount} paymentUrl={view.payment.payment_url} redirect={redirect} onCancel={toPlans} />;
      break;
    case 'result':
      body = <CheckoutResultView orderId={view.orderId} onPickAgain={toPlans} onClose={close} pollMs={pollMs} timeoutMs={pollTimeoutMs} />;
      break;
  }

  const wide = (view.name === 'home' && !onStatusView) || view.name === 'plans';
  return (
    <Dialog
      open={open}
      // A request in flight finishes first: its answer decides what the dialog shows next.
      onOpenChange={(next) => (next || !busy) && onOpenChange(next)}
      size={wide ? 'xl' : 'md'}
      title={
        <span ref={titleRef} tabIndex={-1} className="outline-none">
          {titles[view.name]}
        </span>
      }
    >
      <div data-testid="subscription-dialog" data-view={onStatusView ? 'status' : view.name === 'home' ? 'purchase' : view.name}>
        {body}
      </div>
    </Dialog>
  );
}

/** A runner on a trial or a paid plan opens on the status view (and can go back to it). */
function isSubscribed(summary: SubscriptionSummary) {
  return summary.subscription_status === 'active' || summary.subscription_status === 'trialing';
}
