import { ChevronLeft, ChevronRight, Info, MailX, UserCheck, UserMinus, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { coachingMessages, type CoachConnection } from '../../../../domain/coaching/contract';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { MenuButton, type MenuButtonItem } from '../../../components/menu-button';
import { ErrorState, LoadingMessage, QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import { ViewHeader } from '../../../components/view-header';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ConnectRunnerDialog } from './connect-runner-dialog';
import { dayLabel, packageLabel, runnerPageSummary, statusLabel, statusTone } from './connection-format';
import { RemoveRunnerDialog } from './remove-runner-dialog';
import { connectError, messageOf, useCoachConnections, useSetSlotRunner } from './runners-api';

/**
 * 'Daftar Pelari' (runner-and-coach §2): the coach's package slots with their runners, a page at
 * a time. 'Belum diisi' rows open the connect dialog; 'Hapus Pelari' empties a freeslot (other
 * packages get the blocking notice). A table on wide screens, cards below 1024 px.
 */
export function RunnerListView() {
  const [page, setPage] = useState(1);
  const connections = useCoachConnections(page);
  const toast = useToast();
  const wide = useMediaQuery('(min-width: 1024px)');
  // `undefined`: closed; `null`: open with a choice of empty slots; a row: that row's slot.
  const [connecting, setConnecting] = useState<CoachConnection | null | undefined>(undefined);
  const [removing, setRemoving] = useState<CoachConnection | null>(null);

  const list = connections.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.limit)) : 1;
  // A page emptied by a removal elsewhere falls back to the last one that has rows.
  const pageGone = list !== undefined && list.data.length === 0 && list.total > 0 && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages]);

  const withdraw = useSetSlotRunner();
  const actionsFor = (c: CoachConnection): MenuButtonItem[] => {
    if (c.displayStatus === 'ended') return [];
    if (!c.runnerId && c.invitation) {
      return [
        { label: 'Undang Pelari Lain', icon: UserPlus, onSelect: () => setConnecting(c) },
        {
          label: 'Batalkan Undangan',
          icon: MailX,
          tone: 'danger',
          onSelect: () =>
            withdraw.mutate(
              { id: c._id, runnerEmail: null },
              { onSuccess: (res) => toast(res.message, 'success'), onError: (error) => toast(connectError(error), 'error') },
            ),
        },
      ];
    }
    if (!c.runnerId) return [{ label: 'Hubungkan Pelari', icon: UserPlus, onSelect: () => setConnecting(c) }];
    return [{ label: 'Hapus Pelari', icon: UserMinus, tone: 'danger', onSelect: () => setRemoving(c) }];
  };
  const menu = (c: CoachConnection) => {
    const items = actionsFor(c);
    return items.length ? <MenuButton label={`Aksi untuk ${c.runnerId?.name ?? c.title}`} items={items} /> : <span className="inline-block size-9" aria-hidden="true" />;
  };

  /** The runner's name and email, or 'Belum diisi' that opens the connect dialog for this slot. */
  const runnerCell = (c: CoachConnection) =>
    c.runnerId ? (
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900" title={c.runnerId.name}>
          {c.runnerId.name}
        </p>
        <p className="truncate text-xs text-slate-500" title={c.runnerId.email}>
          {c.runnerId.email}
        </p>
      </div>
    ) : c.displayStatus === 'empty' && c.invitation ? (
      // Waiting for the runner's answer: the address as the coach typed it, registered or not.
      <div className="min-w-0">
        <p className="font-semibold text-slate-700">Menunggu jawaban</p>
        <p className="truncate text-xs text-slate-500" title={c.invitation.email}>
          {c.invitation.email}
        </p>
        <p className="text-xs text-slate-500">Berlaku s.d. {dayLabel(c.invitation.expiresAt)}</p>
      </div>
    ) : c.displayStatus === 'empty' ? (
      <button type="button" onClick={() => setConnecting(c)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        Belum diisi
        <span className="sr-only">: hubungkan pelari ke {c.title}</span>
      </button>
    ) : (
      <span className="text-slate-500">Belum diisi</span>
    );
  const pill = (c: CoachConnection) =>
    c.invitation && !c.runnerId ? <Badge tone="yellow">Diundang</Badge> : <Badge tone={statusTone[c.displayStatus]}>{statusLabel(c)}</Badge>;

  return (
    <>
      <ViewHeader
        title="Daftar Pelari"
        description="Pelari yang terhubung dengan Anda melalui paket, beserta masa berlakunya."
        actions={
          <Button onClick={() => setConnecting(null)}>
            <UserPlus className="size-4" aria-hidden="true" />
            Hubungkan Pelari
          </Button>
        }
      />

      <div className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
        <SummaryCard icon={Users} label="Total Pelari" value={list?.summary.runners} note="Termasuk yang sudah berakhir" />
        <SummaryCard icon={UserCheck} label="Pelari Aktif" value={list?.summary.live} note="Jadwalnya dapat Anda kelola" />
        <SummaryCard icon={UserPlus} label="Slot Kosong" value={list?.summary.empty} note="Menunggu pelari dihubungkan" />
      </div>

      <QueryState
        query={connections}
        loading={<LoadingMessage card>Memuat daftar pelari...</LoadingMessage>}
        error={
          <ErrorState
            icon={Info}
            title={coachingMessages.listFailed}
            description={messageOf(connections.error, 'Silakan coba lagi.', 'Periksa koneksi internet Anda, lalu coba lagi.')}
            onRetry={() => void connections.refetch()}
            retrying={connections.isFetching}
          />
        }
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState icon={Users} title={coachingMessages.emptyList} description="Slot muncul di sini saat pelari membeli paket Anda atau admin memberi slot gratis (freeslot)." className="bg-white" />}
      >
        {(data) => (
          <section aria-labelledby="runner-table-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={connections.isPlaceholderData}>
            <h2 id="runner-table-title" className="sr-only">
              Daftar pelari
            </h2>
            {wide ? (
              <div className="relative overflow-x-auto">
                <table className="w-full table-fixed text-sm">
                  <colgroup>
                    <col />
                    <col className="w-44" />
                    <col className="w-28" />
                    <col className="w-36" />
                    <col className="w-28" />
                    <col className="w-28" />
                    <col className="w-14" />
                  </colgroup>
                  <thead className="bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-3">Pelari</th>
                      <th scope="col" className="px-3 py-3">Judul</th>
                      <th scope="col" className="px-3 py-3">Status</th>
                      <th scope="col" className="px-3 py-3">Paket</th>
                      <th scope="col" className="px-3 py-3">Mulai</th>
                      <th scope="col" className="px-3 py-3">Berakhir</th>
                      <th scope="col" className="px-2 py-3">
                        <span className="sr-only">Aksi</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.data.map((c) => (
                      <tr key={c._id} data-testid="runner-row" data-status={c.displayStatus}>
                        <td className="px-4 py-3">{runnerCell(c)}</td>
                        <td className="px-3 py-3 break-words text-slate-700">{c.title}</td>
                        <td className="px-3 py-3">{pill(c)}</td>
                        <td className="px-3 py-3 break-words text-slate-700">{packageLabel(c.packages)}</td>
                        <td className="px-3 py-3 text-slate-700">{dayLabel(c.startDate)}</td>
                        <td className="px-3 py-3 text-slate-700">{dayLabel(c.endDate)}</td>
                        <td className="px-2 py-3 text-right">{menu(c)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.data.map((c) => (
                  <li key={c._id} data-testid="runner-row" data-status={c.displayStatus} className="p-4">
                    <div className="flex items-start gap-2">
                      <div className="min-w-0 flex-1">
                        <div className="mb-1 flex flex-wrap items-center gap-2">
                          {pill(c)}
                          <span className="text-xs text-slate-500">{packageLabel(c.packages)}</span>
                        </div>
                        {runnerCell(c)}
                        {/* A bought package's title is its package name: said once, in the line above. */}
                        {c.title !== c.packages && <p className="mt-1 text-sm break-words text-slate-700">{c.title}</p>}
                      </div>
                      {menu(c)}
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                      <div className="rounded-lg bg-slate-50 px-3 py-2">
                        <dt className="text-xs text-slate-500">Mulai</dt>
                        <dd className="font-semibold text-slate-900">{dayLabel(c.startDate)}</dd>
                      </div>
                      <div className="rounded-lg bg-slate-50 px-3 py-2">
                        <dt className="text-xs text-slate-500">Berakhir</dt>
                        <dd className="font-semibold text-slate-900">{dayLabel(c.endDate)}</dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
              <p className="text-sm text-slate-600" aria-live="polite">
                {runnerPageSummary(data.page, data.limit, data.total)}
              </p>
              {pages > 1 && (
                <div className="flex items-center gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    <ChevronLeft className="size-4" aria-hidden="true" />
                    Sebelumnya
                  </Button>
                  <span className="text-sm text-slate-600">
                    {page}/{pages}
                  </span>
                  <Button variant="outline" size="sm" disabled={page >= pages || connections.isPlaceholderData} onClick={() => setPage(page + 1)}>
                    Berikutnya
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
          </section>
        )}
      </QueryState>

      <ConnectRunnerDialog open={connecting !== undefined} slot={connecting ?? null} onOpenChange={(open) => !open && setConnecting(undefined)} />
      <RemoveRunnerDialog
        connection={removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        onRemoved={(message) => {
          setRemoving(null);
          toast(message, 'success');
        }}
      />
    </>
  );
}

function SummaryCard({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: number | undefined; note: ReactNode }) {
  return (
    // Three across even on a 360 px phone: the icon and the note join from the sm breakpoint.
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-3 py-3 shadow-sm sm:gap-4 sm:p-5">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 sm:flex">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
        <p className="truncate text-xl font-extrabold text-slate-900 sm:text-2xl" data-testid={`summary-${label}`}>
          {value === undefined ? '–' : value.toLocaleString('id-ID')}
        </p>
        <p className="hidden text-xs text-slate-500 sm:block">{note}</p>
      </div>
    </div>
  );
}
