import { SectionCard } from '../../../components/section-card';
import { ArrowRight, CalendarDays, CalendarCheck, Camera, Footprints, Medal, Plus, ShoppingBag, Sparkles, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { greetUser } from '../../../../domain/greeting';
import { formatJakartaDate } from '../../../../domain/jakarta-time';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ViewHeader } from '../view-header';
import { organizerRoles, type DashboardViewProps } from '../view-types';

/** One of today's planned runs (filled in by the training-calendar issue). */
export interface TodayRun {
  _id: string;
  title: string;
  /** e.g. '(10k)' */
  program?: string;
  /** e.g. "4'10 - 4'15" */
  paceRange?: string;
  done?: boolean;
}

/** One day of this week's progress, Monday to Sunday. */
export interface WeeklyProgressDay {
  /** 'Sen', 'Sel', ... */
  label: string;
  plannedKm: number;
  actualKm: number;
}

export interface HomeViewProps extends DashboardViewProps {
  todayRuns?: readonly TodayRun[];
  weeklyProgress?: readonly WeeklyProgressDay[];
  /** Shown in the greeting; injectable for tests. */
  now?: Date;
}

export function HomeView({ user, onNavigate, todayRuns = [], weeklyProgress = [], now = new Date() }: HomeViewProps) {
  const canCreateEvent = organizerRoles.includes(user.role);
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
          <p className="text-4xl font-extrabold text-slate-900" aria-describedby="events-card-text">
            0
          </p>
          <p id="events-card-text" className="mt-1 text-sm text-slate-600">
            Kamu belum mengikuti event lari apa pun.
          </p>
          <Link to="/registration" className={buttonClass('outline', 'sm', 'mt-4')}>
            Cari Event Lari
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </SectionCard>

        <SectionCard title="Progres Latihan Minggu Ini" icon={TrendingUp} titleId="weekly-card-title" className="lg:col-span-2">
          <WeeklyProgress days={weeklyProgress} />
        </SectionCard>

        <SectionCard title="Latihan Hari Ini" icon={CalendarCheck} titleId="today-card-title">
          {todayRuns.length === 0 ? (
            <EmptyState compact icon={Footprints} description="Tidak ada latihan untuk hari ini." />
          ) : (
            <ul className="divide-y divide-slate-100">
              {todayRuns.map((run) => (
                <li key={run._id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">
                      {run.title} {run.program && <span className="font-normal text-slate-500">{run.program}</span>}
                    </p>
                    {run.paceRange && <p className="text-sm text-slate-600">Pace {run.paceRange}</p>}
                  </div>
                  {run.done && <Badge tone="green">Selesai</Badge>}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>

        <SectionCard title="Fitur Baru Segera Hadir" icon={Sparkles} titleId="soon-card-title" className="lg:col-span-3">
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

/** Planned vs realised km per day (Rencana / Realisasi); a simple bar chart until recharts lands. */
function WeeklyProgress({ days }: { days: readonly WeeklyProgressDay[] }) {
  const hasData = days.some((d) => d.plannedKm > 0 || d.actualKm > 0);
  if (!hasData) return <EmptyState compact icon={TrendingUp} description="Tidak ada data latihan untuk minggu ini." />;
  const max = Math.max(...days.flatMap((d) => [d.plannedKm, d.actualKm]), 1);
  const planned = days.reduce((sum, d) => sum + d.plannedKm, 0);
  const actual = days.reduce((sum, d) => sum + d.actualKm, 0);
  const km = (n: number) => `${n.toLocaleString('id-ID', { maximumFractionDigits: 1 })} km`;
  return (
    <div>
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{km(actual)}</span> dari {km(planned)} direncanakan
      </p>
      <div className="mt-4 flex h-36 items-end gap-2" role="img" aria-label={`Realisasi ${km(actual)} dari rencana ${km(planned)} minggu ini`}>
        {days.map((d) => (
          <div key={d.label} className="flex h-full flex-1 flex-col items-center gap-1">
            <div className="flex w-full flex-1 items-end justify-center gap-0.5">
              <span className="w-2.5 rounded-t bg-slate-300 sm:w-3" style={{ height: `${(d.plannedKm / max) * 100}%` }} />
              <span className="w-2.5 rounded-t bg-brand-500 sm:w-3" style={{ height: `${(d.actualKm / max) * 100}%` }} />
            </div>
            <span className="text-xs text-slate-500">{d.label}</span>
          </div>
        ))}
      </div>
      <div className="mt-3 flex gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-slate-300" aria-hidden="true" /> Rencana
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-brand-500" aria-hidden="true" /> Realisasi
        </span>
      </div>
    </div>
  );
}
