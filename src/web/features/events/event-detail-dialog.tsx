import { CalendarDays, ExternalLink, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { Button, buttonClass } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { EventImage } from '../../components/event-image';
import { EventFacts } from './event-facts';
import { EventStatusPill } from './event-status-pill';

export const CANNOT_DELETE = 'Event yang sudah memiliki pendaftar tidak dapat dihapus. Gunakan "Batalkan Event" untuk membatalkannya.';

/** Event Detail (§2) with 'Ubah' and 'Hapus' (decision 020: delete only while nobody registered). */
export function EventDetailDialog({
  event,
  onOpenChange,
  onEdit,
  onDelete,
}: {
  event: OrganizerEvent | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (event: OrganizerEvent) => void;
  onDelete: (event: OrganizerEvent) => void;
}) {
  if (!event) return null;
  // The spec's detail view reads the lowercase fields.
  const eventDate = event.eventdate ?? event.eventDate;
  const deletable = event.registrations === 0;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Detail Kegiatan"
      size="lg"
      footer={
        <>
          <Button
            variant="outline"
            disabled={!deletable}
            aria-describedby={deletable ? undefined : 'event-detail-no-delete'}
            onClick={() => onDelete(event)}
            className="text-red-700"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Hapus
          </Button>
          <Button variant="outline" onClick={() => onEdit(event)}>
            <Pencil className="size-4" aria-hidden="true" />
            Ubah
          </Button>
          <Link to={`/register/${event.code}`} className={buttonClass('primary')}>
            <ExternalLink className="size-4" aria-hidden="true" />
            Lihat Form
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <EventImage src={event.headerImage} width={1200} height={600} className="aspect-[2/1] w-full rounded-xl bg-slate-100 object-cover" />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-xl font-extrabold break-words text-slate-900">{event.name}</h3>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
              <span className="capitalize">{formatJakartaDate(eventDate, 'EEEE, d MMMM yyyy')}</span>
            </p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="break-words">{event.location}</span>
            </p>
          </div>
          <EventStatusPill status={event.status} />
        </div>
        <EventFacts event={event} />
        {!deletable && (
          <p id="event-detail-no-delete" className="text-xs text-slate-500">
            {CANNOT_DELETE}
          </p>
        )}
      </div>
    </Dialog>
  );
}
