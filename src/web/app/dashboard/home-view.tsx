import { ArrowRight, CalendarCheck, CalendarDays, Camera, Footprints, Medal, Plus, ShoppingBag, Sparkles, TrendingUp, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { greetUser } from '../../../domain/shared/greeting';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { jakartaToday } from '../../../domain/shared/wire-date';
import { accessEndDay } from '../../../domain/subscriptions/subscription';
import type { LockedRun, Run } from '../../../domain/training-plan/contract';
import { Badge } from '../../components/badge';
import { analyzeTrainingImage } from '../../features/ai-coach/ai-coach-api';
import { Button, buttonClass } from '../../components/button';
import { SectionCard } from '../../components/section-card';
import { LockedRunDialog } from '../../features/training-plan/calendar/locked-run-dialog';
import { LogResultDialog } from '../../features/training-plan/log-result/log-result-dialog';
import { MyRegistrationsCard } from '../../features/registrations/public/my-registrations-card';
import { MyNextGroupRunCard } from '../../features/group-runs/my-next-group-run-card';
import { ViewHeader } from '../../components/view-header';
import { TodayRuns } from '../../features/training-plan/widgets/today-runs';
import { useWeekRuns } from '../../features/training-plan/widgets/use-week-runs';
import { WeeklyProgressChart } from '../../features/training-plan/widgets/weekly-progress-chart';
import { organizerRoles, type DashboardViewProps } from '../../lib/dashboard-view';

export interface HomeViewProps extends DashboardViewProps {
  /** The greeting's clock and the week shown; injectable for tests. */
  now?: Date;
}

export function HomeView({ user, onNavigate, onManageSubscription, now = new Date() }: HomeViewProps) {
  const canCreateEvent = organizerRoles.includes(user.role);
  const today = jakartaToday(now);
  const { status, refetch, planId, week, todayRuns } = useWeekRuns(today);
  // The run whose log dialog is open (kept as opened, so a refetch never swaps it mid-edit).
  const [logging, setLogging] = useState<Run | null>(null);
  const [lockedRun, setLockedRun] = useState<LockedRun | null>(null);
  return (
    <>
      <ViewHeader
        title={`${greetUser(user.name, now)}!`}
        description={
          <>
            <span className="capitalize">{formatJakartaDate(now, 'EEEE, d MMMM yyyy')}</span> · Siap lanjut berlari hari ini?
          </>
        }
        actions={
          canCreateEvent && (
            <Button onClick={() => onNavigate('kegiatan')}>
              <Plus className="size-4" aria-hidden="true" />
              Buat Event
            </Button>
          )
        }
      />

      <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <section
          aria-labelledby="program-card-title"
          className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-sm sm:p-6 lg:col-span-2"
        >
          <Footprints className="absolute -right-4 -bottom-6 size-36 text-white/10" aria-hidden="true" />
          <p className="text-xs font-semibold tracking-wider text-brand-100 uppercase">Program Latihan</p>
          <h2 id="program-card-title" className="mt-1 text-xl font-extrabold sm:text-2xl">
            Latihan terarah menuju target larimu
          </h2>
          <p className="mt-2 max-w-lg text-sm text-brand-50">
            Susun jadwal sendiri atau buat program dengan AI Coach, lalu pantau semuanya di Kalender Latihan.
          </p>
          <button
            type="button"
            onClick={() => onNavigate('kalender-latihan')}
            className={buttonClass('outline', 'md', 'relative mt-5 border-transparent text-brand-700')}
          >
            <CalendarDays className="size-4" aria-hidden="true" />
            Buka Kalender Latihan
            <ArrowRight className="size-4" aria-hidden="true" />
          </button>
        </section>

        <SectionCard title="Event Diikuti" icon={Medal} titleId="events-card-title">
          <MyRegistrationsCard />
        </SectionCard>

        <SectionCard title="Progres Latihan Minggu Ini" icon={TrendingUp} titleId="weekly-card-title" className="lg:col-span-2">
          <WeeklyProgressChart status={status} week={week} onRetry={refetch} />
        </SectionCard>

        <SectionCard title="Latihan Hari Ini" icon={CalendarCheck} titleId="today-card-title">
          <TodayRuns status={status} runs={todayRuns} onOpen={(run) => (run.locked ? setLockedRun(run) : setLogging(run))} onRetry={refetch} />
        </SectionCard>

        <SectionCard title="Group Run Berikutnya" icon={Users} titleId="group-run-card-title">
          <MyNextGroupRunCard />
        </SectionCard>

        <SectionCard title="Fitur Baru Segera Hadir" icon={Sparkles} titleId="soon-card-title" className="lg:col-span-2">
          <ul className="grid gap-3 sm:grid-cols-2">
            <SoonFeature icon={ShoppingBag} title="Toko Lari Pilihan">
              Perlengkapan lari yang dikurasi oleh pelari, langsung dari Derap.
            </SoonFeature>
            <SoonFeature icon={Camera} title="Dokumentasi Foto Event">
              Temukan dan unduh foto larimu dari event yang kamu ikuti.
            </SoonFeature>
          </ul>
        </SectionCard>
      </div>

      <LockedRunDialog
        run={lockedRun}
        onOpenChange={(open) => !open && setLockedRun(null)}
        viewer={{ view: 'runner', accessEnd: accessEndDay(user.current_period_end), status: user.subscription_status }}
        onRenew={onManageSubscription}
      />
      <LogResultDialog run={logging} planId={planId} onOpenChange={(open) => !open && setLogging(null)} now={now} analyzeScreenshot={analyzeTrainingImage} />
    </>
  );
}

function SoonFeature({ icon: Icon, title, children }: { icon: typeof Medal; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl bg-slate-50 p-4">
      <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {title} <Badge tone="brand">Segera</Badge>
        </p>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}
