import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RegistrationEvent } from '../../../../domain/events/contract';
import type { CreatedRegistration } from '../../../../domain/registrations/contract';
import { formatRupiah } from '../../../../domain/shared/money';
import { paymentProofMessages } from '../../../../domain/registrations/payment-verification';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { paymentConfirmErrorMessage, useSubmitPaymentProof } from './registrations-api';
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
import { PaymentInstructionBlock, ProofPicker } from '../self-managed/self-managed-payment';
import { paymentPagePath, rememberPaymentKey } from './payment-link';

export const REDIRECT_SECONDS = 5;


/**
 * Self-managed payment (§2): total, the organizer's QR (click to enlarge), instructions, the proof of
 * transfer, and the runner's 'Saya Sudah Membayar', which sends the proof for the organizer to verify.
 */
export function SelfManagedPaymentDialog({ event, created, onClose }: { event: RegistrationEvent; created: CreatedRegistration; onClose: () => void }) {
  const navigate = useNavigate();
  const submit = useSubmitPaymentProof();
  const [file, setFile] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const proofInput = useRef<HTMLInputElement>(null);
  const id = created.registration.registrationId;
  // The held registration's other links on this page open the payment page with its key.
  useEffect(() => rememberPaymentKey(id, created.paymentKey), [id, created.paymentKey]);

  function onConfirm() {
    setError(null);
    if (!file) {
      setProofError(paymentProofMessages.proofRequired);
      proofInput.current?.focus();
      return;
    }
    submit.mutate(
      { registrationId: id, file, key: created.paymentKey },
      // Where the runner lands: the payment page (awaiting verification), its link with the key to replace the proof.
      { onSuccess: () => navigate(paymentPagePath(id, created.paymentKey)), onError: (err) => setError(paymentConfirmErrorMessage(err)) },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.isPending && onClose()}
      title="Selesaikan Pembayaran"
      description={`ID pendaftaran ${id}. Slot Anda sudah kami simpan sementara.`}
      footer={
        <Button size="lg" className="h-auto! min-h-12 w-full py-2.5 leading-snug" loading={submit.isPending} onClick={onConfirm}>
          Saya Sudah Membayar & Konfirmasi Pendaftaran
        </Button>
      }
    >
      <div className="space-y-4">
        <ResumedNotice created={created} />
        {created.registration.expiresAt && <HoldCountdown expiresAt={created.registration.expiresAt} />}
        <PaymentInstructionBlock amount={created.registration.payment.amount} instruction={event.paymentInstruction} />
        <ProofPicker
          ref={proofInput}
          file={file}
          onChange={(picked) => {
            setFile(picked);
            if (picked) setProofError(null);
          }}
          error={proofError}
          disabled={submit.isPending}
        />
        <p className="text-xs leading-relaxed text-slate-600">
          Panitia memeriksa bukti transfer Anda. Setelah diverifikasi, konfirmasi pendaftaran dan kode QR racepack dikirim ke email Anda.
        </p>
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
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
