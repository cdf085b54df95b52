/** The parts of the offline racepack desk (`desk-page.tsx` holds their state). */
import { Camera, Keyboard, RefreshCw, Trash2, Wifi, WifiOff, CloudDownload } from 'lucide-react';
import { lazy, Suspense, useId, useState, type Ref } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { Spinner } from '../../../components/spinner';
import { setDeviceName, type DeskDevice, type DeskEvent, type DeskMark } from './desk-db';
import type { useDeskInstall } from './desk-install';
import { clock, since, type Download, type RecentMark } from './desk-model';
import { ScannerField } from './scanner-field';

const CameraScanner = lazy(() => import('./camera-scanner').then((m) => ({ default: m.CameraScanner })));

export type ScanMode = 'scanner' | 'camera';

/** The last sync: running, its error, when it ended, and how many marks another desk had taken first. */
export interface SyncState {
  running: boolean;
  error: string | null;
  at: number | null;
  warnings: number;
}

/** No list on the device yet: what the desk does, and the download. */
export function NoListSection({ online, busy, download, onDownload }: { online: boolean; busy: boolean; download: Download; onDownload: () => void }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="no-list">
      <h2 id="no-list" className="text-lg font-bold text-slate-900">
        Data pelari belum ada di perangkat ini
      </h2>
      <p className="text-sm text-slate-700">
        Unduh daftar pelari sekali saat ada internet. Setelah itu pemindaian dan tanda racepack berjalan tanpa koneksi, lalu
        tersinkron otomatis saat online lagi. Yang diunduh hanya nama, nama BIB, kategori, ukuran kaos dan status.
      </p>
      {online ? (
        <Button size="lg" className="h-14 w-full text-base" loading={busy} onClick={onDownload}>
          {!busy && <CloudDownload className="size-5" aria-hidden="true" />}
          Unduh data untuk offline
        </Button>
      ) : (
        <Alert tone="error">Tidak ada koneksi. Sambungkan perangkat ke internet untuk mengunduh data pelari event ini.</Alert>
      )}
      <DownloadProgress download={download} />
    </section>
  );
}

/** How many runners the device holds, the marks still to send, and the buttons that refresh and sync. */
export function DataStatusSection({
  event,
  online,
  busy,
  download,
  pending,
  sync,
  onRefresh,
  onSync,
}: {
  event: DeskEvent;
  online: boolean;
  busy: boolean;
  download: Download;
  pending: number;
  sync: SyncState;
  onRefresh: () => void;
  onSync: () => void;
}) {
  return (
    <section aria-label="Status data" className="space-y-2 rounded-2xl bg-white p-3 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 text-sm text-slate-700" data-testid="desk-count">
          <span className="font-bold text-slate-900">{event.count.toLocaleString('id-ID')} pelari</span> di perangkat · diperbarui{' '}
          {since(event.refreshedAt, event.timezone)}
        </p>
        <Button variant="outline" size="sm" className="shrink-0" disabled={!online} loading={busy} onClick={onRefresh} aria-label="Perbarui data">
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
        <Button variant="outline" size="sm" className="shrink-0" disabled={!online || pending === 0} loading={sync.running} onClick={onSync}>
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
  );
}

/** 'Pindai QR': a scanner (or keyboard) field, or the camera. */
export function ScanSection({
  mode,
  onMode,
  inputRef,
  value,
  onValueChange,
  error,
  onScan,
}: {
  mode: ScanMode;
  onMode: (mode: ScanMode) => void;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
  onScan: (scanned: string) => void;
}) {
  return (
    <section aria-label="Pindai QR" className="space-y-3 rounded-2xl bg-white p-3 shadow-sm">
      <div role="group" aria-label="Cara memindai" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {(['scanner', 'camera'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => onMode(m)}
            className={cn(
              'flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
              mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
            )}
          >
            {m === 'scanner' ? <Keyboard className="size-4" aria-hidden="true" /> : <Camera className="size-4" aria-hidden="true" />}
            {m === 'scanner' ? 'Alat Pemindai' : 'Kamera'}
          </button>
        ))}
      </div>
      {mode === 'scanner' ? (
        <ScannerField
          ref={inputRef}
          size="lg"
          value={value}
          onValueChange={onValueChange}
          onScan={onScan}
          error={error}
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
          <CameraScanner scanning onScan={onScan} className="mx-auto max-w-md" />
        </Suspense>
      )}
    </section>
  );
}

/** The device's last marks, newest first, with where each stands. */
export function RecentMarksSection({ recent, timeZone }: { recent: readonly RecentMark[]; timeZone: string }) {
  return (
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
                {clock(Date.parse(m.scannedAt), timeZone)}
                {m.state === 'already_collected' || m.state === 'refused' || m.state === 'not_found' ? ` · ${m.message}` : ''}
              </p>
            </div>
            <MarkState state={m.state} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Perangkat ini': its name, whether the desk works offline, and forgetting the event's data. */
export function DeviceSection({
  device,
  onDeviceSaved,
  shell,
  onForget,
}: {
  device: DeskDevice | null;
  onDeviceSaved: (device: DeskDevice) => void;
  shell: ReturnType<typeof useDeskInstall>;
  onForget: () => void;
}) {
  return (
    <section aria-labelledby="device-settings" className="space-y-3 rounded-2xl bg-white p-3 shadow-sm">
      <h2 id="device-settings" className="text-sm font-bold text-slate-900">
        Perangkat ini
      </h2>
      {device && <DeviceName device={device} onSaved={onDeviceSaved} />}
      <p className="text-xs text-slate-600">
        {shell === 'ready'
          ? 'Meja Racepack tersimpan di perangkat: halaman ini tetap terbuka tanpa internet.'
          : shell === 'installing'
            ? 'Menyimpan Meja Racepack di perangkat…'
            : 'Peramban ini tidak dapat menyimpan halaman untuk offline; biarkan halaman ini tetap terbuka.'}{' '}
        Data pelari terhapus otomatis 7 hari setelah diunduh, atau saat keluar dari akun.
      </p>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={onForget}>
        <Trash2 className="size-4" aria-hidden="true" />
        Hapus data event ini dari perangkat
      </Button>
    </section>
  );
}

export function ConnectionPill({ online }: { online: boolean }) {
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

export function DownloadProgress({ download }: { download: Download }) {
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
  undone: { text: 'Diurungkan', tone: 'bg-slate-100 text-slate-700' },
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
