import type { Run } from '../../../domain/training-plan/contract';
import { cn } from '../../components/cn';

/**
 * Whether a run's result was filled by Strava and not kept yet (`source: 'strava'`). Such a result
 * is the runner's alone (Strava API agreement) until they press Simpan; coaches never receive it.
 */
export function isStravaResult(run: Run): boolean {
  return run.source === 'strava';
}

export const STRAVA_RESULT_NOTE =
  'Hasil ini diambil dari Strava dan hanya terlihat oleh Anda. Tekan Simpan untuk menyimpannya ke log latihan Anda; setelah itu pelatih Anda juga dapat melihatnya.';

/** The small 'Strava' label on a run whose result came from Strava. */
export function StravaLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex shrink-0 items-center rounded-full bg-orange-50 px-1.5 py-px text-[10px] leading-4 font-bold text-[#b93a00] ring-1 ring-orange-200', className)}
      data-testid="strava-label"
    >
      Strava
    </span>
  );
}
