import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { useSendEmailCode } from './registrations-api';

/**
 * 'Kode Verifikasi Email' (decision 033): on an event whose organizer asks for it, the runner has
 * the 6-digit code mailed to the address they typed and types it here; the slot is held only then.
 * 'Kirim ulang kode' waits out the server's pace (shown as a countdown).
 */
export function EmailCodeField({
  id,
  eventId,
  email,
  checkEmail,
  value,
  onChange,
  error,
}: {
  id: string;
  eventId: string;
  email: string;
  /** Checks the form's email field (showing its error there); true when it can receive a code. */
  checkEmail: () => boolean;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const send = useSendEmailCode();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  function request() {
    if (!checkEmail()) {
      document.getElementById(id.replace(/emailCode$/, 'email'))?.focus();
      return;
    }
    const to = email.trim();
    send.mutate(
      { eventId, email: to },
      {
        onSuccess: (sent) => {
          setSentTo(to);
          setNow(Date.now());
          setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
          requestAnimationFrame(() => document.getElementById(id)?.focus());
        },
      },
    );
  }

  const changedSince = sentTo !== null && sentTo !== email.trim();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Panitia event ini meminta kode verifikasi: kami kirim 6 angka ke email Anda, lalu ketik di bawah sebelum mendaftar.</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={request} loading={send.isPending} disabled={send.isPending || (wait > 0 && !changedSince)}>
          {sentTo ? (wait > 0 && !changedSince ? `Kirim ulang kode (${wait} dtk)` : 'Kirim ulang kode') : 'Kirim kode'}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm">
        {send.isError ? (
          <span className="text-red-700">{send.error instanceof ApiError ? send.error.message : 'Kode gagal dikirim. Periksa koneksi internet Anda lalu coba lagi.'}</span>
        ) : send.isSuccess ? (
          <span className="text-green-800">{send.data.message}</span>
        ) : null}
      </p>
      <FormField layout="page" id={id} label="Kode Verifikasi" mark="required" hint={changedSince ? 'Email berubah: kirim kode ke email yang baru.' : undefined} error={error}>
        {(control) => (
          <Input
            {...control}
            name="emailCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            placeholder="6 angka"
            className="max-w-40 font-mono tracking-widest"
            value={value}
            onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          />
        )}
      </FormField>
    </div>
  );
}
