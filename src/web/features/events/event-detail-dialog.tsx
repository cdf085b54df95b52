import { CalendarDays, ExternalLink, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import { Button, buttonClass } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { EventImage } from '../../components/event-image';
import { EventStatusPill } from './event-status-pill';
import { formatEventDateTime } from './event-format';

const NOT_YET = 'Fitur ini belum tersedia';

/** Event Detail (§2): read-only; Delete and Edit exist but are disabled until they are built. */
export function EventDetailDialog({ event, onOpenChange }: { event: OrganizerEvent | null; onOpenChange: (open: boolean) => void }) {
  if (!event) return null;
  // The spec's detail view reads the lowercase fields.
  const eventDate = event.eventdate ?? event.eventDate;
  const regOpen = event.regopen ?? event.regOpen;
  const regClose = event.regclose ?? event.regClose;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Detail Kegiatan"
      size="lg"
      footer={
        <>
          <Button variant="outline" disabled title={NOT_YET} aria-describedby="event-detail-not-yet">
            <Trash2 className="size-4" aria-hidden="true" />
            Hapus
          </Button>
          <Button variant="outline" disabled title={NOT_YET} aria-describedby="event-detail-not-yet">
            <Pencil className="size-4" aria-hidden="true" />
            Edit
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
        <p className="text-sm whitespace-pre-line text-slate-700">{event.description}</p>
        <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-slate-500">Terbayar</dt>
            <dd className="text-slate-900">
              {event.participants} pelari · {formatRupiah(event.revenue)}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-500">Menunggu pembayaran</dt>
            <dd className="text-slate-900">{event.pendingPayment} pelari (slot ditahan, belum dihitung sebagai pendapatan)</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-500">Kode Event</dt>
            <dd className="font-mono text-slate-900">{event.code}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-500">Periode Pendaftaran</dt>
            <dd className="text-slate-900">
              {formatEventDateTime(regOpen)} – {formatEventDateTime(regClose)}
            </dd>
          </div>
        </dl>
        <div>
          <h4 className="mb-2 text-sm font-bold text-slate-900">Kategori</h4>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {event.categories.map((c) => (
              <li key={c.categoryId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="font-semibold text-slate-900">{c.name}</span>
                <span className="text-slate-700">
                  {formatRupiah(c.price)} <span className="text-slate-500">+ admin {formatRupiah(c.adminFee)}</span> · {c.sold}/{c.slots} slot
                </span>
                <span className="w-full text-xs text-slate-600">
                  <span className="font-semibold text-green-800">{c.paid} terbayar</span>
                  {' · '}
                  <span className="font-semibold text-amber-800">{c.pending} menunggu pembayaran</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p id="event-detail-not-yet" className="text-xs text-slate-500">
          Hapus dan Edit: {NOT_YET}.
        </p>
      </div>
    </Dialog>
  );
}
