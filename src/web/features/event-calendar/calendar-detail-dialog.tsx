import { CalendarDays, ExternalLink, Globe, Mail, MapPin, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { CalendarEvent } from '../../../domain/event-calendar/contract';
import { buttonClass } from '../../components/button';
import { CategoryChip } from '../../components/category-chip';
import { Dialog } from '../../components/dialog';
import { ErrorRetry } from '../../components/query-state';
import { Spinner } from '../../components/spinner';
import { formatCalendarDay } from './calendar-format';
import { PartnerTag, RoadTrailTag } from './calendar-tags';
import { useCalendarEntry } from './event-calendar-api';

/**
 * One calendar entry with every field (§2): opened from a row, or from a shared link (`?event=`),
 * in which case it is fetched ('Gagal memuat detail event' when that fails).
 */
export function CalendarDetailDialog({ id, known, onClose }: { id: string | null; known: CalendarEvent | null; onClose: () => void }) {
  const fetched = useCalendarEntry(id && !known ? id : null);
  const event = known ?? fetched.data ?? null;
  return (
    <Dialog open={!!id} onOpenChange={(open) => !open && onClose()} title={event?.eventname ?? 'Detail Event'} size="md">
      {event ? (
        <EventDetail event={event} />
      ) : fetched.isError ? (
        <ErrorRetry
          message={(fetched.error as { status?: number })?.status === 404 ? 'Event tidak ditemukan.' : 'Gagal memuat detail event'}
          onRetry={() => void fetched.refetch()}
        />
      ) : (
        <div className="flex justify-center py-8 text-brand-600">
          <Spinner className="size-6" label="Memuat detail event..." />
        </div>
      )}
    </Dialog>
  );
}

function EventDetail({ event }: { event: CalendarEvent }) {
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <RoadTrailTag kind={event.roadortrail} />
        {event.ispartnership === 'yes' && <PartnerTag />}
        {event.category.map((c) => (
          <CategoryChip key={c} name={c} />
        ))}
      </div>
      <dl className="grid gap-3">
        <Row icon={CalendarDays} label="Tanggal">
          {formatCalendarDay(event.date, 'EEEE, d MMMM yyyy')}
        </Row>
        <Row icon={MapPin} label="Lokasi">
          {event.location}
        </Row>
        <Row icon={UserRound} label="Penyelenggara">
          {event.organizer}
        </Row>
        {event.email && (
          <Row icon={Mail} label="Email">
            <a className="break-all text-brand-700 underline" href={`mailto:${event.email}`}>
              {event.email}
            </a>
          </Row>
        )}
        {event.website && (
          <Row icon={Globe} label="Website">
            <a className="break-all text-brand-700 underline" href={event.website} target="_blank" rel="noreferrer nofollow">
              {event.website}
            </a>
          </Row>
        )}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Deskripsi</h3>
        <p className="mt-1 leading-relaxed whitespace-pre-line text-slate-700">{event.description}</p>
      </div>
      {event.registerUrl && (
        <Link to={event.registerUrl} className={buttonClass('primary', 'md', 'w-full')}>
          Daftar di Derap <ExternalLink className="size-4" aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}

function Row({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">{label}</dt>
        <dd className="break-words text-slate-900">{children}</dd>
      </div>
    </div>
  );
}
