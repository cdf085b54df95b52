import { useEffect, useState } from 'react';
import { cn } from '../../../components/cn';

/**
 * The racepack QR code drawn in the browser from its value (the same the confirmation mail carries).
 * The `qrcode` library is loaded only when a code is shown, never with the registration form.
 */
export function useQrDataUrl(value: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ value: string | null; url: string | null; failed: boolean }>({ value: null, url: null, failed: false });
  useEffect(() => {
    if (!value) return;
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(value, { width: 320, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => live && setState({ value, url, failed: false }))
      .catch(() => live && setState({ value, url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [value]);
  return state.value === value ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}

/** The QR image with its value written under it (read aloud at the desk when a screen cannot be scanned). */
export function RegistrationQr({ value, registrationId, className }: { value: string; registrationId: string; className?: string }) {
  const { url, failed } = useQrDataUrl(value);
  return (
    <figure className={cn('flex flex-col items-center', className)}>
      {url ? (
        <img src={url} width={220} height={220} alt={`Kode QR pendaftaran ${registrationId}`} className="size-[220px] rounded-xl border border-slate-200 bg-white" data-testid="registration-qr" />
      ) : (
        <div role="status" aria-label={failed ? 'Kode QR tidak dapat ditampilkan' : 'Memuat kode QR'} className={cn('size-[220px] rounded-xl bg-slate-100', !failed && 'animate-pulse')} />
      )}
      <figcaption className="mt-2 max-w-full text-center text-xs text-slate-600">
        {failed ? 'Kode QR tidak dapat ditampilkan. Sebutkan kode berikut kepada panitia: ' : 'Kode: '}
        <code className="font-mono break-all text-slate-800">{value}</code>
      </figcaption>
      {url && (
        <a href={url} download={`qr-${registrationId}.png`} className="mt-2 text-sm font-semibold text-brand-700 underline hover:text-brand-800">
          Simpan kode QR
        </a>
      )}
    </figure>
  );
}
