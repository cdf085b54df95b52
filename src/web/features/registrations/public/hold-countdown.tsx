import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { zonedDateTime } from '../../../../domain/registrations/openness';
import { cn } from '../../../components/cn';

/** Holds shorter than this count down in mm:ss; longer ones show their deadline. */
const COUNTDOWN_LIMIT_MS = 100 * 60_000;
/** Moments a screen reader hears how much time is left (not every second). */
const ANNOUNCE_AT_MINUTES = [5, 1];

/** '14:59' — minutes may pass 59 for a hold of up to 99 minutes. */
export function formatHoldRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** What the live region says at `remaining` ms left, or null between the announced moments. */
export function holdAnnouncement(remaining: number, previous: number): string | null {
  if (remaining <= 0 && previous > 0) return 'Waktu pembayaran habis.';
  for (const minutes of ANNOUNCE_AT_MINUTES) {
    const at = minutes * 60_000;
    if (previous > at && remaining <= at) return `Sisa waktu pembayaran ${minutes} menit.`;
  }
  return null;
}

function useRemaining(expiresAt: string) {
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end - Date.now() <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return end - now;
}

/**
 * How long an unpaid registration still holds its slot (issue 8 item 1). The visible timer
 * (role=timer, not live) ticks every second; a separate polite live region speaks only at 5 and 1
 * minutes left and when the time is up.
 */
export function HoldCountdown({ expiresAt, className, onExpired }: { expiresAt: string; className?: string; onExpired?: () => void }) {
  const remaining = useRemaining(expiresAt);
  const [previous, setPrevious] = useState(remaining);
  const [announcement, setAnnouncement] = useState('');
  const expired = remaining <= 0;

  if (previous !== remaining) {
    const said = holdAnnouncement(remaining, previous);
    setPrevious(remaining);
    if (said) setAnnouncement(said);
  }

  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);

  const long = remaining > COUNTDOWN_LIMIT_MS;
  const deadline = zonedDateTime(new Date(expiresAt));
  return (
    <div className={cn('flex items-start gap-2 rounded-xl px-3 py-2 text-sm', expired ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900', className)}>
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {expired ? (
        <p>Waktu pembayaran habis. Slot Anda telah dilepas; silakan daftar ulang.</p>
      ) : long ? (
        <p>
          Slot Anda disimpan hingga {deadline.date} pukul {deadline.time} {deadline.offset}.
        </p>
      ) : (
        <p>
          Slot Anda disimpan selama{' '}
          <span role="timer" aria-live="off" className="font-mono text-base font-bold tabular-nums" data-testid="hold-countdown">
            {formatHoldRemaining(remaining)}
          </span>
          . Selesaikan pembayaran sebelum waktu habis.
        </p>
      )}
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
