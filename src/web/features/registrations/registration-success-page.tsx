import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatRupiah } from '../../../domain/shared/money';
import type { PaymentStateJson } from '../../../domain/registrations/contract';
import { buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { PublicLayout } from '../../components/public-layout';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { usePaymentState } from './registrations-api';
import { HoldCountdown } from './hold-countdown';

const failedStatuses = ['deny', 'cancel', 'expire', 'failure'];
const doneStatuses = ['confirmed', 'racepack_collected'];

type View =
  | { kind: 'success' }
  | { kind: 'waiting'; state: PaymentStateJson | null }
  | { kind: 'failed'; state: PaymentStateJson | null }
  | { kind: 'over'; state: PaymentStateJson };

/** What the page shows: the registration's own state when the server can tell, else the gateway's word. */
function viewOf(gatewayStatus: string | null, state: PaymentStateJson | undefined): View {
  if (state) {
    const r = state.registration;
    if (doneStatuses.includes(r.status)) return { kind: 'success' };
    if (!state.payment_url) return { kind: 'over', state };
    if (r.payment.status === 'failed' || (gatewayStatus !== null && failedStatuses.includes(gatewayStatus))) return { kind: 'failed', state };
    return { kind: 'waiting', state };
  }
  if (gatewayStatus !== null && failedStatuses.includes(gatewayStatus)) return { kind: 'failed', state: null };
  if (gatewayStatus === 'pending') return { kind: 'waiting', state: null };
  return { kind: 'success' };
}

/**
 * /registration-success (§2): also the gateway's finish URL, which appends Midtrans' `order_id`
 * and `transaction_status`. A failed or unfinished payment is not greeted as a success: while the
 * registration still holds its slot the runner pays again on the same registration (same checkout,
 * with the time left), and after the hold is told to register again. Shows only the registration
 * id, event and amount: the page is public, so no personal data.
 */
export function RegistrationSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const orderRef = params.get('order_id');
  const gatewayStatus = params.get('transaction_status');
  const query = usePaymentState(id, orderRef);
  const checking = Boolean(id && orderRef) && query.isPending;
  const view = viewOf(gatewayStatus, query.data);
  useDocumentMeta(
    view.kind === 'success' ? 'Pendaftaran Berhasil | Derap' : 'Status Pembayaran | Derap',
    'Status pendaftaran event lari Anda di Derap.',
  );

  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        {checking ? (
          <div className="flex items-center gap-3 text-slate-700">
            <Spinner className="size-6 text-brand-600" label="" />
            <p role="status">Memeriksa status pembayaran…</p>
          </div>
        ) : (
          <StatusView view={view} />
        )}
        {id && (
          <p className="mt-6 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700">
            ID Pendaftaran: <strong className="font-mono text-base text-slate-900" data-testid="registration-id">{id}</strong>
          </p>
        )}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/" className={buttonClass(view.kind === 'success' ? 'primary' : 'outline', 'lg')}>
            Kembali ke Beranda
          </Link>
          <Link to="/registration" className={buttonClass('outline', 'lg')}>
            Lihat Event Lain
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}

function Heading({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      {icon}
      <h1 className="mt-5 text-3xl font-extrabold text-slate-900">{children}</h1>
    </>
  );
}

function Summary({ state }: { state: PaymentStateJson }) {
  const r = state.registration;
  return (
    <p className="mt-3 text-sm text-slate-700">
      {r.eventName} · {r.categoryName} · <span className="font-semibold text-slate-900">{formatRupiah(r.payment.amount)}</span>
    </p>
  );
}

function PayAgain({ state, label }: { state: PaymentStateJson; label: string }) {
  return (
    <div className="mt-6 flex w-full flex-col items-center gap-3">
      {state.registration.expiresAt && <HoldCountdown expiresAt={state.registration.expiresAt} className="w-full text-left" />}
      <a href={state.payment_url!} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
        {label}
      </a>
    </div>
  );
}

function StatusView({ view }: { view: View }) {
  switch (view.kind) {
    case 'success':
      return (
        <>
          <Heading icon={<CheckCircle2 className="size-16 text-green-600" aria-hidden="true" />}>Pendaftaran Berhasil!</Heading>
          <p className="mt-3 leading-relaxed text-slate-700">
            Konfirmasi pendaftaran, detail event, dan kode QR untuk pengambilan racepack telah dikirim ke email Anda. Jika tidak ada di kotak
            masuk, periksa folder spam atau promosi.
          </p>
        </>
      );
    case 'failed':
      return (
        <>
          <Heading icon={<XCircle className="size-16 text-red-600" aria-hidden="true" />}>Pembayaran Belum Berhasil</Heading>
          {view.state ? (
            <>
              <Summary state={view.state} />
              <p className="mt-3 leading-relaxed text-slate-700">
                Pembayaran Anda ditolak atau dibatalkan, tetapi pendaftaran ini masih berlaku dan slot Anda masih kami simpan. Anda tidak perlu
                mendaftar ulang: bayar lagi pada pendaftaran yang sama, dengan metode yang sama atau metode lain.
              </p>
              <PayAgain state={view.state} label="Coba Bayar Lagi" />
            </>
          ) : (
            <p className="mt-3 leading-relaxed text-slate-700">
              Pembayaran untuk pendaftaran ini tidak berhasil atau dibatalkan. Buka kembali halaman event dan kirim formulir dengan email dan
              nomor identitas yang sama: Anda akan melanjutkan pembayaran pendaftaran ini, tanpa mengambil slot baru.
            </p>
          )}
        </>
      );
    case 'waiting':
      return (
        <>
          <Heading icon={<Clock className="size-16 text-amber-600" aria-hidden="true" />}>Menunggu Pembayaran</Heading>
          {view.state && <Summary state={view.state} />}
          <p className="mt-3 leading-relaxed text-slate-700">
            Selesaikan pembayaran sesuai instruksi. Setelah pembayaran diterima, konfirmasi pendaftaran beserta kode QR dikirim ke email Anda.
          </p>
          {view.state && <PayAgain state={view.state} label="Lanjutkan Pembayaran" />}
        </>
      );
    case 'over':
      return (
        <>
          <Heading icon={<XCircle className="size-16 text-red-600" aria-hidden="true" />}>Waktu Pembayaran Habis</Heading>
          <Summary state={view.state} />
          <p className="mt-3 leading-relaxed text-slate-700">
            Pendaftaran ini tidak dibayar sampai batas waktunya, jadi slotnya telah dilepas untuk pelari lain. Jika masih tersedia, Anda dapat
            mendaftar lagi.
          </p>
          <Link to={`/register/${encodeURIComponent(view.state.registration.eventCode)}`} className={buttonClass('primary', 'lg', 'mt-6')}>
            Daftar Ulang
          </Link>
        </>
      );
  }
}
