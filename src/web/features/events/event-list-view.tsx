import { CalendarPlus, Flag, Hourglass, Info, QrCode, Users, Wallet } from 'lucide-react';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { OrganizerEvent } from '../../../domain/events/contract';
import { formatRupiah } from '../../../domain/shared/money';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { ViewHeader } from '../../components/view-header';
import type { DashboardViewProps } from '../../lib/dashboard-view';
import { CreateEventDialog } from './create-event-dialog';
import { EventDetailDialog } from './event-detail-dialog';
import { formatFee } from './event-format';
import { EventStatusPill } from './event-status-pill';
import { eventListErrorMessage, useMyEvents } from './events-api';
import { RowMenu } from './row-menu';

/**
 * The organizer's registration tools (Data Pelari, Scan QR) belong to the registrations feature;
 * the app layer hands them in, so this feature never imports another.
 */
export interface EventListTools {
  RunnerData: ComponentType<{ event: { _id: string; eventId: string; name: string }; open: boolean; onOpenChange: (open: boolean) => void }>;
  ScanQr: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
}

/** 'Daftar Kegiatan' (§2 kegiatan): the organizer's events (an admin's: all) with real figures. */
export function EventListView({ tools }: DashboardViewProps & { tools: EventListTools }) {
  const { RunnerData: RunnerDataDialog, ScanQr: ScanQrDialog } = tools;
  const events = useMyEvents();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [detail, setDetail] = useState<OrganizerEvent | null>(null);
  const [runnerData, setRunnerData] = useState<OrganizerEvent | null>(null);

  const rows = events.data ?? [];
  const participants = rows.reduce((sum, e) => sum + e.participants, 0);
  const pendingPayment = rows.reduce((sum, e) => sum + e.pendingPayment, 0);
  const revenue = rows.reduce((sum, e) => sum + e.revenue, 0);

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
        <SummaryCard icon={Flag} label="Jumlah Kegiatan" value={events.isSuccess ? String(rows.length) : '–'} />
        <SummaryCard
          icon={Users}
          label="Total Peserta (terbayar)"
          value={events.isSuccess ? participants.toLocaleString('id-ID') : '–'}
          note={events.isSuccess && pendingPayment > 0 ? `+${pendingPayment.toLocaleString('id-ID')} menunggu pembayaran` : undefined}
        />
        <SummaryCard icon={Wallet} label="Total Pendapatan" value={events.isSuccess ? formatRupiah(revenue) : '–'} />
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
              Tabel kegiatan
            </h2>
            {/* On a phone the table scrolls sideways inside its card; the page itself never does (relative: the header's sr-only text is positioned inside the scroll box, not the page). */}
            <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel kegiatan (geser ke samping)">
              <table className="w-full min-w-[920px] text-sm">
                <thead className="bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">Nama Event</th>
                    <th scope="col" className="px-4 py-3">Kode</th>
                    <th scope="col" className="px-4 py-3">Biaya</th>
                    <th scope="col" className="px-4 py-3 text-right">Pendapatan</th>
                    <th scope="col" className="px-4 py-3 text-right">Peserta</th>
                    <th scope="col" className="px-4 py-3 text-right">Kapasitas</th>
                    <th scope="col" className="px-4 py-3">Status</th>
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">Aksi</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((event) => (
                    <tr key={event._id} data-testid="event-row" onClick={() => setDetail(event)} className="cursor-pointer hover:bg-slate-50">
                      <td className="max-w-72 px-4 py-3">
                        <button
                          type="button"
                          onClick={(e) => {
                            e.stopPropagation();
                            setDetail(event);
                          }}
                          className="text-left font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                        >
                          {event.name}
                        </button>
                        <p className="mt-0.5 truncate text-xs text-slate-500">{event.categories.map((c) => c.name).join(', ') || '-'}</p>
                        {event.awaitingVerification > 0 && (
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
                        )}
                      </td>
                      <td className="px-4 py-3 font-mono text-xs text-slate-700">{event.code}</td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatFee(event.fee)}</td>
                      <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">{formatRupiah(event.revenue)}</td>
                      <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">
                        <span className="font-semibold text-slate-900">{event.participants.toLocaleString('id-ID')}</span> terbayar
                        {event.pendingPayment > 0 && (
                          <span className="block text-xs text-amber-800">{event.pendingPayment.toLocaleString('id-ID')} menunggu pembayaran</span>
                        )}
                      </td>
                      <td className="px-4 py-3 text-right text-slate-700">{event.capacity.toLocaleString('id-ID')}</td>
                      <td className="px-4 py-3">
                        <EventStatusPill status={event.status} />
                      </td>
                      <td className="px-2 py-3 text-right" onClick={(e) => e.stopPropagation()}>
                        <RowMenu
                          label={`Aksi untuk ${event.name}`}
                          items={[
                            { label: 'Detail Kegiatan', icon: Info, onSelect: () => setDetail(event) },
                            { label: 'Data Pelari', icon: Users, onSelect: () => setRunnerData(event) },
                          ]}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
              Showing 1-{rows.length} of {rows.length} entries
            </p>
          </section>
        )}
      </QueryState>

      <CreateEventDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(event) => toast(`Event "${event.name}" berhasil dibuat dan menunggu persetujuan admin.`, 'success')}
      />
      <EventDetailDialog event={detail} onOpenChange={(open) => !open && setDetail(null)} />
      <Suspense fallback={null}>
        {runnerData && (
          <RunnerDataDialog
            event={{ _id: runnerData._id, eventId: runnerData.eventId, name: runnerData.name }}
            open
            onOpenChange={(open) => !open && setRunnerData(null)}
          />
        )}
        {scanning && <ScanQrDialog open onOpenChange={setScanning} />}
      </Suspense>
    </>
  );
}

function SummaryCard({ icon: Icon, label, value, note }: { icon: typeof Flag; label: string; value: ReactNode; note?: string }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="truncate text-2xl font-extrabold text-slate-900">{value}</p>
        {note && <p className="text-xs text-amber-800">{note}</p>}
      </div>
    </div>
  );
}
