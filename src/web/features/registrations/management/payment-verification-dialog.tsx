import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ExternalLink, ImageOff, XCircle } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatRupiah } from '../../../../domain/shared/money';
import { REJECTION_REASON_MAX } from '../../../../domain/registrations/payment-verification';
import { paymentRejectionSchema, type RegistrationJson } from '../../../../domain/registrations/contract';
import { zonedDateTime } from '../../../../domain/registrations/runner-export';
import { ApiError } from '../../../api/client';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { fieldClass, FieldError } from '../../../components/input';
import { RetryButton } from '../../../components/query-state';
import { Spinner } from '../../../components/spinner';
import { PaymentStatusBadge, RegistrationStatusBadge } from './registration-badges';
import { usePaymentDecision, usePaymentProof } from './runner-data-api';

const when = (iso: string) => {
  const t = zonedDateTime(new Date(iso));
  return `${t.date} pukul ${t.time} ${t.offset}`;
};

const decisionError = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Gagal menyimpan keputusan. Periksa koneksi internet Anda lalu coba lagi.';

export interface PaymentVerificationDialogProps {
  registration: RegistrationJson | null;
  onOpenChange(open: boolean): void;
  /** The server's message after a decision (shown as a toast by the caller). */
  onDecided(message: string): void;
}

/**
 * A self-managed payment awaiting verification: the runner's proof of transfer beside what should
 * have been paid, and Verifikasi / Tolak, each behind its own confirmation. Tolak needs a reason,
 * which is mailed to the runner.
 */
export function PaymentVerificationDialog({ registration, onOpenChange, onDecided }: PaymentVerificationDialogProps) {
  const [confirming, setConfirming] = useState<'verify' | 'reject' | null>(null);
  const open = registration !== null;
  if (!registration) return <Dialog open={false} onOpenChange={onOpenChange} title="Verifikasi Pembayaran" />;
  const r = registration;
  const awaiting = r.status === 'awaiting_verification';

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title="Verifikasi Pembayaran"
        description={`${r.runnerData.fullName} · ${r.registrationId}`}
        footer={
          awaiting ? (
            <>
              <Button variant="outline" className="text-red-700" onClick={() => setConfirming('reject')}>
                <XCircle className="size-4" aria-hidden="true" />
                Tolak
              </Button>
              <Button onClick={() => setConfirming('verify')}>
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Verifikasi
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Tutup
            </Button>
          )
        }
      >
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <ProofImage registration={r} />
          <dl className="space-y-3 text-sm">
            <div className="rounded-xl bg-brand-50 p-3">
              <dt className="text-slate-700">Total yang harus dibayar</dt>
              <dd className="text-2xl font-extrabold text-brand-700">{formatRupiah(r.payment.amount)}</dd>
              <dd className="text-xs text-slate-600">
                Biaya {formatRupiah(r.payment.eventFee)} + admin {formatRupiah(r.payment.adminFee)}
              </dd>
            </div>
            <Row label="Status">
              <span className="flex flex-wrap gap-1.5">
                <RegistrationStatusBadge status={r.status} />
                <PaymentStatusBadge status={r.payment.status} />
              </span>
            </Row>
            <Row label="Kategori">{r.categoryName}</Row>
            <Row label="Nama BIB">{r.runnerData.bibName}</Row>
            <Row label="Email">
              <span className="break-all">{r.runnerData.email}</span>
            </Row>
            <Row label="No. HP">{r.runnerData.phone}</Row>
            {r.paymentProof && <Row label="Bukti dikirim">{when(r.paymentProof.submittedAt)}</Row>}
            {r.paymentVerifiedAt && <Row label="Diverifikasi">{when(r.paymentVerifiedAt)}</Row>}
            {r.paymentRejection && (
              <Row label={awaiting ? 'Ditolak sebelumnya' : 'Ditolak'}>
                <span className="block">{when(r.paymentRejection.rejectedAt)}</span>
                <span className="block text-slate-700">Alasan: {r.paymentRejection.reason}</span>
              </Row>
            )}
          </dl>
        </div>
        {!awaiting && r.status === 'pending' && (
          <Alert tone="info" className="mt-4">
            Menunggu pelari mengunggah bukti transfer{r.expiresAt ? ` sampai ${when(r.expiresAt)}` : ''}.
          </Alert>
        )}
      </Dialog>
      <VerifyConfirm
        registration={r}
        open={confirming === 'verify'}
        onOpenChange={(o) => !o && setConfirming(null)}
        onDone={(message) => {
          setConfirming(null);
          onOpenChange(false);
          onDecided(message);
        }}
      />
      <RejectConfirm
        registration={r}
        open={confirming === 'reject'}
        onOpenChange={(o) => !o && setConfirming(null)}
        onDone={(message) => {
          setConfirming(null);
          onOpenChange(false);
          onDecided(message);
        }}
      />
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function ProofImage({ registration }: { registration: RegistrationJson }) {
  const proof = usePaymentProof(registration.paymentProof);
  const url = useMemo(() => (proof.data ? URL.createObjectURL(proof.data) : null), [proof.data]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  const frame = 'flex min-h-64 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50';
  if (!registration.paymentProof) {
    return (
      <div className={`${frame} flex-col gap-2 p-4 text-center text-sm text-slate-600`}>
        <ImageOff className="size-8 text-slate-400" aria-hidden="true" />
        Belum ada bukti transfer.
      </div>
    );
  }
  if (proof.isPending) {
    return (
      <div className={frame}>
        <Spinner className="size-6 text-brand-600" label="Memuat bukti transfer..." />
      </div>
    );
  }
  if (proof.isError || !url) {
    return (
      <div className={`${frame} flex-col gap-2 p-4 text-center text-sm`}>
        <p className="text-red-700">Bukti transfer tidak dapat dimuat.</p>
        <RetryButton onRetry={() => void proof.refetch()} label="Coba Lagi" />
      </div>
    );
  }
  return (
    <figure className="min-w-0">
      <a href={url} target="_blank" rel="noreferrer" className={`${frame} bg-white`} aria-label="Buka bukti transfer ukuran penuh di tab baru">
        <img src={url} alt={`Bukti transfer dari ${registration.runnerData.fullName}`} className="max-h-[55dvh] w-full object-contain" />
      </a>
      <figcaption className="mt-1.5 flex items-center gap-1 text-xs text-slate-600">
        <ExternalLink className="size-3.5" aria-hidden="true" /> Klik gambar untuk ukuran penuh
      </figcaption>
    </figure>
  );
}

interface ConfirmProps {
  registration: RegistrationJson;
  open: boolean;
  onOpenChange(open: boolean): void;
  onDone(message: string): void;
}

function VerifyConfirm({ registration: r, open, onOpenChange, onDone }: ConfirmProps) {
  const decision = usePaymentDecision();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) decision.reset();
        onOpenChange(o);
      }}
      size="sm"
      title="Verifikasi pembayaran?"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={decision.isPending}>
            Batal
          </Button>
          <Button loading={decision.isPending} onClick={() => decision.mutate({ registration: r, action: 'verify' }, { onSuccess: (res) => onDone(res.message) })}>
            Ya, Verifikasi
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Pastikan dana <strong className="text-slate-900">{formatRupiah(r.payment.amount)}</strong> dari {r.runnerData.fullName} sudah masuk ke
          rekening Anda.
        </p>
        <p>Pendaftaran dikonfirmasi dan email berisi kode QR racepack dikirim ke {r.runnerData.email}. Keputusan ini tidak dapat dibatalkan.</p>
        {decision.isError && <Alert tone="error">{decisionError(decision.error)}</Alert>}
      </div>
    </Dialog>
  );
}

const reasonForm = z.object({ reason: paymentRejectionSchema.shape.reason });

function RejectConfirm({ registration: r, open, onOpenChange, onDone }: ConfirmProps) {
  const id = useId();
  const decision = usePaymentDecision();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof reasonForm>, unknown, z.output<typeof reasonForm>>({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });
  const length = watch('reason')?.length ?? 0;

  const close = (o: boolean) => {
    if (!o) {
      decision.reset();
      reset();
    }
    onOpenChange(o);
  };
  const submit = handleSubmit(({ reason }) =>
    decision.mutate({ registration: r, action: 'reject', reason }, { onSuccess: (res) => {
      reset();
      onDone(res.message);
    } }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="md"
      title="Tolak bukti transfer?"
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={decision.isPending}>
            Batal
          </Button>
          <Button variant="danger" type="submit" form={`${id}-form`} loading={decision.isPending}>
            Ya, Tolak
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(e) => void submit(e)} className="space-y-3 text-sm text-slate-700">
        <p>
          Alasan penolakan dikirim ke email {r.runnerData.email}. Slot tetap disimpan: pelari dapat mengunggah bukti transfer baru dalam batas
          waktu baru; tanpa bukti baru, pendaftaran berakhir dan slot dilepas.
        </p>
        <div>
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-slate-800">
            Alasan penolakan
          </label>
          <textarea
            id={`${id}-reason`}
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            placeholder="mis. Nominal transfer kurang Rp10.000, atau nama penerima tidak sesuai."
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${id}-count${errors.reason ? ` ${id}-error` : ''}`}
            className={fieldClass(!!errors.reason, 'mt-1 h-auto py-2')}
            {...register('reason')}
          />
          <div className="flex justify-between gap-2">
            <FieldError id={`${id}-error`} message={errors.reason?.message} />
            <p id={`${id}-count`} className="mt-1 ml-auto text-xs text-slate-500">
              {length}/{REJECTION_REASON_MAX}
            </p>
          </div>
        </div>
        {decision.isError && <Alert tone="error">{decisionError(decision.error)}</Alert>}
      </form>
    </Dialog>
  );
}
