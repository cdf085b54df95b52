import { CheckCircle2, CreditCard, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatRupiah } from '../../../domain/shared/money';
import { Button } from '../../components/button';
import { formatPeriodEnd } from './purchase-model';
import { OutcomeMessage, ViewActions } from './dialog-parts';

/** Spec §9: the payment redirect counts down 5 seconds. */
export const REDIRECT_SECONDS = 5;

/** Goes to the checkout (a function so tests can watch it instead of leaving the page). */
export type Redirect = (url: string) => void;
export const assignLocation: Redirect = (url) => window.location.assign(url);

/** The trial-activated popup. */
export function TrialSuccessView({ periodEnd, onDone }: { periodEnd: string | null; onDone: () => void }) {
  return (
    <div>
      <OutcomeMessage icon={CheckCircle2} tone="success" heading="Uji coba gratis aktif!">
        Selamat berlatih! Anda bisa memakai semua fitur AI Derap hingga <span className="font-semibold">{formatPeriodEnd(periodEnd)}</span>.
      </OutcomeMessage>
      <ViewActions>
        <Button onClick={onDone}>Mulai Berlatih</Button>
      </ViewActions>
    </div>
  );
}

/** The failure popup ('Gagal', spec §2 and §8). */
export function FailedView({ message, onClose, onBack }: { message: string; onClose: () => void; onBack: () => void }) {
  return (
    <div>
      <OutcomeMessage icon={XCircle} tone="error">
        <p role="alert" className="text-base">{message}</p>
      </OutcomeMessage>
      <ViewActions>
        <Button variant="outline" onClick={onClose}>
          Tutup
        </Button>
        <Button onClick={onBack}>Lihat Paket</Button>
      </ViewActions>
    </div>
  );
}

/**
 * The redirect popup (spec §4): a visible 5-second countdown, then the checkout; 'Batal' stays,
 * 'Lanjutkan Sekarang' goes at once. Leaves exactly once, however it gets there.
 */
export function RedirectView({
  amount,
  paymentUrl,
  redirect,
  onCancel,
}: {
  amount: number;
  paymentUrl: string;
  redirect: Redirect;
  onCancel: () => void;
}) {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const gone = useRef(false);
  const go = () => {
    if (gone.current) return;
    gone.current = true;
    redirect(paymentUrl);
  };
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    if (left <= 0) {
      goRef.current();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return (
    <div>
      <OutcomeMessage icon={CreditCard} tone="info">
        <p>Total pembayaran</p>
        <p className="text-2xl font-extrabold text-slate-900">{formatRupiah(amount)}</p>
      </OutcomeMessage>
      <p className="mt-4 text-center text-sm text-slate-700">
        Anda akan diarahkan ke halaman pembayaran dalam{' '}
        <span
          className="inline-flex size-8 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
          data-testid="redirect-countdown"
        >
          {Math.max(left, 0)}
        </span>{' '}
        detik.
      </p>
      {/* Screen readers hear the start and the end, not every second. */}
      <p className="sr-only" aria-live="polite">
        {left === REDIRECT_SECONDS ? `Diarahkan ke halaman pembayaran dalam ${REDIRECT_SECONDS} detik.` : left <= 0 ? 'Mengarahkan ke halaman pembayaran...' : ''}
      </p>
      <ViewActions>
        <Button variant="outline" onClick={onCancel}>
          Batal
        </Button>
        <Button onClick={go}>Lanjutkan Sekarang</Button>
      </ViewActions>
    </div>
  );
}
