import { Download, Hourglass, UsersRound } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { formatRupiah } from '../../../../domain/shared/money';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import { runnerExportColumns, runnerExportValues } from '../../../../domain/registrations/runner-export';
import { Button, buttonClass } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert, LoadingMessage, QueryState } from '../../../components/query-state';
import { SearchInput } from '../../../components/search-input';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { PaymentVerificationDialog } from './payment-verification-dialog';
import { PaymentStatusBadge, RegistrationStatusBadge } from './registration-badges';
import { renewSessionForDownload, RUNNER_TABLE_LIMIT, runnerCsvUrl, runnerListErrorMessage, useRunnerRegistrations } from './runner-data-api';

export interface RunnerDataDialogProps {
  event: { _id: string; eventId: string; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}

const STATUS_COLUMN = runnerExportColumns.indexOf('Status');
const PAYMENT_COLUMN = runnerExportColumns.indexOf('Status Pembayaran');
const number = (n: number) => n.toLocaleString('id-ID');

/** 'Data Pelari - {event name}' (§2): search, the 18 columns of the export, counts and the CSV. */
export function RunnerDataDialog({ event, open, onOpenChange }: RunnerDataDialogProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // The _id never changes when an event is renamed; the server also accepts the slug.
  const eventKey = event._id || event.eventId;
  const list = useRunnerRegistrations(eventKey, q, open);
  // Proofs of transfer waiting for this organizer, whatever the search (self-managed events).
  const awaiting = useRunnerRegistrations(eventKey, '', open, 'awaiting_verification');
  const [checking, setChecking] = useState<RegistrationJson | null>(null);
  const toast = useToast();
  const [preparing, setPreparing] = useState(false);
  // The open registration as last read: a proof replaced meanwhile shows up once the lists refresh.
  const latest = (r: RegistrationJson | null) =>
    r && (awaiting.data?.registrations.find((x) => x._id === r._id) ?? list.data?.registrations.find((x) => x._id === r._id) ?? r);

  const rows = list.data?.registrations ?? [];
  const total = list.data?.total ?? 0;
  const eventTotal = list.data?.eventTotal ?? 0;
  const searching = q !== '';
  const csvHref = runnerCsvUrl(eventKey, q);

  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setPreparing(true);
    try {
      await renewSessionForDownload();
    } catch {
      // the client already sends an expired session to /login; otherwise try the download anyway
    } finally {
      setPreparing(false);
    }
    window.location.assign(csvHref);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={`Data Pelari - ${event.name}`}
      description="Cari pelari berdasarkan ID, nama, email, no. HP, nama BIB, no. identitas, kategori atau status."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Tutup
          </Button>
          <a
            href={csvHref}
            download
            onClick={(e) => void download(e)}
            aria-disabled={preparing || undefined}
            className={buttonClass('primary', 'md', cn(preparing && 'pointer-events-none opacity-70'))}
          >
            {preparing ? <Spinner className="size-4" label="" /> : <Download className="size-4" aria-hidden="true" />}
            Download CSV
          </a>
        </>
      }
    >
      <div className="space-y-3">
        <SearchInput
          id="runner-data-search"
          label="Cari data pelari"
          value={search}
          onChange={setSearch}
          placeholder="Cari nama, email, no. HP, BIB, kategori..."
          busy={list.isFetching && !list.isPending}
          inputClassName="h-11 pr-10 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />

        {(awaiting.data?.registrations.length ?? 0) > 0 && (
          <AwaitingVerificationPanel registrations={awaiting.data!.registrations} total={awaiting.data!.total} onCheck={setChecking} />
        )}

        {list.isSuccess && (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-live="polite" data-testid="runner-data-counts">
            <span>
              Total pelari: <strong className="text-slate-900">{number(eventTotal)}</strong>
            </span>
            <span>
              Ditampilkan: <strong className="text-slate-900">{number(rows.length)}</strong>
              {rows.length < total && ` dari ${number(total)} hasil`}
            </span>
          </div>
        )}

        <QueryState
          query={list}
          loading={<LoadingMessage>Memuat data pelari...</LoadingMessage>}
          error={
            <ErrorAlert onRetry={() => void list.refetch()} retryLabel="Coba Lagi">
              <p>{runnerListErrorMessage(list.error)}</p>
            </ErrorAlert>
          }
          isEmpty={() => rows.length === 0}
          empty={
            <EmptyState
              compact
              icon={UsersRound}
              description={searching ? 'Tidak ditemukan data pelari yang sesuai dengan pencarian' : 'Tidak ada data pelari untuk kegiatan ini'}
            />
          }
        >
          {() => (
            <>
              <div
                role="region"
                aria-label="Tabel data pelari (geser untuk melihat semua kolom)"
                tabIndex={0}
                className={cn(
                  'max-h-[55dvh] overflow-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
                  list.isPlaceholderData && 'opacity-60',
                )}
              >
                <table className="min-w-max text-left text-sm" aria-busy={list.isFetching}>
                  <caption className="sr-only">Data pelari {event.name}</caption>
                  <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-bold tracking-wide text-slate-600 uppercase shadow-[0_1px_0_var(--color-slate-200)]">
                    <tr>
                      {runnerExportColumns.map((column) => (
                        <th key={column} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {rows.map((registration) => {
                      const values = runnerExportValues(registration);
                      return (
                        <tr key={registration._id} data-testid="runner-row" className="hover:bg-slate-50">
                          {values.map((value, i) => (
                            <td
                              key={runnerExportColumns[i]}
                              className={cn(
                                'px-3 py-2 align-top text-slate-700',
                                i === 0 && 'font-mono text-xs whitespace-nowrap text-slate-900',
                                i === 1 && 'font-semibold whitespace-nowrap text-slate-900',
                                i === 14 ? 'max-w-64 min-w-40' : 'whitespace-nowrap',
                              )}
                            >
                              {i === STATUS_COLUMN ? (
                                <span className="flex items-center gap-2">
                                  <RegistrationStatusBadge status={registration.status} />
                                  {registration.paymentProof && (
                                    <button
                                      type="button"
                                      onClick={() => setChecking(registration)}
                                      className="text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
                                    >
                                      {registration.status === 'awaiting_verification' ? 'Periksa' : 'Bukti'}
                                      <span className="sr-only"> bukti transfer {registration.runnerData.fullName}</span>
                                    </button>
                                  )}
                                </span>
                              ) : i === PAYMENT_COLUMN ? (
                                <PaymentStatusBadge status={registration.payment.status} />
                              ) : (
                                value
                              )}
                            </td>
                          ))}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {rows.length < total && (
                <p className="text-xs text-slate-500">
                  Tabel menampilkan {number(RUNNER_TABLE_LIMIT)} pendaftaran terbaru. Gunakan pencarian atau Download CSV untuk semua data.
                </p>
              )}
            </>
          )}
        </QueryState>
      </div>
      <PaymentVerificationDialog
        registration={latest(checking)}
        onOpenChange={(o) => !o && setChecking(null)}
        onDecided={(message) => toast(message, 'success')}
      />
    </Dialog>
  );
}

/**
 * The proofs of transfer waiting for the organizer, above the table: on a phone the table's status
 * column is far to the right, and these are what the organizer has to act on.
 */
function AwaitingVerificationPanel({
  registrations,
  total,
  onCheck,
}: {
  registrations: RegistrationJson[];
  total: number;
  onCheck(registration: RegistrationJson): void;
}) {
  return (
    <section aria-labelledby="awaiting-verification-title" className="rounded-xl border border-brand-200 bg-brand-50/60 p-3" data-testid="awaiting-verification">
      <h3 id="awaiting-verification-title" className="flex items-center gap-2 text-sm font-bold text-brand-900">
        <Hourglass className="size-4" aria-hidden="true" />
        {number(total)} bukti transfer menunggu verifikasi
      </h3>
      <ul className="mt-2 max-h-56 space-y-2 overflow-y-auto">
        {registrations.map((r) => (
          <li key={r._id} className="flex items-center gap-3 rounded-lg bg-white px-3 py-2 shadow-sm">
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-semibold text-slate-900">{r.runnerData.fullName}</p>
              <p className="truncate text-xs text-slate-600">
                {r.categoryName} · {formatRupiah(r.payment.amount)} · <span className="font-mono">{r.registrationId}</span>
              </p>
            </div>
            <Button size="sm" onClick={() => onCheck(r)}>
              Periksa<span className="sr-only"> bukti transfer {r.runnerData.fullName}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
