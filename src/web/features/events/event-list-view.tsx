import { CalendarPlus, CalendarX, ChevronLeft, ChevronRight, Flag, Hourglass, Info, Lock, Pencil, QrCode, Trash2, Users, Wallet } from 'lucide-react';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { eventStatusLabels, type EventStatus } from '../../../domain/events/events';
import { formatJakartaDate } from '../../../domain/shared/jakarta-time';
import { formatRupiah } from '../../../domain/shared/money';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { cn } from '../../components/cn';
import { EmptyState } from '../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { ViewHeader } from '../../components/view-header';
import type { DashboardViewProps } from '../../lib/dashboard-view';
import { CreateEventDialog, EditEventDialog } from './create-event-dialog';
import { CloseRegistrationDialog, DeleteEventDialog, registrationIsOpen } from './event-action-dialogs';
import { EventDetailDialog } from './event-detail-dialog';
import { EventFinanceDialog } from './event-finance-dialog';
import { formatFee } from './event-format';
import { EventStatusPill } from './event-status-pill';
import { eventListErrorMessage, useMyEvents } from './events-api';
import { RowMenu, type RowMenuItem } from './row-menu';
import { useMediaQuery } from '../../hooks/use-media-query';

/**
 * The organizer's registration tools (Data Pelari, Scan QR) belong to the registrations feature;
 * the app layer hands them in, so this feature never imports another.
 */
export interface EventListTools {
  RunnerData: ComponentType<{ event: { _id: string; eventId: string; name: string }; open: boolean; onOpenChange: (open: boolean) => void }>;
  ScanQr: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
  /** 'Batalkan Event': refunds, the manual refund list and the notice to every runner (issue 13). */
  CancelEvent: ComponentType<{ event: { _id: string; name: string }; open: boolean; onOpenChange: (open: boolean) => void }>;
}

/** Rows per page of 'Daftar Kegiatan'. */
export const EVENT_PAGE_SIZE = 10;

const statusFilters: (EventStatus | 'all')[] = ['all', 'diajukan', 'diterima', 'tutup', 'ditolak', 'dibatalkan'];

/** 'Menampilkan 1–10 dari 23 kegiatan'. */
export function pageSummary(page: number, total: number, size = EVENT_PAGE_SIZE): string {
  if (total === 0) return 'Tidak ada kegiatan';
  const from = page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return `Menampilkan ${from.toLocaleString('id-ID')}–${to.toLocaleString('id-ID')} dari ${total.toLocaleString('id-ID')} kegiatan`;
}

/** 'Daftar Kegiatan' (§2 kegiatan): the organizer's events (an admin's: all) with real figures; cards on phones. */
export function EventListView({ tools }: DashboardViewProps & { tools: EventListTools }) {
  const { RunnerData: RunnerDataDialog, ScanQr: ScanQrDialog, CancelEvent: CancelEventDialog } = tools;
  const events = useMyEvents();
  const toast = useToast();
  // The table needs the width of a laptop screen; below it every event is a card.
  const wide = useMediaQuery('(min-width: 1024px)');
  const [creating, setCreating] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [detail, setDetail] = useState<OrganizerEvent | null>(null);
  const [editing, setEditing] = useState<OrganizerEvent | null>(null);
  const [closing, setClosing] = useState<OrganizerEvent | null>(null);
  const [deleting, setDeleting] = useState<OrganizerEvent | null>(null);
  const [finance, setFinance] = useState<OrganizerEvent | null>(null);
  const [runnerData, setRunnerData] = useState<OrganizerEvent | null>(null);
  const [canceling, setCanceling] = useState<OrganizerEvent | null>(null);
  const [status, setStatus] = useState<EventStatus | 'all'>('all');
  const [page, setPage] = useState(0);

  const rows = events.data ?? [];
  const participants = rows.reduce((sum, e) => sum + e.participants, 0);
  const pendingPayment = rows.reduce((sum, e) => sum + e.pendingPayment, 0);
  const revenue = rows.reduce((sum, e) => sum + e.revenue, 0);
  const filtered = status === 'all' ? rows : rows.filter((e) => e.status === status);
  const pages = Math.max(1, Math.ceil(filtered.length / EVENT_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * EVENT_PAGE_SIZE, (current + 1) * EVENT_PAGE_SIZE);
  const countOf = (s: EventStatus | 'all') => (s === 'all' ? rows.length : rows.filter((e) => e.status === s).length);

  /** The row menu, in order; another feature's action (e.g. 'Batalkan Event') is one more entry. */
  const actionsFor = (event: OrganizerEvent): RowMenuItem[] => [
    { label: 'Detail Kegiatan', icon: Info, onSelect: () => setDetail(event) },
    ...(event.status === 'dibatalkan' ? [] : [{ label: 'Ubah Event', icon: Pencil, onSelect: () => setEditing(event) }]),
    { label: 'Data Pelari', icon: Users, onSelect: () => setRunnerData(event) },
    { label: 'Keuangan', icon: Wallet, onSelect: () => setFinance(event) },
    ...(registrationIsOpen(event) && event.status !== 'dibatalkan' ? [{ label: 'Tutup Pendaftaran', icon: Lock, onSelect: () => setClosing(event) }] : []),
    // Refunds, the manual refund list and the notice to every runner (decision 021); afterwards its progress.
    event.status === 'dibatalkan'
      ? { label: 'Status Pembatalan', icon: CalendarX, onSelect: () => setCanceling(event) }
      : { label: 'Batalkan Event', icon: CalendarX, danger: true, onSelect: () => setCanceling(event) },
    ...(event.registrations === 0 ? [{ label: 'Hapus Event', icon: Trash2, danger: true, onSelect: () => setDeleting(event) }] : []),
  ];

  const verificationPill = (event: OrganizerEvent) =>
    event.awaitingVerification > 0 && (
      <button
        type="button"
        onClick={(e) => {
          e.stopPropagation();
          setRunnerData(event);
        }}
        className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-200"
      >
        <Hourglass className="size-3" aria-hidden="true" />
        {event.awaitingVerification.toLocaleString('id-ID')} menunggu verifikasi
        <span className="sr-only"> pembayaran di {event.name}</span>
      </button>
    );

  return (
    <>
      <ViewHeader
        title="Daftar Kegiatan"
        description="Kelola event lari, pantau peserta dan pendapatan."
        actions={
          <>
            <Button variant="outline" onClick={() => setScanning(true)}>
              <QrCode className="size-4" aria-hidden="true" />
              Scan QR
            </Button>
            <Button onClick={() => setCreating(true)}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Buat Event
            </Button>
          </>
        }
      />

      <div className="mb-6 grid gap-3 sm:grid-cols-3 sm:gap-4">
        <SummaryCard
          icon={Flag}
          label="Jumlah Kegiatan"
          value={events.isSuccess ? rows.length.toLocaleString('id-ID') : '–'}
          note={events.isSuccess && countOf('diterima') > 0 ? `${countOf('diterima').toLocaleString('id-ID')} diterima` : undefined}
          noteTone="muted"
        />
        <SummaryCard
          icon={Users}
          label="Total Peserta (terbayar)"
          value={events.isSuccess ? participants.toLocaleString('id-ID') : '–'}
          note={events.isSuccess && pendingPayment > 0 ? `+${pendingPayment.toLocaleString('id-ID')} menunggu pembayaran` : undefined}
        />
        <SummaryCard
          icon={Wallet}
          label="Total Pendapatan"
          value={events.isSuccess ? formatRupiah(revenue) : '–'}
          note={events.isSuccess ? 'Bersih, setelah biaya admin Derap' : undefined}
          noteTone="muted"
        />
      </div>

      <QueryState
        query={events}
        loading={<LoadingMessage card>Memuat daftar kegiatan...</LoadingMessage>}
        error={
          <ErrorState
            icon={Info}
            title="Gagal memuat daftar kegiatan"
            description={eventListErrorMessage(events.error)}
            onRetry={() => void events.refetch()}
          />
        }
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={Flag}
            title="Belum ada kegiatan"
            description="Buat event pertamamu. Setelah disetujui admin, event tampil di daftar publik dan pelari bisa mendaftar."
            action={
              <Button onClick={() => setCreating(true)}>
                <CalendarPlus className="size-4" aria-hidden="true" />
                Buat Event
              </Button>
            }
            className="bg-white"
          />
        }
      >
        {() => (
          <section aria-labelledby="event-table-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <h2 id="event-table-title" className="sr-only">
              Daftar kegiatan
            </h2>
            <div role="group" aria-label="Filter status" className="flex flex-wrap gap-2 border-b border-slate-100 p-3 sm:px-4">
              {statusFilters.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={status === s}
                  onClick={() => {
                    setStatus(s);
                    setPage(0);
                  }}
                  className={cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold',
                    status === s ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                  )}
                >
                  {s === 'all' ? 'Semua' : eventStatusLabels[s]}
                  <span className={cn('text-xs', status === s ? 'text-white/90' : 'text-slate-500')}>{countOf(s).toLocaleString('id-ID')}</span>
                </button>
              ))}
            </div>

            {shown.length === 0 ? (
              <EmptyState
                compact
                icon={Flag}
                description={`Tidak ada kegiatan berstatus ${status === 'all' ? '' : eventStatusLabels[status]}.`}
                className="m-4"
              />
            ) : wide ? (
              <div className="relative overflow-x-auto">
                <table className="w-full table-fixed text-sm">
                  <colgroup>
                    <col />
                    <col className="w-28" />
                    <col className="w-32" />
                    <col className="w-32" />
                    <col className="w-40" />
                    <col className="w-36" />
                    <col className="w-14" />
                  </colgroup>
                  <thead className="bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-3">Nama Event</th>
                      <th scope="col" className="px-3 py-3">Status</th>
                      <th scope="col" className="px-3 py-3">Tanggal</th>
                      <th scope="col" className="px-3 py-3 text-right">Peserta</th>
                      <th scope="col" className="px-3 py-3">Biaya</th>
                      <th scope="col" className="px-3 py-3 text-right">Pendapatan</th>
                      <th scope="col" className="px-2 py-3">
                        <span className="sr-only">Aksi</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {shown.map((event) => (
                      <tr key={event._id} data-testid="event-row" onClick={() => setDetail(event)} className="cursor-pointer hover:bg-slate-50">
                        <td className="px-4 py-3">
                          <button
                            type="button"
                            onClick={(e) => {
                              e.stopPropagation();
                              setDetail(event);
                            }}
                            className="text-left font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
                          >
                            {event.name}
                          </button>
                          <p className="mt-0.5 truncate text-xs text-slate-500">
                            <span className="font-mono">{event.code}</span> · {event.categories.map((c) => c.name).join(', ') || '-'}
                          </p>
                          {verificationPill(event)}
                        </td>
                        <td className="px-3 py-3">
                          <EventStatusPill status={event.status} />
                        </td>
                        <td className="px-3 py-3 text-slate-700">{formatJakartaDate(event.eventDate)}</td>
                        <td className="px-3 py-3 text-right text-slate-700">
                          <span className="font-semibold text-slate-900">{event.participants.toLocaleString('id-ID')}</span> terbayar
                          <span className="block text-xs text-slate-500">dari {event.capacity.toLocaleString('id-ID')} slot</span>
                          {event.pendingPayment > 0 && (
                            <span className="block text-xs text-amber-800">{event.pendingPayment.toLocaleString('id-ID')} menunggu pembayaran</span>
                          )}
                        </td>
                        <td className="px-3 py-3 text-slate-700">{formatFee(event.fee)}</td>
                        <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900">{formatRupiah(event.revenue)}</td>
                        <td className="px-2 py-3 text-right" onClick={(e) => e.stopPropagation()}>
                          <RowMenu label={`Aksi untuk ${event.name}`} items={actionsFor(event)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {shown.map((event) => (
                  <li key={event._id} data-testid="event-row" className="p-4">
                    <div className="flex items-start gap-2">
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <EventStatusPill status={event.status} />
                          <span className="font-mono text-xs text-slate-500">{event.code}</span>
                        </div>
                        <button
                          type="button"
                          onClick={() => setDetail(event)}
                          className="mt-1 text-left text-base font-bold break-words text-slate-900 hover:text-brand-700 hover:underline"
                        >
                          {event.name}
                        </button>
                        <p className="text-sm text-slate-600">{formatJakartaDate(event.eventDate)}</p>
                        <p className="mt-0.5 text-xs break-words text-slate-500">
                          {event.categories.map((c) => c.name).join(', ') || '-'} · {formatFee(event.fee)}
                        </p>
                      </div>
                      <RowMenu label={`Aksi untuk ${event.name}`} items={actionsFor(event)} />
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                      <div className="rounded-lg bg-slate-50 px-3 py-2">
                        <dt className="text-xs text-slate-500">Peserta</dt>
                        <dd className="text-slate-900">
                          <span className="font-semibold">{event.participants.toLocaleString('id-ID')}</span> terbayar
                          <span className="block text-xs text-slate-500">dari {event.capacity.toLocaleString('id-ID')} slot</span>
                        </dd>
                        {event.pendingPayment > 0 && <dd className="text-xs text-amber-800">{event.pendingPayment.toLocaleString('id-ID')} menunggu pembayaran</dd>}
                      </div>
                      <div className="rounded-lg bg-slate-50 px-3 py-2">
                        <dt className="text-xs text-slate-500">Pendapatan</dt>
                        <dd className="font-semibold break-words text-slate-900">{formatRupiah(event.revenue)}</dd>
                      </div>
                    </dl>
                    {verificationPill(event)}
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
              <p className="text-sm text-slate-600" aria-live="polite">
                {pageSummary(current, filtered.length)}
              </p>
              {pages > 1 && (
                <div className="flex items-center gap-2">
                  <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
                    <ChevronLeft className="size-4" aria-hidden="true" />
                    Sebelumnya
                  </Button>
                  <span className="text-sm text-slate-600">
                    {current + 1}/{pages}
                  </span>
                  <Button variant="outline" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                    Berikutnya
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
          </section>
        )}
      </QueryState>

      <CreateEventDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(event) => toast(`Event "${event.name}" berhasil dibuat dan menunggu persetujuan admin.`, 'success')}
      />
      <EditEventDialog
        event={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onSaved={(event) => {
          if (detail?._id === event._id) setDetail(event);
          toast(`Perubahan "${event.name}" tersimpan.`, 'success');
        }}
      />
      <EventDetailDialog
        event={detail}
        onOpenChange={(open) => !open && setDetail(null)}
        onEdit={(event) => {
          setDetail(null);
          setEditing(event);
        }}
        onDelete={(event) => {
          setDetail(null);
          setDeleting(event);
        }}
      />
      <CloseRegistrationDialog
        event={closing}
        onOpenChange={(open) => !open && setClosing(null)}
        onClosed={(event) => {
          setClosing(null);
          toast(`Pendaftaran "${event.name}" ditutup.`, 'success');
        }}
      />
      <DeleteEventDialog
        event={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={(message) => {
          setDeleting(null);
          toast(message, 'success');
        }}
      />
      <EventFinanceDialog event={finance} onOpenChange={(open) => !open && setFinance(null)} />
      <Suspense
        fallback={
          // First use downloads the tool (the scanner brings its QR decoder): say so over the page.
          <div className="fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
            <div className="flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
              <Spinner className="size-4" label="" />
              <span role="status">Memuat...</span>
            </div>
          </div>
        }
      >
        {runnerData && (
          <RunnerDataDialog
            event={{ _id: runnerData._id, eventId: runnerData.eventId, name: runnerData.name }}
            open
            onOpenChange={(open) => !open && setRunnerData(null)}
          />
        )}
        {scanning && <ScanQrDialog open onOpenChange={setScanning} />}
        {canceling && <CancelEventDialog event={{ _id: canceling._id, name: canceling.name }} open onOpenChange={(open) => !open && setCanceling(null)} />}
      </Suspense>
    </>
  );
}

function SummaryCard({
  icon: Icon,
  label,
  value,
  note,
  noteTone = 'amber',
}: {
  icon: typeof Flag;
  label: string;
  value: ReactNode;
  note?: string;
  noteTone?: 'amber' | 'muted';
}) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 sm:size-11">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="truncate text-xl font-extrabold text-slate-900 sm:text-2xl">{value}</p>
        {note && <p className={cn('text-xs', noteTone === 'amber' ? 'text-amber-800' : 'text-slate-500')}>{note}</p>}
      </div>
    </div>
  );
}
