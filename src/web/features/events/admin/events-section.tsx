import { Ban, CalendarX, Check, ChevronDown, Lock, RotateCcw, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { EventImage } from '../../../components/event-image';
import { EventFacts } from '../event-facts';
import type { OrganizerEvent } from '../../../../domain/events/contract';
import { eventStatusLabels, eventStatusTransitions, type EventStatus } from '../../../../domain/events/events';
import { ApiError } from '../../../api/client';
import { SectionHeader } from '../../../components/section-header';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import { formatEventDateTime, formatFee } from '../event-format';
import { EventStatusPill } from '../event-status-pill';
import { eventListErrorMessage, useAdminEvents, useMoveEventStatus } from '../events-api';

/** What each move is called on its button and in its confirmation. */
const moves: Record<EventStatus, { label: string; verb: string; icon: LucideIcon; variant: 'primary' | 'outline' | 'danger' }> = {
  diterima: { label: 'Terima', verb: 'menerima', icon: Check, variant: 'primary' },
  ditolak: { label: 'Tolak', verb: 'menolak', icon: Ban, variant: 'danger' },
  tutup: { label: 'Tutup', verb: 'menutup', icon: Lock, variant: 'outline' },
  diajukan: { label: 'Ajukan ulang', verb: 'mengajukan ulang', icon: RotateCcw, variant: 'outline' },
  // Never a moderation move (no transition leads there): only the event's cancellation, with its refunds.
  dibatalkan: { label: 'Batalkan', verb: 'membatalkan', icon: CalendarX, variant: 'danger' },
};
const reopenLabel = (from: EventStatus) => (from === 'tutup' ? 'Buka Kembali' : from === 'ditolak' ? 'Terima' : moves.diterima.label);

interface PendingMove {
  event: OrganizerEvent;
  to: EventStatus;
}

const filters: (EventStatus | 'all')[] = ['diajukan', 'diterima', 'tutup', 'ditolak', 'dibatalkan', 'all'];

/**
 * Why an event runners already paid for (or are paying for) cannot be rejected or closed — the
 * server refuses it (issue 26 §2) — with the counts from the server's list ('21 pelari sudah
 * membayar, 3 menunggu pembayaran') and the way that refunds and tells them: 'Batalkan Event'.
 */
export function paidRunnersWarning(event: Pick<OrganizerEvent, 'participants' | 'pendingPayment' | 'awaitingVerification'>, to: EventStatus): string | null {
  if (to !== 'ditolak' && to !== 'tutup') return null;
  const parts: string[] = [];
  if (event.participants > 0) parts.push(`${event.participants.toLocaleString('id-ID')} pelari sudah membayar`);
  if (event.pendingPayment > 0) parts.push(`${event.pendingPayment.toLocaleString('id-ID')} menunggu pembayaran`);
  if (event.awaitingVerification > 0) parts.push(`${event.awaitingVerification.toLocaleString('id-ID')} menunggu verifikasi pembayaran`);
  if (parts.length === 0) return null;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} dan ${parts.at(-1)}` : parts[0];
  return `${list}, jadi event ini tidak dapat ${to === 'ditolak' ? 'ditolak' : 'ditutup'}. Gunakan "Batalkan Event" di Daftar Kegiatan: dana pelari dikembalikan dan setiap pelari diberi tahu lewat email.`;
}

/** Admin 'Event': moderate organizers' events (Diajukan → Diterima / Ditolak / Tutup) with a confirmation step. */
export function EventsSection() {
  const [status, setStatus] = useState<EventStatus | 'all'>('diajukan');
  const events = useAdminEvents(status);
  const move = useMoveEventStatus();
  const toast = useToast();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const warning = pending ? paidRunnersWarning(pending.event, pending.to) : null;

  const confirm = () => {
    if (!pending) return;
    move.mutate(
      { id: pending.event._id, status: pending.to },
      {
        onSuccess: (event) => {
          setPending(null);
          toast(`Status "${event.name}" sekarang ${eventStatusLabels[event.status]}.`, 'success');
        },
      },
    );
  };

  return (
    <section aria-labelledby="admin-events-title">
      <SectionHeader titleId="admin-events-title" title="Event" description="Tinjau event dari penyelenggara sebelum tampil di daftar publik.">
        <div className="w-full sm:w-56">
          <label htmlFor="admin-event-status" className="text-xs font-semibold text-slate-600">
            Filter status
          </label>
          <select
            id="admin-event-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as EventStatus | 'all')}
            className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-900 focus:border-brand-500"
          >
            {filters.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? 'Semua status' : eventStatusLabels[f]}
              </option>
            ))}
          </select>
        </div>
      </SectionHeader>

      <QueryState
        query={events}
        loading={<LoadingMessage card>Memuat event...</LoadingMessage>}
        error={
          <ErrorState icon={CalendarX} title="Gagal memuat event" description={eventListErrorMessage(events.error)} onRetry={() => void events.refetch()} />
        }
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={CalendarX}
            description={status === 'all' ? 'Belum ada event.' : `Tidak ada event berstatus ${eventStatusLabels[status]}.`}
            className="bg-white"
          />
        }
      >
        {(list) => (
          <ul className="space-y-3">
            {list.map((event) => (
              <li key={event._id} data-testid="admin-event-row" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-bold break-words text-slate-900">{event.name}</h3>
                      <EventStatusPill status={event.status} />
                    </div>
                    <p className="text-sm text-slate-600">
                      <span className="font-mono">{event.code}</span> · {event.location} · oleh {event.createdBy.name}
                    </p>
                    <p className="text-sm text-slate-600">Event: {formatEventDateTime(event.eventDate)}</p>
                    <p className="text-sm text-slate-600">
                      Kategori: {event.categories.map((c) => c.name).join(', ')} · Biaya {formatFee(event.fee)} · Kapasitas{' '}
                      {event.capacity.toLocaleString('id-ID')}
                    </p>
                    <p className="text-sm text-slate-600">
                      {event.participants.toLocaleString('id-ID')} pelari terbayar · {event.pendingPayment.toLocaleString('id-ID')} menunggu pembayaran
                    </p>
                    <button
                      type="button"
                      aria-expanded={expanded === event._id}
                      aria-controls={`admin-event-${event._id}`}
                      onClick={() => setExpanded(expanded === event._id ? null : event._id)}
                      className="inline-flex min-h-9 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                    >
                      <ChevronDown className={cn('size-4 transition-transform', expanded === event._id && 'rotate-180')} aria-hidden="true" />
                      {expanded === event._id ? 'Sembunyikan detail' : 'Lihat detail lengkap'}
                      <span className="sr-only"> {event.name}</span>
                    </button>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {eventStatusTransitions[event.status].map((to) => {
                      const m = moves[to];
                      const Icon = m.icon;
                      return (
                        <Button
                          key={to}
                          size="sm"
                          variant={m.variant}
                          onClick={() => {
                            move.reset();
                            setPending({ event, to });
                          }}
                        >
                          <Icon className="size-4" aria-hidden="true" />
                          {to === 'diterima' ? reopenLabel(event.status) : m.label}
                          <span className="sr-only"> {event.name}</span>
                        </Button>
                      );
                    })}
                  </div>
                </div>
                {expanded === event._id && (
                  <div id={`admin-event-${event._id}`} className="mt-4 space-y-4 border-t border-slate-100 pt-4">
                    <EventImage src={event.headerImage} className="aspect-[2/1] w-full max-w-xl rounded-xl bg-slate-100 object-cover" />
                    <EventFacts event={event} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Ubah status event"
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setPending(null)} disabled={move.isPending}>
              Batal
            </Button>
            <Button variant={pending ? moves[pending.to].variant : 'primary'} loading={move.isPending} onClick={confirm} disabled={warning !== null}>
              {pending ? `Ya, ${pending.to === 'diterima' ? reopenLabel(pending.event.status) : moves[pending.to].label}` : 'Ya'}
            </Button>
          </>
        }
      >
        {pending && (
          <div className="space-y-3 text-sm text-slate-700">
            {!warning && (
              <p>
                Yakin {moves[pending.to].verb} event <strong className="text-slate-900">{pending.event.name}</strong>? Status berubah dari{' '}
                {eventStatusLabels[pending.event.status]} menjadi <strong>{eventStatusLabels[pending.to]}</strong>.
              </p>
            )}
            <p className={cn('text-slate-600', pending.to !== 'diterima' && 'hidden')}>Event akan tampil di daftar publik dan pelari bisa mendaftar.</p>
            {warning && (
              <Alert tone="error" title="Tidak dapat diubah: sudah ada pelari">
                {warning}
              </Alert>
            )}
            {move.isError && (
              <Alert tone="error">{move.error instanceof ApiError ? move.error.message : 'Gagal mengubah status. Coba lagi.'}</Alert>
            )}
          </div>
        )}
      </Dialog>
    </section>
  );
}
