import { ArrowLeft, Camera, CloudDownload, Keyboard, RefreshCw, Trash2, Wifi, WifiOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { deviceLabel } from '../../../../domain/registrations/checkin';
import { zonedDateTime } from '../../../../domain/registrations/runner-export';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { ScannerField } from './scanner-field';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { LogoMark } from '../../../components/logo';
import { Spinner } from '../../../components/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { useOnline } from '../../../hooks/use-online';
import { deskSession, fetchCheckinList } from './desk-api';
import {
  deskDevice,
  deskEvent,
  findRunner,
  forgetEvent,
  getRunner,
  markCollected,
  marksOf,
  purgeExpired,
  runnerNames,
  setDeviceName,
  storeCheckinList,
  type DeskDevice,
  type DeskEvent,
  type DeskMark,
  type DeskRunner,
} from './desk-db';
import { useDeskInstall } from './desk-install';
import { syncQueuedMarks } from './desk-sync';
import { RacepackCard } from './racepack-card';

const CameraScanner = lazy(() => import('./camera-scanner').then((m) => ({ default: m.CameraScanner })));

type Download =
  | { phase: 'idle' }
  | { phase: 'download' }
  | { phase: 'store'; stored: number; total: number }
  | { phase: 'done'; changed: number; full: boolean }
  | { phase: 'error'; message: string };

/** `seq` counts scans; `startedAt` (performance.now) times the answer until it is painted. */
type CardState = ({ runner: DeskRunner; lookupMs: number; justCollected: boolean } | { notFound: string }) & { seq: number; startedAt: number };

interface RecentMark extends DeskMark {
  name: string | null;
}

const sessionMessage = 'Sesi Anda berakhir. Masuk lagi untuk mengunduh atau menyinkronkan; tanda racepack tetap tersimpan di perangkat.';

function failure(error: unknown, what: string): string {
  if (deskSession.ended || (error instanceof ApiError && error.status === 401)) return sessionMessage;
  if (error instanceof ApiError && error.status < 500) return error.message;
  return `${what} gagal: tidak dapat terhubung ke server. Data di perangkat tetap aman.`;
}

/** A time today, else the date and time. */
function since(ms: number, timeZone?: string): string {
  const t = zonedDateTime(new Date(ms), timeZone);
  return t.date === zonedDateTime(new Date(), timeZone).date ? `${t.time} ${t.offset}` : `${t.date}, ${t.time} ${t.offset}`;
}

const clock = (ms: number, timeZone?: string) => {
  const t = zonedDateTime(new Date(ms), timeZone);
  return `${t.date}, ${t.time} ${t.offset}`;
};

/** The note of a taken racepack: when, and which desk (or an online scan). */
function takenNote(runner: DeskRunner, timeZone: string, device: DeskDevice | null): string | null {
  if (!runner.takenAt) return null;
  const t = zonedDateTime(new Date(runner.takenAt), timeZone);
  const mine = device && runner.takenBy === (device.name || device.id.slice(0, 4));
  const by = mine ? 'perangkat ini' : runner.takenBy ? deviceLabel({ id: runner.takenBy, name: runner.takenBy }) : deviceLabel(null);
  return `Diambil pada ${t.date} pukul ${t.time} ${t.offset} (${by}).`;
}

/**
 * The offline racepack desk (issue 13 item 6): one event's runners on the device, scanned and
 * marked with no connection, synced when it returns. Full screen, big targets: a volunteer's phone.
 */
export function DeskPage() {
  const { eventKey = '' } = useParams();
  // The desk's start page hands over the event's name, shown until its list is on the device.
  const passedName = (useLocation().state as { name?: unknown } | null)?.name;
  const title = typeof passedName === 'string' ? passedName : null;
  const online = useOnline();
  const shell = useDeskInstall();
  const [event, setEvent] = useState<DeskEvent | null | undefined>(undefined);
  const [device, setDevice] = useState<DeskDevice | null>(null);
  const [recent, setRecent] = useState<RecentMark[]>([]);
  const [pending, setPending] = useState(0);
  const [download, setDownload] = useState<Download>({ phase: 'idle' });
  const [sync, setSync] = useState<{ running: boolean; error: string | null; at: number | null; warnings: number }>({ running: false, error: null, at: null, warnings: 0 });
  const [card, setCard] = useState<CardState | null>(null);
  const [mode, setMode] = useState<'scanner' | 'camera'>('scanner');
  const [value, setValue] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [collecting, setCollecting] = useState(false);
  const [confirmForget, setConfirmForget] = useState(false);
  const [storageError, setStorageError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  // The scanner field takes focus when it appears (Preact runs no autoFocus on later elements, decision 023).
  const hasEvent = Boolean(event);
  useEffect(() => {
    if (mode === 'scanner' && hasEvent) inputRef.current?.focus();
  }, [mode, hasEvent]);
  // How long the last scan or mark took until its answer was on screen (the benchmark reads it).
  const [answeredMs, setAnsweredMs] = useState<{ seq: number; ms: number; n: number } | null>(null);
  useEffect(() => {
    if (!card) return;
    const frame = requestAnimationFrame(() => setAnsweredMs((a) => ({ seq: card.seq, ms: performance.now() - card.startedAt, n: (a?.n ?? 0) + 1 })));
    return () => cancelAnimationFrame(frame);
  }, [card]);
  useDocumentMeta(event ? `Meja Racepack — ${event.name}` : 'Meja Racepack', 'Pengambilan racepack tanpa internet: data pelari tersimpan di perangkat.');

  const refreshMarks = useCallback(async (eventRef: string) => {
    const marks = await marksOf(eventRef);
    setPending(marks.filter((m) => m.state === 'queued').length);
    const last = marks.slice(-20).reverse();
    const names = await runnerNames(eventRef, last.map((m) => m.registrationId));
    setRecent(last.map((m) => ({ ...m, name: names.get(m.registrationId) ?? null })));
  }, []);

  // The list on this device (lists past their time are deleted first) and who this device is.
  useEffect(() => {
    let alive = true;
    (async () => {
      await purgeExpired();
      const [found, me] = await Promise.all([deskEvent(eventKey), deskDevice()]);
      if (!alive) return;
      setEvent(found);
      setDevice(me);
      if (found) await refreshMarks(found._id);
    })().catch(() => {
      if (alive) {
        setEvent(null);
        setStorageError('Penyimpanan perangkat tidak dapat dipakai (mode penyamaran atau penyimpanan penuh).');
      }
    });
    return () => {
      alive = false;
    };
  }, [eventKey, refreshMarks]);

  const runSync = useCallback(async () => {
    if (!event) return;
    setSync((s) => ({ ...s, running: true, error: null }));
    try {
      const outcome = await syncQueuedMarks();
      deskSession.reset();
      setSync({ running: false, error: null, at: Date.now(), warnings: outcome.warnings.length });
    } catch (error) {
      setSync((s) => ({ ...s, running: false, error: failure(error, 'Sinkronisasi') }));
    }
    await refreshMarks(event._id);
    // The card shows the server's answer for its runner (e.g. taken first at another desk).
    const shown = card && 'runner' in card ? card.runner.r : null;
    if (shown) {
      const runner = await getRunner(event._id, shown);
      if (runner) setCard((c) => (c && 'runner' in c && c.runner.r === shown ? { ...c, runner } : c));
    }
  }, [event, card, refreshMarks]);

  // Back online: send the queue. While online with marks waiting: try again every 30 s.
  const runSyncRef = useRef(runSync);
  useEffect(() => {
    runSyncRef.current = runSync;
  });
  useEffect(() => {
    if (online && pending > 0) void runSyncRef.current();
  }, [online, pending > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!online || pending === 0) return;
    const timer = setInterval(() => void runSyncRef.current(), 30_000);
    return () => clearInterval(timer);
  }, [online, pending]);

  async function downloadList(full: boolean) {
    setDownload({ phase: 'download' });
    try {
      const list = await fetchCheckinList(event?._id ?? eventKey, full ? undefined : event?.cursor);
      deskSession.reset();
      setDownload({ phase: 'store', stored: 0, total: list.rows.length });
      const header = await storeCheckinList(list, (stored, total) => setDownload({ phase: 'store', stored, total }));
      setEvent(header);
      await refreshMarks(header._id);
      setDownload({ phase: 'done', changed: list.rows.length, full: list.full });
    } catch (error) {
      setDownload({ phase: 'error', message: failure(error, 'Unduhan') });
    }
  }

  /**
   * The changes since the last download, quietly (no progress shown): when the desk opens online,
   * every two minutes while online, and before a scan the device does not know is declared unknown.
   * Errors stay quiet too: 'Perbarui data' reports them.
   */
  const quietRefresh = useCallback(async (minAgeMs = 0): Promise<DeskEvent | null> => {
    if (!event || !navigator.onLine || Date.now() - event.refreshedAt < minAgeMs) return null;
    try {
      const list = await fetchCheckinList(event._id, event.cursor);
      const header = await storeCheckinList(list);
      setEvent(header);
      return header;
    } catch {
      return null;
    }
  }, [event]);
  const quietRefreshRef = useRef(quietRefresh);
  useEffect(() => {
    quietRefreshRef.current = quietRefresh;
  });
  const eventRef = event?._id;
  useEffect(() => {
    if (!online || !eventRef) return;
    void quietRefreshRef.current(60_000);
    const timer = setInterval(() => void quietRefreshRef.current(60_000), 120_000);
    return () => clearInterval(timer);
  }, [online, eventRef]);

  async function lookup(raw: string) {
    if (!event) return;
    const scanned = raw.trim();
    if (!scanned) {
      setInputError('Masukkan nilai QR code.');
      inputRef.current?.focus();
      return;
    }
    setInputError(null);
    setValue('');
    const started = performance.now();
    let runner = await findRunner(event._id, scanned);
    // Registered or paid after the download? Online, the changes may hold them.
    if (!runner && navigator.onLine && (await quietRefresh())) runner = await findRunner(event._id, scanned);
    const lookupMs = performance.now() - started;
    seq.current += 1;
    const timing = { seq: seq.current, startedAt: started };
    setCard(runner ? { runner, lookupMs, justCollected: false, ...timing } : { notFound: scanned, ...timing });
    if (mode === 'scanner') inputRef.current?.focus();
  }

  async function collect() {
    if (!event || !device || !card || !('runner' in card)) return;
    setCollecting(true);
    const startedAt = performance.now();
    try {
      const runner = await markCollected(event._id, card.runner.r, device);
      if (runner) setCard({ ...card, runner, justCollected: true, startedAt });
      await refreshMarks(event._id);
    } finally {
      setCollecting(false);
      inputRef.current?.focus();
    }
    if (navigator.onLine) void runSync();
  }

  const shownMark = card && 'runner' in card ? [...recent].find((m) => m.registrationId === card.runner.r) : undefined;
  const warning = shownMark?.state === 'already_collected' ? (shownMark.message ?? null) : null;
  const busy = download.phase === 'download' || download.phase === 'store';

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-2xl items-center gap-2 px-3 py-2">
          <Link to="/desk" className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100" aria-label="Daftar event di perangkat">
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <LogoMark className="size-7 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-brand-700">Meja Racepack</p>
            <h1 className="truncate text-base font-bold text-slate-900">{event?.name ?? title ?? (event === null ? 'Event belum diunduh' : 'Memuat…')}</h1>
          </div>
          <ConnectionPill online={online} />
        </div>
      </header>

      <main className="mx-auto max-w-2xl space-y-3 px-3 py-3">
        {storageError && <Alert tone="error">{storageError}</Alert>}
        {event === undefined && !storageError && (
          <div className="flex justify-center py-16 text-brand-600">
            <Spinner className="size-8" label="Memuat data perangkat..." />
          </div>
        )}

        {event === null && !storageError && (
          <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="no-list">
            <h2 id="no-list" className="text-lg font-bold text-slate-900">
              Data pelari belum ada di perangkat ini
            </h2>
            <p className="text-sm text-slate-700">
              Unduh daftar pelari sekali saat ada internet. Setelah itu pemindaian dan tanda racepack berjalan tanpa koneksi, lalu
              tersinkron otomatis saat online lagi. Yang diunduh hanya nama, nama BIB, kategori, ukuran kaos dan status.
            </p>
            {online ? (
              <Button size="lg" className="h-14 w-full text-base" loading={busy} onClick={() => void downloadList(true)}>
                {!busy && <CloudDownload className="size-5" aria-hidden="true" />}
                Unduh data untuk offline
              </Button>
            ) : (
              <Alert tone="error">Tidak ada koneksi. Sambungkan perangkat ke internet untuk mengunduh data pelari event ini.</Alert>
            )}
            <DownloadProgress download={download} />
          </section>
        )}

        {event && (
          <>
            <section aria-label="Status data" className="space-y-2 rounded-2xl bg-white p-3 shadow-sm">
              <div className="flex items-center justify-between gap-2">
                <p className="min-w-0 text-sm text-slate-700" data-testid="desk-count">
                  <span className="font-bold text-slate-900">{event.count.toLocaleString('id-ID')} pelari</span> di perangkat · diperbarui{' '}
                  {since(event.refreshedAt, event.timezone)}
                </p>
                <Button variant="outline" size="sm" className="shrink-0" disabled={!online} loading={busy} onClick={() => void downloadList(false)} aria-label="Perbarui data">
                  {!busy && <RefreshCw className="size-4" aria-hidden="true" />}
                  <span className="max-sm:sr-only">Perbarui data</span>
                </Button>
              </div>
              <DownloadProgress download={download} />
              <div
                className={cn(
                  'flex items-center justify-between gap-2 rounded-xl px-3 py-1.5',
                  pending > 0 ? 'bg-amber-50 text-amber-900' : 'bg-green-50 text-green-800',
                )}
              >
                <p className="min-w-0 text-sm font-semibold" data-testid="desk-pending" aria-live="polite">
                  {pending > 0 ? `${pending.toLocaleString('id-ID')} belum tersinkron` : 'Semua tanda sudah tersinkron'}
                </p>
                <Button variant="outline" size="sm" className="shrink-0" disabled={!online || pending === 0} loading={sync.running} onClick={() => void runSync()}>
                  {!sync.running && <RefreshCw className="size-4" aria-hidden="true" />}
                  Sinkronkan
                </Button>
              </div>
              {!online && pending > 0 && <p className="text-xs text-slate-600">Tersinkron otomatis saat perangkat online lagi.</p>}
              {sync.error && <Alert tone="error">{sync.error}</Alert>}
              {sync.warnings > 0 && (
                <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
                  {sync.warnings} racepack ternyata sudah diambil di tempat lain. Lihat tanda di bawah.
                </p>
              )}
            </section>

            <section aria-label="Pindai QR" className="space-y-3 rounded-2xl bg-white p-3 shadow-sm">
              <div role="group" aria-label="Cara memindai" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
                {(['scanner', 'camera'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mode === m}
                    onClick={() => setMode(m)}
                    className={cn(
                      'flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
                      mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
                    )}
                  >
                    {m === 'scanner' ? <Keyboard className="size-4" aria-hidden="true" /> : <Camera className="size-4" aria-hidden="true" />}
                    {m === 'scanner' ? 'Input Scanner' : 'Kamera'}
                  </button>
                ))}
              </div>
              {mode === 'scanner' ? (
                <ScannerField
                  ref={inputRef}
                  size="lg"
                  value={value}
                  onValueChange={(next) => {
                    setValue(next);
                    if (inputError) setInputError(null);
                  }}
                  onScan={(scanned) => void lookup(scanned)}
                  error={inputError}
                  placeholder="Pindai QR / ketik ID"
                />
              ) : (
                <Suspense
                  fallback={
                    <div className="flex aspect-square w-full items-center justify-center rounded-xl bg-slate-950 text-white">
                      <Spinner className="size-7" label="Memuat kamera..." />
                    </div>
                  }
                >
                  <CameraScanner scanning onScan={(scanned) => void lookup(scanned)} className="mx-auto max-w-md" />
                </Suspense>
              )}
            </section>

            {card && 'notFound' in card && (
              <Alert tone="error">
                <p>Pelari tidak ditemukan di data perangkat ini.</p>
                <p className="mt-0.5 font-mono text-xs break-all opacity-80">Kode: {card.notFound}</p>
                <p className="mt-1">Jika pelari baru terdaftar, tekan 'Perbarui data' saat online.</p>
              </Alert>
            )}
            {card && 'runner' in card && (
              <RacepackCard
                name={card.runner.name}
                registrationId={card.runner.r}
                bib={card.runner.bib}
                category={card.runner.category}
                size={card.runner.size}
                status={card.runner.status}
                takenNote={takenNote(card.runner, event.timezone, device)}
                justCollected={card.justCollected}
                warning={warning}
                collecting={collecting}
                onCollect={() => void collect()}
                footnote={
                  shownMark?.state === 'queued'
                    ? 'Tersimpan di perangkat, menunggu sinkronisasi.'
                    : shownMark?.state === 'collected'
                      ? 'Tersinkron ke server.'
                      : null
                }
                dataAttributes={{
                  'data-lookup-ms': card.lookupMs.toFixed(1),
                  'data-scan-seq': String(card.seq),
                  ...(answeredMs?.seq === card.seq ? { 'data-answered-ms': answeredMs.ms.toFixed(1), 'data-answer': String(answeredMs.n) } : {}),
                }}
              />
            )}

            {recent.length > 0 && (
              <section aria-labelledby="recent-marks" className="rounded-2xl bg-white p-3 shadow-sm">
                <h2 id="recent-marks" className="mb-2 text-sm font-bold text-slate-900">
                  Tanda di perangkat ini
                </h2>
                <ul className="divide-y divide-slate-100" data-testid="desk-marks">
                  {recent.map((m) => (
                    <li key={m.id} className="flex items-start justify-between gap-3 py-2 text-sm" data-testid="desk-mark">
                      <div className="min-w-0">
                        <p className="truncate font-semibold text-slate-900">{m.name ?? m.registrationId}</p>
                        <p className="text-xs text-slate-600">
                          {clock(Date.parse(m.scannedAt), event.timezone)}
                          {m.state === 'already_collected' || m.state === 'refused' || m.state === 'not_found' ? ` · ${m.message}` : ''}
                        </p>
                      </div>
                      <MarkState state={m.state} />
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <section aria-labelledby="device-settings" className="space-y-3 rounded-2xl bg-white p-3 shadow-sm">
              <h2 id="device-settings" className="text-sm font-bold text-slate-900">
                Perangkat ini
              </h2>
              {device && <DeviceName device={device} onSaved={setDevice} />}
              <p className="text-xs text-slate-600">
                {shell === 'ready'
                  ? 'Meja Racepack tersimpan di perangkat: halaman ini tetap terbuka tanpa internet.'
                  : shell === 'installing'
                    ? 'Menyimpan Meja Racepack di perangkat…'
                    : 'Peramban ini tidak dapat menyimpan halaman untuk offline; biarkan halaman ini tetap terbuka.'}{' '}
                Data pelari terhapus otomatis 7 hari setelah diunduh, atau saat keluar dari akun.
              </p>
              <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setConfirmForget(true)}>
                <Trash2 className="size-4" aria-hidden="true" />
                Hapus data event ini dari perangkat
              </Button>
            </section>

            <Dialog
              open={confirmForget}
              onOpenChange={setConfirmForget}
              size="sm"
              title="Hapus data dari perangkat?"
              description={
                pending > 0
                  ? `${pending} tanda racepack belum tersinkron. Tanda itu tetap disimpan dan dikirim saat online; hanya daftar pelari yang dihapus.`
                  : 'Daftar pelari event ini dihapus dari perangkat. Anda dapat mengunduhnya lagi saat online.'
              }
              footer={
                <>
                  <Button variant="outline" onClick={() => setConfirmForget(false)}>
                    Batal
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => {
                      void forgetEvent(event._id).then(() => {
                        setConfirmForget(false);
                        setCard(null);
                        setEvent(null);
                      });
                    }}
                  >
                    Hapus
                  </Button>
                </>
              }
            />
          </>
        )}
      </main>
    </div>
  );
}

function ConnectionPill({ online }: { online: boolean }) {
  return (
    <span
      data-testid="desk-connection"
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold',
        online ? 'bg-green-100 text-green-800' : 'bg-slate-800 text-white',
      )}
    >
      {online ? <Wifi className="size-3.5" aria-hidden="true" /> : <WifiOff className="size-3.5" aria-hidden="true" />}
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

function DownloadProgress({ download }: { download: Download }) {
  if (download.phase === 'idle') return null;
  if (download.phase === 'error') return <Alert tone="error">{download.message}</Alert>;
  if (download.phase === 'done') {
    return (
      <p role="status" className="text-sm font-semibold text-green-800">
        {download.full ? `Data ${download.changed.toLocaleString('id-ID')} pelari tersimpan di perangkat.` : `${download.changed.toLocaleString('id-ID')} perubahan diterapkan.`}
      </p>
    );
  }
  const stored = download.phase === 'store' ? download.stored : 0;
  const total = download.phase === 'store' ? download.total : 0;
  return (
    <div className="space-y-1" role="status">
      <p className="text-sm text-slate-700">
        {download.phase === 'download' ? 'Mengunduh data pelari…' : `Menyimpan ${stored.toLocaleString('id-ID')} dari ${total.toLocaleString('id-ID')} pelari…`}
      </p>
      <div
        role="progressbar"
        aria-label="Kemajuan unduhan"
        aria-valuemin={0}
        aria-valuemax={total || 1}
        aria-valuenow={stored}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn('h-full bg-brand-600 transition-[width]', download.phase === 'download' && 'w-1/4 animate-pulse')} style={download.phase === 'store' ? { width: `${total ? (stored / total) * 100 : 100}%` } : undefined} />
      </div>
    </div>
  );
}

const markLabels: Record<DeskMark['state'], { text: string; tone: string }> = {
  queued: { text: 'Belum tersinkron', tone: 'bg-amber-100 text-amber-900' },
  collected: { text: 'Tersinkron', tone: 'bg-green-100 text-green-800' },
  already_collected: { text: 'Sudah diambil di tempat lain', tone: 'bg-amber-200 text-amber-950' },
  refused: { text: 'Ditolak server', tone: 'bg-red-100 text-red-800' },
  not_found: { text: 'Tidak ditemukan', tone: 'bg-red-100 text-red-800' },
};

function MarkState({ state }: { state: DeskMark['state'] }) {
  const label = markLabels[state];
  return <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', label.tone)}>{label.text}</span>;
}

function DeviceName({ device, onSaved }: { device: DeskDevice; onSaved(device: DeskDevice): void }) {
  const [name, setName] = useState(device.name);
  const [saved, setSaved] = useState(false);
  const id = useId();
  return (
    <form
      className="space-y-1"
      onSubmit={(e) => {
        e.preventDefault();
        void setDeviceName(name).then(() => {
          onSaved({ ...device, name: name.trim().slice(0, 40) });
          setSaved(true);
        });
      }}
    >
      <label htmlFor={id} className="text-xs font-semibold text-slate-700">
        Nama perangkat (tampil di peringatan meja lain)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={name}
          maxLength={40}
          onChange={(e) => {
            setName(e.target.value);
            setSaved(false);
          }}
          placeholder={`Mis. Meja 1 (ID ${device.id})`}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="submit" variant="outline" size="md">
          Simpan
        </Button>
      </div>
      {saved && (
        <p role="status" className="text-xs text-green-800">
          Nama perangkat disimpan.
        </p>
      )}
    </form>
  );
}
