import { CalendarDays, CalendarPlus, ChevronLeft, ChevronRight, MapPin, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CalendarEvent } from '../../../domain/event-calendar/contract';
import { CALENDAR_PAGE_META, type RoadOrTrail } from '../../../domain/event-calendar/event-calendar';
import { Button, buttonClass } from '../../components/button';
import { CategoryChip } from '../../components/category-chip';
import { EmptyState } from '../../components/empty-state';
import { Select } from '../../components/input';
import { PublicLayout } from '../../components/public-layout';
import { ErrorAlert, QueryState } from '../../components/query-state';
import { SearchInput } from '../../components/search-input';
import { Spinner } from '../../components/spinner';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { PartnerTag, RoadTrailTag } from './calendar-tags';
import { formatCalendarDay, MONTH_NAMES } from './calendar-format';
import { CALENDAR_LIMIT, calendarFeedLinks, useCalendar, type CalendarFilter } from './event-calendar-api';

// The submission form (react-hook-form + zod) is fetched on the first press of '+'.
// The detail dialog (and the dialog library, ~13 KB) loads when an entry is first opened, not with
// the page (issue 12: the public pages' weight and main-thread time); it stays mounted after that,
// so closing it hands the focus back to the row that opened it.
const CalendarDetailDialog = lazy(() => import('./calendar-detail-dialog').then((m) => ({ default: m.CalendarDetailDialog })));
const SubmitEventDialog = lazy(() => import('./submit-event-dialog').then((m) => ({ default: m.SubmitEventDialog })));

const numberParam = (value: string | null, min: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** The filters live in the address, so a filtered view can be shared (issue 16). */
function useCalendarFilter(): [CalendarFilter, (patch: Partial<CalendarFilter>) => void, string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const filter: CalendarFilter = {
    month: numberParam(params.get('month'), 1, 12),
    year: numberParam(params.get('year'), 2000, 2100),
    q: params.get('q')?.trim() || undefined,
    roadortrail: params.get('jenis') === 'road' || params.get('jenis') === 'trail' ? (params.get('jenis') as RoadOrTrail) : undefined,
    page: numberParam(params.get('page'), 1, 1000) ?? 1,
  };
  const update = (patch: Partial<CalendarFilter>) => {
    const next = { ...filter, page: 1, ...patch };
    const out = new URLSearchParams();
    if (next.month) out.set('month', String(next.month));
    if (next.year) out.set('year', String(next.year));
    if (next.q) out.set('q', next.q);
    if (next.roadortrail) out.set('jenis', next.roadortrail);
    if (next.page > 1) out.set('page', String(next.page));
    setParams(out, { replace: true });
  };
  const openId = params.get('event');
  const setOpen = (id: string | null) => {
    const out = new URLSearchParams(params);
    if (id) out.set('event', id);
    else out.delete('event');
    setParams(out, { replace: !id });
  };
  return [filter, update, openId, setOpen];
}

/** Kalender Lari (/calendar, events-and-coach-pages §2): every approved run in Indonesia, anyone may propose one. */
export function CalendarPage() {
  useDocumentMeta(CALENDAR_PAGE_META.title, CALENDAR_PAGE_META.description);
  const [filter, update, openId, setOpen] = useCalendarFilter();
  const calendar = useCalendar(filter);
  const [query, setQuery] = useState(filter.q ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [submitLoaded, setSubmitLoaded] = useState(false);
  const [detailLoaded, setDetailLoaded] = useState(false);
  // Adjusted while rendering (React's pattern for state derived from a change): the first open loads it.
  if (openId && !detailLoaded) setDetailLoaded(true);

  // The typed text reaches the address (and the server) after a short pause.
  useEffect(() => {
    const next = query.trim() || undefined;
    if (next === filter.q) return;
    const timer = setTimeout(() => update({ q: next }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [query]);

  const thisYear = new Date().getFullYear();
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2];
  const feed = calendarFeedLinks(window.location.origin, filter.roadortrail);
  const data = calendar.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CALENDAR_LIMIT)) : 1;
  const filtered = !!(filter.month || filter.year || filter.q || filter.roadortrail);

  return (
    <PublicLayout>
      <section aria-labelledby="calendar-title" className="relative overflow-hidden bg-ink text-white">
        <div aria-hidden="true" className="pointer-events-none absolute -top-32 right-0 size-[28rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="relative mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 id="calendar-title" className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
            Kalender Lari <span className="text-brand-400">Indonesia</span>
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-relaxed text-slate-300 sm:text-lg">
            Jadwal event lari road dan trail dari Sabang sampai Merauke. Tahu ada event yang belum tercatat? Ajukan di sini.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button
              onClick={() => {
                setSubmitLoaded(true);
                setSubmitting(true);
              }}
            >
              <Plus className="size-4" aria-hidden="true" /> Ajukan Event
            </Button>
            <a href={feed.google} target="_blank" rel="noreferrer" className={buttonClass('inverse')}>
              <CalendarPlus className="size-4" aria-hidden="true" /> Tambahkan ke Google Calendar
            </a>
          </div>
          <p className="mt-3 text-xs break-all text-slate-400">
            Atau langganan di aplikasi kalender lain: <a className="underline hover:text-white" href={feed.webcal}>{feed.https}</a>
          </p>
        </div>
      </section>

      <section aria-labelledby="calendar-list-title" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <h2 id="calendar-list-title" className="sr-only">
          Daftar event
        </h2>
        <div role="search" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-[1fr_11rem_10rem_10rem]">
          <SearchInput
            id="calendar-q"
            label="Cari nama event atau lokasi"
            placeholder="Cari nama event atau lokasi"
            value={query}
            onChange={setQuery}
            busy={calendar.isFetching && !calendar.isPending}
            className="sm:col-span-3 lg:col-span-1"
            inputClassName="h-11 pr-9 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <label className="sr-only" htmlFor="calendar-month">
            Bulan
          </label>
          <Select id="calendar-month" value={filter.month ?? ''} onChange={(e) => update({ month: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">Semua bulan</option>
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </Select>
          <label className="sr-only" htmlFor="calendar-year">
            Tahun
          </label>
          <Select id="calendar-year" value={filter.year ?? ''} onChange={(e) => update({ year: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">Semua tahun</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
          <label className="sr-only" htmlFor="calendar-kind">
            Jenis
          </label>
          <Select id="calendar-kind" value={filter.roadortrail ?? ''} onChange={(e) => update({ roadortrail: (e.target.value || undefined) as RoadOrTrail | undefined })}>
            <option value="">Road & Trail</option>
            <option value="road">Road</option>
            <option value="trail">Trail</option>
          </Select>
        </div>

        <div className="mt-6" aria-live="polite" aria-busy={calendar.isFetching}>
          <QueryState
            query={calendar}
            loading={
              <div className="flex justify-center py-16 text-brand-600">
                <Spinner className="size-8" label="Memuat kalender event..." />
              </div>
            }
            error={<ErrorAlert title="Gagal memuat kalender event." onRetry={() => void calendar.refetch()} />}
            isEmpty={(list) => list.events.length === 0}
            empty={
              <EmptyState
                icon={CalendarDays}
                title={filtered ? 'Tidak ada event yang cocok' : 'Belum ada event mendatang'}
                description={filtered ? 'Coba ubah bulan, tahun atau kata pencarian.' : 'Ajukan event lari yang Anda ketahui agar pelari lain ikut tahu.'}
                action={
                  filtered ? (
                    <Button
                      variant="outline"
                      onClick={() => {
                        setQuery('');
                        update({ month: undefined, year: undefined, q: undefined, roadortrail: undefined });
                      }}
                    >
                      Hapus filter
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {(list) => (
              <>
                <p className="mb-3 text-sm text-slate-600">
                  {list.total.toLocaleString('id-ID')} event{filtered ? ' cocok dengan filter' : ' mendatang'}
                </p>
                <EventTable events={list.events} onOpen={setOpen} />
                <EventCards events={list.events} onOpen={setOpen} />
                {pages > 1 && (
                  <nav aria-label="Halaman kalender" className="mt-6 flex items-center justify-between gap-3">
                    <Button variant="outline" disabled={filter.page <= 1} onClick={() => update({ page: filter.page - 1 })}>
                      <ChevronLeft className="size-4" aria-hidden="true" /> Sebelumnya
                    </Button>
                    <span className="text-sm text-slate-600">
                      Halaman {filter.page} dari {pages}
                    </span>
                    <Button variant="outline" disabled={filter.page >= pages} onClick={() => update({ page: filter.page + 1 })}>
                      Berikutnya <ChevronRight className="size-4" aria-hidden="true" />
                    </Button>
                  </nav>
                )}
              </>
            )}
          </QueryState>
        </div>
      </section>

      {detailLoaded && (
        <Suspense fallback={<LoadingNotice>Memuat detail...</LoadingNotice>}>
          <CalendarDetailDialog id={openId} known={data?.events.find((e) => e._id === openId) ?? null} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {submitLoaded && (
        <Suspense
          fallback={<LoadingNotice>Memuat formulir...</LoadingNotice>}
        >
          <SubmitEventDialog open={submitting} onOpenChange={setSubmitting} />
        </Suspense>
      )}
    </PublicLayout>
  );
}

function EventTable({ events, onOpen }: { events: CalendarEvent[]; onOpen: (id: string) => void }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-44 px-4 py-3">
              Tanggal
            </th>
            <th scope="col" className="px-4 py-3">
              Event
            </th>
            <th scope="col" className="w-64 px-4 py-3">
              Lokasi
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((e) => (
            <tr key={e._id} className="cursor-pointer hover:bg-slate-50" onClick={() => onOpen(e._id)}>
              <td className="px-4 py-3 align-top font-medium whitespace-nowrap text-slate-800">{formatCalendarDay(e.date)}</td>
              <td className="px-4 py-3 align-top">
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    onClick={(ev) => {
                      ev.stopPropagation();
                      onOpen(e._id);
                    }}
                    className="text-left font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {e.eventname}
                  </button>
                  <RoadTrailTag kind={e.roadortrail} />
                  {e.ispartnership === 'yes' && <PartnerTag />}
                </div>
                <div className="mt-1.5 flex flex-wrap gap-1.5">
                  {e.category.map((c) => (
                    <CategoryChip key={c} name={c} />
                  ))}
                </div>
              </td>
              <td className="px-4 py-3 align-top text-slate-700">{e.location}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EventCards({ events, onOpen }: { events: CalendarEvent[]; onOpen: (id: string) => void }) {
  return (
    <ul className="space-y-3 md:hidden">
      {events.map((e) => (
        <li key={e._id}>
          <button
            type="button"
            onClick={() => onOpen(e._id)}
            className="w-full rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="flex items-center gap-2 text-sm font-semibold text-brand-700">
              <CalendarDays className="size-4" aria-hidden="true" />
              {formatCalendarDay(e.date)}
            </span>
            <span className="mt-1 block text-base font-bold break-words text-slate-900">{e.eventname}</span>
            <span className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {e.location}
            </span>
            <span className="mt-2 flex flex-wrap items-center gap-1.5">
              <RoadTrailTag kind={e.roadortrail} />
              {e.ispartnership === 'yes' && <PartnerTag />}
              {e.category.map((c) => (
                <CategoryChip key={c} name={c} />
              ))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Shown while a dialog's code downloads (a slow phone connection). */
function LoadingNotice({ children }: { children: string }) {
  return (
    <div role="status" className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
      {children}
    </div>
  );
}
