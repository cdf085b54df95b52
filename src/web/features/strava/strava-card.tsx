import { CalendarClock, Crown, Link2, Link2Off, RefreshCw, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { StravaStatus } from '../../../domain/strava/contract';
import { MANUAL_SYNC_DAYS, stravaMessages } from '../../../domain/strava/strava';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { ErrorRetry, LoadingMessage } from '../../components/query-state';
import { SectionCard } from '../../components/section-card';
import { useToast } from '../../components/toast';
import { formatStravaInstant } from './strava-format';
import { startStravaConnect, useRefreshSyncedData, useStravaDisconnect, useStravaStatus, useStravaSync } from './strava-api';

/** After 'Sinkronkan sekarang' the status is read every few seconds until the sync has run (or a minute passes). */
const SYNC_POLL_MS = 3000;
const SYNC_WATCH_MS = 60_000;

export const STATUS_LOAD_FAILED = 'Gagal memuat status Strava.';
export const DISCONNECT_TITLE = 'Putuskan Strava?';

/** Strava's orange, darkened just enough for white text to read (4.6:1). */
const stravaButton = 'bg-[#d63f02] text-white hover:bg-[#b93a00] disabled:bg-[#fc4c02]/40 disabled:text-white';

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}

export interface StravaCardProps {
  /** 'Lihat di Kalender' beside the count of synced runs waiting to be kept (the app layer switches views). */
  onShowUnplanned?: () => void;
  /** 'Lihat Paket' beside the note that automatic sync is premium. */
  onShowPlans?: () => void;
}

/**
 * The Strava card of Pengaturan Profil (spec §2 "Strava connect/reconnect/disconnect"): connect,
 * or, once connected, the athlete, the last sync, 'Sinkronkan sekarang', 'Hubungkan Ulang' and
 * 'Putuskan Strava' behind a confirmation that says what is deleted.
 */
export function StravaCard({ onShowUnplanned, onShowPlans }: StravaCardProps) {
  // While a sync started here runs, the status is polled so the last sync time (and the calendar) catch up.
  const [watch, setWatch] = useState<{ since: string | null; until: number } | null>(null);
  const status = useStravaStatus({ refetchInterval: watch ? SYNC_POLL_MS : false });
  // The dialog lives here, not in the connected view: that view goes away the moment the link does.
  const [confirming, setConfirming] = useState(false);
  const [justDisconnected, setJustDisconnected] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const connected = status.data?.connected;

  // The button that opened the dialog is gone with the link: focus stays in the card.
  useEffect(() => {
    if (justDisconnected && connected === false) {
      setJustDisconnected(false);
      bodyRef.current?.focus();
    }
  }, [justDisconnected, connected]);

  return (
    <SectionCard iconStyle="plain" title="Strava" titleId="strava-panel-title" icon={Link2}>
      <div data-testid="strava-card" ref={bodyRef} tabIndex={-1} className="outline-none">
        {status.isPending ? (
          <LoadingMessage variant="inline">Memuat status Strava...</LoadingMessage>
        ) : status.isError ? (
          <ErrorRetry message={STATUS_LOAD_FAILED} onRetry={() => void status.refetch()} />
        ) : !status.data.connected ? (
          <NotConnected configured={status.data.configured} />
        ) : (
          <Connected
            status={status.data}
            watch={watch}
            setWatch={setWatch}
            onDisconnect={() => setConfirming(true)}
            onShowUnplanned={onShowUnplanned}
            onShowPlans={onShowPlans}
          />
        )}
      </div>
      <DisconnectDialog open={confirming} onOpenChange={setConfirming} onDisconnected={() => setJustDisconnected(true)} />
    </SectionCard>
  );
}

/**
 * The busy state of a button that leaves for Strava's consent page. Back from there the browser may
 * restore this page as it was (back/forward cache): the button is usable again then.
 */
function useLeavingForStrava() {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const leave = () => {
    setLeaving(true);
    startStravaConnect();
  };
  return [leaving, leave] as const;
}

function Intro({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

function NotConnected({ configured }: { configured: boolean }) {
  const noteId = useId();
  const [leaving, leave] = useLeavingForStrava();
  return (
    <>
      <Intro>Hubungkan Strava agar jarak, waktu dan detak jantung rata-rata dari setiap lari tercatat otomatis di kalender latihan Anda.</Intro>
      <p className="mt-3 text-sm">
        Status: <Badge tone="gray">Belum terhubung</Badge>
      </p>
      <div className="mt-4 flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <Button
          size="sm"
          className={cn('shrink-0', stravaButton)}
          disabled={!configured}
          loading={leaving}
          aria-describedby={configured ? undefined : noteId}
          onClick={leave}
        >
          <Link2 className="size-4" aria-hidden="true" /> Hubungkan Strava
        </Button>
        {!configured && (
          <span id={noteId} className="text-xs text-slate-600" data-testid="strava-not-configured">
            {stravaMessages.notConfigured}
          </span>
        )}
      </div>
    </>
  );
}

interface ConnectedProps extends StravaCardProps {
  status: StravaStatus;
  watch: { since: string | null; until: number } | null;
  setWatch: (watch: { since: string | null; until: number } | null) => void;
  onDisconnect: () => void;
}

function Connected({ status, watch, setWatch, onDisconnect, onShowUnplanned, onShowPlans }: ConnectedProps) {
  const sync = useStravaSync();
  const refreshSynced = useRefreshSyncedData();
  const [syncNote, setSyncNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [reconnecting, reconnect] = useLeavingForStrava();

  // The sync has run when the last sync time moves; stop polling then (or after a minute) and read what it filled.
  useEffect(() => {
    if (!watch) return;
    const done = status.lastSyncAt !== watch.since;
    if (done) {
      setWatch(null);
      void refreshSynced();
      return;
    }
    const left = watch.until - Date.now();
    const timer = window.setTimeout(() => setWatch(null), Math.max(0, left));
    return () => window.clearTimeout(timer);
  }, [watch, status.lastSyncAt, setWatch, refreshSynced]);

  const startSync = () => {
    setSyncNote(null);
    sync.mutate(undefined, {
      onSuccess: (res) => {
        setSyncNote({ tone: 'info', text: res.message || stravaMessages.syncStarted });
        setWatch({ since: status.lastSyncAt, until: Date.now() + SYNC_WATCH_MS });
      },
      onError: (error) => setSyncNote({ tone: 'error', text: errorText(error, 'Gagal memulai sinkronisasi. Silakan coba lagi.') }),
    });
  };

  return (
    <>
      <Intro>Akun Strava terhubung. Jarak, waktu dan detak jantung rata-rata dari lari Anda dibaca dari Strava.</Intro>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        <Row label="Status">
          <Badge tone="green">Terhubung</Badge>
        </Row>
        <Row label="ID atlet Strava">
          <span className="break-all" data-testid="strava-athlete">
            {status.athleteId ?? '-'}
          </span>
        </Row>
        <Row label="Terhubung sejak">{formatStravaInstant(status.connectedAt)}</Row>
        <Row label="Sinkronisasi terakhir">
          <span data-testid="strava-last-sync">{status.lastSyncAt ? formatStravaInstant(status.lastSyncAt) : 'Belum pernah'}</span>
        </Row>
      </dl>

      {!status.autoSync && (
        <div className="mt-3 rounded-xl bg-amber-50 px-3 py-2.5 text-xs text-amber-900" data-testid="strava-auto-sync-note">
          <p>
            <span className="font-semibold">Sinkronisasi otomatis adalah fitur Premium.</span> Tanpa Premium, tekan &lsquo;Sinkronkan sekarang&rsquo; untuk
            mengambil lari {MANUAL_SYNC_DAYS} hari terakhir.
          </p>
          {onShowPlans && (
            <Button variant="outline" size="sm" className="mt-2" onClick={onShowPlans} aria-haspopup="dialog">
              <Crown className="size-4" aria-hidden="true" /> Lihat Paket
            </Button>
          )}
        </div>
      )}

      {status.unplanned > 0 && (
        <div className="mt-3 flex flex-col items-start gap-2 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-semibold">{status.unplanned} lari dari Strava</span> menunggu disimpan atau dibuang di Kalender Latihan.
          </p>
          {onShowUnplanned && (
            <Button variant="outline" size="sm" className="shrink-0" onClick={onShowUnplanned}>
              <CalendarClock className="size-4" aria-hidden="true" /> Lihat di Kalender
            </Button>
          )}
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={startSync} loading={sync.isPending || watch !== null}>
          {!(sync.isPending || watch !== null) && <RotateCw className="size-4" aria-hidden="true" />}
          {sync.isPending || watch !== null ? 'Menyinkronkan...' : 'Sinkronkan sekarang'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={reconnecting}
          onClick={reconnect}
        >
          {!reconnecting && <RefreshCw className="size-4" aria-hidden="true" />} Hubungkan Ulang
        </Button>
        <Button variant="outline" size="sm" className="text-red-700" onClick={onDisconnect} aria-haspopup="dialog">
          <Link2Off className="size-4" aria-hidden="true" /> Putuskan Strava
        </Button>
      </div>
      {/* The server's answer to 'Sinkronkan sekarang', read out when it arrives. */}
      <div aria-live="polite" role="status" className="mt-3 empty:hidden" data-testid="strava-sync-message">
        {syncNote?.tone === 'info' && <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">{syncNote.text}</p>}
      </div>
      {syncNote?.tone === 'error' && (
        <Alert tone="error" className="mt-3">
          {syncNote.text}
        </Alert>
      )}
    </>
  );
}

function DisconnectDialog({ open, onOpenChange, onDisconnected }: { open: boolean; onOpenChange: (open: boolean) => void; onDisconnected: () => void }) {
  const disconnect = useStravaDisconnect();
  const toast = useToast();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = (next: boolean) => {
    if (disconnect.isPending) return;
    if (!next) disconnect.reset();
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="sm"
      title={DISCONNECT_TITLE}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={() => close(false)} disabled={disconnect.isPending}>
            Batal
          </Button>
          <Button
            variant="danger"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: (res) => {
                  disconnect.reset();
                  onOpenChange(false);
                  onDisconnected();
                  toast(res.message || stravaMessages.disconnected, 'success');
                },
              })
            }
          >
            Ya, Putuskan
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>Derap akan berhenti membaca aktivitas Strava Anda dan menghapus:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>token akses Strava Anda;</li>
          <li>data Strava yang disimpan Derap: aktivitas yang disinkronkan, lari dari Strava yang belum disimpan, dan hasil dari Strava yang belum Anda simpan ke log.</li>
        </ul>
        <p>Hasil latihan yang sudah Anda simpan ke log tetap ada. Anda dapat menghubungkan Strava lagi kapan saja.</p>
        {disconnect.isError && <Alert tone="error">{stravaMessages.disconnectFailed}</Alert>}
      </div>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}
