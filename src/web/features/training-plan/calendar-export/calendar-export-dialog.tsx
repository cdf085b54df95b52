import { Check, Copy, Download, ExternalLink, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import type { CreatedFeed } from '../../../../domain/training-plan/contract';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Input } from '../../../components/input';
import { LoadingMessage, RetryButton } from '../../../components/query-state';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import {
  EXPORT_FILENAME,
  EXPORT_PATH,
  googleCalendarUrl,
  useCreateFeed,
  useDownloadIcs,
  useFeedStatus,
  useRevokeFeed,
} from './calendar-feed-api';

export interface CalendarExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const EXPORT_DIALOG_TITLE = 'Ekspor ke Google Calendar';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback);

/**
 * 'Ekspor ke Google Calendar': a private feed URL to subscribe to (kept up to date by Google) and a
 * one-off .ics download of the upcoming runs.
 */
export function CalendarExportDialog({ open, onOpenChange }: CalendarExportDialogProps) {
  const ids = useId();
  const toast = useToast();
  const status = useFeedStatus(open);
  const createFeed = useCreateFeed();
  const revokeFeed = useRevokeFeed();
  const download = useDownloadIcs();
  // The URL exists only in the POST answer: keep it while this screen lives.
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [copied, setCopied] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const makeFeed = () => {
    setActionError(null);
    createFeed.mutate(undefined, {
      onSuccess: (feed) => {
        setCreated(feed);
        setConfirm(null);
        setCopied(false);
        toast('Tautan kalender dibuat.', 'success');
      },
      onError: (error) => {
        setConfirm(null);
        setActionError(errorText(error, 'Gagal membuat tautan kalender. Silakan coba lagi.'));
      },
    });
  };

  const revoke = () => {
    setActionError(null);
    revokeFeed.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setConfirm(null);
        toast('Tautan kalender dicabut.', 'success');
      },
      onError: (error) => {
        setConfirm(null);
        setActionError(errorText(error, 'Gagal mencabut tautan kalender. Silakan coba lagi.'));
      },
    });
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
      toast('Tautan disalin.', 'success');
    } catch {
      // No clipboard access (http, old browser, denied): select the text so the runner can copy it.
      urlRef.current?.focus();
      urlRef.current?.select();
      toast('Tautan sudah dipilih: salin dengan Ctrl+C (atau tahan lalu pilih Salin).', 'info');
    }
  };

  const startDownload = () => {
    download.mutate(undefined, {
      onError: () => toast('Gagal mengunduh berkas .ics. Silakan coba lagi.', 'error'),
    });
  };

  const active = status.data?.active ?? false;
  const activeSince = status.data?.createdAt ?? created?.createdAt ?? null;

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={EXPORT_DIALOG_TITLE}
        description="Tampilkan jadwal latihan Derap di kalender Google Anda. Pilih salah satu cara di bawah."
      >
        <div className="space-y-5">
          <section aria-labelledby={`${ids}-feed`} className="space-y-3">
            <div>
              <h3 id={`${ids}-feed`} className="flex items-center gap-2 font-bold text-slate-900">
                <RefreshCw className="size-4 text-brand-600" aria-hidden="true" />
                Langganan otomatis (disarankan)
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                Buat tautan kalender pribadi lalu tambahkan ke Google Calendar. Perubahan jadwal di Derap ikut muncul di Google Calendar
                secara otomatis (Google memperbaruinya setiap beberapa jam). Latihan 30 hari terakhir juga ditampilkan.
              </p>
            </div>

            {status.isPending ? (
              <LoadingMessage variant="inline">Memuat status tautan kalender...</LoadingMessage>
            ) : status.isError ? (
              <Alert tone="error" title="Gagal memuat status tautan kalender.">
                <RetryButton className="mt-1" onRetry={() => void status.refetch()} loading={status.isFetching} />
              </Alert>
            ) : (
              <>
                {created && active && (
                  <div className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-3">
                    <label htmlFor={`${ids}-url`} className="text-sm font-semibold text-slate-900">
                      Tautan kalender pribadi
                    </label>
                    <div className="flex gap-2">
                      <Input
                        ref={urlRef}
                        id={`${ids}-url`}
                        readOnly
                        value={created.url}
                        onFocus={(event) => event.currentTarget.select()}
                        className="min-w-0 flex-1 font-mono text-xs"
                        aria-describedby={`${ids}-url-hint`}
                      />
                      <Button variant="outline" className="h-11 shrink-0" onClick={() => void copy()}>
                        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
                        {copied ? 'Tersalin' : 'Salin'}
                      </Button>
                    </div>
                    <p id={`${ids}-url-hint`} className="text-xs text-slate-700">
                      Simpan tautan ini sekarang: demi keamanan tautan hanya ditampilkan sekali. Siapa pun yang memiliki tautan ini dapat
                      melihat jadwal latihan Anda.
                    </p>
                    <a
                      href={googleCalendarUrl(created.webcalUrl)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      Buka di Google Calendar
                      <span className="sr-only">(membuka tab baru)</span>
                    </a>
                  </div>
                )}

                {active ? (
                  <div className="space-y-3 rounded-xl border border-slate-200 p-3">
                    <p className="flex items-start gap-2 text-sm text-slate-800">
                      <Link2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                      <span>
                        <strong className="font-semibold text-green-800">Tautan aktif</strong> sejak {formatJakartaDate(activeSince)}.
                      </span>
                    </p>
                    {!created && (
                      <p className="text-sm text-slate-600">
                        Tautan hanya ditampilkan sekali saat dibuat. Jika tautan hilang, buat tautan baru; tautan lama akan berhenti bekerja.
                      </p>
                    )}
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => setConfirm('rotate')} aria-haspopup="dialog">
                        <RefreshCw className="size-4" aria-hidden="true" /> Buat tautan baru
                      </Button>
                      <Button variant="ghost" size="sm" className="text-red-700! hover:bg-red-50!" onClick={() => setConfirm('revoke')} aria-haspopup="dialog">
                        <Unlink className="size-4" aria-hidden="true" /> Cabut tautan
                      </Button>
                    </div>
                  </div>
                ) : (
                  <div className="space-y-2">
                    <p className="text-sm text-slate-600">Belum ada tautan kalender yang aktif.</p>
                    <Button onClick={makeFeed} loading={createFeed.isPending} className="w-full sm:w-auto">
                      <Link2 className="size-4" aria-hidden="true" /> Buat tautan kalender
                    </Button>
                  </div>
                )}
              </>
            )}

            {actionError && <Alert tone="error">{actionError}</Alert>}
          </section>

          <section aria-labelledby={`${ids}-file`} className="space-y-3 border-t border-slate-100 pt-4">
            <div>
              <h3 id={`${ids}-file`} className="flex items-center gap-2 font-bold text-slate-900">
                <Download className="size-4 text-brand-600" aria-hidden="true" />
                Unduh sekali (.ics)
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                Unduh berkas berisi latihan mendatang (mulai hari ini), lalu impor di Google Calendar lewat Setelan &rsaquo; Impor &amp;
                ekspor. Berkas ini tidak ikut diperbarui jika jadwal berubah.
              </p>
            </div>
            <a
              href={EXPORT_PATH}
              download={EXPORT_FILENAME}
              onClick={(event) => {
                event.preventDefault();
                if (!download.isPending) startDownload();
              }}
              aria-busy={download.isPending || undefined}
              className={buttonClass('outline', 'md', 'w-full sm:w-auto')}
            >
              {download.isPending ? <Spinner className="size-4" label="" /> : <Download className="size-4" aria-hidden="true" />}
              Unduh .ics
            </a>
          </section>
        </div>
      </Dialog>

      <Dialog
        open={confirm === 'rotate'}
        onOpenChange={(next) => !next && !createFeed.isPending && setConfirm(null)}
        size="sm"
        title="Buat tautan baru?"
        description="Tautan lama akan berhenti bekerja: kalender yang berlangganan dengan tautan lama tidak diperbarui lagi. Tambahkan tautan baru ke Google Calendar setelahnya."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirm(null)} disabled={createFeed.isPending}>
              Batal
            </Button>
            <Button onClick={makeFeed} loading={createFeed.isPending}>
              Ya, buat tautan baru
            </Button>
          </>
        }
      />

      <Dialog
        open={confirm === 'revoke'}
        onOpenChange={(next) => !next && !revokeFeed.isPending && setConfirm(null)}
        size="sm"
        title="Cabut tautan kalender?"
        description="Tautan akan berhenti bekerja dan Google Calendar tidak lagi menerima jadwal terbaru Anda. Anda bisa membuat tautan baru kapan saja."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirm(null)} disabled={revokeFeed.isPending}>
              Batal
            </Button>
            <Button variant="danger" onClick={revoke} loading={revokeFeed.isPending}>
              Ya, cabut tautan
            </Button>
          </>
        }
      />
    </>
  );
}
