import { ArrowLeft, CheckCircle2, Clock, Hourglass, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paymentProofMessages } from '../../../../domain/registrations/payment-verification';
import type { SelfManagedPayment } from '../../../../domain/registrations/contract';
import { zonedDateTime } from '../../../../domain/registrations/registration-form';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { PublicLayout } from '../../../components/public-layout';
import { ErrorAlert } from '../../../components/query-state';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { paymentConfirmErrorMessage, useSelfManagedPayment, useSubmitPaymentProof } from '../public/registrations-api';
import { PaymentInstructionBlock, ProofPicker } from './self-managed-payment';
import { forgetPaidRegistration } from '../public/registration-draft';
import { rememberedPaymentKey, rememberPaymentKey } from '../public/payment-link';

const when = (iso: string, timeZone: string) => {
  const t = zonedDateTime(new Date(iso), timeZone);
  return `${t.date} pukul ${t.time} ${t.offset}`;
};

/**
 * /registration-payment/{registrationId}: the runner's self-managed payment, reachable from the
 * registration dialog and from the reminder and rejection mails. It shows where the payment stands
 * (awaiting the organizer's verification, rejected with the reason, verified, or ended) and takes a
 * (new) proof of transfer while the hold lasts. Public: the registration id is the credential, and
 * the page shows no personal data.
 */
export function RegistrationPaymentPage() {
  const { registrationId } = useParams();
  const [search] = useSearchParams();
  const linkKey = search.get('key');
  useEffect(() => {
    if (registrationId) rememberPaymentKey(registrationId, linkKey);
  }, [registrationId, linkKey]);
  const query = useSelfManagedPayment(registrationId);
  // The proof is sent (or the payment verified): the form's draft this tab kept for a retry goes.
  const settled = query.data ? ['awaiting_verification', 'confirmed', 'racepack_collected'].includes(query.data.status) : false;
  useEffect(() => {
    if (registrationId && settled) forgetPaidRegistration(registrationId);
  }, [registrationId, settled]);
  useDocumentMeta('Pembayaran Pendaftaran | Derap', 'Status pembayaran dan unggah bukti transfer pendaftaran event lari.');

  return (
    <PublicLayout>
      <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
        <Link to="/registration" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
          <ArrowLeft className="size-4" aria-hidden="true" /> Semua event
        </Link>
        <div className="mt-4">
          {query.isPending ? (
            <div role="status" aria-label="Memuat status pembayaran" className="animate-pulse space-y-4">
              <div className="h-8 w-2/3 rounded bg-slate-200" />
              <div className="h-40 rounded-2xl bg-slate-100" />
            </div>
          ) : query.isError ? (
            <ErrorAlert
              title={query.error instanceof ApiError && query.error.status === 404 ? query.error.message : 'Status pembayaran tidak dapat dimuat.'}
              // A registration that does not exist will not appear on a second try.
              onRetry={query.error instanceof ApiError && query.error.status === 404 ? undefined : () => void query.refetch()}
              retryLabel="Coba Lagi"
            />
          ) : (
            <PaymentState payment={query.data} />
          )}
        </div>
      </div>
    </PublicLayout>
  );
}

function Heading({ icon, tone, title, children }: { icon: ReactNode; tone: string; title: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <span className={`inline-flex ${tone}`}>{icon}</span>
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 leading-relaxed text-slate-700">{children}</div>
    </div>
  );
}

function PaymentState({ payment }: { payment: SelfManagedPayment }) {
  const { event } = payment;
  const idLine = (
    <p className="rounded-xl bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
      {event.name} · ID Pendaftaran:{' '}
      <strong className="font-mono text-base break-all text-slate-900" data-testid="registration-id">
        {payment.registrationId}
      </strong>
    </p>
  );

  if (payment.status === 'confirmed' || payment.status === 'racepack_collected') {
    return (
      <div className="space-y-6">
        <Heading icon={<CheckCircle2 className="size-16" aria-hidden="true" />} tone="text-green-600" title="Pembayaran Terverifikasi">
          Panitia sudah memverifikasi pembayaran Anda. Konfirmasi pendaftaran, detail event, dan kode QR untuk pengambilan racepack telah dikirim
          ke email Anda. Jika tidak ada di kotak masuk, periksa folder spam atau promosi.
        </Heading>
        {idLine}
      </div>
    );
  }
  if (payment.status === 'expired' || payment.status === 'canceled') {
    const rejected = payment.status === 'canceled' && payment.rejection;
    return (
      <div className="space-y-6">
        <Heading icon={<XCircle className="size-16" aria-hidden="true" />} tone="text-red-600" title={rejected ? 'Bukti Transfer Ditolak' : 'Pendaftaran Berakhir'}>
          {rejected
            ? 'Panitia menolak bukti transfer pendaftaran ini, sehingga pendaftaran dibatalkan dan slotnya dilepas. Jika Anda sudah mentransfer, daftar ulang bila masih ada slot lalu unggah bukti yang benar, atau hubungi panitia.'
            : payment.proofSubmittedAt
              ? 'Batas waktu pendaftaran ini telah habis dan slotnya dilepas. Panitia masih dapat memverifikasi bukti transfer Anda selama slot masih tersedia; konfirmasi akan dikirim ke email Anda.'
              : 'Waktu pembayaran pendaftaran ini telah habis dan slotnya sudah dilepas. Silakan daftar ulang bila masih ada slot.'}
        </Heading>
        {idLine}
        {rejected && (
          <Alert tone="error" title="Alasan penolakan">
            <p>{payment.rejection!.reason}</p>
          </Alert>
        )}
        <div className="text-center">
          <Link to={`/register/${encodeURIComponent(event.code)}`} className={buttonClass('primary', 'lg')}>
            Daftar Ulang
          </Link>
        </div>
      </div>
    );
  }
  if (payment.status === 'awaiting_verification') return <AwaitingVerification payment={payment} idLine={idLine} />;
  if (event.paymentType === 'platform') {
    // Paid through the gateway: nothing to upload here; its checkout confirms by itself.
    return (
      <div className="space-y-6">
        <Heading icon={<Clock className="size-16" aria-hidden="true" />} tone="text-amber-600" title="Menunggu Pembayaran">
          Selesaikan pembayaran di halaman pembayaran yang dibuka saat mendaftar. Pembayaran dikonfirmasi otomatis oleh gateway pembayaran, lalu
          konfirmasi pendaftaran beserta kode QR dikirim ke email Anda.
        </Heading>
        {idLine}
      </div>
    );
  }
  return <WaitingForProof payment={payment} idLine={idLine} />;
}

function AwaitingVerification({ payment, idLine }: { payment: SelfManagedPayment; idLine: ReactNode }) {
  const [replacing, setReplacing] = useState(false);
  return (
    <div className="space-y-6">
      <Heading icon={<Hourglass className="size-16" aria-hidden="true" />} tone="text-brand-600" title="Menunggu Verifikasi Panitia">
        <p>
          Bukti transfer Anda sudah kami terima
          {payment.proofSubmittedAt ? ` pada ${when(payment.proofSubmittedAt, payment.event.timezone)}` : ''}. Panitia akan memeriksa
          pembayaran Anda.
        </p>
        {payment.expiresAt && (
          <p className="mt-2">
            Slot Anda disimpan sampai <strong>{when(payment.expiresAt, payment.event.timezone)}</strong>. Bukti dapat diganti sebelum batas waktu itu.
          </p>
        )}
        <p className="mt-2">Setelah diverifikasi, konfirmasi pendaftaran beserta kode QR racepack dikirim ke email Anda.</p>
      </Heading>
      {idLine}
      {replacing ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Ganti bukti transfer">
          <ProofForm payment={payment} submitLabel="Kirim Bukti Baru" onDone={() => setReplacing(false)} />
        </section>
      ) : (
        <div className="text-center">
          <Button variant="outline" onClick={() => setReplacing(true)}>
            Ganti bukti transfer
          </Button>
        </div>
      )}
    </div>
  );
}

function WaitingForProof({ payment, idLine }: { payment: SelfManagedPayment; idLine: ReactNode }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Selesaikan Pembayaran</h1>
        {payment.expiresAt && (
          <p className="mt-2 flex items-start gap-2 text-sm text-slate-700">
            <Clock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              Slot Anda disimpan sampai <strong>{when(payment.expiresAt, payment.event.timezone)}</strong>. Bayar lalu unggah bukti transfer
              sebelum batas waktu itu.
            </span>
          </p>
        )}
      </div>
      {idLine}
      {payment.rejection && (
        <Alert tone="error" title="Bukti transfer sebelumnya ditolak panitia">
          <p>Alasan: {payment.rejection.reason}</p>
          <p className="mt-1">Periksa kembali pembayaran Anda, lalu unggah bukti transfer yang benar.</p>
        </Alert>
      )}
      <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Pembayaran">
        <PaymentInstructionBlock amount={payment.payment.amount} instruction={payment.event.paymentInstruction} />
        <ProofForm payment={payment} submitLabel="Saya Sudah Membayar & Konfirmasi Pendaftaran" />
      </section>
    </div>
  );
}

/** The proof picker and its button; on success the page's data (and so its state) is the answer. */
function ProofForm({ payment, submitLabel, onDone }: { payment: SelfManagedPayment; submitLabel: string; onDone?: () => void }) {
  const submit = useSubmitPaymentProof();
  // The secret of the runner's own link (the page's ?key= or remembered by this browser).
  const [search] = useSearchParams();
  const key = search.get('key') ?? rememberedPaymentKey(payment.registrationId);
  const [file, setFile] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function onSubmit() {
    setError(null);
    if (!file) {
      setProofError(paymentProofMessages.proofRequired);
      input.current?.focus();
      return;
    }
    submit.mutate({ registrationId: payment.registrationId, file, key }, { onSuccess: () => onDone?.(), onError: (err) => setError(paymentConfirmErrorMessage(err)) });
  }

  return (
    <div className="space-y-4">
      <ProofPicker
        ref={input}
        file={file}
        onChange={(picked) => {
          setFile(picked);
          if (picked) setProofError(null);
        }}
        error={proofError}
        disabled={submit.isPending}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button size="lg" className="h-auto! min-h-12 w-full py-2.5 leading-snug" loading={submit.isPending} onClick={onSubmit}>
        {submitLabel}
      </Button>
    </div>
  );
}
