import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RegistrationEvent } from '../../../domain/event-contract';
import { formatRupiah } from '../../../domain/money';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useConfirmSelfManagedPayment, type CreatedRegistration } from './events-public-api';
import { HoldCountdown } from './hold-countdown';

/** Said when the server answered the runner's earlier, unpaid registration instead of a new one. */
export function ResumedNotice({ created }: { created: CreatedRegistration }) {
  if (!created.resumed) return null;
  return (
    <Alert tone="info" title="Anda sudah terdaftar dan pendaftaran itu belum dibayar.">
      Kami melanjutkan pendaftaran Anda sebelumnya (ID {created.registration.registrationId}) tanpa mengambil slot baru. Data yang baru saja Anda isi
      tidak disimpan.
    </Alert>
  );
}

export const REDIRECT_SECONDS = 5;

const successUrl = (registrationId: string) => `/registration-success?id=${encodeURIComponent(registrationId)}`;

/** Self-managed payment (§2): total, the organizer's QR (click to enlarge), instructions, and the runner's confirmation. */
export function SelfManagedPaymentDialog({ event, created, onClose }: { event: RegistrationEvent; created: CreatedRegistration; onClose: () => void }) {
  const navigate = useNavigate();
  const confirm = useConfirmSelfManagedPayment();
  const [enlarged, setEnlarged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const instruction = event.paymentInstruction;
  const id = created.registration.registrationId;

  function onConfirm() {
    setError(null);
    confirm.mutate(id, {
      onSuccess: () => navigate(successUrl(id)),
      onError: (err) =>
        setError(err instanceof ApiError && err.status === 404 ? err.message : `Gagal mengkonfirmasi pembayaran.${err instanceof ApiError ? ` ${err.message}` : ''}`),
    });
  }

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Selesaikan Pembayaran"
        description={`ID pendaftaran ${id}. Slot Anda sudah kami simpan sementara.`}
        footer={
          <Button size="lg" className="h-auto! min-h-12 w-full py-2.5 leading-snug" loading={confirm.isPending} onClick={onConfirm}>
            Saya Sudah Membayar & Konfirmasi Pendaftaran
          </Button>
        }
      >
        <div className="space-y-4">
          <ResumedNotice created={created} />
          {created.registration.expiresAt && <HoldCountdown expiresAt={created.registration.expiresAt} />}
          <div className="rounded-xl bg-brand-50 p-4 text-center">
            <p className="text-sm text-slate-700">Total yang harus dibayar</p>
            <p className="mt-1 text-3xl font-extrabold text-brand-700">{formatRupiah(created.registration.payment.amount)}</p>
          </div>
          {instruction?.qrImage && (
            <button
              type="button"
              onClick={() => setEnlarged(true)}
              className="mx-auto block rounded-xl border border-slate-200 p-2 hover:border-brand-400"
              aria-label="Perbesar kode QR pembayaran"
            >
              <img src={instruction.qrImage} alt="Kode QR pembayaran" className="size-48 object-contain" />
              <span className="mt-1 block text-xs text-slate-600">Klik untuk memperbesar</span>
            </button>
          )}
          {instruction?.instructions && (
            <div>
              <h3 className="text-sm font-bold text-slate-900">Instruksi Pembayaran</h3>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{instruction.instructions}</p>
            </div>
          )}
          {error && <Alert tone="error">{error}</Alert>}
        </div>
      </Dialog>
      {instruction?.qrImage && (
        <Dialog open={enlarged} onOpenChange={setEnlarged} title="Kode QR Pembayaran" size="lg">
          <img src={instruction.qrImage} alt="Kode QR pembayaran (besar)" className="mx-auto max-h-[70dvh] w-full object-contain" />
        </Dialog>
      )}
    </>
  );
}

/** Platform payment (§4): a visible 5-second countdown, then the gateway's page; the runner may cancel or go at once. */
export function PlatformRedirectDialog({ created, onCancel }: { created: CreatedRegistration; onCancel: () => void }) {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const url = created.payment_url!;

  useEffect(() => {
    if (left <= 0) {
      window.location.assign(url);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, url]);

  return (
    <Dialog
      open
      hideClose
      onOpenChange={(open) => !open && onCancel()}
      title="Menuju Halaman Pembayaran"
      description={`ID pendaftaran ${created.registration.registrationId}`}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Batal
          </Button>
          <Button onClick={() => window.location.assign(url)}>Bayar sekarang</Button>
        </>
      }
    >
      <ResumedNotice created={created} />
      {created.registration.expiresAt && <HoldCountdown expiresAt={created.registration.expiresAt} className="mt-3" />}
      <div className="py-2 text-center">
        <p className="text-sm text-slate-700">Total pembayaran</p>
        <p className="text-2xl font-extrabold text-slate-900">{formatRupiah(created.registration.payment.amount)}</p>
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          Anda akan diarahkan ke halaman pembayaran dalam{' '}
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white" data-testid="countdown">
            {Math.max(left, 0)}
          </span>{' '}
          detik.
        </p>
      </div>
    </Dialog>
  );
}
