import { useEffect, useRef, useState } from 'react';
import { packageDurationText, packageEndDay } from '../../../../domain/coaching/coaching';
import { coachingMessages as m } from '../../../../domain/coaching/contract';
import { formatRupiah } from '../../../../domain/shared/money';
import { jakartaToday } from '../../../../domain/shared/wire-date';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import type { CoachPagePackage } from './coach-public-profile';
import { initiateCoachPayment } from './public-page-api';

/** The spec's redirect countdown (events-and-coach-pages §9). */
export const REDIRECT_SECONDS = 5;

const longDate = (iso: string) => new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/**
 * Buying a coach's package (events-and-coach-pages §4 "Coach public payment"): the confirmation
 * (package, price, duration, end date), then POST /api/coach/initiate-payment, then a 5-second
 * countdown to the checkout (cancel, or continue at once). Loaded only when a package is chosen.
 */
export function PurchaseFlow({
  pkg,
  coachName,
  userId,
  onClose,
  redirect = (url: string) => window.location.assign(url),
}: {
  pkg: CoachPagePackage;
  coachName: string;
  userId: string;
  onClose: () => void;
  redirect?: (url: string) => void;
}) {
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const today = jakartaToday();
  const end = packageEndDay(today, pkg.durationWeeks);

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      setPaymentUrl(await initiateCoachPayment(userId, pkg._id));
    } catch (error) {
      // The spec closes the confirmation quietly; a real buyer still needs to know it did not start.
      console.error('coach payment initiation failed', error);
      setFailure(error instanceof ApiError && error.status < 500 && error.message ? error.message : m.paymentFailed);
    } finally {
      setStarting(false);
    }
  };

  if (paymentUrl) return <RedirectCountdown url={paymentUrl} onCancel={onClose} redirect={redirect} />;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Konfirmasi Pembelian Paket"
      description={`Paket latihan bersama ${coachName}.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={() => void start()} loading={starting}>
            Lanjutkan Pembayaran
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm" data-testid="purchase-summary">
        {[
          ['Paket', pkg.title],
          ['Harga', formatRupiah(pkg.price)],
          ['Durasi', packageDurationText(pkg.durationWeeks)],
          ['Mulai', longDate(today)],
          ['Berakhir', longDate(end)],
        ].map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Layanan pelatih adalah perjanjian terpisah antara Anda dan pelatih; Derap hanya platform dan fasilitator pembayaran. Setelah pembayaran berhasil,
        pelatih dapat melihat profil dan jadwal latihan Anda sampai paket berakhir.
      </p>
      {failure && (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      )}
    </Dialog>
  );
}

function RedirectCountdown({ url, onCancel, redirect }: { url: string; onCancel: () => void; redirect: (url: string) => void }) {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const done = useRef(false);
  const go = () => {
    if (done.current) return;
    done.current = true;
    redirect(url);
  };
  useEffect(() => {
    const timer = window.setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) go();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Menuju Pembayaran"
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Batal
          </Button>
          <Button onClick={go}>Lanjutkan sekarang</Button>
        </>
      }
    >
      <p className="text-sm text-slate-700" role="status" aria-live="polite">
        Anda akan diarahkan ke halaman pembayaran dalam {left} detik
      </p>
    </Dialog>
  );
}
