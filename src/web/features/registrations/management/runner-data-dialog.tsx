import { ChevronDown, Columns3, Download, FileSpreadsheet, Hourglass, UsersRound, X } from 'lucide-react';
import { useEffect, useId, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import { registrationPaymentStatuses, registrationStatuses, registrationStatusLabels } from '../../../../domain/registrations/registrations';
import { formatRupiah } from '../../../../domain/shared/money';
import { useMediaQuery } from '../../../hooks/use-media-query';
import type { CsvSeparator, RacepackFilter, RegistrationFilters, RegistrationJson } from '../../../../domain/registrations/contract';
import { paymentStatusLabels, runnerExportColumns, runnerExportValues, zonedDateTime } from '../../../../domain/registrations/runner-export';
import { Button, buttonClass } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/input';
import { ErrorAlert, LoadingMessage, QueryState } from '../../../components/query-state';
import { SearchInput } from '../../../components/search-input';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { BibNumbersNotice } from './bib-numbers-notice';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { PaymentVerificationDialog } from './payment-verification-dialog';
import { RegistrationActions } from './registration-actions';
import { PaymentStatusBadge, RegistrationStatusBadge } from './registration-badges';
import {
  defaultRunnerColumns,
  loadRunnerColumns,
  requiredRunnerColumn,
  runnerTableColumns,
  saveRunnerColumns,
  toggleRunnerColumn,
  type RunnerColumn,
} from './runner-columns';
import { Pager } from './runner-pager';
import { renewSessionForDownload, RUNNER_PAGE_SIZE, runnerExportUrl, runnerListErrorMessage, useRunnerRegistrations } from './runner-data-api';

export interface RunnerDataDialogProps {
  event: { _id: string; eventId: string; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}

const number = (n: number) => n.toLocaleString('id-ID');
const columnIndex = (column: RunnerColumn) => runnerExportColumns.indexOf(column);

/** Tailwind's `sm`: from 640 px the table, below it the cards. */
const useWideScreen = () => useMediaQuery('(min-width: 640px)');

type FilterKey = 'status' | 'paymentStatus' | 'category' | 'racepack';
type Filters = Partial<Record<FilterKey, string>>;

const racepackLabels: Record<RacepackFilter, string> = { collected: 'Sudah diambil', not_collected: 'Belum diambil' };

const separatorLabels: Record<CsvSeparator, { title: string; hint: string }> = {
  comma: { title: 'Pemisah koma (,)', hint: 'Format standar CSV' },
  semicolon: { title: 'Pemisah titik koma (;)', hint: 'Untuk Excel dengan pengaturan Indonesia' },
};

/**
 * 'Unduh CSV': a small menu of the two separators, each a real download link. It opens upwards
 * (it sits in the dialog's footer) and closes on Escape or a click elsewhere.
 */
function CsvDownload({
  hrefs,
  icon,
  busy,
  onDownload,
}: {
  hrefs: Record<CsvSeparator, string>;
  icon: ReactNode;
  busy: boolean;
  onDownload(href: string, e: MouseEvent<HTMLAnchorElement>): void;
}) {
  const { open, setOpen, containerProps } = usePopover();
  const menuId = useId();
  return (
    <div className="relative max-sm:flex-1" {...containerProps}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass('outline', 'md', 'w-full max-sm:px-3')}
      >
        {icon}
        <span>
          <span className="max-sm:sr-only">Unduh </span>CSV
        </span>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <ul id={menuId} className="absolute bottom-full left-0 z-30 mb-2 w-72 max-w-[calc(100vw-3rem)] sm:right-0 sm:left-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          {(['comma', 'semicolon'] as const).map((sep) => (
            <li key={sep}>
              <a
                href={hrefs[sep]}
                download
                onClick={(e) => {
                  setOpen(false);
                  onDownload(hrefs[sep], e);
                }}
                className="block rounded-lg px-3 py-2 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
              >
                <span className="block text-sm font-semibold text-slate-900">{separatorLabels[sep].title}</span>
                <span className="block text-xs text-slate-600">{separatorLabels[sep].hint}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const when = (iso: string) => {
  const t = zonedDateTime(new Date(iso));
  return `${t.date} pukul ${t.time}`;
};

/**
 * 'Data Pelari - {event name}' (§2, issue 13): search and four filters (status, payment status,
 * category, racepack), pages of 50, on a phone a card per runner (personal data behind 'Lihat
 * detail'), on a desktop a table of the columns the organizer chose; the .xlsx and CSV of what the
 * search and filters keep.
 */
export function RunnerDataDialog({ event, open, onOpenChange }: RunnerDataDialogProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<Filters>({});
  const query: RegistrationFilters = { q, ...(filters as RegistrationFilters) };
  // A new search or filter starts again at the first page.
  const queryKey = JSON.stringify(query);
  const [page, setPage] = useState({ key: queryKey, offset: 0 });
  const offset = page.key === queryKey ? page.offset : 0;
  // The _id never changes when an event is renamed; the server also accepts the slug.
  const eventKey = event._id || event.eventId;
  const list = useRunnerRegistrations(eventKey, query, open, offset);
  // Proofs of transfer waiting for this organizer, whatever the search (self-managed events).
  const awaiting = useRunnerRegistrations(eventKey, { status: 'awaiting_verification' }, open, 0, 500);
  const [checking, setChecking] = useState<RegistrationJson | null>(null);
  const toast = useToast();
  const wide = useWideScreen();
  const [columns, setColumns] = useState<RunnerColumn[]>(loadRunnerColumns);
  const [preparing, setPreparing] = useState<'csv' | 'xlsx' | null>(null);
  // The open registration as last read: a proof replaced meanwhile shows up once the lists refresh.
  const latest = (r: RegistrationJson | null) =>
    r && (awaiting.data?.registrations.find((x) => x._id === r._id) ?? list.data?.registrations.find((x) => x._id === r._id) ?? r);

  const rows = list.data?.registrations ?? [];
  const total = list.data?.total ?? 0;
  const eventTotal = list.data?.eventTotal ?? 0;
  const categories = list.data?.categories ?? [];
  const filtered = q !== '' || Object.values(filters).some(Boolean);
  const xlsxHref = runnerExportUrl(eventKey, 'xlsx', query);

  const setFilter = (key: FilterKey, value: string) => setFilters((f) => ({ ...f, [key]: value || undefined }));
  const chooseColumns = (next: RunnerColumn[]) => {
    setColumns(next);
    saveRunnerColumns(next);
  };

  const download = (format: 'csv' | 'xlsx', href: string) => async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setPreparing(format);
    try {
      await renewSessionForDownload();
    } catch {
      // the client already sends an expired session to /login; otherwise try the download anyway
    } finally {
      setPreparing(null);
    }
    window.location.assign(href);
  };

  const downloadIcon = (format: 'csv' | 'xlsx') =>
    preparing === format ? (
      <Spinner className="size-4" label="" />
    ) : format === 'xlsx' ? (
      <FileSpreadsheet className="size-4" aria-hidden="true" />
    ) : (
      <Download className="size-4" aria-hidden="true" />
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="2xl"
      title={`Data Pelari - ${event.name}`}
      // On a phone the search box says as much, and the runners need the height.
      description={wide ? 'Cari pelari berdasarkan ID, nama, email, no. HP, nomor atau nama BIB, no. identitas, kategori atau status.' : undefined}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} className="max-sm:hidden">
            Tutup
          </Button>
          <CsvDownload
            hrefs={{ comma: runnerExportUrl(eventKey, 'csv', query, 'comma'), semicolon: runnerExportUrl(eventKey, 'csv', query, 'semicolon') }}
            icon={downloadIcon('csv')}
            busy={preparing === 'csv'}
            onDownload={(href, e) => void download('csv', href)(e)}
          />
          <a
            href={xlsxHref}
            download
            onClick={(e) => void download('xlsx', xlsxHref)(e)}
            aria-disabled={preparing === 'xlsx' || undefined}
            className={buttonClass('primary', 'md', cn('max-sm:flex-1 max-sm:px-3', preparing === 'xlsx' && 'pointer-events-none opacity-70'))}
          >
            {downloadIcon('xlsx')}
            {/* 'Unduh' is read out on a phone too; seen there, the icon says it. */}
            <span className="whitespace-nowrap">
              <span className="max-sm:sr-only">Unduh </span>Excel (.xlsx)
            </span>
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

        <RunnerFilters filters={filters} categories={categories} onChange={setFilter} onClear={() => setFilters({})} />

        {(awaiting.data?.registrations.length ?? 0) > 0 && (
          <AwaitingVerificationPanel registrations={awaiting.data!.registrations} total={awaiting.data!.total} onCheck={setChecking} />
        )}

        {list.data && <BibNumbersNotice eventKey={eventKey} bibNumbers={list.data.bibNumbers} />}

        {list.isSuccess && (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-live="polite" data-testid="runner-data-counts">
              <span>
                Total pelari: <strong className="text-slate-900">{number(eventTotal)}</strong>
              </span>
              {filtered && (
                <span>
                  Sesuai pencarian: <strong className="text-slate-900">{number(total)}</strong>
                </span>
              )}
            </p>
            {wide && <ColumnChooser columns={columns} onChange={chooseColumns} />}
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
          isEmpty={() => rows.length === 0 && offset === 0}
          empty={
            <EmptyState
              compact
              icon={UsersRound}
              description={filtered ? 'Tidak ditemukan data pelari yang sesuai dengan pencarian' : 'Tidak ada data pelari untuk kegiatan ini'}
            />
          }
        >
          {() => (
            <>
              <div className={cn(list.isPlaceholderData && 'opacity-60')} aria-busy={list.isFetching}>
                {wide ? (
                  <RunnerTable
                    rows={rows}
                    columns={columns}
                    caption={`Data pelari ${event.name}`}
                    onCheck={setChecking}
                    actions={(r) => <RegistrationActions registration={r} eventKey={eventKey} eventName={event.name} />}
                  />
                ) : (
                  <ul className="space-y-3" aria-label={`Data pelari ${event.name}`}>
                    {rows.map((r) => (
                      <RunnerCard
                        key={r._id}
                        registration={r}
                        onCheck={setChecking}
                        actions={<RegistrationActions registration={r} eventKey={eventKey} eventName={event.name} />}
                      />
                    ))}
                  </ul>
                )}
              </div>
              <Pager
                pageSize={RUNNER_PAGE_SIZE}
                offset={offset}
                shown={rows.length}
                total={total}
                busy={list.isFetching}
                onOffset={(next) => setPage({ key: queryKey, offset: next })}
              />
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

function RunnerFilters({
  filters,
  categories,
  onChange,
  onClear,
}: {
  filters: Filters;
  categories: { categoryId: string; name: string }[];
  onChange(key: FilterKey, value: string): void;
  onClear(): void;
}) {
  const id = useId();
  const active = Object.values(filters).filter(Boolean).length;
  const field = (key: FilterKey, label: string, all: string, options: [string, string][]) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-xs font-semibold text-slate-700">
        {label}
      </label>
      <Select id={`${id}-${key}`} value={filters[key] ?? ''} onChange={(e) => onChange(key, e.target.value)} className="h-10">
        <option value="">{all}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Saring data pelari</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {field('status', 'Status', 'Semua', registrationStatuses.map((s) => [s, registrationStatusLabels[s]]))}
        {field('paymentStatus', 'Pembayaran', 'Semua', registrationPaymentStatuses.map((s) => [s, paymentStatusLabels[s]]))}
        {field('category', 'Kategori', 'Semua', categories.map((c) => [c.categoryId, c.name]))}
        {field('racepack', 'Racepack', 'Semua', Object.entries(racepackLabels))}
      </div>
      {active > 0 && (
        <button
          type="button"
          onClick={onClear}
          className="mt-2 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
          Hapus {active} filter
        </button>
      )}
    </fieldset>
  );
}

/**
 * A disclosure panel that closes on Escape and when focus goes elsewhere. Its Escape is caught on
 * the window before the dialog's own (a capture listener on the document) so that only the panel
 * closes, not Data Pelari.
 */
function usePopover() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [open]);
  const containerProps = {
    onBlur: (e: FocusEvent<HTMLDivElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
    },
  };
  return { open, setOpen, containerProps };
}

function ColumnChooser({ columns, onChange }: { columns: RunnerColumn[]; onChange(columns: RunnerColumn[]): void }) {
  const chosen = new Set(columns);
  const { open, setOpen, containerProps } = usePopover();
  const panelId = useId();
  return (
    <div className="relative" {...containerProps}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass('outline', 'sm')}
      >
        <Columns3 className="size-4" aria-hidden="true" />
        Kolom ({columns.length}/{runnerTableColumns.length})
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <div id={panelId} className="absolute right-0 z-20 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
          <fieldset>
            <legend className="text-sm font-bold text-slate-900">Kolom yang ditampilkan</legend>
            <div className="mt-2 grid max-h-72 gap-1 overflow-y-auto">
              {runnerTableColumns.map((column) => (
                <label key={column} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={chosen.has(column)}
                    disabled={column === requiredRunnerColumn}
                    onChange={(e) => onChange(toggleRunnerColumn(columns, column, e.target.checked))}
                  />
                  {column}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="button" onClick={() => onChange([...defaultRunnerColumns])} className="mt-2 text-sm font-semibold text-brand-700 hover:underline">
            Kembalikan kolom awal
          </button>
        </div>
      )}
    </div>
  );
}

function ProofButton({ registration, onCheck }: { registration: RegistrationJson; onCheck(r: RegistrationJson): void }) {
  if (!registration.paymentProof) return null;
  return (
    <button
      type="button"
      onClick={() => onCheck(registration)}
      className="text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      {registration.status === 'awaiting_verification' ? 'Periksa' : 'Bukti'}
      <span className="sr-only"> bukti transfer {registration.runnerData.fullName}</span>
    </button>
  );
}

function RunnerTable({
  rows,
  columns,
  caption,
  onCheck,
  actions,
}: {
  rows: RegistrationJson[];
  columns: RunnerColumn[];
  caption: string;
  onCheck(r: RegistrationJson): void;
  actions(r: RegistrationJson): ReactNode;
}) {
  const cell = (r: RegistrationJson, values: string[], column: RunnerColumn) => {
    if (column === 'Status')
      return (
        <span className="flex items-center gap-2">
          <RegistrationStatusBadge status={r.status} />
          <ProofButton registration={r} onCheck={onCheck} />
        </span>
      );
    if (column === 'Status Pembayaran') return <PaymentStatusBadge status={r.payment.status} />;
    return values[columnIndex(column)];
  };
  return (
    <div
      role="region"
      aria-label="Tabel data pelari"
      tabIndex={0}
      className="max-h-[55dvh] overflow-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-bold tracking-wide text-slate-600 uppercase shadow-[0_1px_0_var(--color-slate-200)]">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
              Aksi
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => {
            const values = runnerExportValues(r);
            return (
              <tr key={r._id} data-testid="runner-row" className="hover:bg-slate-50">
                {columns.map((column) => (
                  <td
                    key={column}
                    className={cn(
                      'px-3 py-2 align-top text-slate-700',
                      column === 'ID Pendaftaran' && 'font-mono text-xs whitespace-nowrap text-slate-900',
                      column === 'Nama Lengkap' && 'font-semibold whitespace-nowrap text-slate-900',
                      column === 'Catatan Medis' || column === 'Komunitas' || column === 'Email' ? 'max-w-64 min-w-40 break-words' : 'whitespace-nowrap',
                    )}
                  >
                    {cell(r, values, column)}
                  </td>
                ))}
                <td className="px-3 py-2 align-top">{actions(r)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** What 'Lihat detail' opens on a card: the personal data, in the export's words. */
const cardDetailColumns: readonly RunnerColumn[] = [
  'Email',
  'No. HP',
  'Nama BIB',
  'Komunitas',
  'Golongan Darah',
  'Jenis Kelamin',
  'Tanggal Lahir',
  'Jenis Identitas',
  'No. Identitas',
  'Nama Kontak Darurat',
  'No. Kontak Darurat',
  'Catatan Medis',
];

/** Details that may be long take the card's whole width. */
const wideDetails = new Set<RunnerColumn>(['Email', 'Komunitas', 'No. Identitas', 'Nama Kontak Darurat', 'Catatan Medis']);

function RunnerCard({ registration: r, onCheck, actions }: { registration: RegistrationJson; onCheck(r: RegistrationJson): void; actions: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const values = runnerExportValues(r);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="runner-data-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{r.runnerData.fullName}</p>
          <p className="font-mono text-xs text-slate-600">{r.registrationId}</p>
        </div>
        <div className="shrink-0">{actions}</div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <RegistrationStatusBadge status={r.status} />
        <PaymentStatusBadge status={r.payment.status} />
        <ProofButton registration={r} onCheck={onCheck} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Kategori</dt>
          <dd className="font-medium break-words text-slate-900">{r.categoryName}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Ukuran Kaos</dt>
          <dd className="font-medium text-slate-900">{r.runnerData.tshirtSize}</dd>
        </div>
        {r.bibNumber && (
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Nomor BIB</dt>
            <dd className="font-mono font-semibold break-words text-slate-900">{r.bibNumber}</dd>
          </div>
        )}
        <div className={r.bibNumber ? undefined : 'col-span-2'}>
          <dt className="text-xs text-slate-500">Racepack</dt>
          <dd className="font-medium text-slate-900">
            {r.status === 'racepack_collected'
              ? `Sudah diambil${r.racepackCollectedAt ? ` (${when(r.racepackCollectedAt)})` : ''}`
              : r.status === 'confirmed'
                ? 'Belum diambil'
                : 'Belum bisa diambil'}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((x) => !x)}
        className="mt-2 inline-flex min-h-11 items-center gap-1 rounded text-sm font-semibold text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
      >
        <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
        {expanded ? 'Sembunyikan detail' : 'Lihat detail'}
        <span className="sr-only"> {r.runnerData.fullName}</span>
      </button>
      {expanded && (
        <dl id={detailsId} className="mt-1 grid grid-cols-2 gap-x-3 gap-y-2 border-t border-slate-100 pt-2 text-sm">
          {cardDetailColumns.map((column) => (
            <div key={column} className={cn('min-w-0', wideDetails.has(column) && 'col-span-2')}>
              <dt className="text-xs text-slate-500">{column}</dt>
              <dd className="break-words text-slate-900">{values[columnIndex(column)]}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
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
