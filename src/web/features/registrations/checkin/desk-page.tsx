import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
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
  storeCheckinList,
  type DeskDevice,
  type DeskEvent,
} from './desk-db';
import { useDeskInstall } from './desk-install';
import { failure, markFootnote, marksSummary, shownMarkOf, takenNote, type CardState, type Download, type RecentMark } from './desk-model';
import { ConnectionPill, DataStatusSection, DeviceSection, NoListSection, RecentMarksSection, ScanSection, type ScanMode, type SyncState } from './desk-sections';
import { syncQueuedMarks, undoDeskMark } from './desk-sync';
import { RacepackCard } from './racepack-card';

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
  const [sync, setSync] = useState<SyncState>({ running: false, error: null, at: null, warnings: 0 });
  const [card, setCard] = useState<CardState | null>(null);
  const [mode, setMode] = useState<ScanMode>('scanner');
  const [value, setValue] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [collecting, setCollecting] = useState(false);
  const [undo, setUndo] = useState<{ running: boolean; error: string | null }>({ running: false, error: null });
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
    const { pending, last } = marksSummary(await marksOf(eventRef));
    setPending(pending);
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
      setSync((s) => ({ ...s, running: false, error: failure(error, 'Sinkronisasi', deskSession.ended) }));
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
      setDownload({ phase: 'error', message: failure(error, 'Unduhan', deskSession.ended) });
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
    setUndo({ running: false, error: null });
    if (mode === 'scanner') inputRef.current?.focus();
  }

  async function collect() {
    if (!event || !device || !card || !('runner' in card)) return;
    setCollecting(true);
    const startedAt = performance.now();
    try {
      const runner = await markCollected(event._id, card.runner.r, device);
      if (runner) setCard({ ...card, runner, justCollected: true, justUndone: false, startedAt });
      await refreshMarks(event._id);
    } finally {
      setCollecting(false);
      inputRef.current?.focus();
    }
    if (navigator.onLine) void runSync();
  }

  /** 'Urungkan' (issue 28 §6): a queued mark is dropped; a synced one is taken back by the server. */
  async function takeBack() {
    if (!event || !card || !('runner' in card)) return;
    setUndo({ running: true, error: null });
    try {
      const runner = await undoDeskMark(event._id, card.runner.r, navigator.onLine);
      if (runner) setCard({ ...card, runner, justCollected: false, justUndone: true });
      setUndo({ running: false, error: null });
    } catch (error) {
      setUndo({ running: false, error: failure(error, 'Urungkan', deskSession.ended) });
    }
    await refreshMarks(event._id);
    inputRef.current?.focus();
  }

  const shownMark = shownMarkOf(card, recent);
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
          <NoListSection online={online} busy={busy} download={download} onDownload={() => void downloadList(true)} />
        )}

        {event && (
          <>
            <DataStatusSection
              event={event}
              online={online}
              busy={busy}
              download={download}
              pending={pending}
              sync={sync}
              onRefresh={() => void downloadList(false)}
              onSync={() => void runSync()}
            />

            <ScanSection
              mode={mode}
              onMode={setMode}
              inputRef={inputRef}
              value={value}
              onValueChange={(next) => {
                setValue(next);
                if (inputError) setInputError(null);
              }}
              error={inputError}
              onScan={(scanned) => void lookup(scanned)}
            />

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
                bibNumber={card.runner.bibNumber ?? null}
                category={card.runner.category}
                size={card.runner.size}
                status={card.runner.status}
                takenNote={takenNote(card.runner, event.timezone, device)}
                justCollected={card.justCollected}
                warning={warning}
                collecting={collecting}
                onCollect={() => void collect()}
                onUndo={() => void takeBack()}
                undoing={undo.running}
                justUndone={card.justUndone}
                error={undo.error}
                footnote={markFootnote(shownMark)}
                dataAttributes={{
                  'data-lookup-ms': card.lookupMs.toFixed(1),
                  'data-scan-seq': String(card.seq),
                  ...(answeredMs?.seq === card.seq ? { 'data-answered-ms': answeredMs.ms.toFixed(1), 'data-answer': String(answeredMs.n) } : {}),
                }}
              />
            )}

            {recent.length > 0 && <RecentMarksSection recent={recent} timeZone={event.timezone} />}

            <DeviceSection device={device} onDeviceSaved={setDevice} shell={shell} onForget={() => setConfirmForget(true)} />

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
