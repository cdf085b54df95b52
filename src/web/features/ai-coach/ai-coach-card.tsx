import { ClipboardCheck, Crown, MessageCircle, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { jakartaToday, planDateToIso, type IsoDay } from '../../../domain/shared/wire-date';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { accessEndDay, PREMIUM_REQUIRED_MESSAGE } from '../../../domain/subscriptions/subscription';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { useCheckAiAccess, useLatestEvaluation } from './ai-coach-api';
import { AiCoachFlow, type FlowStart } from './ai-coach-flow';
import { AiScopeProvider, useAiScope } from './ai-scope';

export interface AiCoachCardProps {
  /** The runner's plan already holds runs the AI made (the card then speaks of a new programme). */
  hasAiRuns: boolean;
  /** Opens the subscription dialog ('Lihat Paket' when AI needs a subscription). */
  onShowPlans: () => void;
  /** The signed-in runner (the AI form is remembered per runner in this browser). */
  userId: string;
  /** A coach's card for a connected runner: the coach's AI routes, no premium check (decision 025). */
  runnerId?: string;
  /**
   * Offers the free trial to a runner who never had one (the app layer's dialog); `then` runs once it
   * has started, so the AI feature they reached for opens. Absent once the trial is used: the card
   * then answers with the premium message and 'Lihat Paket'.
   */
  offerTrial?: (then: () => void) => void;
  /** A saved plan starts on this day: the calendar shows it. */
  onPlanSaved?: (firstDay: IsoDay) => void;
}

/**
 * The AI coaching card (spec §2 AI screens): 'Buat Program dengan AI' opens the programme form and,
 * once the plan holds AI runs, 'Tanya AI untuk Penyesuaian' the chat. Both ask the server first: AI
 * features are for active or trialing runners (spec §5), and the server says who is.
 */
export function AiCoachCard({ runnerId, ...props }: AiCoachCardProps) {
  return (
    <AiScopeProvider runnerId={runnerId}>
      <AiCoachCardBody {...props} userId={runnerId ?? props.userId} />
    </AiScopeProvider>
  );
}

function AiCoachCardBody({ hasAiRuns: hasOwnAiRuns, onShowPlans, userId, offerTrial, onPlanSaved }: Omit<AiCoachCardProps, 'runnerId'>) {
  const coaching = useAiScope().runnerId !== null;
  // A coach's saved AI plan becomes coach runs, so the chat is offered whatever made the runner's runs.
  const hasAiRuns = hasOwnAiRuns || coaching;
  const access = useCheckAiAccess();
  // The runner's own AI runs lock after their access end; a coach's saved plan becomes coach runs, which never lock.
  const accessEnd = coaching ? null : accessEndDay(access.data?.current_period_end);
  const lock = accessEnd && access.data ? { accessEnd, status: access.data.subscription_status } : null;
  const evaluation = useLatestEvaluation(hasAiRuns).data?.evaluation ?? null;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [flow, setFlow] = useState<FlowStart | null>(null);
  const askedFor = useRef<FlowStart>('form');
  const formButton = useRef<HTMLButtonElement>(null);
  const chatButton = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);
  // 'Lihat Paket' opens the plans once the refusal has closed and focus is back on the button, so
  // closing the plans later returns focus there too.
  const plansNext = useRef(false);
  const showPlansOnce = () => {
    if (!plansNext.current) return;
    plansNext.current = false;
    onShowPlans();
  };

  // The AI's dialogs replace one another, so none of them can hand focus back: the card does.
  const closeFlow = () => {
    const opener = flow === 'chat' ? chatButton : formButton;
    setFlow(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const ask = (target: FlowStart) => {
    if (access.isPending) return;
    askedFor.current = target;
    setFailed(false);
    access.mutate(undefined, {
      onSuccess: () => setFlow(target),
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 403)) return setFailed(true);
        // A runner who never had the trial is offered it here, at the feature, and goes on once it runs.
        if (offerTrial && !coaching) offerTrial(() => ask(target));
        else setRefusal(error.message || PREMIUM_REQUIRED_MESSAGE);
      },
    });
  };
  const busy = (target: FlowStart) => access.isPending && askedFor.current === target;

  return (
    <section
      aria-labelledby="ai-coach-title"
      data-testid="ai-coach-card"
      className="min-w-0 rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="ai-coach-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
        <Sparkles className="size-5 text-brand-600" aria-hidden="true" />
        {coaching ? 'AI Coach untuk pelari' : hasAiRuns ? 'Program AI kamu' : 'AI Coach'}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {coaching
          ? 'Susun program dari AI untuk pelari ini, lalu minta penyesuaian lewat chat. Program yang disimpan menjadi jadwal dari pelatih.'
          : hasAiRuns
          ? 'Program latihan dari AI sudah ada di kalendermu. Targetmu berubah? Susun program baru yang menyesuaikan kemampuan terkinimu.'
          : 'Dapatkan program latihan personal dari AI, disusun dari data lari, target dan hari latihanmu, lalu dievaluasi setiap 2 minggu.'}
      </p>
      {evaluation && (
        <div className="mt-3 rounded-xl border border-emerald-200 bg-emerald-50/70 p-3" data-testid="ai-evaluation-note">
          <p className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-wide text-emerald-800">
            <ClipboardCheck className="size-4" aria-hidden="true" />
            Evaluasi 2 minggu · {formatJakartaDate(planDateToIso(evaluation.windowStart)!, 'd MMM')} – {formatJakartaDate(planDateToIso(evaluation.windowEnd)!, 'd MMM')}
          </p>
          <p className="mt-1 text-sm leading-relaxed text-slate-800">{evaluation.note}</p>
        </div>
      )}
      {failed && (
        <Alert tone="error" className="mt-3">
          Gagal memeriksa akses fitur AI. Periksa koneksi internet Anda lalu coba lagi.
        </Alert>
      )}
      {/* Busy but not disabled while asking: a disabled button drops focus, and the answer's dialog gives it back here. */}
      <Button ref={formButton} className="mt-4 w-full" aria-busy={busy('form') || undefined} onClick={() => ask('form')} onFocus={showPlansOnce} aria-haspopup="dialog">
        {busy('form') ? <Spinner className="size-4" label="" /> : <Sparkles className="size-4" aria-hidden="true" />}
        Buat Program dengan AI
      </Button>
      {hasAiRuns && (
        <Button
          ref={chatButton}
          variant="outline"
          className="mt-2 w-full"
          aria-busy={busy('chat') || undefined}
          onClick={() => ask('chat')}
          onFocus={showPlansOnce}
          aria-haspopup="dialog"
        >
          {busy('chat') ? <Spinner className="size-4" label="" /> : <MessageCircle className="size-4" aria-hidden="true" />}
          Tanya AI untuk Penyesuaian
        </Button>
      )}

      <Dialog
        open={refusal !== null}
        onOpenChange={(open) => !open && setRefusal(null)}
        size="sm"
        title="Fitur Premium"
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Crown className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm leading-relaxed text-slate-700" data-testid="ai-premium-message">
            {refusal ?? PREMIUM_REQUIRED_MESSAGE}
          </p>
        </div>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setRefusal(null)}>
            Nanti Saja
          </Button>
          <Button
            onClick={() => {
              plansNext.current = true;
              setRefusal(null);
              // Should focus not come back (it always does), open the plans anyway.
              setTimeout(showPlansOnce, 100);
            }}
          >
            Lihat Paket
          </Button>
        </div>
      </Dialog>

      {flow && <AiCoachFlow start={flow} userId={userId} today={jakartaToday()} onClose={closeFlow} lock={lock} onSaved={onPlanSaved} />}
    </section>
  );
}
