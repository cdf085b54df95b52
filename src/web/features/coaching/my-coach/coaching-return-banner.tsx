import { useEffect } from 'react';
import { FREESLOT } from '../../../../domain/coaching/coaching';
import type { MyCoach } from '../../../../domain/coaching/contract';
import { DismissibleAlert } from '../../../components/alert';
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

  const [tone, title] =
    outcome === 'failed'
      ? (['error', 'Pembayaran paket pelatih belum berhasil.'] as const)
      : outcome === 'pending'
        ? (['info', 'Pembayaran paket pelatih sedang diproses.'] as const)
        : (['success', 'Pembayaran paket pelatih berhasil!'] as const);

  return (
    <DismissibleAlert data-testid="coaching-return" className="mb-6" tone={tone} title={title} onDismiss={onDismiss} dismissLabel="Tutup pesan pembayaran">
      {outcome === 'failed' ? (
        'Tidak ada biaya yang dibebankan. Anda dapat mencoba lagi dari halaman pelatih.'
      ) : outcome === 'pending' ? (
        'Setelah pembayaran terkonfirmasi, pelatih Anda muncul di Pengaturan, bagian Pelatih Saya.'
      ) : coach ? (
        <>
          Anda sekarang dilatih oleh <strong className="font-semibold">{coach.coach.name}</strong> ({coach.packages}). Pelatih Anda dapat melihat profil dan
          menyusun jadwal latihan Anda; hubungan ini dapat Anda kelola di Pengaturan, bagian Pelatih Saya.
        </>
      ) : (
        'Pelatih Anda sedang kami hubungkan dan akan muncul di Pengaturan, bagian Pelatih Saya.'
      )}
    </DismissibleAlert>
  );
}
