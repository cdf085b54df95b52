import { format } from 'date-fns';
import { id as idLocale } from 'date-fns/locale';
import { ArrowLeft, Gauge, Info, Lightbulb, Lock, RefreshCw, Save } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { PlanDraftResponse } from '../../../domain/ai-coach/contract';
import { isoToLocalDate, planDateToIso, type IsoDay } from '../../../domain/shared/wire-date';
import type { SubscriptionStatus } from '../../../domain/subscriptions/subscription';
import { runColor } from '../../../domain/training-plan/run-types';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { lockedRunCount, lockedWeeksLabel, summarizePlan, weekLock, type Phase, type WeekLock, type WeekSummary } from './plan-summary';

export const PREVIEW_TITLE = 'Hasil Program AI';

/** Where the runner's own AI runs start to lock: the last day their trial or subscription covers. */
export interface PlanLock {
  accessEnd: IsoDay;
  status: SubscriptionStatus;
}

export interface PlanPreviewDialogProps {
  draft: PlanDraftResponse;
  /** Kembali goes back to where the draft came from. */
  onBack: () => void;
  onRefresh: () => void;
  onSave: () => void;
  onClose: () => void;
  refreshing: boolean;
  saving: boolean;
  error: string | null;
  /** The runner's own plan: say how many runs will be locked after the access end (null: a coach's view, nothing locks). */
  lock?: PlanLock | null;
}

const phaseTones: Record<Phase, 'blue' | 'yellow' | 'green'> = { Base: 'blue', Build: 'yellow', Taper: 'green' };
/** The phase's colour in the volume bars (a week without a phase is grey). */
const phaseBars: Record<Phase, string> = { Base: 'bg-blue-500', Build: 'bg-amber-500', Taper: 'bg-green-600' };
const barColour = (phase: Phase | null) => (phase ? phaseBars[phase] : 'bg-slate-400');
const fmt = (iso: IsoDay, pattern: string) => format(isoToLocalDate(iso), pattern, { locale: idLocale });
const km = (value: number) => `${value.toLocaleString('id-ID', { maximumFractionDigits: 1 })} km`;
const wireDay = (planDate: string) => planDateToIso(planDate);

/** 'Hasil Program AI' (spec §2 AI screens, §4 AI plan flow): the draft, week by week, before it is saved. */
export function PlanPreviewDialog({ draft, onBack, onRefresh, onSave, onClose, refreshing, saving, error, lock = null }: PlanPreviewDialogProps) {
  const accessEnd = lock?.accessEnd ?? null;
  const summary = summarizePlan(draft, { accessEnd });
  const locked = lock ? lockedRunCount(draft.trainingPlan, lock.accessEnd) : 0;
  const errorRef = useRef<HTMLDivElement>(null);
  const busy = refreshing || saving;
  const start = wireDay(draft.startDate);
  const end = wireDay(draft.endDate);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      size="lg"
      title={PREVIEW_TITLE}
      description="Periksa dulu; belum ada yang disimpan sebelum kamu menekan Simpan."
      footer={
        <>
          <p className="flex w-full items-start gap-2 text-xs text-slate-600" data-testid="preview-replace-note">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            Latihan AI yang belum dicatat pada {start ? fmt(start, 'd MMMM yyyy') : draft.startDate} – {end ? fmt(end, 'd MMMM yyyy') : draft.endDate} akan diganti.
          </p>
          {/* One row on a 360 px phone: the secondary buttons drop their icons there. */}
          <Button variant="ghost" className="mr-auto max-sm:px-3" onClick={onBack} disabled={busy}>
            <ArrowLeft className="size-4 max-sm:hidden" aria-hidden="true" />
            Kembali
          </Button>
          <Button variant="outline" className="max-sm:px-3" onClick={onRefresh} loading={refreshing} disabled={saving}>
            {!refreshing && <RefreshCw className="size-4 max-sm:hidden" aria-hidden="true" />}
            Refresh
          </Button>
          <Button className="max-sm:px-3" onClick={onSave} loading={saving} disabled={refreshing}>
            {!saving && <Save className="size-4" aria-hidden="true" />}
            Simpan
          </Button>
        </>
      }
    >
      <div className={cn('space-y-5 transition-opacity', refreshing && 'opacity-50')} aria-busy={refreshing || undefined} data-testid="plan-preview">
        {refreshing && (
          <p role="status" className="flex items-center gap-2 text-sm font-semibold text-brand-700">
            <Spinner className="size-4" label="" />
            AI sedang menyusun ulang programmu…
          </p>
        )}

        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-[minmax(0,1.7fr)_repeat(3,minmax(0,1fr))]">
          <Stat label="Periode" className="max-sm:col-span-3">{start && end ? `${fmt(start, 'd MMM')} – ${fmt(end, 'd MMM yyyy')}` : '-'}</Stat>
          <Stat label="Durasi">{summary.weeks.length} minggu</Stat>
          <Stat label="Total jarak">{km(summary.totalKm)}</Stat>
          <Stat label="Sesi latihan">{summary.runCount} sesi</Stat>
        </dl>

        {lock && locked > 0 && (
          <div className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="preview-locked-note">
            <Lock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            <p>
              <span className="font-semibold">
                {lockedWeeksLabel(summary.weeks) ?? 'Sebagian program'} jatuh setelah {lock.status === 'trialing' ? 'uji coba gratismu' : 'langgananmu'} berakhir (
                {fmt(lock.accessEnd, 'd MMMM yyyy')}).
              </span>{' '}
              {locked} dari {draft.trainingPlan.length} latihan tetap disimpan ke kalender, tetapi terkunci (Kunci): isinya tertutup sampai kamu{' '}
              {lock.status === 'trialing' ? 'berlangganan' : 'memperpanjang langganan'}, lalu langsung terbuka kembali.
            </p>
          </div>
        )}

        {draft.fitness && (
          <section aria-labelledby="ai-fitness-title" className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid="preview-fitness">
            <h3 id="ai-fitness-title" className="flex items-center gap-2 text-sm font-bold text-slate-900">
              <Gauge className="size-4 text-brand-600" aria-hidden="true" />
              Kebugaranmu saat ini
            </h3>
            <p className="mt-1 text-sm text-slate-700">
              VDOT <span className="font-bold text-slate-900">{draft.fitness.vdot.toLocaleString('id-ID', { maximumFractionDigits: 1 })}</span>{' '}
              <span className="text-slate-600">
                ({draft.fitness.source === 'personal-best' ? 'dari catatan waktu terbaikmu' : 'perkiraan dari pengalaman dan jarak mingguanmu'})
              </span>
            </p>
            {draft.fitness.predictions.length > 0 && (
              <>
                <p className="mt-2 text-xs font-semibold text-slate-600">Prediksi waktu race</p>
                <dl className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {draft.fitness.predictions.map((p) => (
                    <div key={p.distance} className="rounded-lg bg-slate-50 px-3 py-2">
                      <dt className="text-xs text-slate-600">{p.distance}</dt>
                      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{p.time}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </section>
        )}

        {draft.notes.length > 0 && (
          <section aria-labelledby="ai-notes-title" className="rounded-xl bg-amber-50 p-3 sm:p-4" data-testid="preview-notes">
            <h3 id="ai-notes-title" className="flex items-center gap-2 text-sm font-bold text-amber-900">
              <Lightbulb className="size-4" aria-hidden="true" />
              Catatan dari AI Coach
            </h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-950">
              {draft.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        )}

        {summary.weeks.length > 1 && <VolumeChart weeks={summary.weeks} maxKm={summary.maxWeekKm} accessEnd={accessEnd} />}

        <section aria-labelledby="ai-weeks-title">
          <h3 id="ai-weeks-title" className="text-sm font-bold text-slate-900">
            Program per minggu
          </h3>
          {summary.weeks.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Tidak ada latihan pada program ini.</p>
          ) : (
            <ol className="mt-2 space-y-3">
              {summary.weeks.map((week) => (
                <WeekCard key={week.number} week={week} maxKm={summary.maxWeekKm} lock={weekLock(week, accessEnd)} />
              ))}
            </ol>
          )}
        </section>

        {error && (
          <Alert ref={errorRef} tone="error">
            {error}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}

const CHART_PX = 96;

/** Every week's planned km at a glance, coloured by phase; the weeks that will lock are pale. */
function VolumeChart({ weeks, maxKm, accessEnd }: { weeks: readonly WeekSummary[]; maxKm: number; accessEnd: IsoDay | null }) {
  const many = weeks.length > 12;
  const phases = [...new Set(weeks.map((w) => w.phase).filter((p): p is Phase => p !== null))];
  const locks = weeks.map((week) => weekLock(week, accessEnd));
  return (
    <section aria-labelledby="ai-volume-title" data-testid="preview-volume">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ai-volume-title" className="text-sm font-bold text-slate-900">
          Volume per minggu
        </h3>
        {phases.length > 0 && (
          <ul className="flex flex-wrap gap-3 text-xs text-slate-600" aria-label="Fase">
            {phases.map((phase) => (
              <li key={phase} className="flex items-center gap-1.5">
                <span className={cn('size-2.5 rounded-sm', phaseBars[phase])} aria-hidden="true" />
                {phase}
              </li>
            ))}
            {locks.includes('locked') && (
              <li className="flex items-center gap-1.5">
                <Lock className="size-3 text-slate-500" aria-hidden="true" />
                Terkunci
              </li>
            )}
          </ul>
        )}
      </div>
      {/* The week cards below say the same in words. */}
      <div className="mt-2 flex items-end gap-1" aria-hidden="true">
        {weeks.map((week, i) => (
          <div
            key={week.number}
            className="flex min-w-0 flex-1 flex-col items-center justify-end gap-1"
            title={`Minggu ${week.number}: ${km(week.km)}${locks[i] === 'locked' ? ' (terkunci)' : ''}`}
            data-lock={locks[i]}
          >
            {locks[i] === 'locked' ? <Lock className="size-2.5 text-slate-400" /> : !many && <span className="text-[10px] leading-none text-slate-600 tabular-nums">{Math.round(week.km)}</span>}
            <div
              className={cn('w-full max-w-10 rounded-t', barColour(week.phase), locks[i] === 'locked' && 'opacity-30')}
              style={{ height: `${maxKm > 0 ? Math.max(2, Math.round((week.km / maxKm) * CHART_PX)) : 2}px` }}
            />
          </div>
        ))}
      </div>
      <div className="mt-1 flex gap-1 border-t border-slate-200 pt-1" aria-hidden="true">
        {weeks.map((week) => (
          <span key={week.number} className="min-w-0 flex-1 text-center text-[10px] text-slate-500">
            {!many || week.number % 4 === 1 ? `M${week.number}` : ''}
          </span>
        ))}
      </div>
    </section>
  );
}

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0 rounded-xl bg-slate-50 px-3 py-2', className)}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm font-bold text-slate-900">{children}</dd>
    </div>
  );
}

/** What a week's badge says of the lock: a whole week, or how many of its runs. */
const lockBadge = (lock: WeekLock, week: WeekSummary) => (lock === 'locked' ? 'Terkunci' : `${week.lockedRuns} terkunci`);

function WeekCard({ week, maxKm, lock }: { week: WeekSummary; maxKm: number; lock: WeekLock }) {
  const share = maxKm > 0 ? Math.max(4, Math.round((week.km / maxKm) * 100)) : 0;
  const titleId = `ai-week-${week.number}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn('rounded-xl border p-3', lock === 'locked' ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200')}
      data-testid="preview-week"
      data-lock={lock}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h4 id={titleId} className="text-sm font-bold text-slate-900">
          Minggu {week.number}
        </h4>
        <span className="text-xs text-slate-600">
          {fmt(week.from, 'd MMM')} – {fmt(week.to, 'd MMM')}
        </span>
        <span className="ml-auto flex flex-wrap gap-1">
          {lock !== 'open' && (
            <Badge tone="gray" className="gap-1">
              <Lock className="size-3" aria-hidden="true" />
              {lockBadge(lock, week)}
            </Badge>
          )}
          {week.phase && <Badge tone={phaseTones[week.phase]}>{week.phase}</Badge>}
        </span>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <div className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className={cn('h-full rounded-full', barColour(week.phase), lock === 'locked' && 'opacity-40')} style={{ width: `${share}%` }} />
        </div>
        <span className="w-16 shrink-0 text-right text-sm font-semibold text-slate-900" data-testid="preview-week-km">
          {km(week.km)}
        </span>
      </div>
      {week.runs.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {week.runs.map(({ day, run, locked }) => (
            <li key={`${run.date}-${run.title}`} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-2 py-1.5 text-sm" data-testid="preview-run" data-locked={locked || undefined}>
              <span className="text-slate-600">{fmt(day, 'EEE d/M')}</span>
              <span className="min-w-0">
                <span className="flex items-center gap-2">
                  <span className={cn('size-2.5 shrink-0 rounded-full', runColor(run.title))} aria-hidden="true" />
                  <span className="font-semibold break-words text-slate-900">{run.title}</span>
                  {locked && (
                    <>
                      <Lock className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
                      <span className="sr-only">(akan terkunci)</span>
                    </>
                  )}
                </span>
                <span className="block pl-4.5 text-xs text-slate-600">
                  {[run.program, run.paceRange && `${run.paceRange} /km`].filter(Boolean).join(' · ')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-slate-600">Minggu istirahat.</p>
      )}
    </li>
  );
}
