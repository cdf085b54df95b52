import { useEffect, useRef, useState } from 'react';
import type { RegistrationPayloadInput } from '../../../../domain/registrations/registration-form';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';

/** A registration to send again at `dueAt` (ms since epoch). */
export interface PendingRetry {
  payload: RegistrationPayloadInput;
  dueAt: number;
  /** The server said it is busy (503 REGISTRATION_BUSY) rather than not answering. */
  busy: boolean;
}

export const retryMessages = {
  busy: 'Pendaftaran sedang ramai. Halaman akan mencoba lagi otomatis dalam beberapa detik.',
  unreachable: 'Server belum dapat dijangkau. Halaman akan mencoba lagi otomatis dalam beberapa detik.',
  kept: 'Data yang Anda isi tetap tersimpan.',
  countdown: (seconds: number) => `Mencoba lagi dalam ${seconds} detik…`,
} as const;

/**
 * The calm notice of an automatic retry (decision 018): a countdown, 'Coba sekarang' and 'Batal'.
 * Calls `onRetry` once when the countdown ends.
 */
export function RetryNotice({ retry, onRetry, onCancel }: { retry: PendingRetry; onRetry: () => void; onCancel: () => void }) {
  const secondsLeft = () => Math.max(0, Math.ceil((retry.dueAt - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(secondsLeft);
  const latest = useRef(onRetry);
  latest.current = onRetry;

  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsLeft()), 250);
    const fire = setTimeout(() => latest.current(), Math.max(0, retry.dueAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(fire);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one countdown per retry
  }, [retry]);

  return (
    <Alert tone="info" title={retry.busy ? retryMessages.busy : retryMessages.unreachable}>
      <p>
        {/* The title already says it retries by itself; a number read out every second would only be noise. */}
        <span aria-hidden="true">{retryMessages.countdown(Math.max(seconds, 1))}</span> {retryMessages.kept}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onRetry}>
          Coba sekarang
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Batal
        </Button>
      </div>
    </Alert>
  );
}
