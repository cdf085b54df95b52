import { paymentPagePath } from './payment-link';
import { CheckCircle2, Clock, Mail, SearchX, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatRupiah } from '../../../../domain/shared/money';
import type { PaymentStateJson, SelfManagedPayment } from '../../../../domain/registrations/contract';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { ErrorAlert } from '../../../components/query-state';
import { Spinner } from '../../../components/spinner';
import { PublicLayout } from '../../../components/public-layout';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { usePaymentState, useResendConfirmation, useSelfManagedPayment } from './registrations-api';
import { HoldCountdown } from './hold-countdown';
import { forgetPaidRegistration } from './registration-draft';
import { RegistrationQr } from './registration-qr';

const failedStatuses = ['deny', 'cancel', 'expire', 'failure'];
const doneStatuses = ['confirmed', 'racepack_collected'];

export const successMessages = {
  notFound: 'Pendaftaran Tidak Ditemukan',
  notFoundText:
    'Kami tidak menemukan pendaftaran dengan ID ini. Periksa kembali tautan dari halaman pembayaran atau email konfirmasi Anda; ID pendaftaran berbentuk REG- diikuti 10 huruf atau angka.',
} as const;

type View =
  | { kind: 'paid'; state: PaymentStateJson }
  | { kind: 'waiting'; state: PaymentStateJson }
  | { kind: 'failed'; state: PaymentStateJson }
  | { kind: 'over'; state: PaymentStateJson };

/** Where a runner back from the gateway stands: the registration's own state, the gateway's word only for "failed". */
function viewOf(gatewayStatus: string | null, state: PaymentStateJson): View {
  const r = state.registration;
  if (doneStatuses.includes(r.status)) return { kind: 'paid', state };
  if (!state.payment_url) return { kind: 'over', state };
  if (r.payment.status === 'failed' || (gatewayStatus !== null && failedStatuses.includes(gatewayStatus))) return { kind: 'failed', state };
  return { kind: 'waiting', state };
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /registration-success (§2): also the gateway's finish URL, which appends Midtrans' `order_id` and
 * `transaction_status`. With both the registration id and its order reference (only the payer's
 * browser is sent there) a paid registration shows its receipt: the QR code, the summary and 'Kirim
 * ulang email'. A failed or unfinished payment is not greeted as a success: while the registration
 * holds its slot the runner pays again on the same registration, after it is told to register
 * again. With the id alone (a link copied, an id guessed) the page says only where it stands, with
 * no personal data and no QR code; an unknown id is 'Pendaftaran Tidak Ditemukan'. The name and the QR
 * code show only in the runner's own browser (the registration's httpOnly cookie) or with Derap's
 * link key (`&key=`): the return address alone, forwarded or read from a history, shows the status.
 */
export function RegistrationSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const orderRef = params.get('order_id');
  const gatewayStatus = params.get('transaction_status');
  const withOrder = usePaymentState(id, orderRef, { awaitPayment: gatewayStatus !== null && !failedStatuses.includes(gatewayStatus), receiptKey: params.get('key') });
  // Without the order reference: the public status of the id (the payment page's own answer).
  const idOnly = useSelfManagedPayment(id && !orderRef ? id : undefined);
  const query = orderRef ? withOrder : idOnly;
  const notFound = !id || (query.isError && isNotFound(query.error));
  const view = orderRef && withOrder.data ? viewOf(gatewayStatus, withOrder.data) : null;
  const paid = view?.kind === 'paid' || (idOnly.data ? doneStatuses.includes(idOnly.data.status) : false);
  useDocumentMeta(paid ? 'Pendaftaran Berhasil | Derap' : 'Status Pendaftaran | Derap', 'Status pendaftaran event lari Anda di Derap.');

  // Paid: what this tab kept to retry the payment (the form's draft, identity number included) goes.
  useEffect(() => {
    if (id && paid) forgetPaidRegistration(id);
  }, [id, paid]);

  let body: ReactNode;
  if (notFound) body = <NotFound />;
  else if (query.isPending)
    body = (
      <div className="flex items-center justify-center gap-3 py-10 text-slate-700">
        <Spinner className="size-6 text-brand-600" label="" />
        <p role="status">Memeriksa status pendaftaran…</p>
      </div>
    );
  else if (query.isError)
    body = <ErrorAlert title="Status pendaftaran tidak dapat dimuat." onRetry={() => void query.refetch()} retryLabel="Coba Lagi" />;
  else if (view) body = <StatusView view={view} registrationId={id!} orderRef={orderRef!} />;
  else if (idOnly.data) body = <PublicStatus payment={idOnly.data} />;

  return (
    <PublicLayout>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-16">
        {body}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/" className={buttonClass(paid ? 'primary' : 'outline', 'lg')}>
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

function Heading({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="text-center">
      <span className="inline-flex">{icon}</span>
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-3 leading-relaxed text-slate-700">{children}</div>}
    </div>
  );
}

function IdLine({ registrationId, eventName }: { registrationId: string; eventName?: string }) {
  return (
    <p className="mt-6 rounded-xl bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
      {eventName && <>{eventName} · </>}ID Pendaftaran:{' '}
      <strong className="font-mono text-base break-all text-slate-900" data-testid="registration-id">
        {registrationId}
      </strong>
    </p>
  );
}

function NotFound() {
  return (
    <Heading icon={<SearchX className="size-16 text-slate-500" aria-hidden="true" />} title={successMessages.notFound}>
      {successMessages.notFoundText}
    </Heading>
  );
}

function Summary({ state }: { state: PaymentStateJson }) {
  const r = state.registration;
  return (
    <p className="mt-3 text-center text-sm text-slate-700">
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

function StatusView({ view, registrationId, orderRef }: { view: View; registrationId: string; orderRef: string }) {
  const r = view.state.registration;
  const registerAgain = `/register/${encodeURIComponent(r.eventCode)}`;
  switch (view.kind) {
    case 'paid':
      return <PaidReceipt state={view.state} orderRef={orderRef} />;
    case 'failed':
      return (
        <>
          <Heading icon={<XCircle className="size-16 text-red-600" aria-hidden="true" />} title="Pembayaran Belum Berhasil" />
          <Summary state={view.state} />
          <p className="mt-3 text-center leading-relaxed text-slate-700">
            Pembayaran Anda ditolak atau dibatalkan, tetapi pendaftaran ini masih berlaku dan slot Anda masih kami simpan. Anda tidak perlu
            mendaftar ulang: bayar lagi pada pendaftaran yang sama, dengan metode yang sama atau metode lain.
          </p>
          <PayAgain state={view.state} label="Coba Bayar Lagi" />
          <IdLine registrationId={registrationId} />
          <p className="mt-3 text-center text-sm">
            <Link to={registerAgain} className="font-semibold text-brand-700 underline">
              Kembali ke formulir pendaftaran
            </Link>
          </p>
        </>
      );
    case 'waiting':
      return (
        <>
          <Heading icon={<Clock className="size-16 text-amber-600" aria-hidden="true" />} title="Menunggu Pembayaran" />
          <Summary state={view.state} />
          <p className="mt-3 text-center leading-relaxed text-slate-700">
            Pembayaran belum kami terima. Selesaikan pembayaran sesuai instruksi; setelah diterima, konfirmasi pendaftaran beserta kode QR dikirim
            ke email Anda.
          </p>
          <PayAgain state={view.state} label="Lanjutkan Pembayaran" />
          <IdLine registrationId={registrationId} />
        </>
      );
    case 'over':
      return (
        <>
          <Heading icon={<XCircle className="size-16 text-red-600" aria-hidden="true" />} title={r.status === 'canceled' ? 'Pendaftaran Dibatalkan' : 'Waktu Pembayaran Habis'} />
          <Summary state={view.state} />
          <p className="mt-3 text-center leading-relaxed text-slate-700">
            {r.status === 'canceled'
              ? 'Pendaftaran ini dibatalkan dan slotnya telah dilepas.'
              : 'Pendaftaran ini tidak dibayar sampai batas waktunya, jadi slotnya telah dilepas untuk pelari lain.'}{' '}
            Jika masih tersedia, Anda dapat mendaftar lagi; data yang Anda isi masih tersimpan di formulir pada tab ini.
          </p>
          <div className="mt-6 text-center">
            <Link to={registerAgain} className={buttonClass('primary', 'lg')}>
              Daftar Ulang
            </Link>
          </div>
          <IdLine registrationId={registrationId} />
        </>
      );
  }
}

/** Paid: 'Pendaftaran Berhasil!', the QR code, the summary and 'Kirim ulang email'. */
function PaidReceipt({ state, orderRef }: { state: PaymentStateJson; orderRef: string }) {
  const r = state.registration;
  const receipt = state.receipt;
  const resend = useResendConfirmation();
  const rows: [string, string][] = [
    ['Event', r.eventName],
    ['Kategori', r.categoryName],
    ...(receipt
      ? ([
          ['Nama', receipt.fullName],
          ['Nama BIB', receipt.bibName],
          ['Ukuran Kaos', receipt.tshirtSize],
        ] as [string, string][])
      : []),
    ['Total Dibayar', formatRupiah(r.payment.amount)],
    ['ID Pendaftaran', r.registrationId],
  ];
  return (
    <>
      <Heading icon={<CheckCircle2 className="size-16 text-green-600" aria-hidden="true" />} title="Pendaftaran Berhasil!">
        Konfirmasi pendaftaran, detail event, dan kode QR untuk pengambilan racepack telah dikirim ke email Anda
        {receipt ? ` (${receipt.emailHint})` : ''}. Jika tidak ada di kotak masuk, periksa folder spam atau promosi.
      </Heading>
      <section aria-labelledby="receipt-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="receipt-title" className="text-center text-base font-bold text-slate-900">
          Kode QR Pengambilan Racepack
        </h2>
        {receipt ? (
          <>
            {receipt.bibNumber && (
              <p className="mt-3 text-center">
                <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">Nomor BIB</span>
                <span className="font-mono text-3xl font-extrabold text-slate-900" data-testid="bib-number">
                  {receipt.bibNumber}
                </span>
              </p>
            )}
            <RegistrationQr value={receipt.qrToken} registrationId={r.registrationId} className="mt-4" />
            <p className="mt-3 text-center text-sm text-slate-600">Tunjukkan kode QR ini kepada panitia saat mengambil racepack.</p>
          </>
        ) : (
          <p className="mt-3 text-center text-sm text-slate-600" data-testid="receipt-elsewhere">
            Kode QR dan data pelari hanya tampil di perangkat yang dipakai mendaftar. Buka email konfirmasi Anda untuk melihat kode QR.
          </p>
        )}
        <dl className="mt-5 divide-y divide-slate-100 border-t border-slate-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="shrink-0 text-slate-600">{label}</dt>
              <dd className="min-w-0 text-right font-semibold break-words text-slate-900" data-testid={label === 'ID Pendaftaran' ? 'registration-id' : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Kirim ulang email konfirmasi" className="mt-6 space-y-3 text-center">
        <p className="text-sm text-slate-700">Belum menerima email konfirmasi?</p>
        <Button variant="outline" loading={resend.isPending} onClick={() => resend.mutate({ registrationId: r.registrationId, order: orderRef })}>
          <Mail className="size-4" aria-hidden="true" />
          Kirim ulang email
        </Button>
        {resend.isSuccess && <Alert tone="success">{resend.data.message}</Alert>}
        {resend.isError && (
          <Alert tone="error">{resend.error instanceof ApiError ? resend.error.message : 'Email tidak dapat dikirim ulang. Periksa koneksi internet Anda lalu coba lagi.'}</Alert>
        )}
      </section>
    </>
  );
}

/** The id alone: where the registration stands, no personal data and no QR code. */
function PublicStatus({ payment }: { payment: SelfManagedPayment }) {
  const idLine = <IdLine registrationId={payment.registrationId} eventName={payment.event.name} />;
  if (doneStatuses.includes(payment.status)) {
    return (
      <>
        <Heading icon={<CheckCircle2 className="size-16 text-green-600" aria-hidden="true" />} title="Pendaftaran Terkonfirmasi">
          Pendaftaran ini sudah dibayar. Kode QR pengambilan racepack dan detailnya dikirim ke email pelari. Masuk ke Derap dengan email itu
          untuk melihat kode QR di Dashboard, pada kartu Event Diikuti.
        </Heading>
        {idLine}
      </>
    );
  }
  if (payment.status === 'expired' || payment.status === 'canceled') {
    return (
      <>
        <Heading icon={<XCircle className="size-16 text-red-600" aria-hidden="true" />} title={payment.status === 'canceled' ? 'Pendaftaran Dibatalkan' : 'Waktu Pembayaran Habis'}>
          Pendaftaran ini tidak berlaku lagi dan slotnya telah dilepas. Jika masih tersedia, Anda dapat mendaftar lagi.
        </Heading>
        {idLine}
        <div className="mt-6 text-center">
          <Link to={`/register/${encodeURIComponent(payment.event.code)}`} className={buttonClass('primary', 'lg')}>
            Daftar Ulang
          </Link>
        </div>
      </>
    );
  }
  // Pending or awaiting the organizer: the way to pay is on the payment page (self-managed) or the event's form (platform).
  const selfManaged = payment.event.paymentType === 'self_managed';
  return (
    <>
      <Heading icon={<Clock className="size-16 text-amber-600" aria-hidden="true" />} title={payment.status === 'awaiting_verification' ? 'Menunggu Verifikasi Panitia' : 'Menunggu Pembayaran'}>
        {payment.status === 'awaiting_verification'
          ? 'Bukti transfer sudah diterima dan sedang diperiksa panitia. Setelah diverifikasi, konfirmasi dan kode QR dikirim ke email pelari.'
          : selfManaged
            ? 'Pendaftaran ini belum dibayar. Bayar lalu unggah bukti transfer sebelum batas waktunya.'
            : 'Pendaftaran ini belum dibayar. Buka kembali halaman pendaftaran event dan kirim formulir dengan email dan nomor identitas yang sama untuk melanjutkan pembayaran pendaftaran ini, tanpa mengambil slot baru.'}
      </Heading>
      {payment.expiresAt && payment.status === 'pending' && <HoldCountdown expiresAt={payment.expiresAt} className="mt-6" />}
      {idLine}
      <div className="mt-6 text-center">
        {selfManaged ? (
          <Link to={paymentPagePath(payment.registrationId)} className={buttonClass('primary', 'lg')}>
            Lihat Status Pembayaran
          </Link>
        ) : (
          <Link to={`/register/${encodeURIComponent(payment.event.code)}`} className={buttonClass('primary', 'lg')}>
            Lanjutkan Pembayaran
          </Link>
        )}
      </div>
    </>
  );
}
