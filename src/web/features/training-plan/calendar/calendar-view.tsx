import { useMemo, useState, type ReactNode } from 'react';
import { shiftMonth } from '../../../../domain/training-plan/month-grid';
import { pickRunForActivity } from '../../../../domain/activities/activities';
import { addDays, isoFromParts, isoToPlanDate, jakartaToday, planDateToIso, startOfWeek, type IsoDay } from '../../../../domain/shared/wire-date';
import { messages } from '../../../../domain/training-plan/training-plan';
import type { LockedRun, PlanRun, Run } from '../../../../domain/training-plan/contract';
import { accessEndDay } from '../../../../domain/subscriptions/subscription';
import { ApiError } from '../../../api/client';
import { useToast } from '../../../components/toast';
import { ViewHeader } from '../../../components/view-header';
import type { DashboardViewProps } from '../../../lib/dashboard-view';
import { CalendarExportDialog } from '../calendar-export/calendar-export-dialog';
import { LogResultDialog } from '../log-result/log-result-dialog';
import type { ActivityPrefill } from '../log-result/activity-file-drop';
import type { AnalyzeScreenshot } from '../log-result/screenshot-drop';
import { usePatchRun, usePlan } from '../training-plan-api';
import { PlanScopeProvider, usePlanScope } from '../plan-scope';
import { useCalendarMode, type CalendarMode } from './calendar-mode';
import { datedRuns, decideMove, monthKey, runsByDay, shortDayLabel, upcomingRuns } from './calendar-model';
import { CreateRunDialog } from './create-run-dialog';
import { DayRunsPanel } from './day-runs-panel';
import { HeavyRunConfirmDialog, type PendingHeavyMove } from './heavy-run-confirm-dialog';
import { LockedRunDialog } from './locked-run-dialog';
import { MonthGrid } from './month-grid';
import { PlanProfileCard } from './plan-profile-card';
import { ProgramChart } from './program-chart';
import { programWeeks } from './program-weeks';
import { UpcomingRuns } from './upcoming-runs';
import { WeekAgenda } from './week-agenda';

export interface CalendarViewProps extends DashboardViewProps {
  /** The calendar's clock (today, the first month shown); injectable for tests. */
  now?: Date;
  /**
   * What the app layer puts under the profile card (the AI coaching card), told whether the plan
   * already holds runs the AI made, and how to show a day (a plan just saved opens on its first day).
   */
  aside?: (context: { hasAiRuns: boolean; showDay: (day: IsoDay) => void }) => ReactNode;
  /** What the app layer puts under 'Latihan mendatang' (the runner's synced runs without a plan). */
  below?: ReactNode;
  /** Reads a workout screenshot for the log dialog's 'Analisis dengan AI' (the app layer plugs the AI in). */
  analyzeScreenshot?: AnalyzeScreenshot;
  /**
   * A coach's view of a connected runner's plan (Ubah Jadwal): the runner's routes, the coach's rules
   * (maker 'coach', distance and time required, the coach's heavy-run list). The coach's screen
   * shows its own header and info box (through `aside`); the runner's profile card and export are left out.
   */
  runnerId?: string;
}

const monthOf = (iso: IsoDay) => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) });

/** 'Kalender Latihan' (spec §2 Training calendar, §4 Moving a run, §5 Create schedule), or a coach's view of a runner's. */
export function CalendarView({ runnerId, ...props }: CalendarViewProps) {
  return (
    <PlanScopeProvider runnerId={runnerId}>
      <CalendarBody {...props} />
    </PlanScopeProvider>
  );
}

function CalendarBody({ user, now, aside, below, analyzeScreenshot, onManageSubscription }: Omit<CalendarViewProps, 'runnerId'>) {
  // Which AI runs are locked is the server's answer (a stub with `locked: true`), never worked out here.
  const { view } = usePlanScope();
  const coaching = view === 'coach';
  const today = jakartaToday(now);
  const toast = useToast();
  const plan = usePlan();
  const patchRun = usePatchRun();
  const [mode, setMode] = useCalendarMode();
  const [shown, setShown] = useState(() => monthOf(today));
  const [weekStart, setWeekStart] = useState(() => startOfWeek(today));
  const [selectedDay, setSelectedDay] = useState<IsoDay | null>(null);
  // The run whose log dialog is open (kept as opened, so a refetch never swaps it mid-edit).
  const [logging, setLogging] = useState<Run | null>(null);
  // The locked run whose explanation is open.
  const [lockedRun, setLockedRun] = useState<LockedRun | null>(null);
  const openRun = (run: PlanRun) => (run.locked ? setLockedRun(run) : setLogging(run));
  const [creating, setCreating] = useState<{ date?: IsoDay; result?: ActivityPrefill } | null>(null);
  // Figures of an imported activity file, filled into the log dialog it opened.
  const [logPrefill, setLogPrefill] = useState<ActivityPrefill | null>(null);
  const [exporting, setExporting] = useState(false);
  const [pendingMove, setPendingMove] = useState<(PendingHeavyMove & { run: Run }) | null>(null);

  const planId = plan.data?._id ?? null;
  const runs = useMemo(() => datedRuns(plan.data?.trainingPlan ?? []), [plan.data]);
  const byDay = useMemo(() => runsByDay(runs), [runs]);
  const upcoming = useMemo(() => upcomingRuns(runs, today), [runs, today]);
  const weeks = useMemo(() => programWeeks(runs, today), [runs, today]);
  const hasAiRuns = useMemo(() => (plan.data?.trainingPlan ?? []).some((run) => run.generatedby === 'ai'), [plan.data]);

  const move = (run: Run, day: IsoDay) => {
    if (!planId) return toast(`Gagal memindahkan aktivitas: ${messages.planNotFound}`, 'error');
    patchRun.mutate(
      { planId, runId: run._id, patch: { date: isoToPlanDate(day) } },
      {
        onSuccess: () => toast(`${run.title} dipindahkan ke ${shortDayLabel(day)}.`, 'success'),
        onError: (error) =>
          toast(`Gagal memindahkan aktivitas: ${error instanceof ApiError && error.message ? error.message : messages.moveFailed}`, 'error'),
      },
    );
  };

  const onDropRun = (run: Run, fromDay: IsoDay, targetDay: IsoDay | null) => {
    const decision = decideMove(runs, run, fromDay, targetDay, monthKey(shown.year, shown.month), view);
    if (decision.kind === 'move') move(run, decision.day);
    if (decision.kind === 'confirm') setPendingMove({ run, title: run.title, day: decision.day, conflict: decision.conflict });
  };

  /** The month and the week of `day`, whichever is shown; `select` also lists its runs under the month. */
  const showDay = (day: IsoDay, select = true) => {
    setShown(monthOf(day));
    setWeekStart(startOfWeek(day));
    setSelectedDay(select ? day : null);
  };

  const onCreated = (day: IsoDay, title: string) => {
    showDay(day);
    toast(creating?.result ? `${title} pada ${shortDayLabel(day)} dicatat dari file aktivitas.` : `Jadwal ${title} ditambahkan pada ${shortDayLabel(day)}.`, 'success');
  };

  /**
   * 'Impor File Aktivitas': the log dialog of the planned run on the file's day (the closest by
   * distance when there are several), or, with none, 'Buat Jadwal' for that day carrying the result.
   */
  const onImported = (prefill: ActivityPrefill) => {
    const day = planDateToIso(prefill.reading.date);
    if (!day) return;
    showDay(day);
    const open = (byDay.get(day) ?? []).filter((run): run is Run => !run.locked);
    const run = pickRunForActivity(open, prefill.reading.distance);
    if (run) {
      setLogPrefill(prefill);
      setLogging(run);
    } else setCreating({ date: day, result: prefill });
  };

  /** Switching keeps the place: the week of the picked day (or today, or the month's first Monday), the month of the week. */
  const changeMode = (next: CalendarMode) => {
    if (next === mode) return;
    if (next === 'week') {
      const inShown = (day: IsoDay | null) => day !== null && day.startsWith(`${monthKey(shown.year, shown.month)}-`);
      const anchor = inShown(selectedDay) ? selectedDay! : inShown(today) ? today : isoFromParts(shown.year, shown.month, 1);
      setWeekStart(startOfWeek(anchor));
    } else {
      // The month holding the week's Thursday: the one most of its days belong to.
      setShown(monthOf(addDays(weekStart, 3)));
    }
    setMode(next);
  };

  const openWeek = (start: IsoDay) => {
    setWeekStart(start);
    setMode('week');
  };

  const status = plan.status;
  const retry = () => void plan.refetch();

  return (
    <>
      {!coaching && <ViewHeader title="Kalender Latihan" description="Rencanakan, pindahkan dan catat setiap latihanmu." />}

      {/* Desktop: profile card and upcoming runs on the left, the month on the right; a phone stacks them. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-6 xl:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          {!coaching && <PlanProfileCard user={user} onOpen={onManageSubscription} />}
          {aside?.({ hasAiRuns, showDay: (day) => showDay(day, false) })}
        </div>

        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {mode === 'week' ? (
            <WeekAgenda
              weekStart={weekStart}
              today={today}
              status={status}
              onRetry={retry}
              runs={plan.data?.trainingPlan ?? []}
              runsByDay={byDay}
              onPrevWeek={() => setWeekStart((w) => addDays(w, -7))}
              onNextWeek={() => setWeekStart((w) => addDays(w, 7))}
              onThisWeek={() => setWeekStart(startOfWeek(today))}
              onOpenRun={openRun}
              onAdd={(day) => setCreating({ date: day })}
              mode={mode}
              onModeChange={changeMode}
            />
          ) : (
            <>
              <MonthGrid
                year={shown.year}
                month={shown.month}
                today={today}
                status={status}
                onRetry={retry}
                runsByDay={byDay}
                onPrevMonth={() => setShown((m) => shiftMonth(m.year, m.month, -1))}
                onNextMonth={() => setShown((m) => shiftMonth(m.year, m.month, 1))}
                onThisMonth={() => setShown(monthOf(today))}
                onOpenRun={openRun}
                onDropRun={onDropRun}
                selectedDay={selectedDay}
                onSelectDay={setSelectedDay}
                mode={mode}
                onModeChange={changeMode}
              />
              {status === 'success' ? (
                selectedDay ? (
                  <DayRunsPanel
                    day={selectedDay}
                    runs={byDay.get(selectedDay) ?? []}
                    onOpen={openRun}
                    onAdd={(day) => setCreating({ date: day })}
                    onClose={() => setSelectedDay(null)}
                  />
                ) : (
                  <p className="px-1 text-sm text-slate-600">
                    Pilih tanggal untuk melihat detail latihannya. Seret latihan ke hari lain untuk memindahkannya.
                  </p>
                )
              ) : null}
            </>
          )}
          {status === 'success' && <ProgramChart weeks={weeks} onPickWeek={openWeek} />}
        </div>

        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-2">
          <UpcomingRuns
            status={status}
            runs={upcoming}
            today={today}
            onOpen={openRun}
            onRetry={retry}
            onAdd={() => setCreating({})}
            onExport={coaching ? undefined : () => setExporting(true)}
            onImported={onImported}
          />
          {below}
        </div>
      </div>

      <CreateRunDialog
        open={creating !== null}
        onOpenChange={(open) => !open && setCreating(null)}
        initialDate={creating?.date}
        result={creating?.result}
        onCreated={onCreated}
      />
      <HeavyRunConfirmDialog
        pending={pendingMove}
        onCancel={() => setPendingMove(null)}
        onConfirm={() => {
          const pending = pendingMove;
          setPendingMove(null);
          if (pending) move(pending.run, pending.day);
        }}
      />
      <LogResultDialog
        run={logging}
        planId={planId}
        onOpenChange={(open) => {
          if (open) return;
          setLogging(null);
          setLogPrefill(null);
        }}
        now={now}
        analyzeScreenshot={analyzeScreenshot}
        prefill={logPrefill}
      />
      <LockedRunDialog
        run={lockedRun}
        onOpenChange={(open) => !open && setLockedRun(null)}
        viewer={coaching ? { view: 'coach' } : { view: 'runner', accessEnd: accessEndDay(user.current_period_end), status: user.subscription_status }}
        onRenew={onManageSubscription}
      />
      {!coaching && <CalendarExportDialog open={exporting} onOpenChange={setExporting} />}
    </>
  );
}
