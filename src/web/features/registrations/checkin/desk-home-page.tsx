import { ArrowLeft, ChevronRight, Smartphone, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { zonedDateTime } from '../../../../domain/registrations/runner-export';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { cn } from '../../../components/cn';
import { LogoMark } from '../../../components/logo';
import { Spinner } from '../../../components/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { useOnline } from '../../../hooks/use-online';
import { useDeskEventChoices } from './desk-api';
import { deskEvents, purgeExpired, queuedMarks, type DeskEvent } from './desk-db';
import { useDeskInstall } from './desk-install';

const dateOf = (iso: string) => zonedDateTime(new Date(iso)).date;

/**
 * The desk's start page (the installed app opens here): the events whose runners are on this
 * device, and — online — the organizer's events to download.
 */
export function DeskHomePage() {
  useDocumentMeta('Meja Racepack', 'Pengambilan racepack tanpa internet: data pelari tersimpan di perangkat.');
  useDeskInstall();
  const online = useOnline();
  const [onDevice, setOnDevice] = useState<(DeskEvent & { pending: number })[] | null>(null);
  const choices = useDeskEventChoices(online);

  useEffect(() => {
    let alive = true;
    (async () => {
      await purgeExpired();
      const [events, queued] = await Promise.all([deskEvents(), queuedMarks()]);
      if (alive) setOnDevice(events.map((e) => ({ ...e, pending: queued.filter((m) => m.event === e._id).length })));
    })().catch(() => alive && setOnDevice([]));
    return () => {
      alive = false;
    };
  }, []);

  const stored = new Set(onDevice?.map((e) => e._id));
  const others = (choices.data ?? []).filter((e) => !stored.has(e._id));
  const signedOut = choices.error instanceof ApiError && (choices.error.status === 401 || choices.error.status === 403);

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center gap-2 px-3 py-2">
          <Link to="/dashboard" className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100" aria-label="Kembali ke dasbor">
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <LogoMark className="size-7 shrink-0" />
          <h1 className="min-w-0 flex-1 truncate text-base font-bold text-slate-900">Meja Racepack</h1>
          <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold', online ? 'bg-green-100 text-green-800' : 'bg-slate-800 text-white')}>
            {online ? <Wifi className="size-3.5" aria-hidden="true" /> : <WifiOff className="size-3.5" aria-hidden="true" />}
            {online ? 'Online' : 'Offline'}
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-4 px-3 py-4">
        <p className="text-sm text-slate-700">
          Pilih event. Setelah data pelari diunduh, pemindaian QR dan tanda racepack berjalan tanpa internet dan tersinkron saat online.
        </p>

        <section aria-labelledby="on-device" className="space-y-2">
          <h2 id="on-device" className="flex items-center gap-2 text-sm font-bold text-slate-900">
            <Smartphone className="size-4" aria-hidden="true" />
            Tersimpan di perangkat ini
          </h2>
          {onDevice === null ? (
            <Spinner className="size-6 text-brand-600" label="Memuat data perangkat..." />
          ) : onDevice.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm">Belum ada data event di perangkat ini.</p>
          ) : (
            <ul className="space-y-2">
              {onDevice.map((e) => (
                <li key={e._id}>
                  <EventLink to={`/desk/${e._id}`} name={e.name} note={`${e.count.toLocaleString('id-ID')} pelari${e.pending ? ` · ${e.pending} belum tersinkron` : ''}`} />
                </li>
              ))}
            </ul>
          )}
        </section>

        {online && (
          <section aria-labelledby="to-download" className="space-y-2">
            <h2 id="to-download" className="text-sm font-bold text-slate-900">
              Event Anda
            </h2>
            {choices.isPending && <Spinner className="size-6 text-brand-600" label="Memuat event..." />}
            {signedOut && (
              <Alert tone="error">
                Masuk sebagai penyelenggara untuk mengunduh data pelari.{' '}
                <Link to="/login" className="font-semibold underline">
                  Masuk
                </Link>
              </Alert>
            )}
            {choices.isError && !signedOut && <Alert tone="error">Gagal memuat daftar event. Coba lagi nanti.</Alert>}
            {choices.isSuccess && others.length === 0 && <p className="text-sm text-slate-600">Tidak ada event lain.</p>}
            <ul className="space-y-2">
              {others.map((e) => (
                <li key={e._id}>
                  <EventLink to={`/desk/${e._id}`} name={e.name} note={`${dateOf(e.eventDate)} · ${e.participants.toLocaleString('id-ID')} peserta terbayar`} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </div>
  );
}

function EventLink({ to, name, note }: { to: string; name: string; note: string }) {
  return (
    <Link to={to} state={{ name }} className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none">
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{name}</span>
        <span className="block text-xs text-slate-600">{note}</span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}
