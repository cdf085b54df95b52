import { CalendarClock, CalendarPlus, ChevronRight, ClipboardList, Route, ShieldAlert, Stethoscope, Timer, type LucideIcon } from 'lucide-react';
import { forwardRef, useId, useState, type ReactNode } from 'react';
import type { GoalAlternative, PlanRefusal } from '../../../domain/ai-coach/contract';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { Spinner } from '../../components/spinner';
import { CONFIRM_INPUTS_LABEL, EDIT_FORM_LABEL, FIX_INPUTS_LABEL, refusalTitles } from './plan-refusal';

export interface RefusalPanelProps {
  refusal: PlanRefusal;
  /** The form is being sent again (after a choice made here). */
  pending: boolean;
  /** GOAL_NOT_SAFE: put this alternative into the form and send it again. */
  onChooseAlternative: (alternative: GoalAlternative) => void;
  /** GOAL_NOT_SAFE: back to the form to change the goal. */
  onEditForm: () => void;
  /** CHECK_INPUT: the runner says the data is right; send again with a cautious plan. */
  onConfirmInputs: () => void;
  /** CHECK_INPUT: go to a flagged field (the first one when no path is given). */
  onFixInputs: (path?: string) => void;
  /** SEE_A_DOCTOR: the clearance checkbox (a field of the form). */
  clearance: ReactNode;
  /** SEE_A_DOCTOR: the form to send again. */
  formId: string;
}

const tones: Record<PlanRefusal['code'], { box: string; icon: LucideIcon; iconClass: string }> = {
  GOAL_NOT_SAFE: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: ShieldAlert, iconClass: 'text-amber-700' },
  CHECK_INPUT: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: ClipboardList, iconClass: 'text-amber-700' },
  SEE_A_DOCTOR: { box: 'border-red-200 bg-red-50 text-red-950', icon: Stethoscope, iconClass: 'text-red-700' },
};

const alternativeKinds: Record<GoalAlternative['kind'], { label: string; icon: LucideIcon }> = {
  'later-race': { label: 'Race lebih lambat', icon: CalendarClock },
  'shorter-distance': { label: 'Jarak lebih pendek', icon: Route },
  'finish-time': { label: 'Target waktu yang realistis', icon: Timer },
  'more-days': { label: 'Tambah hari latihan', icon: CalendarPlus },
};

/**
 * Why the AI coach did not make a plan, and the ways on (issue 25 §3): safe alternatives to choose
 * (GOAL_NOT_SAFE), a confirmation of unusual data (CHECK_INPUT), a doctor's clearance
 * (SEE_A_DOCTOR). An alert that the form moves focus to; every choice is a button.
 */
export const RefusalPanel = forwardRef<HTMLDivElement, RefusalPanelProps>(function RefusalPanel(
  { refusal, pending, onChooseAlternative, onEditForm, onConfirmInputs, onFixInputs, clearance, formId },
  ref,
) {
  const titleId = useId();
  const tone = tones[refusal.code];
  const Icon = tone.icon;
  // Which choice is being sent, to show its progress on it.
  const [chosen, setChosen] = useState<number | 'confirm' | null>(null);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      data-testid="plan-refusal"
      data-code={refusal.code}
      className={cn('rounded-xl border p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-300 sm:p-4', tone.box)}
    >
      <div className="flex gap-3">
        <Icon className={cn('mt-0.5 size-5 shrink-0', tone.iconClass)} aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="text-sm font-bold">
            {refusalTitles[refusal.code]}
          </h3>
          <p className="text-sm leading-relaxed">{refusal.message}</p>
        </div>
      </div>

      {refusal.code === 'GOAL_NOT_SAFE' && (
        <>
          {(refusal.alternatives ?? []).length > 0 && (
            <ul className="mt-3 space-y-2" aria-label="Alternatif yang aman">
              {(refusal.alternatives ?? []).map((alternative, index) => {
                const kind = alternativeKinds[alternative.kind];
                const KindIcon = kind.icon;
                const busy = pending && chosen === index;
                return (
                  <li key={`${alternative.kind}-${index}`}>
                    <button
                      type="button"
                      aria-busy={busy || undefined}
                      onClick={() => {
                        if (pending) return;
                        setChosen(index);
                        onChooseAlternative(alternative);
                      }}
                      data-testid="refusal-alternative"
                      className={cn(
                        'flex w-full items-start gap-3 rounded-lg border border-amber-200 bg-white p-3 text-left text-sm text-slate-800 shadow-sm transition-colors',
                        'hover:border-brand-400 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                        pending && !busy && 'opacity-60',
                      )}
                    >
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
                        <KindIcon className="size-4" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-slate-900">{kind.label}</span>
                        <span className="block leading-snug text-slate-700">{alternative.message}</span>
                      </span>
                      {busy ? <Spinner className="mt-2 size-4 shrink-0 text-brand-600" label="" /> : <ChevronRight className="mt-2 size-4 shrink-0 text-slate-400" aria-hidden="true" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-3 flex justify-end">
            <Button variant="outline" size="sm" className="h-10 max-sm:w-full" onClick={() => !pending && onEditForm()}>
              {EDIT_FORM_LABEL}
            </Button>
          </div>
        </>
      )}

      {refusal.code === 'CHECK_INPUT' && (
        <>
          {(refusal.errors ?? []).length > 0 && (
            <ul className="mt-3 space-y-1.5 pl-8 text-sm">
              {(refusal.errors ?? []).map((issue) => (
                <li key={issue.path} className="list-disc">
                  <button
                    type="button"
                    className="block text-left font-semibold underline decoration-amber-400 underline-offset-2 hover:decoration-amber-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                    onClick={() => onFixInputs(issue.path)}
                  >
                    {issue.message}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* Most such data is a typo: fixing it is the first way offered, confirming the second. */}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
            <Button onClick={() => !pending && onFixInputs()}>{FIX_INPUTS_LABEL}</Button>
            <Button
              variant="outline"
              aria-busy={(pending && chosen === 'confirm') || undefined}
              onClick={() => {
                if (pending) return;
                setChosen('confirm');
                onConfirmInputs();
              }}
            >
              {pending && chosen === 'confirm' && <Spinner className="size-4" label="" />}
              {CONFIRM_INPUTS_LABEL}
            </Button>
          </div>
        </>
      )}

      {refusal.code === 'SEE_A_DOCTOR' && (
        <>
          <div className="mt-3">{clearance}</div>
          <p className="mt-2 text-xs leading-relaxed text-red-900">Bila ada nyeri dada, sesak napas atau pingsan, segera ke IGD atau hubungi 119.</p>
          <div className="mt-3 flex justify-end">
            <Button type="submit" form={formId} className="max-sm:w-full" aria-busy={pending || undefined}>
              {pending && <Spinner className="size-4" label="" />}
              Buat program lagi
            </Button>
          </div>
        </>
      )}
    </div>
  );
});
