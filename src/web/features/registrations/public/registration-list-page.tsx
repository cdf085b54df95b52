import { CalendarDays, MapPin, Search, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicEventCard } from '../../../../domain/events/contract';
import { publicEventButton, zonedDateTime } from '../../../../domain/registrations/openness';
import { ApiError } from '../../../api/client';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { EventImage } from '../../../components/event-image';
import { PublicLayout } from '../../../components/public-layout';
import { ErrorAlert, QueryState } from '../../../components/query-state';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { CategoryChip } from '../../../components/category-chip';
import { usePublicEvents } from './public-events-api';
import { EVENT_LIST_PAGE_META } from '../../../../domain/events/events';

/** Public list of accepted events (§2 "Public event list"). */
export function RegistrationListPage() {
  useDocumentMeta(EVENT_LIST_PAGE_META.title, EVENT_LIST_PAGE_META.description);
  const events = usePublicEvents();
  return (
    <PublicLayout>
      <section aria-labelledby="events-hero-title" className="relative overflow-hidden bg-ink text-white">
        <div aria-hidden="true" className="pointer-events-none absolute -top-32 right-0 size-[28rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="relative mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 id="events-hero-title" className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
            Temukan Event Larimu <span className="text-brand-400">DISINI</span>
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-slate-300 sm:text-lg">
            Pilih lomba, isi formulir, dan bayar online. Konfirmasi dan kode QR pengambilan racepack langsung dikirim ke email Anda.
          </p>
        </div>
      </section>

      <section aria-labelledby="events-list-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="events-list-title" className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
          Daftar Lomba Tersedia
        </h2>
        <div className="mt-8">
          <QueryState
            query={events}
            loading={<EventGridSkeleton />}
            error={
              <ErrorAlert
                title={`Gagal memuat event. Status: ${events.error instanceof ApiError ? events.error.status : 'jaringan'}.`}
                onRetry={() => void events.refetch()}
              />
            }
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState icon={Search} description="Tidak ada event tersedia saat ini." />}
          >
            {(list) => (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((event) => (
                  <li key={event._id} className="flex">
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </section>
    </PublicLayout>
  );
}

function EventCard({ event }: { event: PublicEventCard }) {
  const state = publicEventButton(event);
  const when = zonedDateTime(new Date(event.eventDate), event.timezone);
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <EventImage
        src={event.headerImage}
        lazy
        width={1600}
        height={900}
        sizes="(min-width: 1152px) 368px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw"
        className="aspect-[16/9] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg leading-snug font-bold text-slate-900">{event.name}</h3>
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span>{when.date}</span>
        </p>
        {event.categories.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Kategori">
            {event.categories.map((c) => (
              <li key={c.categoryId}>
                <CategoryChip name={c.name} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 flex items-start gap-2 text-sm text-slate-700">
          <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span>{event.location}</span>
        </p>
        <p className="mt-1.5 flex items-start gap-2 text-sm text-slate-600">
          <UserRound className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Penyelenggara: </span>
            {event.organizer.name}
          </span>
        </p>
        <div className="mt-auto pt-5">
          {state === 'Daftar Sekarang' ? (
            <Link to={`/register/${encodeURIComponent(event.code)}`} className={buttonClass('primary', 'md', 'w-full')} aria-label={`Daftar Sekarang: ${event.name}`}>
              Daftar Sekarang
            </Link>
          ) : state === 'Akan Datang' ? (
            <span className={buttonClass('outline', 'md', 'w-full cursor-default bg-slate-50 text-slate-700 hover:bg-slate-50')}>Akan Datang</span>
          ) : (
            <Button variant="outline" disabled className="w-full">
              Sudah Ditutup
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

function EventGridSkeleton() {
  return (
    <div role="status" aria-label="Memuat event" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <div className="aspect-[16/9] bg-slate-200" />
          <div className="space-y-3 p-5">
            <div className="h-5 w-3/4 rounded bg-slate-200" />
            <div className="h-4 w-1/2 rounded bg-slate-100" />
            <div className="flex gap-2">
              <div className="h-5 w-12 rounded-full bg-slate-100" />
              <div className="h-5 w-12 rounded-full bg-slate-100" />
            </div>
            <div className="h-10 rounded-lg bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
