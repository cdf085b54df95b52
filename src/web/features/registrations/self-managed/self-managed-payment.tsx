import { ImagePlus, RefreshCw } from 'lucide-react';
import { forwardRef, useEffect, useId, useMemo, useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../../domain/events/events';
import { formatRupiah } from '../../../../domain/shared/money';
import { paymentProofMessages } from '../../../../domain/registrations/payment-verification';
import { cn } from '../../../components/cn';
import { Dialog } from '../../../components/dialog';
import { FieldError } from '../../../components/input';

/**
 * The pieces of a self-managed payment (§2 'Self-managed payment dialog') shared by the dialog after
 * registering and the runner's payment page: the total, the organizer's QR (click to enlarge), the
 * instructions, and the proof of transfer the runner picks before 'Saya Sudah Membayar'.
 */

export function PaymentInstructionBlock({
  amount,
  instruction,
}: {
  amount: number;
  instruction: { qrImage: string | null; instructions: string | null } | null | undefined;
}) {
  const [enlarged, setEnlarged] = useState(false);
  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-brand-50 p-4 text-center">
        <p className="text-sm text-slate-700">Total yang harus dibayar</p>
        <p className="mt-1 text-3xl font-extrabold text-brand-700">{formatRupiah(amount)}</p>
      </div>
      {instruction?.qrImage && (
        <>
          <button
            type="button"
            onClick={() => setEnlarged(true)}
            className="mx-auto block rounded-xl border border-slate-200 p-2 hover:border-brand-400"
            aria-label="Perbesar kode QR pembayaran"
          >
            <img src={instruction.qrImage} alt="Kode QR pembayaran" className="size-48 object-contain" />
            <span className="mt-1 block text-xs text-slate-600">Klik untuk memperbesar</span>
          </button>
          <Dialog open={enlarged} onOpenChange={setEnlarged} title="Kode QR Pembayaran" size="lg">
            <img src={instruction.qrImage} alt="Kode QR pembayaran (besar)" className="mx-auto max-h-[70dvh] w-full object-contain" />
          </Dialog>
        </>
      )}
      {instruction?.instructions && (
        <div>
          <h3 className="text-sm font-bold text-slate-900">Instruksi Pembayaran</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{instruction.instructions}</p>
        </div>
      )}
    </div>
  );
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const ACCEPTED = ACCEPT.split(',');

/** Checks a picked file like the server will (type and 10 MB); the server checks the content again. */
export function proofFileError(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return paymentProofMessages.notImage;
  if (file.size > IMAGE_MAX_BYTES) return paymentProofMessages.tooLarge;
  return null;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`);

export interface ProofPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
  label?: string;
}

/**
 * The proof of transfer: a picture picked on the device (camera or gallery on a phone), previewed
 * before it is sent. The whole box is the file input's label, so it works by touch, mouse and keyboard.
 */
export const ProofPicker = forwardRef<HTMLInputElement, ProofPickerProps>(function ProofPicker(
  { file, onChange, error, disabled, label = 'Bukti transfer' },
  ref,
) {
  const id = useId();
  const [pickError, setPickError] = useState<string | null>(null);
  const message = pickError ?? error ?? undefined;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = proofFileError(picked);
    setPickError(problem);
    onChange(problem ? null : picked);
  };

  return (
    <div className="min-w-0">
      <p className="text-sm font-bold text-slate-900" id={`${id}-title`}>
        {label} <span className="text-red-700" aria-hidden="true">*</span>
      </p>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
        Foto atau tangkapan layar bukti transfer: PNG, JPG atau WEBP, maksimal 10MB.
      </p>
      <input
        ref={ref}
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        className="peer sr-only"
        disabled={disabled}
        aria-label={label}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <label
        htmlFor={`${id}-file`}
        className={cn(
          'mt-2 flex cursor-pointer items-center gap-3 rounded-xl border border-dashed p-3 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400 hover:border-brand-400 hover:bg-brand-50/50',
          message ? 'border-red-400 bg-red-50/40' : file ? 'border-green-400 bg-green-50/40' : 'border-slate-300 bg-slate-50',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        {preview ? (
          <img src={preview} alt="Pratinjau bukti transfer" className="size-16 shrink-0 rounded-lg border border-slate-200 bg-white object-cover" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-white text-slate-500">
            <ImagePlus className="size-7" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0 flex-1 text-sm">
          {file ? (
            <>
              <span className="block truncate font-semibold text-slate-900" data-testid="proof-file-name">
                {file.name}
              </span>
              <span className="flex items-center gap-1 text-slate-600">
                {sizeText(file.size)} · <RefreshCw className="size-3.5" aria-hidden="true" /> Ganti gambar
              </span>
            </>
          ) : (
            <>
              <span className="block font-semibold text-brand-700">Pilih gambar bukti transfer</span>
              <span className="block text-slate-600">Ketuk untuk memilih dari galeri atau kamera</span>
            </>
          )}
        </span>
      </label>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
});
