import { X } from 'lucide-react';
import { useEffect } from 'react';
import { FREESLOT } from '../../../../domain/coaching/coaching';
import type { MyCoach } from '../../../../domain/coaching/contract';
import { Alert } from '../../../components/alert';
import { useMyCoaches } from './my-coach-api';
import type { CoachingReturn } from './coaching-return';

/** Re-asks for the coach while the webhook's connection is not there yet (a real gateway can lag). */
const RECHECK_MS = 2000;
const RECHECKS = 10;

/** The coach the runner just paid: the bought (not freeslot) connection that started last. */
export function newestBoughtCoach(coaches: readonly MyCoach[]): MyCoach | null {
  const bought = coaches.filter((c) => c.packages !== FREESLOT);
  return bought.reduce<MyCoach | null>((best, c) => (!best || (c.startDate ?? '') > (best.startDate ?? '') ? c : best), null);
}

/**
 * The message on the dashboard after a coach package checkout (events-and-coach-pages §4): paid
 * names the coach and the package, pending and failed say what happens next. Stays until closed,
 * unlike a toast, because it tells the runner who coaches them now.
 */
export function CoachingReturnBanner({ outcome, onDismiss }: { outcome: CoachingReturn; onDismiss: () => void }) {
  const coaches = useMyCoaches();
  const coach = coaches.data ? newestBoughtCoach(coaches.data) : null;
  const waiting = outcome === 'paid' && coaches.isSuccess && !coach;
  const { refetch } = coaches;

  useEffect(() => {
    if (!waiting) return;
    let left = RECHECKS;
    const timer = window.setInterval(() => {
      if (--left <= 0) window.clearInterval(timer);
      void refetch();
    }, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [waiting, refetch]);

  const body =
    outcome === 'failed' ? (
      <Alert className="pr-10" tone="error" title="Pembayaran paket pelatih belum berhasil.">
        Tidak ada biaya yang dibebankan. Anda dapat mencoba lagi dari halaman pelatih.
      </Alert>
    ) : outcome === 'pending' ? (
      <Alert className="pr-10" tone="info" title="Pembayaran paket pelatih sedang diproses.">
        Setelah pembayaran terkonfirmasi, pelatih Anda muncul di Pengaturan, bagian Pelatih Saya.
      </Alert>
    ) : (
      <Alert className="pr-10" tone="success" title="Pembayaran paket pelatih berhasil!">
        {coach ? (
          <>
            Anda sekarang dilatih oleh <strong className="font-semibold">{coach.coach.name}</strong> ({coach.packages}). Pelatih Anda dapat melihat profil
            dan menyusun jadwal latihan Anda; hubungan ini dapat Anda kelola di Pengaturan, bagian Pelatih Saya.
          </>
        ) : (
          'Pelatih Anda sedang kami hubungkan dan akan muncul di Pengaturan, bagian Pelatih Saya.'
        )}
      </Alert>
    );

  return (
    <div data-testid="coaching-return" className="relative mb-6">
      {body}
      <button
        type="button"
        onClick={onDismiss}
        className="absolute top-2 right-2 rounded-lg p-1.5 text-slate-500 hover:bg-black/5 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden="true" />
        <span className="sr-only">Tutup pesan pembayaran</span>
      </button>
    </div>
  );
}
